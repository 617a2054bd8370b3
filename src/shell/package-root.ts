// Files shipped beside the code (built-in suites) are found relative to the package root, which is
// one level above dist/ in the bundle and two above src/<module>/ in tests.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest directory at or above `start` whose package.json names package `name`: this
 * package's root, or an installed dependency's directory (packages export only their entry points,
 * not package.json).
 */
export function findPackageDirectory(start: string, name: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (parsed.name === name) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the package directory of ${name} (its package.json)`);
    dir = parent;
  }
}

let cached: string | undefined;

export function packageRoot(): string {
  cached ??= findPackageDirectory(dirname(fileURLToPath(import.meta.url)), 'mysql-perf-gate');
  return cached;
}

function packageManifest(): { version?: unknown; bugs?: unknown } {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version?: unknown;
    bugs?: unknown;
  };
}

export function packageVersion(): string {
  const { version } = packageManifest();
  return typeof version === 'string' ? version : '0.0.0';
}

/** Where bugs are reported: package.json's `bugs` (npm's field), read without ever throwing. */
export function packageIssuesUrl(): string {
  try {
    const { bugs } = packageManifest();
    const url = typeof bugs === 'object' && bugs !== null && 'url' in bugs ? bugs.url : bugs;
    if (typeof url === 'string' && url !== '') return url;
  } catch {
    // The report of an error must not fail: fall through to the project's name.
  }
  return "the project's issue tracker";
}
