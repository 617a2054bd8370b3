// One benchmark per machine: an exclusive, machine-wide lock that `run` holds while it measures, so
// two runs (two workflows on one self-hosted runner, a developer and CI) never share the CPUs.
//
// The lock is the kernel's flock(2) on `run.lock` in the machine-state directory, so it belongs to
// an open file: when the holder exits, however it exits (SIGKILL included), the kernel closes the
// file and the lock is free. A lock file that merely exists (mkdir or pid files with an mtime, as
// proper-lockfile does) would outlive a killed holder. Node has no flock(2), and the npm packages
// that do (fs-ext, os-lock on top of it) are native addons: they need a compiler to install and
// cannot go into the Rollup bundle the action runs from a checkout without node_modules. So the
// lock is taken by util-linux's `flock` command, which every Debian and Ubuntu has, on a file
// descriptor this process opened and passes to it: `flock 3` locks the open file (shared with us)
// and exits, and the lock then lasts exactly as long as our descriptor, which no other child
// inherits (Node opens files close-on-exec).
//
// The file also holds a record of its holder (pid, user, host, suite, since when), written after
// locking, so that a waiting run can say whom it waits for. A record whose pid is dead was left by
// a killed run: it is stale information, never a lock.
import { type ChildProcess, spawn } from 'node:child_process';

import {
  accessSync,
  chmodSync,
  closeSync,
  constants,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import { delimiter, join } from 'node:path';

import { DependencyError, errorMessage, GateError, InterruptedError, LockTimeoutError } from '../errors.js';
import { childEnv } from './child-env.js';
import { isRunning } from './proc-stat.js';
import { formatDuration } from '../format.js';
import type { CleanupScope } from './cleanup.js';
import type { Logger } from './logger.js';
import { ensureMachineStateDir, machineStateDir } from './machine-state.js';
import {
  describeHolder,
  type HolderRecord,
  parseHolderRecord,
  timeoutMessage,
  waitingMessage,
} from './lock-holder.js';

export const LOCK_FILE_NAME = 'run.lock';
/** How often a waiting run says again whom it waits for. */
export const REMIND_EVERY_MS = 30_000;
/**
 * How long a waiting run looks for the holder's record before it says whom it waits for: the
 * holder writes it just after taking the lock, so a run that finds the lock taken a moment after
 * it was taken would otherwise name no one.
 */
const RECORD_GRACE_MS = 3000;
/** The same with --lock-timeout 0, which promises to fail at once. */
const RECORD_GRACE_NO_WAIT_MS = 500;
/** flock's exit status when --nonblock finds the lock taken (EX_TEMPFAIL). */
const CONFLICT_EXIT = 75;

// ---- Taking and releasing the lock ----

export interface LockRequest {
  /** Milliseconds to wait for another run to finish; 0 fails at once, null waits for ever. */
  readonly timeoutMs: number | null;
  /** How the user named the timeout: `--lock-timeout` or `input "lock-timeout"`. */
  readonly timeoutLabel: string;
  /** The suite being measured, for the waiting run's message. */
  readonly suite: string;
  /** What the holder does, when it is not (yet) measuring: a build, for the waiting run's message. */
  readonly activity?: string;
  /** How often a waiting run repeats whom it waits for (tests make it short). */
  readonly remindEveryMs?: number;
}

/**
 * Takes the machine lock, waiting for the run that holds it (saying whom it waits for, and again
 * every 30 s), and registers its release with `scope`. Returns the release, for letting the next
 * run in as soon as measuring ends. Throws LockTimeoutError when the timeout passes first, and
 * stops waiting at once when the scope is interrupted.
 */
export async function acquireMachineLock(
  request: LockRequest,
  logger: Logger,
  scope: CleanupScope,
): Promise<() => Promise<void>> {
  const flock = locateFlock();
  const lockPath = join(ensureMachineStateDir(), LOCK_FILE_NAME);
  const fd = openLockFile(lockPath);
  let held = false;
  const registered = scope.add(`release the machine lock ${lockPath}`, () => {
    // Closing our file is what releases the lock; the scope's undo runs once.
    if (held) clearRecord(fd);
    closeSync(fd);
    return Promise.resolve();
  });
  try {
    if (!(await tryLock(flock, fd))) await waitForLock(flock, fd, lockPath, request, logger, scope.signal);
  } catch (error) {
    // A flock killed just as it got the lock leaves it on our file: closing the file drops it.
    await registered();
    throw error;
  }
  held = true;
  writeRecord(fd, request);
  logger.debug(`took the machine lock ${lockPath}`);
  return registered;
}

/**
 * util-linux's flock: on PATH, or where Debian and Ubuntu install it (a PATH narrowed to a few
 * tools must not turn into a missing lock).
 */
function locateFlock(): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin'].filter((dir) => dir !== '');
  for (const dir of dirs) {
    const candidate = join(dir, 'flock');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new DependencyError(
    "flock was not found on PATH, /usr/bin or /bin; the machine lock (one benchmark at a time per machine) needs util-linux's flock: apt-get install util-linux",
  );
}

/** Opens the lock file read-write, creating it (writable by every user's runs) when missing. */
function openLockFile(lockPath: string): number {
  try {
    // Created apart, exclusively: opening another user's file in a sticky directory with O_CREAT
    // is refused where fs.protected_regular is set (Debian's default).
    closeSync(openSync(lockPath, 'wx', 0o666));
    chmodSync(lockPath, 0o666);
  } catch (error) {
    if (!isErrno(error, 'EEXIST')) throw lockFileError(lockPath, error);
  }
  try {
    return openSync(lockPath, 'r+');
  } catch (error) {
    throw lockFileError(lockPath, error);
  }
}

function lockFileError(lockPath: string, error: unknown): GateError {
  return new GateError(
    `cannot open the machine lock ${lockPath}: ${errorMessage(error)}; it must be readable and writable by every user's runs (or set MYSQL_PERF_GATE_STATE_DIR to a directory that is)`,
  );
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** `flock` on our descriptor, as fd 3 of the child: the lock it takes stays with our open file. */
function spawnFlock(flock: string, fd: number, args: readonly string[]): ChildProcess {
  // Its own process group: Ctrl-C on the terminal reaches us, and we decide what the child does.
  // Should we be killed while it waits, it gets the lock in its turn and exits, dropping it at once:
  // our descriptor, the lock's other holder, died with us.
  return spawn(flock, [...args, '3'], {
    stdio: ['ignore', 'ignore', 'pipe', fd],
    detached: true,
    env: childEnv(),
  });
}

function flockExit(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stderr });
    });
  });
}

