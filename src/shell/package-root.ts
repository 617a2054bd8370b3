// Files shipped beside the code (built-in suites) are found relative to the package root, which is
// one level above dist/ in the bundle and two above src/<module>/ in tests. So is release.json, the
// commit an installed package was packed from.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { z } from 'zod';

import { DependencyError } from '../errors.js';
import { printable } from '../untrusted-text.js';

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

function packageManifest(root = packageRoot()): { version?: unknown; bugs?: unknown } {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version?: unknown;
    bugs?: unknown;
  };
}

export function packageVersion(root = packageRoot()): string {
  const { version } = packageManifest(root);
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

/** Written at the package's root by `npm pack` (scripts/stamp-release.mjs, its prepack step). */
export const RELEASE_FILE = 'release.json';

const ReleaseStamp = z.strictObject({
  version: z.string().min(1),
  commit: z.string().regex(/^[0-9a-f]{40}$/, 'not a 40-hex commit'),
  dirty: z.boolean(),
});

/** Which code this is: the package's version, and the commit it was packed from. */
export interface PackageRelease {
  readonly version: string;
  /** The full commit an installed package was packed from; null in a checkout (never packed). */
  readonly commit: string | null;
  /** Packed from a tree with uncommitted changes: the code is not exactly `commit`'s. */
  readonly dirty: boolean;
}

/** What is wrong with a release.json: the field, its value, and zod's word for the problem. */
function stampProblem(issue: z.core.$ZodIssue | undefined, data: unknown): string {
  const field = issue?.path.map(String) ?? [];
  if (field.length === 0) return `the document: ${issue?.message ?? 'invalid'}`;
  const value = field.reduce<unknown>(
    (at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined),
    data,
  );
  const shown = value === undefined ? 'missing' : printable(JSON.stringify(value));
  return `field ${field.join('.')} ${shown}: ${issue?.message ?? 'invalid'}`;
}

/**
 * The version and the commit of this package. An installed package has release.json, which names
 * the commit; a checkout has none (its commit is git's to say, and moves). A release.json that
 * does not read, or names another version than package.json, is refused: the package is damaged.
 */
export function packageRelease(root = packageRoot()): PackageRelease {
  const path = join(root, RELEASE_FILE);
  const version = packageVersion(root);
  if (!existsSync(path)) return { version, commit: null, dirty: false };
  const damaged = (what: string): DependencyError =>
    new DependencyError(`${path}: ${what}: the package is damaged; install it again`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw damaged('not JSON');
  }
  const parsed = ReleaseStamp.safeParse(data);
  if (!parsed.success) throw damaged(stampProblem(parsed.error.issues[0], data));
  if (parsed.data.version !== version)
    throw damaged(`version ${parsed.data.version}, but package.json says ${version}`);
  return parsed.data;
}

/** `--version`'s line: the version, and the commit an installed package was packed from. */
export function releaseLine(release: PackageRelease): string {
  if (release.commit === null) return release.version;
  return `${release.version} (commit ${release.commit}${release.dirty ? ', with uncommitted changes' : ''})`;
}
