// Where the real MariaDB 10.11 source tree is for the tests that build it: $MARIADB_SOURCE, else
// one that scripts/fetch-mariadb-source.sh unpacked into build/sources under the repository.
import { existsSync, readdirSync } from 'node:fs';
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
