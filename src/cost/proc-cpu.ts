// CPU time a process (all of its threads) has used, from /proc/<pid>/stat. Read before and after a
// measured window, the difference is what the server spent serving that window: a cost metric
// that is far less noisy than throughput on a shared CI runner, because it does not count the time
// the server waited for a CPU.
import { readFile } from 'node:fs/promises';

import { BenchmarkError, errorMessage } from '../errors.js';
import { exec } from '../shell/exec.js';
import { quickDeadline } from '../shell/deadline.js';

export interface CpuTimes {
  readonly userSeconds: number;
  readonly systemSeconds: number;
}

export interface ProcStat {
  /** Single-letter state (R, S, D, Z…), field 3 of proc_pid_stat(5). */
  readonly state: string;
  readonly utimeTicks: number;
  readonly stimeTicks: number;
}

/**
 * Linux's USER_HZ, the unit of utime/stime. It is part of the user-space ABI and has been 100 on
 * every mainstream architecture since Linux 2.6, whatever the kernel's internal CONFIG_HZ, so it is
 * the right answer when `getconf` is unavailable (e.g. a minimal container without libc-bin).
 */
const LINUX_USER_HZ = 100;

let clockTicks: Promise<number> | undefined;

/** Clock ticks per second for /proc times, asked of `getconf CLK_TCK` once per process. */
export function clockTicksPerSecond(): Promise<number> {
  clockTicks ??= exec('getconf', ['CLK_TCK'], { deadline: quickDeadline('getconf CLK_TCK') }).then(
    (result) => {
      const value = Number(result.stdout.trim());
      return Number.isInteger(value) && value > 0 ? value : LINUX_USER_HZ;
    },
    () => LINUX_USER_HZ,
  );
  return clockTicks;
}

/**
 * Parses the text of /proc/<pid>/stat. The second field is the command name in parentheses, and
 * that name may itself contain spaces and parentheses (any thread can rename itself, e.g. "a) b"),
 * so fields are counted from the LAST ')' rather than by splitting the whole line. `what` names the
 * source in error messages.
 */
export function parseProcStat(text: string, what: string): ProcStat {
  const close = text.lastIndexOf(')');
  if (close === -1 || !text.slice(0, close).includes('(')) {
    throw new BenchmarkError(`${what} is not a /proc/<pid>/stat line (no "(comm)" field): ${quote(text)}`);
  }
  // After ") ": state is field 3, utime field 14 and stime field 15 (proc_pid_stat(5)).
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const state = fields[0];
  const utime = fields[11];
  const stime = fields[12];
  if (state === undefined || utime === undefined || stime === undefined) {
    throw new BenchmarkError(`${what} has too few fields after the command name: ${quote(text)}`);
  }
  return {
    state,
    utimeTicks: ticks(utime, 'utime', what, text),
    stimeTicks: ticks(stime, 'stime', what, text),
  };
}

/**
 * User and system CPU time used so far by process `pid` and all its threads (live and exited;
 * not its child processes). Throws a BenchmarkError if the process is gone or is a zombie.
 */
export async function readProcessCpu(pid: number): Promise<CpuTimes> {
  if (!Number.isInteger(pid) || pid <= 0) {
    throw new BenchmarkError(`cannot read the CPU time of pid ${pid}: not a process id`);
  }
  const file = `/proc/${pid}/stat`;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') throw goneError(pid, 'it has exited');
    throw new BenchmarkError(`could not read ${file} to measure CPU time: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  const stat = parseProcStat(text, file);
  // A zombie's times are final, so a "delta" over a window would silently stop growing.
  if (stat.state === 'Z' || stat.state === 'X') throw goneError(pid, 'it has exited (zombie)');
  const hz = await clockTicksPerSecond();
  return { userSeconds: stat.utimeTicks / hz, systemSeconds: stat.stimeTicks / hz };
}

/** CPU time used between two readings of the same process. */
export function cpuDelta(before: CpuTimes, after: CpuTimes): CpuTimes {
  const userSeconds = after.userSeconds - before.userSeconds;
  const systemSeconds = after.systemSeconds - before.systemSeconds;
  if (userSeconds < 0 || systemSeconds < 0) {
    // CPU times never decrease for one process; a decrease means the pid was reused in between.
    throw new BenchmarkError(
      `CPU time went backwards (user ${before.userSeconds} → ${after.userSeconds} s, system ` +
        `${before.systemSeconds} → ${after.systemSeconds} s): the two readings are not of the same ` +
        `process; the server probably restarted during the window, check its error log`,
    );
  }
  return { userSeconds, systemSeconds };
}

function goneError(pid: number, why: string): BenchmarkError {
  return new BenchmarkError(
    `cannot read the CPU time of process ${pid}: ${why}; if it is the server, it died during the ` +
      `measurement, check its error log`,
  );
}

function ticks(field: string, name: string, what: string, text: string): number {
  if (!/^\d+$/.test(field)) {
    throw new BenchmarkError(`${what} has a non-numeric ${name} field "${field}": ${quote(text)}`);
  }
  return Number(field);
}

function quote(text: string): string {
  const line = text.trim();
  return line.length > 200 ? `"${line.slice(0, 200)}…"` : `"${line}"`;
}
