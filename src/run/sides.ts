// The servers of a run, one per side: the run's work directory, the servers earlier killed runs
// left behind, starting each side (under callgrind for instruction suites, on its CPUs when
// pinned) and filling its tables, and stopping them. One step of one side is side-steps.ts's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { processActivityAvailability } from '../cost/proc-activity.js';
import { BenchmarkError, errorMessage } from '../errors.js';
import { ioBoundDataIssue } from '../results/io-bound.js';
import type { ServerFacts, SideName } from '../results/results-schema.js';
import { ManagedServer, type ServerSetup } from '../server/server.js';
import type { SideServer } from '../server/side-server.js';
import { databaseBytes } from '../server/queries.js';
import type { ServerRegistry } from '../server/registry.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { cgroupSystem } from '../shell/cgroup.js';
import type { Logger } from '../shell/logger.js';
import { readRegularSync } from '../shell/no-follow.js';
import { suiteCells, type Suite } from '../suite/suite-schema.js';
import { variantLabel } from '../suite/variants.js';
import { restoresData } from '../workload/kinds.js';
import type { OperationHost } from './operation-host.js';
import { operationHost, sideInstruments } from './side-launch.js';
import { alignedHeadDatadir, DatadirSnapshot, type DatadirTwin } from './datadir-snapshot.js';
import type { IdleSides } from './idle-side.js';
import { sideGroup } from './side-group.js';
import type { MeasuredSide } from './measure-step.js';
import { type CheckedSide, type Preflight } from './preflight.js';
import type { RunConfig } from './run-config.js';
import { startRemoteSide } from './remote-side.js';
import { optionsUnder } from './variant-options.js';
import { trialVariants } from './variant-trial.js';
import { prepareData, type ResetDone } from './workload-data.js';

/** The most of a server's error log kept beside the results (its end, when longer). */
const MAX_ERROR_LOG_BYTES = 64 * 1024 * 1024;

/** What starting the sides needs: the run's configuration, its checks and where it works. */
export interface SideSetup {
  readonly config: RunConfig;
  readonly preflight: Preflight;
  /** Where sysbench's output, each side's prepare output and the error logs are kept. */
  readonly rawDir: string;
  /** The run's private directory for datadirs, sockets and logs (createRunDir). */
  readonly runDir: string;
  /** Where this run records its servers, for a later run if it is killed. */
  readonly registry: ServerRegistry;
  readonly logger: Logger;
  readonly scope: CleanupScope;
  /** The servers' cgroups: the idle side's freezer, an untrusted server's cpuset (idle-side.ts). */
  readonly idle?: IdleSides;
}

/** A side whose server runs with its tables prepared, ready to be measured. */
export interface StartedSide extends MeasuredSide {
  readonly facts: Omit<ServerFacts, 'errorLog'>;
  /** Its options before a variant's (suite, flags, per side): a variant's are added to these. */
  readonly options: Readonly<Record<string, string>>;
  /** What the server reported for each variant's options once it ran under it (by variant label). */
  readonly variants: Map<string, Record<string, string>>;
  /** The variant its server started under (the suite's first), as a label. */
  readonly startedUnder: string;
  /** Seconds its server took to start and its tables to be prepared. */
  readonly seconds: { readonly start: number; readonly prepare: number };
  /** Its prepared datadir's copy, when a workload of the suite restores its data. */
  readonly snapshot?: DatadirSnapshot;
  /** The aligned head's datadir (--align-settings), when the data is not restored after every step. */
  readonly twin?: DatadirTwin;
  /** The resets done after its steps, by mode: how many, and their seconds in all. */
  readonly resets: Map<ResetDone['mode'], { count: number; seconds: number }>;
  /** What its server offers the suite's operational cells (recovery, cold start, replica apply). */
  readonly operations?: OperationHost;
}

/**
 * Stops the servers, and removes the work directories, of earlier runs on this machine that were
 * killed (SIGKILL, a runner that gave up waiting): they would take memory and CPU from this run's
 * measurements. A sweep that fails is a warning: it must not keep this run from measuring.
 */
export async function stopOrphans(registry: ServerRegistry, logger: Logger): Promise<void> {
  try {
    // Their control groups are thawed first (a server frozen in one cannot be stopped until it is)
    // and removed, with whatever is still in them, after the registry stopped their servers.
    const groups = cgroupSystem();
    await groups.thawOrphans();
    const servers = await registry.sweepOrphans();
    for (const event of [...servers, ...(await groups.sweepOrphans())]) {
      if (event.kind === 'removed') logger.debug(event.message);
      else logger.warning(event.message);
    }
  } catch (error) {
    logger.warning(`could not look for servers left by killed runs: ${errorMessage(error)}`);
  }
}

