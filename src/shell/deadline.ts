// Every child this project starts has a deadline: how long it may take, and for a child that
// prints as it goes (a build), how long it may stay silent. A child past it is stopped the way a
// hung one needs: SIGTERM with SIGCONT (a stopped process takes no signal but SIGKILL until it
// is continued), then SIGKILL after a grace period.
import type { ChildProcess } from 'node:child_process';

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

/**
 * Sends `signal` to the child's process group when it leads one (exec starts children detached),
 * else to the child alone.
 */
function signalTree(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) {
      process.kill(-child.pid, signal);
      return;
    }
  } catch {
    // not a group leader (spawned without detached): the child alone
  }
  child.kill(signal);
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
  signalTree(child, signal);
  if (signal !== 'SIGKILL') signalTree(child, 'SIGCONT');
  // Until its pipes close: a child gone while what it started lingers is not done either.
  const kill = setTimeout(() => {
    signalTree(child, 'SIGKILL');
  }, graceMs);
  kill.unref();
  child.once('close', () => {
    clearTimeout(kill);
  });
}
