// Runs sysbench: version check, prepare, one measured run, cleanup. The thin shell around
// args.ts (what to run) and parse-output.ts (what it printed).
import { dirname, isAbsolute, join } from 'node:path';

import { BenchmarkError, DeadlineError, DependencyError, errorMessage, tailLines } from '../errors.js';
import { formatDuration } from '../format.js';
import { type Deadline, quickDeadline } from '../shell/deadline.js';
import { onCpus } from '../shell/cpu-affinity.js';
import { exec, type ExecResult } from '../shell/exec.js';
import { sandbox, type SandboxSpec, UNCONFINED } from '../shell/sandbox.js';
import { packageRoot } from '../shell/package-root.js';
import type { MeasurementLimit, Suite, Workload } from '../suite/suite-schema.js';
import { kindNamed } from '../workload/kinds.js';
import { oltpDataSet } from '../workload/sysbench-oltp.js';
import type { DataSet } from '../workload/workload-kind.js';
import {
  dataCommandArgs,
  redactArgs,
  runArgs,
  SEEDED_PREPARE_SCRIPT,
  type SysbenchConnection,
} from './args.js';
import { parseIntervalLine } from './interval-lines.js';
import { runDeadline } from './run-deadline.js';
import { fatalLines, parseSysbenchReport } from './parse-output.js';
import type { IntervalReport, SysbenchReport } from './report-schema.js';

export type { SysbenchConnection } from './args.js';

export const SYSBENCH = 'sysbench';

export const SYSBENCH_INSTALL_HINT =
  'install sysbench 1.0: on Debian/Ubuntu `sudo apt-get install sysbench`; on other systems see ' +
  'https://github.com/akopytov/sysbench#installing-from-binary-packages';

/** Lines of stderr and of stdout quoted when sysbench fails. */
const QUOTED_LINES = 15;

/**
 * A prepare or cleanup may take this many times its kind's estimate, plus DATA_MARGIN_S: the
 * estimates are for a plain server, and under callgrind a prepare runs about twenty times slower.
 */
const DATA_DEADLINE_FACTOR = 40;
const DATA_MARGIN_S = 300;

/** The deadline of a data set's prepare or cleanup commands. */
export function dataDeadline(dataSet: Pick<DataSet, 'prepareSeconds'>, what: string): Deadline {
  const estimate = dataSet.prepareSeconds ?? 60;
  return {
    what: `sysbench for ${what}`,
    seconds: Math.ceil(estimate * DATA_DEADLINE_FACTOR + DATA_MARGIN_S),
    basis: `${DATA_DEADLINE_FACTOR} times the ${formatDuration(estimate)} it is estimated at, and ${formatDuration(DATA_MARGIN_S)}`,
  };
}

/** sysbench's version ("1.0.20"); DependencyError when it is missing or not a 1.x release. */
export async function checkSysbench(): Promise<string> {
  const result = await exec(SYSBENCH, ['--version'], {
    check: false,
    installHint: SYSBENCH_INSTALL_HINT,
    deadline: quickDeadline('sysbench --version'),
  });
  const match = /^sysbench (\d+)\.\d+\.\d+\S*/m.exec(result.stdout);
  if (result.exitCode !== 0 || !match) {
    const output = tailLines(`${result.stderr}\n${result.stdout}`, 5);
    throw new DependencyError(
      `\`${SYSBENCH} --version\` did not print a sysbench version${output ? `:\n${output}\n` : '; '}${SYSBENCH_INSTALL_HINT}`,
    );
  }
  const version = match[0].slice('sysbench '.length);
  if (match[1] !== '1') {
    throw new DependencyError(
      `sysbench ${version} is not supported: mysql-perf-gate reads the report format of sysbench 1.x; ${SYSBENCH_INSTALL_HINT}`,
    );
  }
  return version;
}

function quoteOutput(result: Pick<ExecResult, 'stdout' | 'stderr'>): string {
  const parts = [
    ['stderr', tailLines(result.stderr, QUOTED_LINES)],
    ['stdout', tailLines(result.stdout, QUOTED_LINES)],
  ]
    .filter(([, text]) => text !== '')
    .map(([name, text]) => `--- ${name} (last lines) ---\n${text}`);
  return parts.length > 0 ? parts.join('\n') : '(sysbench printed nothing)';
}

/** What was stopped, by whom: the caller's reason (InterruptedError, ServerError…) wins. */
function abortError(signal: AbortSignal, what: string): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error
    ? reason
    : new BenchmarkError(`sysbench for ${what} was stopped before it finished`);
}