/**
 * The run's private directory for datadirs, sockets and logs, removed at the end unless kept. It
 * is recorded in the registry too, so that it is removed even if this run is killed.
 */
export function createRunDir(
  config: RunConfig,
  logger: Logger,
  scope: CleanupScope,
  registry: ServerRegistry,
): string {
  const workRoot = config.workDir ? resolve(config.workDir) : os.tmpdir();
  mkdirSync(workRoot, { recursive: true });
  const runDir = mkdtempSync(join(workRoot, 'mysql-perf-gate-'));
  if (config.keepWorkDir) {
    scope.add(`keep ${runDir}`, () => {
      logger.info(`kept the work directory ${runDir} (${config.names['keep-work-dir']})`);
      return Promise.resolve();
    });
    return runDir;
  }
  let forget: () => void;
  try {
    forget = registry.addWorkDir(runDir);
  } catch (error) {
    rmSync(runDir, { recursive: true, force: true });
    throw error;
  }
  scope.add(`remove ${runDir}`, () => {
    rmSync(runDir, { recursive: true, force: true });
    forget();
    return Promise.resolve();
  });
  return runDir;
}

/** Starts every side: one after another, or at once when they are measured at once. */
export async function startSides(setup: SideSetup): Promise<StartedSide[]> {
  const { preflight, scope, rawDir } = setup;
  const created: { readonly name: SideName; readonly server: ManagedServer }[] = [];
  // Error logs are copied beside the results whether the run passes or fails (a server that
  // would not start included): nothing is lost.
  scope.add('copy server error logs', () => {
    for (const side of created) {
      // Never through a link, and capped: a sandboxed server wrote its side's directory.
      const log = readRegularSync(side.server.errorLogPath, MAX_ERROR_LOG_BYTES);
      if (log !== undefined) writeFileSync(join(rawDir, `${side.name}-error.log`), log);
    }
    return Promise.resolve();
  });
  const { parallel } = preflight.parallel;
  const start = (side: CheckedSide, index: number): Promise<StartedSide> =>
    side.config.remote !== undefined
      ? startRemoteSide(side, setup)
      : startSide(side, setup, {
          // Sides started at once check the space for every copy, as if theirs came first.
          copiesLeft: parallel ? preflight.sides.length : preflight.sides.length - index,
          onCreated: (server) => created.push({ name: side.config.name, server }),
        });
  if (!parallel) {
    const sides: StartedSide[] = [];
    for (const [index, side] of preflight.sides.entries()) sides.push(await start(side, index));
    return sides;
  }
  // Sides measured at once start at once, each on its own CPUs; both have settled before a
  // failure is raised, so cleanup never races a server still starting.
  const started = await Promise.allSettled(preflight.sides.map(start));
  const sides: StartedSide[] = [];
  for (const outcome of started) {
    if (outcome.status === 'rejected') throw outcome.reason;
    sides.push(outcome.value);
  }
  return sides;
}

/** One side's server, made (not started) as the run's options and its placement say. */
async function createServer(
  side: CheckedSide,
  setup: SideSetup,
  at: {
    readonly sideDir: string;
    readonly log: (line: string) => void;
    readonly launch: Pick<ServerSetup, 'wrap' | 'startTimeoutMs' | 'stopTimeoutMs'>;
  },
): Promise<ManagedServer> {
  const { config, scope, runDir, registry } = setup;
  const group = await sideGroup(side.config.name, side.config.untrusted === true, setup);
  return ManagedServer.create({
    install: side.install,
    dir: at.sideDir,
    // A suite with variants starts under its first: the plan measures them in order.
    options: optionsUnder(side.options, config.suite, suiteCells(config.suite)[0]?.variant),
    scope,
    log: at.log,
    registry,
    workDir: config.keepWorkDir ? null : runDir,
    ...(side.config.untrusted === true ? { sandboxed: true } : {}),
    ...group,
    // With an untrusted side, every sysbench is sandboxed: the suite's scripts may be its tree's.
    ...(config.sides.some((other) => other.untrusted === true) ? { sandboxedClients: true } : {}),
    ...at.launch,
  });
}

