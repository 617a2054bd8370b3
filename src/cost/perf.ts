// Counting events of the server process with `perf stat` over a measured window: instructions
// retired (where the machine exposes hardware counters) or software events such as task-clock.
// Instruction counts barely move with CPU contention, so on a noisy CI runner they show a
// regression that throughput hides. Detection says, in words, why counting is not possible
// (perf missing, the event unsupported — typical in VMs —, or perf_event_paranoid).
import { spawn, type ChildProcess } from 'node:child_process';
import { Socket } from 'node:net';

import { BenchmarkError, DependencyError, GateError } from '../errors.js';
import {
  type AttachFailure,
  type Exit,
  attachFailureMessage,
  describeExit,
  endedByInterrupt,
  endedEarlyMessage,
  isPermissionProblem,
  perfMessages,
  requestedCounts,
} from './perf-output.js';
import { PERF, PERF_INSTALL_HINT, perfEnv, permissionAdvice } from './perf-detect.js';

// Re-exported so that callers find all of perf in one module, whichever file does the work.
export { eventCount, parsePerfStatCsv } from './perf-output.js';
export { detectPerfCounters, PERF, PERF_INSTALL_HINT, type PerfSupport } from './perf-detect.js';

/** perf stat waits this long for its counters to be open and enabled; failing to is an error. */
const ATTACH_TIMEOUT_MS = 10_000;
/** After SIGINT perf prints its counts and exits at once; longer than this means it is stuck. */
const STOP_TIMEOUT_MS = 10_000;

export interface PerfSession {
  /** perf's pid, for leak checks. */
  readonly perfPid: number;
  /**
   * Ends counting and returns the count of each requested event (see parsePerfStatCsv for units).
   * Throws a BenchmarkError if perf could not count an event, or if perf ended before stop() —
   * the target exited, so the counts would not cover the window. Calling it again returns the
   * same result.
   */
  stop(): Promise<Record<string, number>>;
}

/** Live perf children, killed if Node exits without stopping them (they would outlive us). */
const livePerfs = new Set<ChildProcess>();
let exitHookInstalled = false;

function track(child: ChildProcess): void {
  livePerfs.add(child);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const perf of livePerfs) perf.kill('SIGKILL');
  });
}

/** The parent's end of an extra stdio pipe (Node makes them sockets). */
function extraPipe(child: ChildProcess, fd: number): Socket {
  const stream = child.stdio[fd];
  if (!(stream instanceof Socket)) throw new GateError(`perf's file descriptor ${fd} is not a pipe`);
  return stream;
}

/** `promise`'s value, or 'timeout' if it has none after `ms`. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
    }, ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function spawnError(error: NodeJS.ErrnoException, command: string): GateError {
  return error.code === 'ENOENT'
    ? new DependencyError(`${PERF} was not found; ${PERF_INSTALL_HINT}`)
    : new GateError(`could not run ${command}: ${error.message}`, { cause: error });
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new BenchmarkError('perf stat was stopped: the run was aborted');
}

/**
 * The arguments that make perf count `events` of process `pid` (all its threads, and threads it
 * creates later), with counters open but disabled (-D -1) until "enable" arrives on the control
 * pipe (--control fd:4,5), which perf answers with "ack" once they are enabled. Counts go to their
 * own pipe (--log-fd 3), apart from perf's messages on stderr.
 */
export function perfStatArgs(pid: number, events: readonly string[]): string[] {
  return [
    'stat',
    '-x,',
    '--no-big-num',
    '--log-fd',
    '3',
    '-D',
    '-1',
    '--control',
    'fd:4,5',
    // One -e per event: an event such as cpu/event=0x3c,umask=0/ contains commas itself.
    ...events.flatMap((event) => ['-e', event]),
    '-p',
    String(pid),
  ];
}

/**
 * One `perf stat` attached to a process: spawned by the constructor, then attach() and stop().
 * perf never outlives it: it is killed when `signal` aborts, when attaching fails, and when Node
 * exits; it exits by itself when the target exits.
 */
class PerfStatProcess {
  private readonly command: string;
  /** Resolves once perf has exited and its pipes are closed; rejects if it could not be started. */
  private readonly closed: Promise<Exit>;
  private readonly child: ChildProcess;
  private exit: Exit | undefined;
  private readonly stderr: string[] = [];
  private readonly output: string[] = [];

  constructor(
    private readonly pid: number,
    private readonly events: readonly string[],
    private readonly signal: AbortSignal | undefined,
  ) {
    const args = perfStatArgs(pid, events);
    this.command = [PERF, ...args].join(' ');
    this.child = spawn(PERF, args, {
      env: perfEnv(),
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
    });
    this.closed = new Promise<Exit>((resolve, reject) => {
      this.child.once('error', (error: NodeJS.ErrnoException) => {
        if (this.child.pid !== undefined) return; // a failed kill(); the process is still there
        reject(spawnError(error, this.command));
      });
      this.child.once('close', (code, exitSignal) => {
        const exit = { code, signal: exitSignal };
        this.exit = exit;
        livePerfs.delete(this.child);
        resolve(exit);
      });
    });
  }

  /** perf's pid; throws why it could not be started (a DependencyError when perf is missing). */
  async started(): Promise<number> {
    const perfPid = this.child.pid;
    if (perfPid === undefined) {
      await this.closed; // rejects with the spawn error
      throw new GateError(`could not run ${this.command}`);
    }
    track(this.child);
    return perfPid;
  }

