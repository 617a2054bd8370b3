// The fault matrix, stages that start a server: datadir set-up, server start, data prepare,
// warm-up and measuring, each meeting the faults a runner meets (the CLI killed or cancelled, the
// server killed, sysbench hung or killed, a full disk, an output that cannot be written). The
// bundled CLI, Debian's mariadbd and sysbench, real signals and real small filesystems.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { describeWithServer } from '../helpers/real-run.js';
import type { WatchedChild } from '../helpers/watched-child.js';
import {
  canMount,
  errorLine,
  expectNothingLeft,
  expectOneLine,
  fillUp,
  matrixTable,
  readOnlyDir,
  startCli,
  taking,
  tmpfs,
  type Idle,
  waitForProcess,
} from './matrix.js';

const maybe = describeWithServer();
const table = matrixTable('fault matrix (stages with a server)');
const mounts = canMount();
/**
 * Two cells checked at once. Each has its own directory and machine-state directory (its own lock
 * and record of servers, so that its retry, and only its retry, sweeps what its fault left); a
 * cell spends much of its time waiting (on a bootstrap, a deadline, a timed repetition). Not
 * more: the test file beside this one may be measuring (stalls, A/A runs) with one neighbour in
 * mind. Three at a time took 138 s here, two 183 s, one 389 s. A cell that only waits for a
 * deadline (a hung sysbench) hands its turn on until its run ends.
 */
const inTurn = taking(2);
/** A cell's time limit, its wait for a turn included. */
const CELL_TIMEOUT_MS = 900_000;

/**
 * The shortest suite that has every stage: a warm-up and two repetitions (the least a suite may
 * have) of a second each. The faults, not the measurements, are the subject; every cell's retry
 * runs it whole, so each second here is a second of two busy cores per cell.
 */
