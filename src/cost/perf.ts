// Counting events of the server process with `perf stat` over a measured window: instructions
// retired (where the machine exposes hardware counters) or software events such as task-clock.
// Instruction counts barely move with CPU contention, so on a noisy CI runner they show a
// regression that throughput hides. Detection says, in words, why counting is not possible
// (perf missing, the event unsupported — typical in VMs —, or perf_event_paranoid).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { Socket } from 'node:net';

import { BenchmarkError, DependencyError, GateError, errorMessage, tailLines } from '../errors.js';
import { exec } from '../shell/exec.js';

export const PERF = 'perf';

export const PERF_INSTALL_HINT =
  'install perf: on Debian `sudo apt-get install linux-perf`, on Ubuntu ' +
  '`sudo apt-get install linux-tools-common linux-tools-$(uname -r)`';

const PARANOID_FILE = '/proc/sys/kernel/perf_event_paranoid';

/** perf stat waits this long for its counters to be open and enabled; failing to is an error. */
const ATTACH_TIMEOUT_MS = 10_000;
/** After SIGINT perf prints its counts and exits at once; longer than this means it is stuck. */
const STOP_TIMEOUT_MS = 10_000;

/**
 * A few tens of milliseconds of user-space work for detection. `true` alone runs so briefly that
 * a hardware counter may never get scheduled on it and read as "<not counted>".
 */
const BUSY_WORKLOAD = ['sh', '-c', 'i=0; while [ "$i" -lt 20000 ]; do i=$((i+1)); done'];

/** perf formats numbers by locale (a decimal comma would break its CSV), so force the C locale. */
function perfEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C' };
}

export type PerfSupport =
  | {
      readonly available: true;
      readonly perfVersion: string;
      /**
       * perf counted user space only (it printed the event as "<event>:u"): what an unprivileged
       * user gets with perf_event_paranoid >= 2. Still comparable between runs made the same way.
       */
      readonly userSpaceOnly: boolean;
    }
  | { readonly available: false; readonly reason: string };

/** One count line of `perf stat -x,` output. */
interface PerfRow {
  readonly event: string;
  /** The count, or perf's marker when there is none. */
  readonly value: number | '<not counted>' | '<not supported>';
  readonly line: string;
}

/**
 * The count lines of `perf stat -x,` output (perf 6.1: value,unit,event,run-time-ns,
 * percent-running,metric-value,metric-unit). Skipped: "#" comments and blank lines (`-o` files
 * start with "# started on …"), metric-only lines (empty value), and anything that is not CSV —
 * perf's own messages ("Events enabled") when reading its stderr.
 */
function perfStatRows(text: string): PerfRow[] {
  const rows: PerfRow[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fields = line.split(',');
    const [value, , event] = fields;
    if (fields.length < 3 || value === undefined || event === undefined || event === '') continue;
    if (value === '<not counted>' || value === '<not supported>') {
      rows.push({ event, value, line });
    } else if (/^\d+(\.\d+)?$/.test(value)) {
      rows.push({ event, value: Number(value), line });
    }
  }
  return rows;
}

/**
 * Counts per event name, as perf printed them (task-clock and cpu-clock in milliseconds, other
 * events as plain counts). An event perf could not count ("<not supported>", "<not counted>") is
 * a BenchmarkError naming it; so is output without any count line. `what` names the source.
 */
export function parsePerfStatCsv(text: string, what: string): Record<string, number> {
  const rows = perfStatRows(text);
  if (rows.length === 0) {
    const tail = tailLines(text, 10);
    throw new BenchmarkError(
      `${what}: perf stat printed no counts${tail ? `; it printed:\n${tail}` : ' (no output at all)'}`,
    );
  }
  const counts: Record<string, number> = {};
  for (const row of rows) {
    if (typeof row.value !== 'number' && !ranOnOtherCoreType(row, rows)) {
      throw new BenchmarkError(`${what}: ${uncountedMessage(row)}`);
    }
    if (row.event in counts) {
      throw new BenchmarkError(`${what}: perf stat printed two counts for ${row.event}: "${row.line}"`);
    }
    counts[row.event] = typeof row.value === 'number' ? row.value : 0;
  }
  return counts;
}

/**
 * On a hybrid CPU a process that never ran on one core type gets "<not counted>" on that PMU's
 * line ("cpu_atom/instructions/") while another ("cpu_core/instructions/") has the count: that
 * line means zero, not failure.
 */
