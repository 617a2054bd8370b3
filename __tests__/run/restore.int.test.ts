// resetData: restore against a real MariaDB and real sysbench: each side's prepared datadir copied
// once and put back after every step, the tables' checksum before each repetition equal (and equal
// to the one a re-prepare gives the same seeded data), the rows each step starts from as prepared,
// the copy and the restores in the stage table; and nothing left behind by a run that ends, one
// interrupted during a restore, or one killed after its copy was made.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { runStages } from '../../src/report/stage-table.js';
import { readResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import { ENTRIES, killProcessesMentioning, runEntry, writeMicroSuite } from '../cli/killed-run.js';
import { processesMentioning } from '../helpers/leftovers.js';
import {
  GROWING_SCRIPT,
  INITIAL_ROWS,
  REPETITIONS,
  rowsAtStart,
  runArgs,
  runOnMariadb,
  STEPS,
} from './growing-rows.js';
import { captureStderr, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const ready = requireCommand('mariadbd') && requireCommand('sysbench');
const maybe = ready ? describe : describe.skip;
const TIMEOUT_MS = 240_000;

const temp = useTempDir('gate-restore-');
const stderr = captureStderr();

afterEach(() => {
  killProcessesMentioning(temp.path);
});

/** oltp_insert (which adds rows) and a script whose data grows, both reset by `resetData`. */
function suiteText(resetData: string): string {
  return [
    'name: restored',
    'threads: [1]',
    'durationSeconds: 1',
    'warmupSeconds: 1',
    `repetitions: ${REPETITIONS}`,
    'reportIntervalSeconds: 0',
    // A fixed seed: the prepare makes the same rows every time, so two runs' checksums compare.
    'randSeed: 7',
    'tables: 2',
    'tableSize: 1000',
    'serverOptions:',
    '  innodb_buffer_pool_size: 64M',
    // A small redo log keeps the datadir, and so its copy, small (about 30 MiB).
    '  innodb_log_file_size: 8M',
    'workloads:',
    '  - name: oltp_insert',
    `    resetData: ${resetData}`,
    '  - name: growing',
    '    kind: sysbench-script',
    `    script: ${GROWING_SCRIPT}`,
    `    options: { initial_rows: ${INITIAL_ROWS} }`,
    `    resetData: ${resetData}`,
    '',
  ].join('\n');
}

/** Runs the suite with `resetData` on one server through main(); its results and the rows `growing` started from. */
async function runWith(resetData: string): Promise<{ results: Results; rows: number[] }> {
  const suite = join(temp.path, `${resetData}.yml`);
  writeFileSync(suite, suiteText(resetData));
  const out = join(temp.path, `${resetData}.json`);
  const work = join(temp.path, `${resetData}-work`);
  await runOnMariadb({ suite, out, work }, () => stderr.text);
  expect(readdirSync(work)).toEqual([]);
  const rows = rowsAtStart(join(temp.path, `${resetData}.raw`));
  return { results: readResults(out), rows };
}

/** Each workload's checksums, in repetition order. */
function checksums(results: Results): Record<string, (string | undefined)[]> {
  return Object.fromEntries(
    results.cells.map((cell) => [
      cell.workload,
      cell.repetitions.map((repetition) => repetition.dataChecksum),
    ]),
  );
}

maybe('resetData: restore (real MariaDB, real sysbench)', () => {
  it(
    'starts every step from the prepared data: checksums equal, and equal to a re-prepare of the same seed',
    async () => {
      const restored = await runWith('restore');
      expect(restored.rows).toEqual(STEPS.map(() => INITIAL_ROWS));
      const sums = checksums(restored.results);
      for (const workload of ['oltp_insert', 'growing']) {
        const [first, ...rest] = sums[workload] ?? [];
        expect(first).toMatch(/^[0-9a-f]{16}$/);
        expect(rest).toEqual(new Array<string | undefined>(REPETITIONS - 1).fill(first));
      }
      const head = restored.results.stages?.sides.head;
      expect(head?.datadirCopy?.method).toMatch(/^(reflink|copy)$/);
      expect(head?.datadirCopy?.bytes).toBeGreaterThan(1024 * 1024);
      // After each warm-up and repetition of both workloads.
      expect(head?.resets?.restore?.count).toBe(2 * STEPS.length);
      expect(head?.resets?.rePrepare).toBeUndefined();
      const stages = runStages(restored.results).map((row) => `${row.stage.trim()}: ${row.detail}`);
      expect(stages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^data prepare \(head\): $/),
          expect.stringMatching(/^datadir copy \(head\): (reflink|copy), [\d.]+ MiB$/),
          `datadir restore (head): ${2 * STEPS.length} restores`,
        ]),
      );

      // The same seeded data, reset the other way: the restored tables are the prepared ones.
      const prepared = await runWith('re-prepare');
      expect(prepared.rows).toEqual(STEPS.map(() => INITIAL_ROWS));
      expect(checksums(prepared.results).oltp_insert).toEqual(sums.oltp_insert);
      expect(prepared.results.stages?.sides.head?.datadirCopy).toBeUndefined();
      expect(prepared.results.stages?.sides.head?.resets?.rePrepare?.count).toBe(2 * STEPS.length);
    },
    TIMEOUT_MS,
  );

  it(
    "restores a sandboxed server's datadir from a copy the sandbox does not see",
    async () => {
      if (!requireCommand('bwrap')) return;
      const suite = join(temp.path, 'sandboxed.yml');
      // The script is left out: sysbench's sandbox shows it nothing but the server's socket.
      writeFileSync(suite, suiteText('restore').replace(/ {2}- name: growing[\s\S]*$/, ''));
      const out = join(temp.path, 'sandboxed.json');
      const work = join(temp.path, 'sandboxed-work');
      const args = [...runArgs(suite, out, work), '--untrusted-side', 'head', '--verbose'];
      const code = await main(['node', 'mysql-perf-gate', ...args]);
      expect({ code, log: code === 0 ? '' : stderr.text }).toEqual({ code: 0, log: '' });
      // The sandbox binds the side's own directory; the copy is beside it, not in it.
      const bound = /--bind (\S+) \1 --remount-ro/.exec(stderr.text)?.[1];
      const copied = /copied the prepared datadir \([\d.]+ MiB\) to (\S+) by/.exec(stderr.text)?.[1];
      expect(bound).toMatch(/\/head$/);
      expect(copied?.startsWith(`${bound ?? ''}/`)).toBe(false);
      const [first, ...rest] = checksums(readResults(out)).oltp_insert ?? [];
      expect(first).toMatch(/^[0-9a-f]{16}$/);
      expect(rest).toEqual(new Array<string | undefined>(REPETITIONS - 1).fill(first));
      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'leaves nothing behind when interrupted during a restore',
    async () => {
      const suite = join(temp.path, 'restore.yml');
      writeFileSync(suite, suiteText('restore'));
      const work = join(temp.path, 'work');
      const env = { ...process.env, MYSQL_PERF_GATE_STATE_DIR: join(temp.path, 'state') };
      const run = runEntry(
        ENTRIES.cli,
        [...runArgs(suite, join(temp.path, 'r.json'), work), '--verbose'],
        env,
      );
      // The copy's stop, then the first restore's: the signal comes as the datadir is put back.
      await run.waitFor('copied the prepared datadir');
      await run.waitFor('warm-up');
      await new Promise<void>((resolve) => {
        const poll = setInterval(() => {
          if ((run.output().match(/stopping server pid/g) ?? []).length >= 2) {
            clearInterval(poll);
            resolve();
          }
        }, 10);
      });
      run.child.kill('SIGINT');
      const code = await run.exit;
      expect({ code, output: code === 130 ? '' : run.output() }).toEqual({ code: 130, output: '' });
      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);
      expect(existsSync(join(temp.path, 'r.json'))).toBe(false);
    },
    TIMEOUT_MS,
  );

  it(
    'has the copy of a killed run removed by the next run',
    async () => {
      const suite = join(temp.path, 'restore.yml');
      writeFileSync(suite, suiteText('restore'));
      const work = join(temp.path, 'killed-work');
      const env = { ...process.env, MYSQL_PERF_GATE_STATE_DIR: join(temp.path, 'state') };
      const killed = runEntry(
        ENTRIES.cli,
        [...runArgs(suite, join(temp.path, 'k.json'), work), '--verbose'],
        env,
      );
      await killed.waitFor('copied the prepared datadir');
      killed.child.kill('SIGKILL');
      expect(await killed.exit).toBe('SIGKILL');
      const [runDir] = readdirSync(work);
      expect(readdirSync(join(work, runDir ?? ''))).toContain('head-datadir-copy');

      const next = runEntry(
        ENTRIES.cli,
        runArgs(writeMicroSuite(temp.path), join(temp.path, 'next.json'), join(temp.path, 'next-work')),
        env,
      );
      const code = await next.exit;
      expect({ code, output: code === 0 ? '' : next.output() }).toEqual({ code: 0, output: '' });
      expect(processesMentioning(work)).toEqual([]);
      expect(readdirSync(work)).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
