// Where the real MariaDB 10.11 and MySQL 9.7 source trees are for the tests that build them:
// $MARIADB_SOURCE or build/sources under the repository; $MYSQL_SOURCE or the source cache outside it.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

import { ROOT } from './real-run.js';

/** $MARIADB_SOURCE, else the newest build/sources/mariadb-10.11.N; undefined when there is none. */
export function findMariadbSource(): string | undefined {
  if (process.env.MARIADB_SOURCE) return process.env.MARIADB_SOURCE;
  const dir = join(ROOT, 'build/sources');
  const name = existsSync(dir)
    ? readdirSync(dir)
        .filter((entry) => /^mariadb-10\.11\.\d+$/.test(entry))
        .sort((a, b) => patch(a) - patch(b))
        .at(-1)
    : undefined;
  return name === undefined ? undefined : join(dir, name);
}

function patch(name: string): number {
  return Number(name.split('.').at(-1));
}

/** Where install-deps.sh --tests keeps MySQL's source: outside the clone, so a fresh clone reuses it. */
export function mysqlSourceCache(): string {
  // Empty counts as unset, as in the shell's ${VAR:-default}.
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return process.env.MYSQL_PERF_GATE_SOURCE_CACHE || join(cache, 'mysql-perf-gate/sources');
}

/** $MYSQL_SOURCE, else the newest mysql-9.7.N in the source cache; undefined when there is none. */
export function findMysqlSource(): string | undefined {
  if (process.env.MYSQL_SOURCE) return process.env.MYSQL_SOURCE;
  const dir = mysqlSourceCache();
  const name = existsSync(dir)
    ? readdirSync(dir)
        .filter((entry) => /^mysql-9\.7\.\d+$/.test(entry) && existsSync(join(dir, entry, 'MYSQL_VERSION')))
        .sort((a, b) => patch(a) - patch(b))
        .at(-1)
    : undefined;
  return name === undefined ? undefined : join(dir, name);
}