/** True when the lock was free and is now ours; false when another run holds it. */
async function tryLock(flock: string, fd: number): Promise<boolean> {
  const args = ['--exclusive', '--nonblock', '--conflict-exit-code', String(CONFLICT_EXIT)];
  const { code, stderr } = await flockExit(spawnFlock(flock, fd, args));
  if (code === 0) return true;
  if (code === CONFLICT_EXIT) return false;
  throw new GateError(`flock could not lock the machine (exit status ${code ?? 'none'}): ${stderr.trim()}`);
}

function readHolder(lockPath: string): HolderRecord | undefined {
  try {
    return parseHolderRecord(readFileSync(lockPath, 'utf8'), isRunning);
  } catch {
    return undefined;
  }
}

/**
 * Who holds the machine lock now, read from its record without locking: undefined when no live
 * run recorded itself (the lock is free, or its holder is just taking it).
 */
export function machineLockHolder(): HolderRecord | undefined {
  return readHolder(join(machineStateDir(), LOCK_FILE_NAME));
}

/** The holder's record, looked for again every 25 ms for up to `graceMs` while there is none. */
async function awaitHolder(
  lockPath: string,
  graceMs: number,
  stop: () => boolean,
): Promise<HolderRecord | undefined> {
  const deadline = Date.now() + graceMs;
  let holder = readHolder(lockPath);
  while (!holder && Date.now() < deadline && !stop()) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    holder = readHolder(lockPath);
  }
  return holder;
}

/**
 * Waits in a blocking `flock` for the holder to finish, saying whom it waits for now and every
 * `remindEveryMs`; kills that flock on timeout (LockTimeoutError) or interruption.
 */
