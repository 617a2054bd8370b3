// What the server spent on each measured window, beside sysbench's throughput.
//
// Throughput suites: the server process's CPU time, its threads' context switches and its I/O
// (from /proc) and, where the machine has hardware counters, its instructions (perf stat), all
// over exactly the sysbench run.
// Instruction suites: callgrind's counts for the window, switched on and off through vgdb; the
// dump is parsed for the total, the foreground (statement) part and per-function costs, and kept
// gzipped beside the results.
import { gzipSync } from 'node:zlib';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { type CallgrindProfile, inclusiveCost, parseCallgrind } from '../cost/callgrind.js';
import { startPerfStat, type PerfSession, type PerfSupport } from '../cost/perf.js';
import {
  ioDelta,
  type ProcessIo,
  readProcessIo,
  readThreadSwitches,
  switchesDelta,
  type SwitchSnapshot,
} from '../cost/proc-activity.js';
import { cpuDelta, readProcessCpu, type CpuTimes } from '../cost/proc-cpu.js';
import { MAX_DUMP_BYTES } from '../cost/profile-lines.js';
import { CallgrindControl, type CallgrindPaths } from '../cost/valgrind.js';
import { BenchmarkError, errorMessage } from '../errors.js';
import { describeFlavor } from '../flavor/flavors.js';
import type { Flavor, RepetitionCost } from '../results/results-schema.js';
import { readRegular } from '../shell/no-follow.js';
import { connect, withConnection, type ConnectionInfo } from '../server/connection.js';

/** The server as a probe sees it: its current pid and how to reach it. */
export interface ProbedServer {
  readonly pid: number | undefined;
  /** Its pid as it sees itself: in the sandbox's PID namespace, when sandboxed. */
  readonly namespacePid?: number | undefined;
  readonly connection: ConnectionInfo;
  readonly flavor: Flavor;
}

export interface WindowCost {
  readonly cost: RepetitionCost;
  /** Instruction windows: the parsed profile, for per-function costs. */
  readonly profile?: CallgrindProfile;
}

export interface CostProbe {
  /**
   * Before a window, ahead of the work counters' first snapshot: waits for what must settle
   * first (instruction suites: InnoDB purge), so that none of it falls into the window.
   */
  prepare?(server: ProbedServer, signal: AbortSignal): Promise<void>;
  /** Just before sysbench starts. */
  begin(server: ProbedServer, signal: AbortSignal): Promise<void>;
  /**
   * Just after sysbench finished. `label` names the window's files ("oltp_read_only-t1-rep2");
   * `foreground`, when given, is what counts as the window's own work instead of do_command.
   */
  end(server: ProbedServer, label: string, foreground?: Foreground): Promise<WindowCost>;
  /** After a failed measurement: stops whatever still counts. Never throws. */
  abort(): Promise<void>;
  /**
   * After the window's closing work snapshot: lets go of what the window ran under (instruction
   * suites release purge, so that its work falls into no window). Never throws.
   */
  release?(): Promise<void>;
  /**
   * Just before an uncounted warm-up: sets up what a window runs under (instruction suites hold
   * purge). Returns what ends it, to call once the warm-up is over; the end never throws.
   */
  warmup?(server: ProbedServer, signal: AbortSignal): Promise<() => Promise<void>>;
}

function requirePid(server: ProbedServer): number {
  if (server.pid === undefined) throw new BenchmarkError('the server is not running: no process to measure');
  return server.pid;
}

/** What /proc says of the server besides its CPU time: its threads' switches, its I/O. */
interface ActivityReading {
  readonly switches: SwitchSnapshot | undefined;
  readonly io: ProcessIo | undefined;
}

/**
 * Either reading may be unavailable (the server's facts say why, from the check at its start):
 * a window then goes without that figure rather than failing.
 */
async function readActivity(pid: number): Promise<ActivityReading> {
  const [switches, io] = await Promise.all([
    readThreadSwitches(pid).catch(() => undefined),
    readProcessIo(pid).catch(() => undefined),
  ]);
  return { switches, io };
}

function activityCost(before: ActivityReading, after: ActivityReading): RepetitionCost {
  return {
    ...(before.switches && after.switches
      ? { contextSwitches: switchesDelta(before.switches, after.switches) }
      : {}),
    ...(before.io && after.io ? { io: ioDelta(before.io, after.io) } : {}),
  };
}

/**
 * CPU time, context switches and I/O from /proc, and hardware instructions when perf can count
 * them. The CPU time is read last before the window and first after it, the rest around it.
 */
