// Waiting for a freshly spawned server to accept connections. Servers take from under a second
// (an empty MariaDB datadir) to minutes (a large buffer pool, crash recovery) to get there, so
// this polls, and gives up early the moment the process exits: its error log then says why.
import type { ExitStatus } from './process.js';
import { errorMessage } from '../errors.js';

export interface ReadyWait {
  /** Resolves when the server answers; rejects while it does not yet. */
  readonly probe: () => Promise<void>;
  readonly exited: Promise<ExitStatus>;
  readonly timeoutMs: number;
  readonly signal: AbortSignal;
  readonly intervalMs?: number;
}

export type ReadyOutcome =
  | { readonly kind: 'ready' }
  | { readonly kind: 'exited'; readonly status: ExitStatus }
  | { readonly kind: 'timeout'; readonly lastError: string }
  | { readonly kind: 'aborted' };

export async function waitUntilReady(wait: ReadyWait): Promise<ReadyOutcome> {
  const deadline = Date.now() + wait.timeoutMs;
  let exitStatus: ExitStatus | undefined;
  void wait.exited.then((status) => {
    exitStatus = status;
  });
  // A function, not the variable: the status changes behind the awaits below.
  const exited = (): ExitStatus | undefined => exitStatus;
  // Also a function: the signal can be aborted while a probe is connecting.
  const aborted = (): boolean => wait.signal.aborted;
  let lastError = 'no attempt finished';
  for (;;) {
    if (aborted()) return { kind: 'aborted' };
    const status = exited();
    if (status) return { kind: 'exited', status };
    try {
      await wait.probe();
      // Interrupted while the probe was connecting: the run is over, ready or not.
      return aborted() ? { kind: 'aborted' } : { kind: 'ready' };
    } catch (error) {
      lastError = errorMessage(error);
    }
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      const late = exited();
      return late ? { kind: 'exited', status: late } : { kind: 'timeout', lastError };
    }
    await pause(Math.min(wait.intervalMs ?? 200, remaining), wait.exited, wait.signal);
  }
}

/** Sleeps, but wakes up at once when the process exits or the run is interrupted. */
async function pause(ms: number, exited: Promise<unknown>, signal: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const woken = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    onAbort = resolve;
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([woken, exited]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
