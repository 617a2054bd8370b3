// Which MySQL-family server a source tree builds, and which version, read from the files every
// such tree carries. The `build` command needs this before configuring: the CMake options differ
// per flavor (see cmake-args.ts), and the result is labelled with the flavor and version.
//
// The version file: `MYSQL_VERSION` (MySQL/Percona since 8.0.30-ish, renamed from `VERSION`
// because it clashed with C++20's <version> header on case-insensitive filesystems) or else
// `VERSION` (MariaDB, MySQL/Percona before the rename). Lines are KEY=VALUE; MYSQL_VERSION_MAJOR,
// _MINOR and _PATCH are required, MYSQL_VERSION_EXTRA is optional. Source: the MySQL reference
// manual, "MySQL Configuration and Third-Party Tools", and the files in mysql/mysql-server and
// percona/percona-server on GitHub.
//
// Which flavor the tree is, each flavor's description says (src/flavor/, `recognise.sourceTree`):
// the paths that mark it (MariaDB's storage/maria/, Percona's build-ps/), a Percona release in
// MYSQL_VERSION_EXTRA, MySQL otherwise; and where its Boost tree ships, if it needs one.
import { access, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { InputError } from '../errors.js';
import { recogniseSourceTree, SOURCE_TREE_MARKS } from '../flavor/flavors.js';
import type { Flavor } from '../results/results-schema.js';

export interface SourceTree {
  readonly flavor: Flavor;
  /** "10.11.18", "8.0.36", "8.0.35-27" (Percona keeps its release, as flavor.ts does). */
  readonly version: string;
  /** Absolute path of the tree. */
  readonly root: string;
  /**
   * A Boost tree shipped with the source (the `boost/` directory of a mysql-boost-*.tar.gz, or
   * `extra/boost` in newer git trees), for -DWITH_BOOST; undefined for MariaDB or when absent.
   */
  readonly boostDir?: string;
}

const VERSION_FILES = ['MYSQL_VERSION', 'VERSION'] as const;
const LOOKED_FOR = 'CMakeLists.txt and a MYSQL_VERSION or VERSION file with MYSQL_VERSION_MAJOR/MINOR/PATCH';

export async function detectSourceTree(dir: string): Promise<SourceTree> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) {
    throw new InputError(
      `source tree ${root} is not a directory; pass the top of a MySQL, Percona Server or MariaDB source tree`,
    );
  }
  const notATree = (): InputError =>
    new InputError(
      `${root} is not a MySQL, Percona Server or MariaDB source tree (looked for ${LOOKED_FOR}); pass the top of an unpacked source tree`,
    );
  if (!(await exists(join(root, 'CMakeLists.txt')))) throw notATree();

  let fields: Map<string, string> | undefined;
  for (const name of VERSION_FILES) {
    const text = await readFile(join(root, name), 'utf8').catch(() => undefined);
    if (text !== undefined) {
      fields = parseVersionFile(text);
      break;
    }
  }
  const major = fields?.get('MYSQL_VERSION_MAJOR');
  const minor = fields?.get('MYSQL_VERSION_MINOR');
  const patch = fields?.get('MYSQL_VERSION_PATCH');
  if (!fields || !isNumber(major) || !isNumber(minor) || !isNumber(patch)) throw notATree();
  const extra = fields.get('MYSQL_VERSION_EXTRA') ?? '';
  const version = `${major}.${minor}.${patch}${extra}`;

  const present = new Set<string>();
  for (const mark of SOURCE_TREE_MARKS) if (await exists(join(root, mark))) present.add(mark);
  const flavor = recogniseSourceTree(present, extra);
  const boostDir = await firstDirectory(flavor.recognise.sourceTree.boostDirs.map((dir) => join(root, dir)));
  const id = flavor.id as Flavor;
  return boostDir === undefined ? { flavor: id, version, root } : { flavor: id, version, root, boostDir };
}

/** KEY=VALUE lines; quotes around values (MYSQL_VERSION_STABILITY="LTS") are dropped. */
export function parseVersionFile(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const raw of text.split('\n')) {
    const match = /^\s*([A-Z_]+)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!match?.[1]) continue;
    fields.set(match[1], (match[2] ?? '').replace(/^"(.*)"$/, '$1'));
  }
  return fields;
}

async function firstDirectory(candidates: readonly string[]): Promise<string | undefined> {
  for (const candidate of candidates) if (await isDirectory(candidate)) return candidate;
  return undefined;
}

function isNumber(value: string | undefined): value is string {
  return value !== undefined && /^\d+$/.test(value);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isDirectory(),
    () => false,
  );
}