export interface SysbenchCall {
  readonly args: readonly string[];
  /** Names the step in messages: a cell, or "prepare of 8 table(s) in database sbtest". */
  readonly what: string;
  readonly signal?: AbortSignal;
  /** Past it, sysbench is stopped and the call throws DeadlineError (a hang). */
  readonly deadline: Deadline;
  readonly onStdout?: (chunk: string) => void;
  /** The CPUs sysbench may run on (a taskset list); any when left out. */
  readonly cpus?: string;
  /**
   * Run sysbench in the sandbox, seeing these (a sandboxed server's socket directory) and the
   * scripts it is given: against a server built from untrusted code, whose scripts may be too.
   */
  readonly sandbox?: SandboxSpec;
}

/** The sandbox's spec with the directories of the .lua scripts among sysbench's arguments readable too. */
function withScripts(spec: SandboxSpec, args: readonly string[]): SandboxSpec {
  const scripts = args.filter((arg) => isAbsolute(arg) && arg.endsWith('.lua')).map((arg) => dirname(arg));
  return { ...spec, readable: [...new Set([...(spec.readable ?? []), ...scripts])] };
}

/**
 * Runs sysbench to completion. Non-zero exit, death by a signal, a FATAL line or a timeout is a
 * BenchmarkError naming `what` and quoting the output; an aborted `signal` kills sysbench (the
 * exec wrapper sends SIGTERM; sysbench is one process, so nothing is left behind) and rethrows
 * the signal's reason.
 */
export async function runSysbench(call: SysbenchCall): Promise<ExecResult> {
  let result: ExecResult;
  try {
    const [pinned, pinnedArgs] = onCpus(SYSBENCH, call.args, call.cpus);
    const confinement =
      call.sandbox === undefined ? UNCONFINED : sandbox(withScripts(call.sandbox, call.args));
    const { file: command, args } = confinement.wrap(pinned, pinnedArgs);
    result = await exec(command, args, {
      env: confinement.env(),
      check: false,
      installHint: SYSBENCH_INSTALL_HINT,
      deadline: call.deadline,
      ...(call.signal === undefined ? {} : { signal: call.signal }),
      ...(call.onStdout === undefined ? {} : { onStdout: call.onStdout }),
    });
  } catch (error) {
    if (call.signal?.aborted) throw abortError(call.signal, call.what);
    if (error instanceof DependencyError || error instanceof DeadlineError) throw error;
    // exec's own message quotes the command line, password included: say it again without it.
    const cause: unknown = error instanceof Error ? error.cause : undefined;
    throw new BenchmarkError(`could not start sysbench for ${call.what}: ${errorMessage(cause)}`);
  }
  const fatal = fatalLines(result.stdout);
  if (result.exitCode !== 0 || result.signal !== null || fatal.length > 0) {
    const how =
      result.signal !== null
        ? `was killed by ${result.signal}`
        : result.exitCode !== 0
          ? `exited with status ${result.exitCode}`
          : 'reported FATAL errors';
    throw new BenchmarkError(
      `sysbench for ${call.what} ${how}. Command: ${[SYSBENCH, ...redactArgs(call.args)].join(' ')}\n${quoteOutput(result)}`,
    );
  }
  return result;
}

/** assets/sysbench/seeded_prepare.lua at the package root. */
export function seededPrepareScript(): string {
  return assetScript(SEEDED_PREPARE_SCRIPT);
}

/** A script of ours: assets/sysbench/<name> at the package root. */
export function assetScript(name: string): string {
  return join(packageRoot(), 'assets', 'sysbench', name);
}

/**
 * Runs a data set's prepare or cleanup commands (a workload kind's, workload/) in order.
 * Returns sysbench's output of all of them. A prepare that finds its tables there already says
 * where they come from.
 */
export async function runDataCommands(
  connection: SysbenchConnection,
  suite: Suite,
  dataSet: DataSet,
  which: 'prepare' | 'cleanup',
  signal?: AbortSignal,
): Promise<string> {
  const kind = kindNamed(dataSet.kind);
  const what = `${which} of ${dataSet.what} in database ${connection.database}`;
  const outputs: string[] = [];
  for (const command of dataSet[which]) {
    try {
      const args = dataCommandArgs(connection, suite, command, kind, assetScript);
      const sandboxed = connection.sandbox === undefined ? {} : { sandbox: connection.sandbox };
      const deadline = dataDeadline(dataSet, what);
      outputs.push((await runSysbench({ args, what, signal, deadline, ...sandboxed })).stdout);
    } catch (error) {
      if (which === 'prepare' && error instanceof BenchmarkError && /already exists/.test(error.message)) {
        throw new BenchmarkError(
          `${error.message}\nThe data is left from an earlier prepare: clean it up first (its cleanup command) or use an empty database.`,
          { cause: error },
        );
      }
      throw error;
    }
  }
  return outputs.join('');
}

