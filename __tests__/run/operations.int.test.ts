// The operational cells against a real MariaDB and real sysbench, both sides at once: a recovery
// of a seeded write load killed with SIGKILL, a cold start, a replica applying the primary's
// binary log from its relay log; the same redo recovered and the same transactions applied on both
// sides; the side's own data back for the sysbench cell that follows; nothing left behind.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { readResults } from '../../src/results/results-file.js';
import type { CellResult, Results } from '../../src/results/results-schema.js';
import { killProcessesMentioning } from '../cli/killed-run.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { findCommand, requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TIMEOUT_MS = 600_000;
const LOAD = 300;

const temp = useTempDir('gate-operations-');
const stderr = captureStderr();

afterEach(() => {
  killProcessesMentioning(temp.path);
});

const SUITE = [
  'name: operations-small',
  'threads: [1]',
  'durationSeconds: 1',
  'repetitions: 2',
  'reportIntervalSeconds: 0',
  'randSeed: 7',
  'tables: 2',
  'tableSize: 1000',
  'serverOptions:',
  '  innodb_buffer_pool_size: 64M',
  // Under the flavor's 512M: a small load needs a small log, and the copies stay small.
  '  innodb_log_file_size: 48M',
  'workloads:',
  '  - name: recovery',
  '    kind: recovery',
  `    events: ${LOAD}`,
  '  - name: cold_start',
  '    kind: cold-start',
  '  - name: replica_apply',
  '    kind: replica-apply',
  `    events: ${LOAD}`,
  // Serial, and two applier threads (MariaDB's optimistic parallel apply).
  '    threads: [1, 2]',
  // After the operations: the side must be back on its own prepared tables.
  '  - name: oltp_point_select',
  '',
].join('\n');

/** The same operations in an instruction suite, on one server: each repetition also counted. */
const COUNTED_SUITE = [
  'name: operations-counted',
  'metric: instructions',
  'threads: [1]',
  'repetitions: 2',
  'reportIntervalSeconds: 0',
  'randSeed: 7',
  'tables: 1',
  'tableSize: 1000',
  'serverOptions:',
  '  innodb_buffer_pool_size: 64M',
  '  innodb_log_file_size: 48M',
  'workloads:',
  '  - name: recovery',
  '    kind: recovery',
  '    events: 100',
  '  - name: replica_apply',
  '    kind: replica-apply',
  '    events: 100',
  '',
].join('\n');

/**
 * Runs `text` as a suite through main(), as a user would, with Debian's mariadbd on the sides
 * named (`--base`, `head`: both; `--server`: one); checks it ended well and left nothing behind.
 */
async function runSuite(name: string, text: string, sides: readonly string[]): Promise<Results> {
  const suite = join(temp.path, `${name}.yml`);
  writeFileSync(suite, text);
  const out = join(temp.path, `${name}.json`);
  const work = join(temp.path, `${name}-work`);
  const server = findCommand('mariadbd') ?? 'mariadbd';
  const servers = sides.flatMap((flag) => (flag === 'head' ? ['--head', server] : [flag, server]));
  const args = ['run', ...servers, '--suite', suite, '--out', out, '--work-dir', work];
  const code = await main(['node', 'mysql-perf-gate', ...args]);
  expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
  expect(processesMentioning(work)).toEqual([]);
  expect(readdirSync(work)).toEqual([]);
  return readResults(out);
}

function cellsOf(cells: readonly CellResult[], workload: string): CellResult[] {
  return cells.filter((cell) => cell.workload === workload);
}