export function throughputProbe(perf: PerfSupport): CostProbe {
  let before: CpuTimes | undefined;
  let activity: ActivityReading | undefined;
  let session: PerfSession | undefined;
  return {
    async begin(server, signal) {
      const pid = requirePid(server);
      session = perf.available ? await startPerfStat(pid, ['instructions'], { signal }) : undefined;
      activity = await readActivity(pid);
      before = await readProcessCpu(pid);
    },
    async end(server) {
      const pid = requirePid(server);
      const after = await readProcessCpu(pid);
      const activityAfter = await readActivity(pid);
      const counts = await session?.stop();
      session = undefined;
      if (!before || !activity) throw new Error('cost probe ended before it began');
      const cpu = cpuDelta(before, after);
      const instructions = counts?.instructions;
      return {
        cost: {
          cpu,
          ...activityCost(activity, activityAfter),
          ...(instructions !== undefined ? { hardwareInstructions: instructions } : {}),
        },
      };
    },
    async abort() {
      await session?.stop().catch(() => undefined);
      session = undefined;
    },
  };
}

/**
 * The function whose inclusive cost is the foreground work: every MySQL-family server runs each
 * client command inside do_command(THD*…), on the connection's thread. Background threads
 * (purge, page cleaner, log writer, timers) never enter it, and how much of their work falls into
 * a window depends on timing: measured here, oltp_write_only's whole-process count varied by
 * ±15% between repetitions while do_command's varied by about 1%.
 */