function ranOnOtherCoreType(row: PerfRow, rows: readonly PerfRow[]): boolean {
  const pmuEvent = (name: string): string[] | undefined => {
    const match = /^([\w-]+)\/(.+)\/:?u?$/.exec(name);
    return match?.[1] !== undefined && match[2] !== undefined ? [match[1], match[2]] : undefined;
  };
  const mine = pmuEvent(row.event);
  if (row.value !== '<not counted>' || !mine) return false;
  return rows.some((other) => {
    const theirs = pmuEvent(other.event);
    return (
      typeof other.value === 'number' &&
      theirs !== undefined &&
      theirs[1] === mine[1] &&
      theirs[0] !== mine[0]
    );
  });
}

function uncountedMessage(row: PerfRow): string {
  const why =
    row.value === '<not supported>'
      ? 'this machine does not provide that event (hardware counters are often hidden from virtual ' +
        'machines and containers; count it on bare metal or a VM with a virtual PMU, or use a software ' +
        'event such as task-clock)'
      : 'the counter never ran (the process was not scheduled while counting, or every hardware ' +
        'counter was taken by other perf users such as the NMI watchdog)';
  return `perf could not count ${row.event}: it printed "${row.line}": ${why}`;
}

/**
 * Whether a printed event name carries the requested `event`: the name itself; "<event>:u" when
 * perf fell back to user space only (perf_event_paranoid >= 2 without privileges); or, on hybrid
 * CPUs (Intel P/E cores), "<pmu>/<event>/", one line per core type.
 */
function carriesEvent(printed: string, event: string): boolean {
  if (printed === event || printed === `${event}:u`) return true;
  const match = /^[\w-]+\/(.+)\/:?u?$/.exec(printed);
  return match?.[1] === event;
}

/**
 * The count of a requested `event` in parsePerfStatCsv's result: its own line, or the sum of the
 * lines that carry it (see carriesEvent); undefined when perf printed none.
 */
export function eventCount(counts: Record<string, number>, event: string): number | undefined {
  if (event in counts) return counts[event];
  const lines = Object.entries(counts).filter(([name]) => carriesEvent(name, event));
  return lines.length === 0 ? undefined : lines.reduce((sum, [, value]) => sum + value, 0);
}

/** What perf_event_paranoid is set to, for messages. */
async function paranoidSetting(): Promise<string> {
  try {
    return `${PARANOID_FILE} is ${(await readFile(PARANOID_FILE, 'utf8')).trim()}`;
  } catch {
    return `${PARANOID_FILE} does not exist (a kernel without perf events support?)`;
  }
}

/**
 * perf's messages for quoting in errors: without the lines -D -1/--control print in normal
 * operation and without the usage summary perf appends to argument errors. The first lines are
 * kept, because perf states the problem first ("Error:\nAccess to performance monitoring…").
 */
function perfMessages(stderr: string, lines = 8): string {
  const noise = /^Events (enabled|disabled)$/;
  const kept: string[] = [];
  for (const line of stderr.split('\n')) {
    if (/^\s*Usage: perf /.test(line)) break;
    if (line.trim() !== '' && !noise.test(line.trim())) kept.push(line.trimEnd());
  }
  return kept.length > lines ? [...kept.slice(0, lines), '…'].join('\n') : kept.join('\n');
}

function isPermissionProblem(stderr: string): boolean {
  return /perf_event_paranoid|Permission denied|Access to performance monitoring|No permission/i.test(stderr);
}

async function permissionAdvice(): Promise<string> {
  return (
    `${await paranoidSetting()}; run as root or with CAP_PERFMON, or lower it ` +
    '(`sudo sysctl kernel.perf_event_paranoid=1`; 2 allows user-space-only counts of your own ' +
    "processes); attaching to another user's process also needs CAP_SYS_PTRACE (run perf as that user)"
  );
}

/**
 * Whether `perf stat` can count `event` on this machine, for startPerfStat. Never throws: every
 * obstacle becomes a `reason` that says what to do.
 */