/** The copies of a side's prepared datadir the run needs: for restores, or the aligned head's. */
async function datadirCopies(
  name: string,
  server: ManagedServer,
  setup: SideSetup,
  copiesLeft: number,
  log: (line: string) => void,
): Promise<{ snapshot?: DatadirSnapshot; twin?: Awaited<ReturnType<typeof alignedHeadDatadir>> }> {
  const { config, runDir, scope } = setup;
  const copy = {
    side: name,
    server,
    runDir,
    scope,
    copiesLeft,
    workDirOption: config.names['work-dir'],
    log,
  };
  const snapshot = restoresData(config.suite) ? await DatadirSnapshot.take(copy) : undefined;
  const twin = config.alignSettings && !snapshot ? await alignedHeadDatadir(copy) : undefined;
  return { ...(snapshot ? { snapshot } : {}), ...(twin ? { twin } : {}) };
}

/**
 * Creates, starts and inspects one side's server (under callgrind for instruction suites), fills
 * its tables and, when a workload restores its data, copies its datadir.
 */
async function startSide(
  side: CheckedSide,
  setup: SideSetup,
  how: {
    /** Datadir copies still to make, this side's included: the disk space checked for. */
    readonly copiesLeft: number;
    /** Told of the server before it starts, so that its error log is kept even if it will not start. */
    readonly onCreated: (server: ManagedServer) => void;
  },
): Promise<StartedSide> {
  const { config, preflight, logger, scope, rawDir, runDir } = setup;
  const { install, options } = side;
  const { name } = side.config;
  const { valgrind } = preflight;
  logger.info(
    `${name}: ${install.binary} (${install.flavor} ${install.version})` +
      (valgrind ? `, under valgrind ${valgrind} (callgrind)` : ''),
  );
  const sideDir = join(runDir, name);
  const log = (line: string): void => {
    logger.debug(`${name}: ${line}`);
  };
  const { paths, launch, probe } = sideInstruments(name, setup, { sideDir, log });
  const server = await createServer(side, setup, { sideDir, log, launch: launch.setup });
  how.onCreated(server);
  setup.idle?.attach(name, () => server.launchedPid);
  const clock = stopwatch();
  await server.start();
  const start = clock();
  const facts = await server.facts();
  logger.info(`${name}: ${facts.versionFunction} ready on ${server.connection.socketPath}`);
  const measured: MeasuredSide = {
    name,
    install,
    server,
    probe,
    ...(launch.clientCpus === undefined ? {} : { clientCpus: launch.clientCpus }),
  };
  const variants = new Map<string, Record<string, string>>();
  const first = suiteCells(config.suite)[0]?.variant;
  // On the empty datadir, before the data: a variant the server will not run loses nothing.
  await trialVariants({ name, server, options }, config.suite, logger, variants);
  const prepare = await prepareData(measured, config.suite, scope, rawDir);
  const startedUnder = variantLabel(first);
  const more = await sideFacts(server, config.suite, name, {
    underCallgrind: Boolean(valgrind),
    variables: facts.variables,
  });
  const { snapshot, twin } = await datadirCopies(name, server, setup, how.copiesLeft, log);
  const operations = operationHost(side, setup, { server, launch: launch.operations, paths, log });
  return {
    ...measured,
    facts: { ...facts, ...more },
    options,
    variants,
    startedUnder,
    seconds: { start, prepare },
    ...(snapshot ? { snapshot } : {}),
    ...(twin ? { twin } : {}),
    resets: new Map(),
    ...(operations ? { operations } : {}),
  };
}

/**
 * What a side's facts add once its data is prepared: the data's size (refused in one line when
 * an IO-bound suite's data would fit its buffer pool) and, for wall-clock suites, whether /proc
 * gives the server's context switches and I/O.
 */
export async function sideFacts(
  server: SideServer,
  suite: Suite,
  name: SideName,
  known: { readonly underCallgrind: boolean; readonly variables: ServerFacts['variables'] },
): Promise<Pick<ServerFacts, 'dataBytes' | 'processCounters'>> {
  const dataBytes = await databaseBytes(server.connection).catch(() => undefined);
  const issue = ioBoundDataIssue(suite, name, { dataBytes, variables: known.variables });
  if (issue !== undefined) throw new BenchmarkError(issue);
  const pid = server.pid;
  const processCounters =
    known.underCallgrind || pid === undefined ? undefined : await processActivityAvailability(pid);
  return {
    ...(dataBytes === undefined ? {} : { dataBytes }),
    ...(processCounters === undefined ? {} : { processCounters }),
  };
}

/** Stops every side's server, one after another. */
export async function stopSides(sides: readonly StartedSide[]): Promise<void> {
  for (const side of sides) await side.server.stop();
}

function stopwatch(): () => number {
  const startMs = performance.now();
  return () => (performance.now() - startMs) / 1000;
}
