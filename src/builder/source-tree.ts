// Which MySQL-family server a source tree builds, and which version, read from the files every
// such tree carries. The `build` command needs this before configuring: the CMake options differ
// per flavor (see cmake-args.ts), and the result is labelled with the flavor and version.
//
// Identification rules (checked in this order):
// - Version file: `MYSQL_VERSION` (MySQL/Percona since 8.0.30-ish, renamed from `VERSION` because
//   it clashed with C++20's <version> header on case-insensitive filesystems) or else `VERSION`
//   (MariaDB, MySQL/Percona before the rename). Lines are KEY=VALUE; MYSQL_VERSION_MAJOR, _MINOR
//   and _PATCH are required, MYSQL_VERSION_EXTRA is optional. Source: the MySQL reference manual,
//   "MySQL Configuration and Third-Party Tools", and the files in mysql/mysql-server and
//   percona/percona-server on GitHub.
// - MariaDB: `storage/maria/` (the Aria engine, in every MariaDB since 5.1 and never in MySQL) or
//   `sql/mariadb.h`. Both are in Debian's MariaDB 10.11.18 source, whose VERSION file also has
//   SERVER_MATURITY; that key alone is not required because older MariaDB trees lack it.
// - Percona Server: a `build-ps/` directory (Percona's packaging scripts, e.g.
//   build-ps/percona-server-8.0_builder.sh, present in percona/percona-server for 5.6 to 9.x), or a
//   purely numeric MYSQL_VERSION_EXTRA such as `-27` or `-84.0` (the Percona release). Upstream
//   MySQL uses EXTRA only for "-rc", "-m14", "-dmr" or NDB suffixes, never digits alone.
//   `storage/rocksdb` is deliberately not a marker: it is a submodule that may be absent.
// - Anything else with a version file is MySQL.
import { access, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { InputError } from '../errors.js';
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

  if ((await isDirectory(join(root, 'storage', 'maria'))) || (await exists(join(root, 'sql', 'mariadb.h')))) {
    return { flavor: 'mariadb', version, root };
  }
  const boostDir = await findBoost(root);
  const percona = (await isDirectory(join(root, 'build-ps'))) || /^-\d+(\.\d+)*$/.test(extra);
  const flavor: Flavor = percona ? 'percona' : 'mysql';
  return boostDir === undefined ? { flavor, version, root } : { flavor, version, root, boostDir };
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

async function findBoost(root: string): Promise<string | undefined> {
  for (const candidate of [join(root, 'boost'), join(root, 'extra', 'boost')]) {
    if (await isDirectory(candidate)) return candidate;
  }
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