export const FOREGROUND_FUNCTION = /^do_command\(/;

/**
 * What counts as a window's own work when it is not the client's statements: the functions whose
 * inclusive costs add up to it (a replica's applier threads), or the whole process (`null`).
 */
export interface Foreground {
  readonly functions: RegExp | null;
  /** Names it in the results' foregroundFunction and in errors. */
  readonly what: string;
}

/** How long to wait for InnoDB purge to catch up before a window; then the window runs anyway. */
const PURGE_WAIT_MS = 60_000;
const PURGE_POLL_MS = 200;

/** The history length in the rows of the flavor's query (`column` of the first); undefined when none. */
export function historyLengthOf(rows: unknown, column: string): number | undefined {
  if (!Array.isArray(rows) || rows.length === 0) return undefined;
  const row = rows[0] as Record<string, unknown>;
  const value = Number(row[column]);
  return Number.isFinite(value) ? value : undefined;
}

/** InnoDB's undo history not yet purged, by the flavor's query; undefined when the server does not say. */
async function historyLength(connection: ConnectionInfo, flavor: Flavor): Promise<number | undefined> {
  const { sql, column } = describeFlavor(flavor).queries.historyLength;
  return withConnection(connection, 'socket', async (client) => {
    const [rows] = await client.query(sql);
    return historyLengthOf(rows, column);
  });
}

/**
 * Lets purge finish the previous window's undo log first, so each window starts from the same
 * state instead of sharing its latches with the previous window's clean-up.
 */
export async function waitForPurge(
  connection: ConnectionInfo,
  flavor: Flavor,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<void> {
  const deadline = Date.now() + PURGE_WAIT_MS;
  for (;;) {
    let length: number | undefined;
    try {
      length = await historyLength(connection, flavor);
    } catch (error) {
      log(`could not read InnoDB's history length (${errorMessage(error)}); not waiting for purge`);
      return;
    }
    if (length === undefined || length === 0) return;
    if (Date.now() >= deadline) {
      log(
        `InnoDB purge still has ${length} undo log entries to go after ${PURGE_WAIT_MS / 1000} s; measuring anyway`,
      );
      return;
    }
    await sleep(PURGE_POLL_MS, undefined, { signal });
  }
}

/**
 * Keeps InnoDB purge from removing anything written during the window: a transaction with a
 * consistent snapshot, open from just before the window until just after it, holds back every
 * later undo record. Without it the foreground work depends on how far purge got meanwhile
 * (delete-marked index records still there or already gone, pages reorganized or not): measured
 * here, oltp_write_only's foreground count moved by up to 4% between repetitions. Warm-ups run
 * under the same hold, so purge only ever runs while nothing else does (waitForPurge, before
 * each warm-up and window): then two servers given the same rows (a seeded prepare) and the
 * same statements hold index pages of the same shape after every step, measured here page by
 * page through information_schema.INNODB_BUFFER_PAGE; with purge running beside the warm-ups
 * they did not. Returns the release; releasing never throws (the server may be gone).
 */
export async function holdPurge(connection: ConnectionInfo): Promise<() => Promise<void>> {
  const client = await connect(connection, 'socket');
  try {
    await client.query('START TRANSACTION WITH CONSISTENT SNAPSHOT');
  } catch (error) {
    client.destroy();
    throw new BenchmarkError(`could not open the snapshot that holds purge back: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  return async () => {
    try {
      await client.query('COMMIT');
      await client.end();
    } catch {
      client.destroy();
    }
  };
}

/** callgrind counts for the window, via vgdb; dumps are gzipped into `rawDir/<relativeDir>`. */
export function instructionProbe(options: {
  readonly paths: CallgrindPaths;
  readonly rawDir: string;
  readonly relativeDir: string;
  readonly log: (line: string) => void;
}): CostProbe {
  let control: CallgrindControl | undefined;
  let releasePurge: (() => Promise<void>) | undefined;
  return {
    async prepare(server, signal) {
      await waitForPurge(server.connection, server.flavor, signal, options.log);
    },
    async begin(server) {
      releasePurge = await holdPurge(server.connection);
      control = new CallgrindControl(options.paths, requirePid(server), server.namespacePid);
      await control.startCounting();
    },
    async end(_server, label, foreground) {
      if (!control) throw new Error('cost probe ended before it began');
      const dump = await control.stopCounting(label);
      control = undefined;
      return readWindowDump(dump, label, options, foreground);
    },
    async warmup(server, signal) {
      await waitForPurge(server.connection, server.flavor, signal, options.log);
      return holdPurge(server.connection);
    },
    async release() {
      await releasePurge?.();
      releasePurge = undefined;
    },
    async abort() {
      // Leave a live server uninstrumented for whatever comes next (a shutdown); a dead one
      // cannot be told anything.
      if (control?.alive()) await control.stopCounting('aborted').catch(() => undefined);
      control = undefined;
      await releasePurge?.();
      releasePurge = undefined;
    },
  };
}

/**
 * A window's dump parsed, gzipped into `rawDir/<relativeDir>/<label>.callgrind.gz` and removed:
 * the whole process's count, and its foreground's (do_command's, or `foreground`'s).
 */
export async function readWindowDump(
  dump: string,
  label: string,
  options: { readonly rawDir: string; readonly relativeDir: string },
  foreground?: Foreground,
): Promise<WindowCost> {
  const bytes = await readRegular(dump, MAX_DUMP_BYTES);
  if (bytes === undefined) throw new BenchmarkError(`callgrind's dump ${dump} is gone`);
  const text = bytes.toString('utf8');
  const profileName = path.join(options.relativeDir, `${label}.callgrind.gz`);
  await mkdir(path.join(options.rawDir, options.relativeDir), { recursive: true });
  await writeFile(path.join(options.rawDir, profileName), gzipSync(text));
  await rm(dump, { force: true });
  const profile = parseCallgrind(text, dump);
  const own = foregroundCost(profile, foreground);
  if (own === undefined) {
    throw new BenchmarkError(
      foreground === undefined
        ? `the callgrind profile of ${label} has no call to do_command(), the function every MySQL-family server runs ` +
            "client statements in; the server's symbol table may lack it (a stripped build?). The profile is kept as " +
            `${profileName}.`
        : `the callgrind profile of ${label} has no call to ${foreground.what}; the server's symbol table may lack it ` +
            `(a stripped build?). The profile is kept as ${profileName}.`,
    );
  }
  return {
    cost: {
      callgrind: {
        total: profile.totals,
        foreground: own.inclusive,
        foregroundFunction: own.name,
        profile: profileName,
      },
    },
    profile,
  };
}

/** The foreground's inclusive cost: do_command's, the sum of `foreground`'s functions, or the whole process's. */
function foregroundCost(
  profile: CallgrindProfile,
  foreground: Foreground | undefined,
): { readonly name: string; readonly inclusive: number } | undefined {
  if (foreground === undefined) return inclusiveCost(profile, (name) => FOREGROUND_FUNCTION.test(name));
  const { functions } = foreground;
  if (functions === null) return { name: foreground.what, inclusive: profile.totals };
  const matching = profile.functions.filter((cost) => functions.test(cost.name));
  if (matching.length === 0) return undefined;
  const inclusive = matching.reduce((sum, cost) => sum + cost.inclusive, 0);
  return { name: foreground.what, inclusive: Math.min(inclusive, profile.totals) };
}