maybe('operational cells on a real server', () => {
  it(
    'recovers the same redo and applies the same transactions on both sides, then measures the tables again',
    async () => {
      const results = await runSuite('operations', SUITE, ['--base', 'head']);
      const recovery = cellsOf(results.cells, 'recovery');
      expect(recovery.map((cell) => cell.side)).toEqual(['base', 'head']);
      // Every repetition of a side recovered one and the same redo, and the sides the same within a
      // few bytes (their prepared datadirs end at LSNs a few bytes apart).
      const redo = recovery.map((cell) =>
        cell.repetitions.map((repetition) => repetition.operation?.redoBytes ?? 0),
      );
      for (const side of redo) expect(new Set(side).size).toBe(1);
      const [base, head] = redo.map((side) => side[0] ?? 0);
      expect(base).toBeGreaterThan(100_000);
      expect(Math.abs((head ?? 0) / (base ?? 1) - 1)).toBeLessThan(0.001);
      for (const repetition of recovery.flatMap((cell) => cell.repetitions)) {
        expect(repetition.operation).toMatchObject({
          kind: 'recovery',
          per: 'recovery',
          units: 1,
          loadEvents: LOAD,
        });
        expect(repetition.report.transactions).toBe(1);
        expect(repetition.operation?.seconds).toBeGreaterThan(0);
        expect(repetition.work?.Innodb_redo_bytes_recovered).toBe(repetition.operation?.redoBytes);
      }

      const starts = cellsOf(results.cells, 'cold_start').flatMap((cell) => cell.repetitions);
      expect(starts).toHaveLength(4);
      for (const start of starts) {
        expect(start.operation).toMatchObject({ kind: 'cold-start', per: 'start', units: 1 });
        expect(start.operation?.redoBytes).toBeUndefined();
      }

      const applyCells = cellsOf(results.cells, 'replica_apply');
      expect(applyCells.map((cell) => [cell.threads, cell.side, cell.repetitions.length])).toEqual([
        [1, 'base', 2],
        [1, 'head', 2],
        [2, 'base', 2],
        [2, 'head', 2],
      ]);
      for (const cell of applyCells) {
        for (const apply of cell.repetitions) {
          expect(apply.operation).toMatchObject({
            kind: 'replica-apply',
            per: 'applied transaction',
            units: LOAD,
            loadEvents: LOAD,
            applierThreads: cell.threads,
          });
          // The replica committed every transaction of the primary's load: serially exactly those,
          // in parallel some again (an optimistic applier retries what conflicted).
          if (cell.threads === 1) expect(apply.work?.Com_commit).toBe(LOAD);
          else expect(apply.work?.Com_commit ?? 0).toBeGreaterThanOrEqual(LOAD);
          expect(apply.work?.Handler_write ?? 0).toBeGreaterThan(0);
          expect(apply.cost?.cpu).toBeDefined();
        }
      }

      const selects = cellsOf(results.cells, 'oltp_point_select').flatMap((cell) => cell.repetitions);
      expect(selects).toHaveLength(4);
      for (const select of selects) expect(select.report.tps).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );

  it(
    'counts a recovery from its first instruction and an apply in its applier threads, alike in every repetition',
    async () => {
      const results = await runSuite('counted', COUNTED_SUITE, ['--server']);
      const counts = (workload: string): { foreground: number; total: number; what: string }[] =>
        cellsOf(results.cells, workload).flatMap((cell) =>
          cell.repetitions.map((repetition) => {
            const callgrind = repetition.cost?.callgrind;
            if (callgrind === undefined) throw new Error(`${workload} was not counted`);
            // Counted under callgrind, timed natively: the count's pass is the slower.
            expect(repetition.operation?.countedSeconds).toBeGreaterThan(repetition.operation?.seconds ?? 0);
            return {
              foreground: callgrind.foreground,
              total: callgrind.total,
              what: callgrind.foregroundFunction,
            };
          }),
        );
      // Alike: within 1% of each other; a failure names the cell and its counts.
      const alike = (workload: string, values: number[]): void => {
        const spread = Math.max(...values) / Math.min(...values) - 1;
        expect({ workload, values, within: spread < 0.01 }).toEqual({ workload, values, within: true });
      };
      const recovery = counts('recovery');
      expect(recovery.map((count) => count.what)).toEqual([
        'the threads that start the server and apply its redo',
        'the threads that start the server and apply its redo',
      ]);
      alike(
        'recovery',
        recovery.map((count) => count.foreground),
      );
      for (const count of recovery) expect(count.foreground).toBeLessThan(count.total);
      const apply = counts('replica_apply');
      expect(apply.map((count) => count.what)).toEqual([
        "the replica's applier threads",
        "the replica's applier threads",
      ]);
      alike(
        'replica_apply',
        apply.map((count) => count.foreground),
      );
      for (const count of apply) expect(count.foreground).toBeGreaterThan(0);
    },
    TIMEOUT_MS,
  );
});