async function waitForLock(
  flock: string,
  fd: number,
  lockPath: string,
  request: LockRequest,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  const started = Date.now();
  const say = (waitedMs: number, holder = readHolder(lockPath)): void => {
    logger.info(waitingMessage(holder, new Date(), waitedMs, lockPath));
  };
  const timedOut = (): LockTimeoutError => {
    const [holder, now] = [readHolder(lockPath), new Date()];
    return new LockTimeoutError(
      timeoutMessage(holder, now, request.timeoutMs ?? 0, request.timeoutLabel),
      describeHolder(holder, now),
    );
  };
  if (request.timeoutMs === 0) {
    say(0, await awaitHolder(lockPath, RECORD_GRACE_NO_WAIT_MS, () => signal.aborted));
    throw timedOut();
  }
  signal.throwIfAborted();
  const child = spawnFlock(flock, fd, ['--exclusive']);
  const exit = flockExit(child);
  // Whom it waits for, looked for while flock already waits: should the lock come free during
  // the grace, it is taken at once and there is no one to name.
  const flockDone = { exited: false };
  const settle = (): void => {
    flockDone.exited = true;
  };
  void exit.then(settle, settle);
  const holder = await awaitHolder(lockPath, RECORD_GRACE_MS, () => flockDone.exited || signal.aborted);
  if (!flockDone.exited) say(0, holder);
  let stop: GateError | undefined;
  const end = (error: GateError): void => {
    stop ??= error;
    child.kill('SIGKILL');
  };
  const reminder = setInterval(() => {
    say(Date.now() - started);
  }, request.remindEveryMs ?? REMIND_EVERY_MS);
  const timer =
    request.timeoutMs === null
      ? undefined
      : setTimeout(() => {
          end(timedOut());
        }, request.timeoutMs);
  const onAbort = (): void => {
    end(abortReason(signal));
  };
  signal.addEventListener('abort', onAbort);
  try {
    const { code, stderr } = await exit;
    if (stop) throw stop;
    if (code !== 0)
      throw new GateError(
        `flock could not lock the machine (exit status ${code ?? 'none'}): ${stderr.trim()}`,
      );
  } finally {
    clearInterval(reminder);
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
  logger.info(`the machine lock is ours after waiting ${formatDuration((Date.now() - started) / 1000)}`);
}

function abortReason(signal: AbortSignal): GateError {
  const reason: unknown = signal.reason;
  return reason instanceof GateError ? reason : new InterruptedError('SIGINT');
}

/** Writes our record over whatever a previous holder left, once the lock is ours. */
function writeRecord(fd: number, request: LockRequest): void {
  const record: HolderRecord = {
    pid: process.pid,
    user: currentUser(),
    host: os.hostname(),
    suite: request.suite,
    ...(request.activity === undefined ? {} : { activity: request.activity }),
    ...workflowRun(process.env),
    command: process.argv.join(' '),
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(record)}\n`;
  // New text first, then cut what is left of the old: a reader sees the old record, the new, or
  // (briefly) neither, which it takes as "no record", never a wrong one.
  writeSync(fd, text, 0);
  ftruncateSync(fd, Buffer.byteLength(text));
}

/** Empties the record before the lock goes, so that no later reader finds ours. */
function clearRecord(fd: number): void {
  try {
    ftruncateSync(fd, 0);
  } catch {
    // The record names a pid that will be gone: stale, and read as such.
  }
}

function currentUser(): string {
  try {
    return os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the uid says as much.
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** The workflow run, when the action holds the lock: whom to look for on a shared runner. */
function workflowRun(env: NodeJS.ProcessEnv): { workflow?: string } {
  const { GITHUB_ACTIONS, GITHUB_REPOSITORY, GITHUB_RUN_ID, GITHUB_WORKFLOW } = env;
  if (GITHUB_ACTIONS !== 'true' || GITHUB_REPOSITORY === undefined || GITHUB_RUN_ID === undefined) return {};
  return { workflow: `workflow "${GITHUB_WORKFLOW ?? '?'}" of ${GITHUB_REPOSITORY}, run ${GITHUB_RUN_ID}` };
}
