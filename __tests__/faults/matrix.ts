// The fault matrix's machinery: each cell runs a stage into a fault and checks how it ended: the
// exit status, one line naming the fault and what to do (no stack trace), nothing left running or
// on disk, no partial output (a previous file intact), and a retry that succeeds. The cells a test
// file checked are printed as its part of the table (docs/reliability.md holds the whole).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { processesMentioning } from '../helpers/leftovers.js';
import { ROOT } from '../helpers/real-run.js';
import { watchChild, type WatchedChild } from '../helpers/watched-child.js';

export const CLI = join(ROOT, 'dist/cli.js');

export interface CellRecord {
  readonly stage: string;
  readonly fault: string;
  /** "exit 2 in 35.1 s", "one comment after 2 retries"… */
  readonly end: string;
  readonly seconds: number;
  /** Its row in the table, for cells checked side by side (which end in any order). */
  readonly position?: number;
}

/** Records checked cells and prints them as a table once the file is done. */
export function matrixTable(title: string): { record(cell: CellRecord): void } {
  const cells: CellRecord[] = [];
  afterAll(() => {
    cells.sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
    const rows = cells.map(
      (cell) => `| ${cell.stage} | ${cell.fault} | ${cell.end} | ${cell.seconds.toFixed(1)} s |`,
    );
    process.stdout.write(
      `\n${title}: ${cells.length} cells checked\n| stage | fault | how it ended | time |\n| --- | --- | --- | --- |\n${rows.join('\n')}\n`,
    );
  });
  return {
    record: (cell) => {
      cells.push(cell);
    },
  };
}

/** Gives a task's turn to the next one while `wait` is pending (nothing to do but wait), then takes one again. */
export type Idle = <U>(wait: Promise<U>) => Promise<U>;

/**
 * Runs the tasks given to it at most `count` at a time, in the order given: cells checked side by
 * side (most of a cell's time is waiting, for a bootstrap, a deadline, a timed repetition). A task
 * that only waits (a deadline half a minute away) hands its turn on meanwhile through `idle`.
 */
export function taking(count: number): <T>(task: (idle: Idle) => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  const acquire = async (): Promise<void> => {
    if (running < count) running++;
    else await new Promise<void>((resolve) => queue.push(resolve));
  };
  // A turn ending is handed to the next task waiting, so none is taken twice.
  const release = (): void => {
    const next = queue.shift();
    if (next === undefined) running--;
    else next();
  };
  const idle: Idle = async (wait) => {
    release();
    try {
      return await wait;
    } finally {
      await acquire();
    }
  };
  return async (task) => {
    await acquire();
    try {
      return await task(idle);
    } finally {
      release();
    }
  };
}

/** Starts the bundled CLI with piped output; `env` is added to this process's. */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): WatchedChild {
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  return watchChild(child, `mysql-perf-gate ${args[0] ?? ''}`);
}

/** The CLI's error line: its "mysql-perf-gate: …" line. */
export function errorLine(output: string): string {
  return output.split('\n').find((line) => line.startsWith('mysql-perf-gate: ')) ?? '';
}

/** Status, the one line, and no stack trace in what the CLI printed. */
export function expectOneLine(
  output: string,
  status: unknown,
  expected: { status: number; line: RegExp },
): void {
  const line = errorLine(output);
  expect({ status, line: expected.line.test(line) ? 'as expected' : line }).toEqual({
    status: expected.status,
    line: 'as expected',
  });
  expect(output).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
}

/** No process mentions `dir`, and nothing is left in it (a datadir, a socket, a work directory). */
export function expectNothingLeft(dir: string): void {
  expect(processesMentioning(dir)).toEqual([]);
  // The ballast of a disk-full cell is the test's, not the run's.
  if (existsSync(dir)) expect(readdirSync(dir).filter((name) => name !== 'ballast')).toEqual([]);
}

/**
 * Waits for a process started by `run` (its child, their children…) whose command line contains
 * every one of `needles` (none of a "!needle"); its pid. Only the run's own descendants are read
 * (/proc's children lists), so a wait costs a few small reads a poll, not a scan of the machine.
 */
export async function waitForProcess(
  run: WatchedChild,
  needles: readonly string[],
  timeoutMs = 60_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  const root = run.child.pid;
  while (root !== undefined && Date.now() < deadline) {
    for (const pid of descendantsOf(root)) {
      const command = commandLine(pid);
      const has = (needle: string): boolean =>
        needle.startsWith('!') ? !command.includes(needle.slice(1)) : command.includes(needle);
      if (needles.every(has)) return pid;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no process with ${needles.join(' and ')} within ${timeoutMs} ms`);
}

/** The pids below `root`, parents before their children. */
function descendantsOf(root: number): number[] {
  const found: number[] = [];
  const pending = [root];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    for (const task of entriesOf(`/proc/${pid}/task`)) {
      for (const child of textOf(`/proc/${pid}/task/${task}/children`).split(' ')) {
        if (child.trim() === '') continue;
        found.push(Number(child));
        pending.push(Number(child));
      }
    }
  }
  return found;
}

/** A directory's names; none once it is gone (a process that ended meanwhile). */
function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function textOf(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function commandLine(pid: number): string {
  return textOf(`/proc/${pid}/cmdline`).replaceAll('\0', ' ');
}

export function hashOf(file: string): string {
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : 'absent';
}

/** A tmpfs of `mib` MiB at `dir` (root only); returns its unmount. */
export function tmpfs(dir: string, mib: number): () => void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m`, 'tmpfs', dir]);
  return () => {
    execFileSync('umount', ['-l', dir]);
  };
}

/** Fills the filesystem of `dir` to the last byte with a ballast file; returns its removal. */
export function fillUp(dir: string): void {
  try {
    execFileSync('dd', ['if=/dev/zero', `of=${join(dir, 'ballast')}`, 'bs=1M'], { stdio: 'ignore' });
  } catch {
    // dd ends with "No space left on device": that is the point
  }
}

/** A directory that cannot be written: a read-only tmpfs (root writes through permissions). */
export function readOnlyDir(dir: string): () => void {
  const unmount = tmpfs(dir, 1);
  execFileSync('mount', ['-o', 'remount,ro', dir]);
  return unmount;
}

/** Whether this process may mount (the disk-full and read-only cells need it). */
export function canMount(): boolean {
  if (process.getuid?.() === 0) return true;
  if (process.env.CI === 'true') throw new Error('the fault matrix mounts small filesystems: run it as root');
  process.stderr.write('skipping the fault matrix cells that mount filesystems: not root\n');
  return false;
}
