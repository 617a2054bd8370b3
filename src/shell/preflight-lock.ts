// The shape of every command that takes the machine lock: its checks first (paths, the suite,
// option values, where it writes and the room it needs), then the wait, then the work. A typo must
// be refused at once, not after the minutes or hours another run holds the machine.
import { InputError } from '../errors.js';
import type { CleanupScope } from './cleanup.js';
import { checkFreeSpace, type SpaceNeed } from './disk-space.js';
import { describeHolder } from './lock-holder.js';
import type { Logger } from './logger.js';
import { acquireMachineLock, type LockRequest, machineLockHolder } from './machine-lock.js';

export interface LockedWork<Checked, Result> {
  /** Everything that can refuse the input: it runs before the wait, and what it found goes to `work`. */
  readonly check: () => Promise<Checked>;
  /** The lock to take; undefined when the work runs without it (its caller holds it, or it builds at low priority). */
  readonly lock: LockRequest | undefined;
  readonly work: (checked: Checked) => Promise<Result>;
}

/**
 * Checks, then takes the machine lock (registered with `scope`), then works; the lock goes as soon
 * as the work returns, and with the scope when it throws.
 */
export async function checkThenLock<Checked, Result>(
  steps: LockedWork<Checked, Result>,
  logger: Logger,
  scope: CleanupScope,
): Promise<Result> {
  const checked = await steps.check();
  if (steps.lock === undefined) return steps.work(checked);
  const release = await acquireMachineLock(steps.lock, logger, scope);
  const result = await steps.work(checked);
  await release();
  return result;
}

/**
 * The free-space check, before the wait. Too little room while another run holds the machine lock
 * may be that run's own datadirs or build, gone when it ends: that is said, and the check returned
 * is to be made again once the lock is ours; otherwise the shortage is refused at once. Returns
 * the check to make after the wait (nothing to do when there was room).
 */
export function checkSpaceBeforeLock(needs: readonly SpaceNeed[], logger: Logger): () => void {
  try {
    checkFreeSpace(needs);
    return () => undefined;
  } catch (error) {
    const holder = machineLockHolder();
    if (!(error instanceof InputError) || holder === undefined || holder.pid === process.pid) throw error;
    logger.warning(
      `${error.message.split('; free ')[0] ?? error.message} while ${describeHolder(holder, new Date())} holds the machine: its files may be what takes the room, so this is checked again once the machine is ours`,
    );
    return () => {
      checkFreeSpace(needs);
    };
  }
}
