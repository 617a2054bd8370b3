// A process and everything it started, as /proc shows them: its descendants (each thread's
// `children`), their CPU time, and stopping and continuing them all with signals. The freezer's
// fallback where no cgroup freezer can be used (freezer.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { procStat } from './proc-stat.js';

/**
 * Clock ticks per second of /proc/<pid>/stat's times (USER_HZ): 100 on every architecture Linux
 * runs this tool on; the kernel keeps it fixed for user space whatever its own tick rate.
 */
export const CLOCK_TICKS_PER_SECOND = 100;

/** How often a stop is checked on while its processes are still being stopped. */
const STOP_POLL_MS = 2;

/**
 * The CPU ticks of a process and of its children it has waited for, from the text of its
 * /proc/<pid>/stat: utime + stime + cutime + cstime (fields 14 to 17). A child's time moves into
 * its parent's cutime and cstime when it is reaped, so a sum over a tree stays whole as its
 * processes end. Undefined when the text is not a stat line. Pure.
 */
export function statCpuTicks(stat: string): number | undefined {
  const close = stat.lastIndexOf(')');
  if (close === -1) return undefined;
  // After "pid (comm) ", field 3 (state) comes first: field N is at index N - 3.
  const fields = stat.slice(close + 2).split(' ');
  const times = [11, 12, 13, 14].map((index) => Number(fields[index]));
  if (times.some((value) => !Number.isInteger(value) || value < 0)) return undefined;
  return times.reduce((sum, value) => sum + value, 0);
}

/** The children of every thread of `pid` (/proc/<pid>/task/<tid>/children); none once it is gone. */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((tid) => {
    try {
      return readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8')
        .split(' ')
        .filter((field) => field.trim() !== '')
        .map(Number);
    } catch {
      return [];
    }
  });
}

/** `root` and every process below it, parents before their children. */
export function processTree(root: number): number[] {
  const seen = new Set<number>();
  const order: number[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    if (seen.has(pid)) continue;
    seen.add(pid);
    order.push(pid);
    queue.push(...childrenOf(pid));
  }
  return order;
}

/** CPU seconds of `root`'s tree: every process alive below it, and the children each has reaped. */
export function treeCpuSeconds(root: number): number {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      ticks += statCpuTicks(readFileSync(`/proc/${pid}/stat`, 'utf8')) ?? 0;
    } catch {
      // Gone meanwhile: its time is its parent's now.
    }
  }
  return ticks / CLOCK_TICKS_PER_SECOND;
}

/** Whether a process is stopped, or will never run again. */
function isHeld(pid: number): boolean {
  const state = procStat(pid)?.state;
  return state === undefined || state === 'T' || state === 't' || state === 'Z' || state === 'X';
}

/** Sends `signal` to `pid`; a process gone meanwhile is no error, a refusal (EPERM) is. */
function send(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/**
 * SIGSTOP to `root` and every process below it, again and again until one walk of the tree finds
 * every process stopped (a process forked, or continued by one not yet stopped, meanwhile gets
 * its own). False when that did not happen within `timeoutMs`.
 */
export async function stopTree(root: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const running = processTree(root).filter((pid) => !isHeld(pid));
    if (running.length === 0) return true;
    if (Date.now() >= deadline) return false;
    for (const pid of running) send(pid, 'SIGSTOP');
    await sleep(STOP_POLL_MS);
  }
}

/** SIGCONT to `root` and every process below it. */
export function continueTree(root: number): void {
  for (const pid of processTree(root)) send(pid, 'SIGCONT');
}
