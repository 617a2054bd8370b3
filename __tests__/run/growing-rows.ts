// What the tests of data resets share: the fixture script whose data grows as it runs, the steps
// of a one-cell run, the rows each step started from (the script prints them), and a run of a
// suite on Debian's MariaDB through the CLI's main() that must end cleanly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { ROOT } from '../helpers/real-run.js';
import { findCommand } from '../helpers/requirements.js';

export const GROWING_SCRIPT = join(ROOT, '__fixtures__/workloads/growing_rows.lua');
/** The rows the script's prepare makes. */
export const INITIAL_ROWS = 100;
/**
 * The repetitions of the suites that use the script: the warm-up's reset and the one between two
 * repetitions are both exercised, and a third repetition would only repeat the second's.
 */
export const REPETITIONS = 2;
/** The warm-up, then repetitions 1 to REPETITIONS: the order the rows are read in. */
export const STEPS = ['warmup', ...Array.from({ length: REPETITIONS }, (_, index) => `rep${index + 1}`)];

/** The rows each step of the `growing` workload started from, in step order, from its raw output. */
export function rowsAtStart(rawDir: string): number[] {
  return STEPS.map((step) => {
    const text = readFileSync(join(rawDir, 'head', `growing-t1-${step}.txt`), 'utf8');
    const match = /^growing_rows: (\d+) rows at start$/m.exec(text);
    if (!match) throw new Error(`growing-t1-${step}.txt does not say the rows it started from:\n${text}`);
    return Number(match[1]);
  });
}

/**
 * `run --server mariadbd --suite SUITE --out OUT --work-dir WORK` through main(): it must exit 0
 * (else the log says why) and leave no process behind in the work directory.
 */
/** `run` on Debian's MariaDB with this suite, results file and work directory, as main() takes it. */
export function runArgs(suite: string, out: string, work: string): string[] {
  const server = findCommand('mariadbd') ?? 'mariadbd';
  return ['run', '--server', server, '--suite', suite, '--out', out, '--work-dir', work];
}

export async function runOnMariadb(
  files: { suite: string; out: string; work: string },
  log: () => string,
): Promise<void> {
  const server = findCommand('mariadbd') ?? 'mariadbd';
  const args = [
    'run',
    '--server',
    server,
    '--suite',
    files.suite,
    '--out',
    files.out,
    '--work-dir',
    files.work,
  ];
  const code = await main(['node', 'mysql-perf-gate', ...args]);
  expect({ code, log: code === 0 ? '' : log() }).toEqual({ code: 0, log: '' });
  expect(processesMentioning(files.work)).toEqual([]);
}
