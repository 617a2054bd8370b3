// Files shipped beside the code (built-in suites) are found relative to the package root, which is
// one level above dist/ in the bundle and two above src/<module>/ in tests.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (parsed.name === 'mysql-perf-gate') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('mysql-perf-gate: cannot find the package root (package.json)');
    dir = parent;
  }
}

let cached: string | undefined;

export function packageRoot(): string {
  cached ??= findPackageRoot();
  return cached;
}

export function packageVersion(): string {
  const parsed = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof parsed.version === 'string' ? parsed.version : '0.0.0';
}
