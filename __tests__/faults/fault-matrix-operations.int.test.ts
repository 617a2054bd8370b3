// The fault matrix, the operational cells' stages (docs/operations.md): the crash load (a seeded
// write load before the server is killed on purpose), the recovery that follows, and a replica
// catching up on its relay log, each meeting an interrupt, the CLI killed outright, or its server
// killed. The bundled CLI, Debian's mariadbd under callgrind (a counted recovery or apply lasts
// seconds, long enough to be hit), sysbench and real signals.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { describeWithServer } from '../helpers/real-run.js';
import type { WatchedChild } from '../helpers/watched-child.js';
import {
  errorLine,
  expectNothingLeft,
  expectOneLine,
  matrixTable,
  startCli,
  taking,
  waitForProcess,
} from './matrix.js';

const maybe = describeWithServer();
const table = matrixTable('fault matrix (operational cells)');
/** Two cells at a time, as in the other stages' matrix: each is mostly a server under callgrind. */
const inTurn = taking(2);
const CELL_TIMEOUT_MS = 600_000;

/** A recovery and a replica apply, counted: the least a suite may have of each. */
const SUITE = `name: fault-matrix-operations
metric: instructions
connection: socket
threads: [1]
repetitions: 2
tables: 1
tableSize: 2000
reportIntervalSeconds: 0
randSeed: 42
serverOptions:
  innodb_buffer_pool_size: 64M
workloads:
  - name: recovery
    kind: recovery
    events: 500
  - name: replica_apply
    kind: replica-apply
    events: 500
`;

/**
 * The retry: a short timed suite in the same work and state directories. It shows what the fault
 * left is swept by the next run (the sweep is the run's, whatever its suite), in seconds, not the
 * minute the operations would take again.
 */
const RETRY = `name: fault-matrix-retry
connection: socket
threads: [1]
durationSeconds: 1
warmupSeconds: 1
repetitions: 2
tables: 1
tableSize: 1000
reportIntervalSeconds: 1
serverOptions:
  innodb_buffer_pool_size: 64M
workloads:
  - name: oltp_point_select
`;

interface Paths {
  readonly dir: string;
  readonly out: string;
  readonly work: string;
  readonly state: string;
}

const runArgs = (p: Paths, suite: string): string[] => [
  'run',
  '--server',
  '/usr/sbin/mariadbd',
  '--suite',
  join(p.dir, suite),
  '--out',
  p.out,
  '--work-dir',
  p.work,
];

interface Fault {
  readonly stage: string;
  readonly fault: string;
  readonly trigger: (run: WatchedChild, p: Paths) => Promise<void>;
  readonly status: number | string;
  readonly line?: RegExp;
}

/**
 * Waits until the head's error log in the run's work directory holds `text` `count` times: the
 * server's own word that it got there (the counted pass's line is the second, the native pass's
 * the first).
 */