export async function detectPerfCounters(event = 'instructions'): Promise<PerfSupport> {
  let version;
  try {
    version = await exec(PERF, ['--version'], {
      check: false,
      env: perfEnv(),
      installHint: PERF_INSTALL_HINT,
    });
  } catch (error) {
    if (error instanceof DependencyError) return { available: false, reason: error.message };
    return { available: false, reason: `could not run \`perf --version\`: ${errorMessage(error)}` };
  }
  const versionMatch = /^perf version (\S+)/m.exec(version.stdout);
  if (version.exitCode !== 0 || !versionMatch?.[1]) {
    // Ubuntu's /usr/bin/perf is a wrapper that fails like this when the perf for the running
    // kernel is not installed ("perf not found for kernel …").
    const said = perfMessages(`${version.stderr}\n${version.stdout}`, 5);
    return {
      available: false,
      reason: `\`perf --version\` did not print a version${said ? `:\n${said}\n` : '; '}${PERF_INSTALL_HINT}`,
    };
  }
  const perfVersion = versionMatch[1];

  // startPerfStat needs --control and -D -1 to know when counting has started (perf 5.10+).
  const help = await exec(PERF, ['stat', '-h'], { check: false, env: perfEnv() }).catch(() => undefined);
  if (help && !`${help.stdout}${help.stderr}`.includes('--control')) {
    return {
      available: false,
      reason: `perf ${perfVersion} is too old: its \`perf stat\` has no --control option (perf 5.10 or later); ${PERF_INSTALL_HINT}`,
    };
  }

  const args = ['stat', '-x,', '--no-big-num', '-e', event, '--', ...BUSY_WORKLOAD];
  const command = [PERF, ...args].join(' ');
  let result;
  try {
    result = await exec(PERF, args, { check: false, env: perfEnv() });
  } catch (error) {
    return { available: false, reason: `could not run \`${command}\`: ${errorMessage(error)}` };
  }
  if (result.exitCode !== 0 || result.signal !== null) {
    const said = perfMessages(result.stderr);
    const advice = isPermissionProblem(result.stderr) ? `\n${await permissionAdvice()}` : '';
    return {
      available: false,
      reason: `\`${command}\` failed (${result.signal ?? `exit status ${result.exitCode}`})${said ? `:\n${said}` : ''}${advice}`,
    };
  }
  const row = perfStatRows(result.stderr).find((candidate) => carriesEvent(candidate.event, event));
  if (!row) {
    const said = perfMessages(result.stderr);
    return {
      available: false,
      reason: `\`${command}\` printed no count for ${event}${said ? `:\n${said}` : ''}`,
    };
  }
  if (typeof row.value !== 'number') return { available: false, reason: uncountedMessage(row) };
  return { available: true, perfVersion, userSpaceOnly: row.event.endsWith(':u') && !event.endsWith(':u') };
}

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

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/**
 * Starts `perf stat` counting `events` on process `pid` (all its threads, and threads it creates
 * later) and resolves once counting has begun, so that everything after this call is counted.
 *
 * How we know: perf starts with its counters open but disabled (-D -1) and listens on a control
 * pipe (--control fd:4,5); we send "enable" and perf answers "ack" only after enabling them. Counts
 * go to their own pipe (--log-fd 3), apart from perf's messages on stderr.
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
  const signal = options.signal;
  signal?.throwIfAborted();

  const args = [
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
  const command = [PERF, ...args].join(' ');
  const child = spawn(PERF, args, {
    env: perfEnv(),
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
  });

  let exit: Exit | undefined;
  const closed = new Promise<Exit>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) => {
      if (child.pid !== undefined) return; // a failed kill(); the process is still there
      reject(
        error.code === 'ENOENT'
          ? new DependencyError(`${PERF} was not found; ${PERF_INSTALL_HINT}`)
          : new GateError(`could not run ${command}: ${error.message}`, { cause: error }),
      );
    });
    child.once('close', (code, exitSignal) => {
      exit = { code, signal: exitSignal };
      livePerfs.delete(child);
      resolve(exit);
    });
  });
  if (child.pid === undefined) {
    await closed; // rejects with the spawn error
    throw new GateError(`could not run ${command}`);
  }
  const perfPid = child.pid;
  track(child);

  const kill = (): void => {
    if (exit === undefined) child.kill('SIGKILL');
  };
  let onAborted: () => void = () => undefined;
  const aborted = new Promise<'aborted'>((resolve) => {
    onAborted = () => {
      resolve('aborted');
    };
  });
  const onAbort = (): void => {
    kill();
    onAborted();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  void closed.finally(() => signal?.removeEventListener('abort', onAbort)).catch(() => undefined);

  const stderr: string[] = [];
  const output: string[] = [];
  let acked: () => void = () => undefined;
  const ack = new Promise<void>((resolve) => {
    acked = resolve;
  });
  let ackText = '';
  try {
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
    extraPipe(child, 3)
      .setEncoding('utf8')
      .on('data', (chunk: string) => output.push(chunk));
    extraPipe(child, 5)
      .setEncoding('utf8')
      .on('data', (chunk: string) => {
        ackText += chunk;
        if (ackText.includes('ack\n')) acked();
      });
    const control = extraPipe(child, 4);
    control.on('error', () => undefined); // perf gone: reported by the exit below
    // Buffered until perf reads its control pipe, which it does once its counters are open.
    control.write('enable\n');
  } catch (error) {
    kill();
    await closed.catch(() => undefined);
    throw error;
  }

  // Attached (ack), or perf exited (it could not attach), or aborted, or stuck.
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    ack.then(() => 'attached' as const),
    closed.then(
      () => 'exited' as const,
      () => 'exited' as const,
    ),
    aborted,
    new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => {
        resolve('timeout');
      }, ATTACH_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (outcome !== 'attached' || signal?.aborted === true) {
    kill();
    const status = await closed;
    if (signal?.aborted) throw abortReason(signal);
    const said = perfMessages(stderr.join(''));
    const advice = isPermissionProblem(stderr.join('')) ? `\n${await permissionAdvice()}` : '';
    const gone = /Problems finding threads/.test(said) ? ` (process ${pid} does not exist)` : '';
    const how =
      outcome === 'timeout'
        ? `did not start counting within ${ATTACH_TIMEOUT_MS / 1000} s and was killed`
        : `exited (${describeExit(status)}) before counting started${gone}`;
    throw new BenchmarkError(`${command} ${how}${said ? `:\n${said}` : ''}${advice}`);
  }

  let stopping: Promise<Record<string, number>> | undefined;
  const stop = async (): Promise<Record<string, number>> => {
    const endedEarly = exit;
    if (endedEarly === undefined) child.kill('SIGINT'); // perf prints its counts and exits
    let stopTimer: NodeJS.Timeout | undefined;
    const status = await Promise.race([
      closed,
      new Promise<undefined>((resolve) => {
        stopTimer = setTimeout(() => {
          resolve(undefined);
        }, STOP_TIMEOUT_MS);
      }),
    ]);
    clearTimeout(stopTimer);
    if (status === undefined) {
      kill();
      await closed;
      throw new BenchmarkError(
        `${command} did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGINT and was killed; no counts`,
      );
    }
    if (signal?.aborted) throw abortReason(signal);
    const said = perfMessages(stderr.join(''));
    if (endedEarly !== undefined) {
      // perf exits by itself (status 0) when its target exits; a signal came from someone else,
      // such as a Ctrl-C in the terminal, which reaches perf too.
      const why =
        endedEarly.signal === null
          ? `process ${pid} probably exited, so the counts do not cover the window; if it is the ` +
            'server, check its error log'
          : 'something else stopped it (a Ctrl-C in the terminal?), so the counts do not cover the window';
      throw new BenchmarkError(
        `perf stat ended (${describeExit(endedEarly)}) before the measurement window did: ${why}` +
          (said ? `\nperf said:\n${said}` : ''),
      );
    }
    // perf re-raises SIGINT on itself after printing, so "killed by SIGINT" is its normal end.
    if (!(status.signal === 'SIGINT' || status.code === 0 || status.code === 130)) {
      throw new BenchmarkError(`${command} ${describeExit(status)}${said ? `:\n${said}` : ''}`);
    }
    const counts = parsePerfStatCsv(output.join(''), `perf stat of process ${pid}`);
    const result: Record<string, number> = {};
    for (const event of events) {
      const count = eventCount(counts, event);
      if (count === undefined) {
        throw new BenchmarkError(
          `perf stat of process ${pid} printed no count for ${event}; it printed:\n${tailLines(output.join(''), 10)}`,
        );
      }
      result[event] = count;
    }
    return result;
  };
  return {
    perfPid,
    stop: () => (stopping ??= stop()),
  };
}

function describeExit(status: Exit): string {
  return status.signal !== null ? `killed by ${status.signal}` : `exit status ${status.code ?? '?'}`;
}

function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new BenchmarkError('perf stat was stopped: the run was aborted');
}