/**
 * Creates and fills the suite's OLTP tables (sbtest1..N, tableSize rows each, prepareOptions)
 * with a bundled oltp script: min(tables, 4) threads in parallel, or one thread and the same
 * rows every time when the suite has a fixed seed. Returns sysbench's output.
 */
export async function prepareTables(
  connection: SysbenchConnection,
  suite: Suite,
  signal?: AbortSignal,
): Promise<string> {
  return runDataCommands(connection, suite, oltpDataSet(suite), 'prepare', signal);
}

/** Drops the suite's OLTP tables. Returns sysbench's output. */
export async function cleanupTables(
  connection: SysbenchConnection,
  suite: Suite,
  signal?: AbortSignal,
): Promise<string> {
  return runDataCommands(connection, suite, oltpDataSet(suite), 'cleanup', signal);
}

export interface SysbenchRun {
  /** sysbench's stdout, then its stderr (if any) after a "--- stderr ---" line. */
  readonly raw: string;
  /** The arguments sysbench ran with (after "sysbench"), the password replaced by ***. */
  readonly args: string[];
  readonly report: SysbenchReport;
}

/** Splits a stream into lines and hands each complete one to `onLine`. */
function lineSplitter(onLine: (line: string) => void): { push(chunk: string): void; end(): void } {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    },
    end() {
      if (pending !== '') onLine(pending);
      pending = '';
    },
  };
}

/**
 * Runs one cell: `workload` at `threads` threads for `limit` (seconds or events). `onInterval` gets each
 * --report-interval line as sysbench prints it. A failed, hung or untrustworthy run is a
 * BenchmarkError naming `cell` and quoting sysbench's output; an aborted `signal` kills
 * sysbench and rethrows the signal's reason.
 */
export interface RunWorkloadOptions {
  readonly signal?: AbortSignal;
  /** Called with each --report-interval line as sysbench prints it. */
  readonly onInterval?: (interval: IntervalReport) => void;
  /** The CPUs sysbench may run on (a taskset list such as "0" or "0-3"); any when left out. */
  readonly cpus?: string;
  /** How long the run may take: the plan's (run/cell-pace.ts); the repetition's time and a margin by default. */
  readonly deadline?: Deadline;
}

export async function runWorkload(
  connection: SysbenchConnection,
  suite: Suite,
  workload: Workload,
  threads: number,
  limit: MeasurementLimit,
  cell: string,
  options: RunWorkloadOptions = {},
): Promise<SysbenchRun> {
  const { signal, onInterval, cpus } = options;
  const deadline = options.deadline ?? runDeadline(limit, `sysbench for ${cell}`);
  const args = runArgs(connection, suite, workload, threads, limit, assetScript);
  // A throwing callback must not crash the stream handler; it is rethrown once sysbench ends.
  let callbackError: Error | undefined;
  const splitter = lineSplitter((line) => {
    const interval = parseIntervalLine(line);
    if (interval === null || onInterval === undefined || callbackError !== undefined) return;
    try {
      onInterval(interval);
    } catch (error) {
      callbackError = error instanceof Error ? error : new Error(`onInterval threw ${String(error)}`);
    }
  });
  const result = await runSysbench({
    args,
    what: cell,
    signal,
    ...(cpus === undefined ? {} : { cpus }),
    ...(connection.sandbox === undefined ? {} : { sandbox: connection.sandbox }),
    deadline,
    onStdout: (chunk) => {
      splitter.push(chunk);
    },
  });
  splitter.end();
  if (callbackError !== undefined) throw callbackError;

  const report = parseSysbenchReport(result.stdout, cell);
  if (report.threads !== threads) {
    throw new BenchmarkError(
      `sysbench for ${cell} ran ${report.threads} threads, not the ${threads} asked for`,
    );
  }
  if ('events' in limit && report.transactions !== limit.events) {
    throw new BenchmarkError(
      `sysbench for ${cell} completed ${report.transactions} transactions, not the ${limit.events} events asked for`,
    );
  }
  if (report.latencyMs.percentile !== suite.percentile) {
    throw new BenchmarkError(
      `sysbench for ${cell} reported the ${report.latencyMs.percentile}th latency percentile, not the suite's ${suite.percentile}th`,
    );
  }
  const raw = result.stderr === '' ? result.stdout : `${result.stdout}\n--- stderr ---\n${result.stderr}`;
  return { raw, args: redactArgs(args), report };
}