  /** Resolves once perf is counting; otherwise kills it and throws why it is not. */
  async attach(): Promise<void> {
    const aborted = this.killOnAbort();
    let ack: Promise<void>;
    try {
      ack = this.enable();
    } catch (error) {
      this.kill();
      await this.closed.catch(() => undefined);
      throw error;
    }
    const exited = this.closed.then(
      () => 'exited' as const,
      () => 'exited' as const,
    );
    const attached = ack.then(() => 'attached' as const);
    const outcome = await withTimeout(Promise.race([attached, exited, aborted]), ATTACH_TIMEOUT_MS);
    if (outcome !== 'attached' || this.signal?.aborted === true) throw await this.attachFailure(outcome);
  }

  /**
   * Ends counting (SIGINT: perf prints its counts and exits) and returns the count of each event.
   * Throws if perf had ended already, or ended otherwise than SIGINT makes it, or counted nothing.
   */
  async stop(): Promise<Record<string, number>> {
    const endedEarly = this.exit;
    const status = await this.interrupt();
    if (this.signal?.aborted) throw abortReason(this.signal);
    const stderr = this.stderr.join('');
    if (endedEarly !== undefined) throw new BenchmarkError(endedEarlyMessage(endedEarly, this.pid, stderr));
    if (!endedByInterrupt(status)) {
      const said = perfMessages(stderr);
      throw new BenchmarkError(`${this.command} ${describeExit(status)}${said ? `:\n${said}` : ''}`);
    }
    return requestedCounts(this.output.join(''), this.events, `perf stat of process ${this.pid}`);
  }

  private kill(): void {
    if (this.exit === undefined) this.child.kill('SIGKILL');
  }

  /** Kills perf when the signal aborts; resolves then (and never otherwise), for a wait to race. */
  private killOnAbort(): Promise<'aborted'> {
    const signal = this.signal;
    return new Promise<'aborted'>((resolve) => {
      if (signal === undefined) return;
      const onAbort = (): void => {
        this.kill();
        resolve('aborted');
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const forget = (): void => {
        signal.removeEventListener('abort', onAbort);
      };
      this.closed.then(forget, forget);
    });
  }

  /**
   * Collects perf's messages (stderr) and counts (fd 3) and sends "enable" on the control pipe
   * (fd 4); resolves when perf answers "ack" (fd 5). Throws if a pipe is missing.
   */
  private enable(): Promise<void> {
    const output = extraPipe(this.child, 3);
    const control = extraPipe(this.child, 4);
    const answers = extraPipe(this.child, 5);
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => this.stderr.push(chunk));
    output.setEncoding('utf8').on('data', (chunk: string) => this.output.push(chunk));
    const ack = new Promise<void>((resolve) => {
      let answered = '';
      answers.setEncoding('utf8').on('data', (chunk: string) => {
        answered += chunk;
        if (answered.includes('ack\n')) resolve();
      });
    });
    control.on('error', () => undefined); // perf gone: reported by its exit
    // Buffered until perf reads its control pipe, which it does once its counters are open.
    control.write('enable\n');
    return ack;
  }

  /** Kills perf, which did not start counting (`outcome`), and says why. */
  private async attachFailure(outcome: 'attached' | 'exited' | 'aborted' | 'timeout'): Promise<Error> {
    this.kill();
    const status = await this.closed;
    if (this.signal?.aborted) return abortReason(this.signal);
    const stderr = this.stderr.join('');
    const failure: AttachFailure =
      outcome === 'timeout' ? { kind: 'timeout', afterMs: ATTACH_TIMEOUT_MS } : { kind: 'exited', status };
    const advice = isPermissionProblem(stderr) ? `\n${await permissionAdvice()}` : '';
    return new BenchmarkError(`${attachFailureMessage(this.command, this.pid, failure, stderr)}${advice}`);
  }

  /** SIGINT, unless perf has exited already; how it ended. Kills it if it does not end in time. */
  private async interrupt(): Promise<Exit> {
    if (this.exit === undefined) this.child.kill('SIGINT');
    const status = await withTimeout(this.closed, STOP_TIMEOUT_MS);
    if (status !== 'timeout') return status;
    this.kill();
    await this.closed;
    throw new BenchmarkError(
      `${this.command} did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGINT and was killed; no counts`,
    );
  }
}

/**
 * Starts `perf stat` counting `events` on process `pid` (all its threads, and threads it creates
 * later) and resolves once counting has begun, so that everything after this call is counted
 * (see perfStatArgs for how we know).
 *
 * perf never outlives the session: it is killed when `signal` aborts, when attaching fails, and
 * when Node exits; it exits by itself when the target exits.
 */
export async function startPerfStat(
  pid: number,
  events: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<PerfSession> {
  if (!Number.isInteger(pid) || pid <= 0)
    throw new BenchmarkError(`cannot count events of pid ${pid}: not a process id`);
  if (events.length === 0) throw new BenchmarkError('perf stat needs at least one event to count');
  options.signal?.throwIfAborted();
  const perf = new PerfStatProcess(pid, events, options.signal);
  const perfPid = await perf.started();
  await perf.attach();
  let stopping: Promise<Record<string, number>> | undefined;
  return { perfPid, stop: () => (stopping ??= perf.stop()) };
}
