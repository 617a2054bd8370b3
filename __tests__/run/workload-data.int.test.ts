// A workload whose data grows as it runs (kind sysbench-script, resetData: re-prepare), through
// the CLI's main() against a real MariaDB and real sysbench: every warm-up and repetition starts
// from the rows its prepare made. The script (__fixtures__/workloads/growing_rows.lua) prints the
// rows the server counts before the run's first event; the same suite with `resetData: none`
// shows the count climbing, so the observation does see a missing reset.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { readResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import {
  GROWING_SCRIPT,
  INITIAL_ROWS,
  REPETITIONS,
  rowsAtStart,
  runOnMariadb,
  STEPS,
} from './growing-rows.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TIMEOUT_MS = 240_000;

const temp = useTempDir('gate-workload-data-');
const stderr = captureStderr();

/** How long each step runs: a second (throughput), or a fixed count under callgrind (instructions). */
const MEASURES: Record<'throughput' | 'instructions', string[]> = {
  throughput: ['durationSeconds: 1', 'warmupSeconds: 1'],
  instructions: ['metric: instructions', 'events: 40', 'warmupEvents: 20', 'randSeed: 7'],
};

/**
 * The suite: `growing` with this reset, measured this way; with `beside`, an OLTP workload beside
 * it, whose tables are prepared too and must be left alone by the resets (the first test checks
 * that; the others leave it out, as it would only add its steps).
 */
function suiteText(resetData: string, metric: keyof typeof MEASURES, beside: boolean): string {
  return [
    'name: growing',
    'threads: [1]',
    ...MEASURES[metric],
    `repetitions: ${REPETITIONS}`,
    'reportIntervalSeconds: 0',
    'tables: 1',
    'tableSize: 100',
    'serverOptions:',
    '  innodb_buffer_pool_size: 64M',
    'workloads:',
    '  - name: growing',
    '    kind: sysbench-script',
    `    script: ${GROWING_SCRIPT}`,
    `    options: { initial_rows: ${INITIAL_ROWS} }`,
    `    resetData: ${resetData}`,
    ...(beside ? ['  - name: oltp_point_select'] : []),
    '',
  ].join('\n');
}

/**
 * Runs the suite on one server: the rows each step of `growing` started from, in step order, and
 * the results.
 */
async function runGrowing(
  resetData: string,
  metric: keyof typeof MEASURES = 'throughput',
  beside = false,
): Promise<{ rows: number[]; results: Results }> {
  const dir = temp.path;
  const suite = join(dir, `growing-${resetData}.yml`);
  writeFileSync(suite, suiteText(resetData, metric, beside));
  const out = join(dir, `${resetData}.json`);
  const work = join(dir, 'work');
  await runOnMariadb({ suite, out, work }, () => stderr.text);
  const results = readResults(out);
  expect(results.suite.workloads.map((workload) => workload.kind ?? '(default)')).toEqual([
    'sysbench-script',
    ...(beside ? ['(default)'] : []),
  ]);
  expect(results.cells.map((cell) => [cell.workload, cell.repetitions.length])).toEqual([
    ['growing', REPETITIONS],
    ...(beside ? [['oltp_point_select', REPETITIONS]] : []),
  ]);
  const rows = rowsAtStart(join(dir, `${resetData}.raw`));
  return { rows, results };
}

maybe('a workload that grows its data (real MariaDB, real sysbench)', () => {
  it(
    'starts every warm-up and repetition from the prepared rows with resetData: re-prepare',
    async () => {
      const { rows } = await runGrowing('re-prepare', 'throughput', true);
      expect(rows).toEqual(STEPS.map(() => INITIAL_ROWS));
      // The reset's own sysbench output is kept beside each step's.
      const raw = join(temp.path, 're-prepare.raw', 'head');
      for (const step of STEPS) expect(existsSync(join(raw, `growing-t1-${step}-reset.txt`))).toBe(true);
      expect(existsSync(join(raw, 'oltp_point_select-t1-rep1-reset.txt'))).toBe(false);
    },
    TIMEOUT_MS,
  );

  it(
    'resets under callgrind too: every counted repetition starts from the prepared rows',
    async () => {
      if (!requireCommand('valgrind')) return;
      const { rows, results } = await runGrowing('re-prepare', 'instructions');
      expect(rows).toEqual(STEPS.map(() => INITIAL_ROWS));
      const growing = results.cells.find((cell) => cell.workload === 'growing');
      const counted = growing?.repetitions.map((repetition) => repetition.cost?.callgrind?.foreground ?? 0);
      expect(counted).toHaveLength(REPETITIONS);
      for (const count of counted ?? []) expect(count).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  it(
    'without the reset, each step starts from what the previous one left',
    async () => {
      const { rows } = await runGrowing('none');
      expect(rows[0]).toBe(INITIAL_ROWS);
      for (let index = 1; index < rows.length; index++) {
        expect(rows[index]).toBeGreaterThan(rows[index - 1] ?? Infinity);
      }
    },
    TIMEOUT_MS,
  );
});
