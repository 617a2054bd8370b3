// One writer per file: a lock file created with O_EXCL beside it, holding its owner's pid and host,
// for the read-modify-write cycles of the baseline and history stores (two concurrent cycles
// would lose one's entry) and for the store of built prefixes (an entry checked while another
// build drops it). A lock whose owner died (same host, no such pid) or that is older than
// any write takes is stale and taken over.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';

import { errorMessage } from '../errors.js';
import { isRunning } from './proc-stat.js';

/** A lock older than this is left over from a crashed writer (a write takes milliseconds). */
export const STALE_LOCK_MS = 10 * 60 * 1000;

const POLL_MS = 50;

export interface FileLockOptions {
  /** What holds the lock, as messages say it: "save", "append". */
  readonly what: string;
  /** How long to wait for another writer to finish before failing; default 0 (fail at once). */
  readonly waitMs?: number;
  /** The error class of the caller's domain (BaselineError, HistoryError). */
  readonly makeError: (message: string, options?: ErrorOptions) => Error;
}

interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly createdAt: string;
}

function lockIsStale(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    const owner = JSON.parse(readFileSync(lock, 'utf8')) as Partial<LockOwner>;
    if (owner.hostname !== os.hostname() || typeof owner.pid !== 'number') return false;
    // A zombie owner (exited, not yet collected) is gone too: it will never release the lock.
    return !isRunning(owner.pid);
  } catch {
    // Unreadable or half-written lock: young enough to belong to a write in progress.
    return false;
  }
}

function tryLock(lock: string, options: FileLockOptions): boolean {
  let fd: number;
  try {
    fd = openSync(lock, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw options.makeError(`cannot create lock ${lock}: ${errorMessage(error)}`, { cause: error });
  }
  try {
    const owner: LockOwner = {
      pid: process.pid,
      hostname: os.hostname(),
      createdAt: new Date().toISOString(),
    };
    writeSync(fd, JSON.stringify(owner));
    closeSync(fd);
    return true;
  } catch (error) {
    // A full disk makes the file but not its content: take it back, or it would stay behind.
    closeSync(fd);
    rmSync(lock, { force: true });
    throw options.makeError(`cannot write lock ${lock}: ${errorMessage(error)}`, { cause: error });
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** One try at the lock, taking over a stale one. */
function tryAcquire(lock: string, options: FileLockOptions): boolean {
  if (tryLock(lock, options)) return true;
  if (!lockIsStale(lock)) return false;
  rmSync(lock, { force: true });
  return tryLock(lock, options);
}

function lockError(path: string, lock: string, options: FileLockOptions): Error {
  const waited = options.waitMs ? ` for ${Math.round(options.waitMs / 1000)} s` : '';
  return options.makeError(
    `another ${options.what} is writing ${path} (lock file ${lock} exists${waited ? `, waited${waited}` : ''}); ` +
      `try again, or delete the lock if no ${options.what} is running`,
  );
}

function acquire(path: string, lock: string, options: FileLockOptions): void {
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    if (tryAcquire(lock, options)) return;
    if (Date.now() >= deadline) break;
    sleep(POLL_MS);
  }
  throw lockError(path, lock, options);
}

/** Runs `fn` holding `<path>.lock`; the lock goes whatever `fn` does. */
export function withFileLock<T>(path: string, fn: () => T, options: FileLockOptions): T {
  const lock = `${path}.lock`;
  acquire(path, lock, options);
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * withFileLock for work that awaits (checking a stored build takes seconds): the wait polls
 * without blocking the event loop, so a signal is still handled while another holder finishes.
 */
export async function withFileLockAsync<T>(
  path: string,
  fn: () => Promise<T>,
  options: FileLockOptions,
): Promise<T> {
  const lock = `${path}.lock`;
  const deadline = Date.now() + (options.waitMs ?? 0);
  while (!tryAcquire(lock, options)) {
    if (Date.now() >= deadline) throw lockError(path, lock, options);
    await delay(POLL_MS);
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { force: true });
  }
}