async function errorLogSays(p: Paths, text: string, count: number, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const runs = existsSync(p.work)
      ? readdirSync(p.work).filter((name) => name.startsWith('mysql-perf-gate-'))
      : [];
    for (const run of runs) {
      const log = join(p.work, run, 'head', 'error.log');
      const said = existsSync(log) ? readFileSync(log, 'utf8').split(text).length - 1 : 0;
      if (said >= count) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the error log did not say "${text}" ${count} times within ${timeoutMs} ms`);
}

const CRASH_LOAD = 'crash load (the write load before the kill)';
const RECOVERY = 'recovery (counted, under callgrind)';
const CATCH_UP = 'replica catching up (counted apply)';
const RECOVERING = 'Starting crash recovery from checkpoint';
const APPLYING = 'Slave SQL thread initialized';

const writeLoad = (p: Paths): string[] => ['sysbench', p.work, ' run'];
/** The head's server, natively or under valgrind (its command line names the defaults file). */
const server = (p: Paths): string[] => ['mariadbd', `--defaults-file=${p.work}`, '!--bootstrap'];
const died =
  /^mysql-perf-gate: server \/usr\/sbin\/mariadbd \(pid \d+\) died: it was killed by SIGKILL; last lines of its error log/;
const interrupted = /^mysql-perf-gate: interrupted by SIGTERM; servers stopped and temporary files removed$/;

const CELLS: Fault[] = [
  {
    stage: CRASH_LOAD,
    fault: 'SIGTERM',
    trigger: async (run, p) => {
      await waitForProcess(run, writeLoad(p), 240_000);
      run.child.kill('SIGTERM');
    },
    status: 143,
    line: interrupted,
  },
  {
    stage: CRASH_LOAD,
    fault: 'server killed',
    trigger: async (run, p) => {
      await waitForProcess(run, writeLoad(p), 240_000);
      process.kill(await waitForProcess(run, server(p)), 'SIGKILL');
    },
    status: 2,
    line: died,
  },
  {
    stage: RECOVERY,
    fault: 'SIGTERM',
    trigger: async (run, p) => {
      await errorLogSays(p, RECOVERING, 2);
      run.child.kill('SIGTERM');
    },
    status: 143,
    line: interrupted,
  },
  {
    stage: RECOVERY,
    fault: 'SIGKILL of the CLI',
    trigger: async (run, p) => {
      await errorLogSays(p, RECOVERING, 2);
      run.child.kill('SIGKILL');
    },
    status: 'SIGKILL',
  },
  {
    stage: CATCH_UP,
    fault: 'SIGTERM',
    trigger: async (run, p) => {
      await errorLogSays(p, APPLYING, 2);
      run.child.kill('SIGTERM');
    },
    status: 143,
    line: interrupted,
  },
  {
    stage: CATCH_UP,
    fault: 'server killed',
    trigger: async (run, p) => {
      await errorLogSays(p, APPLYING, 2);
      process.kill(await waitForProcess(run, server(p)), 'SIGKILL');
    },
    status: 2,
    line: died,
  },
];

/** Runs the CLI into the fault, checks the end, then a retry in the same directories. */
async function check(fault: Fault, dir: string, position: number): Promise<void> {
  writeFileSync(join(dir, 'suite.yml'), SUITE);
  writeFileSync(join(dir, 'retry.yml'), RETRY);
  const p: Paths = {
    dir,
    out: join(dir, 'out', 'r.json'),
    work: join(dir, 'work'),
    state: join(dir, 'state'),
  };
  mkdirSync(p.state);
  const env = { MYSQL_PERF_GATE_STATE_DIR: p.state };
  const startMs = performance.now();
  const run = startCli(runArgs(p, 'suite.yml'), env);
  await fault.trigger(run, p);
  const status = await run.exit;
  const seconds = (performance.now() - startMs) / 1000;
  const output = run.output();
  if (fault.line === undefined) expect(status).toBe(fault.status);
  else expectOneLine(output, status, { status: fault.status as number, line: fault.line });
  // A CLI killed outright cannot clean up: the retry's orphan sweep must (checked below).
  if (status !== 'SIGKILL') expectNothingLeft(p.work);
  expect(existsSync(p.out)).toBe(false);
  const retry = startCli(runArgs(p, 'retry.yml'), env);
  const retried = await retry.exit;
  expect({ retried, output: retried === 0 ? '' : retry.output() }).toEqual({ retried: 0, output: '' });
  expectNothingLeft(p.work);
  const line = errorLine(output).replace(/^mysql-perf-gate: /, '');
  table.record({
    stage: fault.stage,
    fault: fault.fault,
    end: `${typeof status === 'number' ? `exit ${status}` : String(status)}${line === '' ? '' : `: ${line.slice(0, 110)}`}`,
    seconds,
    position,
  });
}

maybe('the fault matrix: operational cells', () => {
  it.concurrent.each(CELLS.map((fault, position) => ({ ...fault, position })))(
    '$stage × $fault',
    ({ position, ...fault }) =>
      inTurn(async () => {
        const dir = mkdtempSync(join(os.tmpdir(), 'fault-ops-'));
        try {
          await check(fault, dir, position);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }),
    CELL_TIMEOUT_MS,
  );
});
