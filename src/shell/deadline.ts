// Every child this project starts has a deadline: how long it may take, and for a child that
// prints as it goes (a build), how long it may stay silent. A child past it is stopped the way a
// hung one needs: SIGTERM with SIGCONT (a stopped process takes no signal but SIGKILL until it
// is continued), then SIGKILL after a grace period.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

import { formatDuration } from '../format.js';

export interface Deadline {
  /** The child in the message's words: "sysbench for oltp_point_select @ 1 thread (head, repetition 1/2)". */
  readonly what: string;
  /** How long it may take in all. */
  readonly seconds: number;
  /** How long it may print nothing (stdout or stderr); no such limit when left out. */
  readonly idleSeconds?: number;
  /** Why the deadline is what it is ("the repetition's 5 s, warm-up and a 30 s margin"), for the message. */
  readonly basis?: string;
}

/** Seconds a stopped child gets between SIGTERM and SIGKILL. */
export const KILL_GRACE_MS = 5_000;

/** A deadline for a command that answers at once (a version check, a listing): a minute. */
export function quickDeadline(what: string): Deadline {
  return { what, seconds: 60 };
}

/** The one line a child past its deadline ends the run with. */
export function deadlineMessage(deadline: Deadline, why: 'total' | 'idle'): string {
  const basis = deadline.basis === undefined ? '' : ` (${deadline.basis})`;
  const how =
    why === 'idle'
      ? `printed nothing for ${formatDuration(deadline.idleSeconds ?? 0)}${basis}`
      : `did not finish within its deadline of ${formatDuration(deadline.seconds)}${basis}`;
  return `${deadline.what} ${how} and was stopped: is it hung (a dead connection, a stopped process, a full disk)?`;
}

/** The processes `pid` started, and theirs, from /proc (each thread's `children` list). */
export function descendants(pid: number): number[] {
  const found: number[] = [];
  const pending = [pid];
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${at}/task`);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let text = '';
      try {
        text = readFileSync(`/proc/${at}/task/${task}/children`, 'utf8');
      } catch {
        // gone meanwhile
      }
      for (const child of text
        .split(/\s+/)
        .filter((word) => word !== '')
        .map(Number)) {
        found.push(child);
        pending.push(child);
      }
    }
  }
  return found;
}

/**
 * Sends `signal` to the child and to everything it started (a shell's commands, a build's
 * compilers), which would otherwise hold its pipes open. They stay in this process's group, so
 * that a supervisor that kills the group (a cancelled job) still reaches them.
 */
function signalTree(child: ChildProcess, signal: NodeJS.Signals, known: readonly number[] = []): number[] {
  const below = [...new Set([...known, ...(child.pid === undefined ? [] : descendants(child.pid))])];
  child.kill(signal);
  for (const pid of below) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone meanwhile
    }
  }
  return below;
}

/**
 * `signal` (SIGTERM) and SIGCONT now, SIGKILL after the grace period if it is still there: to the
 * child's whole process group when it has one.
 */
export function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
  graceMs = KILL_GRACE_MS,
): void {
  const tree = signalTree(child, signal);
  if (signal !== 'SIGKILL') signalTree(child, 'SIGCONT', tree);
  // Until its pipes close: a child gone while what it started lingers is not done either.
  const kill = setTimeout(() => {
    signalTree(child, 'SIGKILL', tree);
  }, graceMs);
  kill.unref();
  child.once('close', () => {
    clearTimeout(kill);
  });
}
