// The machine lock's holder record and what a waiting run says of it: the record a holder writes
// into the lock file (pid, user, host, suite, since when), read back and checked, and the waiting
// and timeout messages that name the holder; and the duration of --lock-timeout. Pure: the lock
// itself is taken in machine-lock.ts.
import { z } from 'zod';

import { parseDuration } from '../duration.js';
import { formatDuration } from '../format.js';

// ---- The duration of --lock-timeout ----

/**
 * `--lock-timeout` / input "lock-timeout" → milliseconds: `0` (fail at once when the lock is held),
 * `90s`, `10m`, `1.5h`, `1h30m`; absent or empty → null (wait as long as it takes). `label` names
 * the flag or input in the error.
 */
export function parseLockTimeout(text: string | undefined, label: string): number | null {
  return parseDuration(
    text,
    label,
    '0 fails at once when another run holds the machine; without it a run waits as long as it takes',
  );
}

// ---- The holder record ----

const HolderRecord = z.object({
  pid: z.number().int().positive(),
  user: z.string(),
  host: z.string(),
  suite: z.string(),
  /** What it does, when it is not measuring the suite: "building mariadb-10.11.18 (gcc-12)". */
  activity: z.string().optional(),
  /** The workflow run, when the holder is the action. */
  workflow: z.string().optional(),
  command: z.string(),
  /** When it took the lock (ISO 8601). */
  since: z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'an ISO 8601 time'),
});
export type HolderRecord = z.infer<typeof HolderRecord>;

/**
 * The holder named in the lock file's text, or undefined when there is none, it is unreadable
 * (being written), or its process is gone (a killed holder's leftover, not a lock).
 */
export function parseHolderRecord(text: string, isAlive: (pid: number) => boolean): HolderRecord | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = HolderRecord.safeParse(json);
  if (!parsed.success || !isAlive(parsed.data.pid)) return undefined;
  return parsed.data;
}

/** "17:52:03 UTC", with the date in front when it is not today's (UTC). */
function formatClock(when: Date, now: Date): string {
  const iso = when.toISOString();
  const sameDay = iso.slice(0, 10) === now.toISOString().slice(0, 10);
  return `${sameDay ? '' : `${iso.slice(0, 10)} `}${iso.slice(11, 19)} UTC`;
}

/** "the run of pid 1234 (suite quick, by ci on runner-7, started 17:52:03 UTC, 41s ago)". */
export function describeHolder(holder: HolderRecord | undefined, now: Date): string {
  if (!holder) return 'a run that left no record of itself (it may be starting)';
  const since = new Date(holder.since);
  const details = [
    holder.activity ?? `suite ${holder.suite}`,
    `by ${holder.user} on ${holder.host}`,
    ...(holder.workflow === undefined ? [] : [holder.workflow]),
    `started ${formatClock(since, now)}`,
    `${formatDuration((now.getTime() - since.getTime()) / 1000)} ago`,
  ];
  return `the run of pid ${holder.pid} (${details.join(', ')})`;
}

/** The line a waiting run prints at first, and again every REMIND_EVERY_MS with how long so far. */
export function waitingMessage(
  holder: HolderRecord | undefined,
  now: Date,
  waitedMs: number,
  lockPath: string,
): string {
  const so = waitedMs > 0 ? `still waiting (${formatDuration(waitedMs / 1000)} so far)` : 'waiting';
  return `${so} for ${describeHolder(holder, now)} to finish: one benchmark at a time on this machine (lock ${lockPath})`;
}

/** The LockTimeoutError's message: whom it waited for, since when, for how long, what to do. */
export function timeoutMessage(
  holder: HolderRecord | undefined,
  now: Date,
  timeoutMs: number,
  label: string,
): string {
  const whom = describeHolder(holder, now);
  const what =
    timeoutMs === 0
      ? `the machine is busy and ${label} 0 does not wait: ${whom} holds its lock`
      : `gave up waiting for the machine after ${formatDuration(timeoutMs / 1000)} (${label}): ${whom} still holds its lock`;
  return `${what}. One benchmark runs at a time on a machine; wait for that run to end, or give ${label} more time (without it, a run waits as long as it takes)`;
}