const SUITE = `name: fault-matrix
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
/** Writes, their data prepared again after each step: a full disk fails them. */
const WRITES = SUITE.replace(
  '  - name: oltp_point_select',
  '  - name: oltp_write_only\n    resetData: re-prepare',
);
/** Enough rows that the prepare lasts long enough to be hit. */
const BIG_PREPARE = SUITE.replace('tableSize: 1000', 'tables: 4\ntableSize: 60000').replace(
  'tables: 1\n',
  '',
);

interface Paths {
  readonly suite: string;
  readonly out: string;
  readonly work: string;
  /** The cell's own machine-state directory. */
  readonly state: string;
}

function paths(dir: string, suiteText = SUITE): Paths {
  const suite = join(dir, 'suite.yml');
  writeFileSync(suite, suiteText);
  const state = join(dir, 'state');
  mkdirSync(state);
  return { suite, out: join(dir, 'out', 'r.json'), work: join(dir, 'work'), state };
}

function runArgs(p: Paths): string[] {
  return ['run', '--server', '/usr/sbin/mariadbd', '--suite', p.suite, '--out', p.out, '--work-dir', p.work];
}

interface Fault {
  readonly stage: string;
  readonly fault: string;
  readonly suite?: string;
  /** Set-up before the run (a small filesystem); returns its undoing. */
  readonly before?: (p: Paths) => () => void;
  /** What the fault does once the run has started. */
  readonly trigger?: (run: WatchedChild, p: Paths) => Promise<void>;
  readonly status: number | string;
  readonly line?: RegExp;
  /**
   * The fault leaves the run waiting (out a deadline, or on the server, which may wait minutes for
   * free space): its turn goes to another cell meanwhile.
   */
  readonly waits?: true;
}

/** check() in a directory of its own, removed afterwards, when a turn comes. */
function checkInTurn(fault: Fault, position: number): Promise<void> {
  return inTurn(async (idle) => {
    const dir = mkdtempSync(join(os.tmpdir(), 'fault-run-'));
    try {
      await check(fault, dir, position, idle);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

/** Runs the CLI into the fault, checks the end, then runs it again without the fault. */
async function check(fault: Fault, dir: string, position: number, idle: Idle): Promise<void> {
  const p = paths(dir, fault.suite);
  const env = { MYSQL_PERF_GATE_STATE_DIR: p.state };
  const undo = fault.before?.(p);
  const startMs = performance.now();
  let status: unknown;
  let output: string;
  let seconds = 0;
  try {
    const run = startCli(runArgs(p), env);
    await fault.trigger?.(run, p);
    const exited = run.exit.then((end) => {
      seconds = (performance.now() - startMs) / 1000;
      return end;
    });
    status = await (fault.waits ? idle(exited) : exited);
    output = run.output();
    if (fault.line === undefined) expect(status).toBe(fault.status);
    else expectOneLine(output, status, { status: fault.status as number, line: fault.line });
    // A CLI killed outright cannot clean up: the retry's orphan sweep must (checked below).
    if (status !== 'SIGKILL') expectNothingLeft(p.work);
    expect(existsSync(p.out)).toBe(false);
  } finally {
    undo?.();
  }
  // The retry: the same command, no fault, and whatever the fault left is cleared by it.
  const retry = startCli(runArgs(p), env);
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

const atLine =
  (text: string, act: (run: WatchedChild, p: Paths) => Promise<void> | void) =>
  async (run: WatchedChild, p: Paths): Promise<void> => {
    await run.waitFor(text);
    await act(run, p);
  };

const signalProcess =
  (needles: (p: Paths) => string[], signal: NodeJS.Signals) =>
  async (run: WatchedChild, p: Paths): Promise<void> => {
    process.kill(await waitForProcess(run, needles(p)), signal);
  };

const serverOf = (p: Paths): string[] => ['mariadbd', `--defaults-file=${p.work}`, '!--bootstrap'];
const sysbenchRun = (p: Paths): string[] => ['sysbench', p.work, ' run'];
const sysbenchPrepare = (p: Paths): string[] => ['sysbench', p.work, ' prepare'];

const CELLS: Fault[] = [
  {
    stage: 'datadir set-up',
    fault: 'SIGTERM',
    trigger: async (run, p) => {
      await waitForProcess(run, ['--bootstrap', p.work]);
      run.child.kill('SIGTERM');
    },
    status: 143,
    line: /^mysql-perf-gate: interrupted by SIGTERM; servers stopped and temporary files removed$/,
  },
  {
    stage: 'datadir set-up',
    fault: 'SIGKILL of the CLI',
    trigger: async (run, p) => {
      await waitForProcess(run, ['--bootstrap', p.work]);
      run.child.kill('SIGKILL');
    },
    status: 'SIGKILL',
  },
  {
    stage: 'server start',
    fault: 'server killed',
    trigger: signalProcess(serverOf, 'SIGKILL'),
    status: 2,
    line: /^mysql-perf-gate: server \/usr\/sbin\/mariadbd was killed by SIGKILL while starting; (last lines of )?its error log/,
  },
  {
    stage: 'server start',
    fault: 'SIGTERM',
    trigger: async (run, p) => {
      await waitForProcess(run, serverOf(p));
      run.child.kill('SIGTERM');
    },
    status: 143,
    line: /interrupted by SIGTERM/,
  },
  {
    stage: 'data prepare',
    fault: 'sysbench killed',
    suite: BIG_PREPARE,
    trigger: signalProcess(sysbenchPrepare, 'SIGKILL'),
    status: 2,
    line: /^mysql-perf-gate: sysbench for prepare of 4 table\(s\) in database sbtest was killed by SIGKILL\. Command: sysbench /,
  },
  {
    stage: 'data prepare',
    fault: 'server killed',
    suite: BIG_PREPARE,
    trigger: async (run, p) => {
      await waitForProcess(run, sysbenchPrepare(p));
      process.kill(await waitForProcess(run, serverOf(p)), 'SIGKILL');
    },
    status: 2,
    line: /^mysql-perf-gate: server \/usr\/sbin\/mariadbd \(pid \d+\) died: it was killed by SIGKILL; last lines of its error log/,
  },
  {
    stage: 'warm-up',
    fault: 'sysbench killed',
    trigger: atLine('warm-up 1s', signalProcess(sysbenchRun, 'SIGKILL')),
    status: 2,
    line: /^mysql-perf-gate: sysbench for oltp_point_select @ 1 thread on head \(warm-up\) was killed by SIGKILL\. Command: sysbench /,
  },
  {
    stage: 'warm-up',
    fault: 'sysbench hung (SIGSTOP)',
    trigger: atLine('warm-up 1s', signalProcess(sysbenchRun, 'SIGSTOP')),
    waits: true,
    status: 2,
    line: /^mysql-perf-gate: sysbench for oltp_point_select @ 1 thread on head \(warm-up\) did not finish within its deadline of 31s \(its 1s and a 30s margin\) and was stopped/,
  },
  {
    stage: 'warm-up',
    fault: 'server killed',
    trigger: atLine('warm-up 1s', signalProcess(serverOf, 'SIGKILL')),
    status: 2,
    line: /^mysql-perf-gate: server \/usr\/sbin\/mariadbd \(pid \d+\) died: it was killed by SIGKILL; last lines of its error log/,
  },
  {
    stage: 'measuring',
    fault: 'sysbench hung (SIGSTOP)',
    trigger: atLine('repetition 1/2', signalProcess(sysbenchRun, 'SIGSTOP')),
    waits: true,
    status: 2,
    line: /^mysql-perf-gate: sysbench for oltp_point_select @ 1 thread on head \(repetition 1\) did not finish within its deadline of 31s \(its 1s and a 30s margin\) and was stopped/,
  },
  {
    stage: 'measuring',
    fault: 'sysbench killed',
    trigger: atLine('repetition 1/2', signalProcess(sysbenchRun, 'SIGKILL')),
    status: 2,
    line: /^mysql-perf-gate: sysbench for oltp_point_select @ 1 thread on head \(repetition 1\) was killed by SIGKILL\. Command: sysbench /,
  },
  {
    stage: 'measuring',
    fault: 'server killed',
    trigger: atLine('repetition 1/2', signalProcess(serverOf, 'SIGKILL')),
    status: 2,
    line: /^mysql-perf-gate: server \/usr\/sbin\/mariadbd \(pid \d+\) died: it was killed by SIGKILL; last lines of its error log/,
  },
  {
    stage: 'measuring',
    fault: 'SIGTERM',
    trigger: atLine('repetition 1/2', (run) => {
      run.child.kill('SIGTERM');
    }),
    status: 143,
    line: /interrupted by SIGTERM/,
  },
  {
    stage: 'measuring',
    fault: 'SIGKILL of the CLI',
    trigger: atLine('repetition 1/2', (run) => {
      run.child.kill('SIGKILL');
    }),
    status: 'SIGKILL',
  },
];

/** The cells that mount a small filesystem (root only). */
const MOUNT_CELLS: Fault[] = [
  {
    stage: 'datadir set-up',
    fault: 'disk full (work directory: 48 MiB)',
    before: (p) => tmpfs(p.work, 48),
    status: 2,
    line: /^mysql-perf-gate: not enough free space: .*\(--work-dir\) has 48\.0 MiB free, and the run needs about [\d.]+ MiB there/,
  },
  {
    stage: 'datadir set-up',
    fault: 'unwritable output (read-only --out)',
    before: (p) => readOnlyDir(join(p.out, '..')),
    status: 2,
    line: /^mysql-perf-gate: --out .*r\.json: cannot be written \(EROFS: read-only file system\); choose another --out$/,
  },
  {
    stage: 'measuring',
    fault: 'disk full (output, mid-run)',
    before: (p) => tmpfs(join(p.out, '..'), 20),
    trigger: atLine('repetition 1/2', (_run, p) => {
      fillUp(join(p.out, '..'));
    }),
    status: 2,
    line: /the disk is full: .* \(--out\) has 0\.0 MiB free/,
  },
  {
    stage: 'measuring',
    fault: 'disk full (work directory, mid-run)',
    suite: WRITES,
    before: (p) => tmpfs(p.work, 400),
    trigger: atLine('repetition 1/2', (_run, p) => {
      fillUp(p.work);
    }),
    waits: true,
    status: 2,
    line: /the disk is full: .* \(--work-dir\) has 0\.0 MiB free/,
  },
];

maybe('the fault matrix: stages with a server', () => {
  // The ballast goes with the filesystem; the retry runs without it. These cells are started
  // first: a full work directory can leave its run waiting two minutes on the server, a wait that
  // should pass beside the other cells, not after them.
  const withMounts = mounts ? it.concurrent : it.concurrent.skip;
  withMounts.each(MOUNT_CELLS.map((fault, position) => ({ ...fault, position: CELLS.length + position })))(
    '$stage × $fault',
    ({ position, ...fault }) => checkInTurn(fault, position),
    CELL_TIMEOUT_MS,
  );

  it.concurrent.each(CELLS.map((fault, position) => ({ ...fault, position })))(
    '$stage × $fault',
    ({ position, ...fault }) => checkInTurn(fault, position),
    CELL_TIMEOUT_MS,
  );
});
