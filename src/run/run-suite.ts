// `run`: set up one or two servers, measure the suite on them interleaved, write results.json.
// Three steps: check everything and set up the servers, run the schedule (plan.ts) step by step
// (measure-step.ts), and assemble the results. The run command calls runSuite.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';

import { detectPerfCounters, type PerfSupport } from '../cost/perf.js';
import {
  callgrindLaunch,
  callgrindPaths,
  checkValgrind,
  supportsBufferPoolSizeMax,
  VALGRIND_START_TIMEOUT_MS,
  VALGRIND_STOP_TIMEOUT_MS,
  valgrindServerOptions,
} from '../cost/valgrind.js';
import { currentLoadAverage, captureEnvironment } from '../environment/machine.js';
import { errorMessage, GateError, InterruptedError } from '../errors.js';
import { writeResults } from '../results/results-file.js';
import type {
  Environment,
  Placement,
  Results,
  ServerFacts,
  ShardRecord,
  SideName,
} from '../results/results-schema.js';
import {
  inspectServer,
  ManagedServer,
  type ServerInstall,
  type ServerLaunch,
  type ServerSetup,
} from '../server/server.js';
import { mergeOptions } from '../server/options.js';
import { ServerRegistry } from '../server/registry.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { allowedCpus, onCpus, TASKSET } from '../shell/cpu-affinity.js';
import { exec } from '../shell/exec.js';
import type { Logger } from '../shell/logger.js';
import { packageVersion } from '../shell/package-root.js';
import type { Suite } from '../suite/suite-schema.js';
import { checkSysbench } from '../sysbench/runner.js';
import { CellCollector } from './cell-collector.js';
import { instructionProbe, throughputProbe } from './cost-probe.js';
import { describeWindow, type MeasuredSide, measureStep } from './measure-step.js';
import { chooseParallelSides, choosePlacement, type ParallelSides } from './placement.js';
import { adaptiveLooks, type AdaptiveConfig, type AdaptiveRecord, cellBatch, StepPace } from './adaptive.js';
import { prepareRawDir } from './raw-dir.js';
import { serverFingerprint } from './server-fingerprint.js';
import { cellLanes, plannedSeconds, planSteps, type Step } from './plan.js';
import { formatDuration, plural } from '../format.js';
import { ProgressTracker } from './progress.js';
import { rawDirFor, type RunConfig, type SideConfig } from './run-config.js';
import { prepareWorkloadData, resetDataAfter } from './workload-data.js';

/** What was checked before anything started, and where the run writes. */
interface Checked {
  readonly startedAt: string;
  readonly sysbenchVersion: string;
  /** valgrind's version when the suite counts instructions. */
  readonly valgrind: string | undefined;
  readonly perf: PerfSupport;
  /** Where the server and sysbench run. */
  readonly placement: Placement;
  /** Whether base and head are measured at once, each on CPUs of its own. */
  readonly parallel: ParallelSides;
  readonly sideOptions: readonly Record<string, string>[];
  readonly installs: readonly ServerInstall[];
  readonly outPath: string;
  readonly rawDir: string;
  /** Where this run records its servers and work directory, for a later run if it is killed. */
  readonly registry: ServerRegistry;
}

interface StartedSide extends MeasuredSide {
  readonly facts: Omit<ServerFacts, 'errorLog'>;
  /** Seconds its server took to start and its tables to be prepared. */
  readonly seconds: { readonly start: number; readonly prepare: number };
}

/** Runs the whole suite. Everything it creates is registered in `scope` and removed on exit. */
export async function runSuite(config: RunConfig, logger: Logger, scope: CleanupScope): Promise<Results> {
  const startedAt = new Date().toISOString();
  const registry = ServerRegistry.forThisProcess();
  await stopOrphans(registry, logger);
  const checked = await checkBeforeStarting(config, logger);
  const outPath = resolve(config.outPath);
  mkdirSync(dirname(outPath), { recursive: true });
  const rawDir = rawDirFor(outPath);
  prepareRawDir(rawDir);
  try {
    return await measure(config, logger, scope, { ...checked, startedAt, outPath, rawDir, registry });
  } catch (error) {
    // The error may quote files in the work directory, which is gone by now; say where the copies are.
    if (error instanceof GateError && !(error instanceof InterruptedError)) {
      error.message += `\nsysbench's raw output and the servers' error logs are kept in ${rawDir}/`;
    }
    throw error;
  }
}

/**
 * Stops the servers, and removes the work directories, of earlier runs on this machine that were
 * killed (SIGKILL, a runner that gave up waiting): they would take memory and CPU from this run's
 * measurements. A sweep that fails is a warning: it must not keep this run from measuring.
 */
async function stopOrphans(registry: ServerRegistry, logger: Logger): Promise<void> {
  try {
    for (const event of await registry.sweepOrphans()) {
      if (event.kind === 'removed') logger.debug(event.message);
      else logger.warning(event.message);
    }
  } catch (error) {
    logger.warning(`could not look for servers left by killed runs: ${errorMessage(error)}`);
  }
}

/** Checks sysbench, the servers, their options and the cost counters: a typo must not cost a bootstrap. */
async function checkBeforeStarting(
  config: RunConfig,
  logger: Logger,
): Promise<Omit<Checked, 'startedAt' | 'outPath' | 'rawDir' | 'registry'>> {
  const { suite } = config;
  const sysbenchVersion = await checkSysbench();
  const userOptions = config.sides.map((side) =>
    mergeOptions([
      { source: `suite ${suite.name} serverOptions`, options: suite.serverOptions },
      { source: config.commonOptionsLabel, options: config.commonOptions },
      { source: side.labels.options, options: side.options },
    ]),
  );
  const installs = await Promise.all(
    config.sides.map((side) => inspectServer(side.serverPath, side.labels.server)),
  );
  const instructions = suite.metric === 'instructions';
  const valgrind = instructions ? await checkValgrind() : undefined;
  const sideOptions = instructions ? await withValgrindOptions(installs, userOptions) : userOptions;
  const perf: PerfSupport = instructions
    ? { available: false, reason: 'not counted with metric: instructions (callgrind counts instead)' }
    : await detectPerfCounters('instructions');
  if (!perf.available && !instructions) {
    logger.info(`hardware instruction counts: not available (${perf.reason}); measuring without them`);
  }
  const placement = await placeProcesses(config, logger);
  const parallel = await measureAtOnce(config, logger);
  return { sysbenchVersion, valgrind, perf, placement, parallel, sideOptions, installs };
}

/** Whether base and head are measured at once (--parallel-sides), and says so. */
async function measureAtOnce(config: RunConfig, logger: Logger): Promise<ParallelSides> {
  const { label, mode } = config.parallelSides;
  const cpus = allowedCpus();
  const { sides, warning } = chooseParallelSides(mode, config.suite, config.sides.length, cpus, label);
  if (warning !== undefined) logger.warning(warning);
  if (!sides.parallel) return sides;
  await exec(TASKSET, ['--version'], {
    installHint: `${label} runs each side on CPUs of its own through taskset: install util-linux (apt-get install util-linux)`,
  });
  logger.info(
    `both sides at once: base's server and sysbench on CPU ${sides.cpus.base}, head's on CPU ${sides.cpus.head} (${label}; ${label === '--parallel-sides' ? '--no-parallel-sides' : `${label} false`} measures one at a time)`,
  );
  return sides;
}

/** Where a side's server and sysbench run: the run's placement, or the side's own CPUs. */
function sidePlacement(checked: Checked, side: SideName): Placement {
  if (!checked.parallel.parallel) return checked.placement;
  const cpus = checked.parallel.cpus[side];
  return { pinned: true, server: cpus, client: cpus };
}

/** Chooses where the server and sysbench run, and checks taskset when they are to be pinned. */
async function placeProcesses(config: RunConfig, logger: Logger): Promise<Placement> {
  const { placement, warning, note } = choosePlacement(
    config.pin.mode,
    config.suite,
    allowedCpus(),
    config.pin.label,
  );
  if (warning !== undefined) logger.warning(warning);
  if (note !== undefined) logger.info(`note: ${note}`);
  if (!placement.pinned) return placement;
  await exec(TASKSET, ['--version'], {
    installHint: `${config.pin.label} on runs the server and sysbench through taskset: install util-linux (apt-get install util-linux)`,
  });
  logger.info(
    `placement: the server on CPU ${placement.server}, sysbench on CPU ${placement.client} (${config.pin.label})`,
  );
  return placement;
}

/** Each side's options with what its server needs to run under valgrind. */
async function withValgrindOptions(
  installs: readonly ServerInstall[],
  userOptions: readonly Record<string, string>[],
): Promise<Record<string, string>[]> {
  return Promise.all(
    installs.map(async (install, index) => {
      const options = userOptions[index] ?? {};
      const required = valgrindServerOptions(
        install.flavor,
        options,
        await supportsBufferPoolSizeMax(install.binary),
      );
      return mergeOptions([
        { source: 'the options given', options },
        { source: 'what the server needs under valgrind', options: required },
      ]);
    }),
  );
}

async function measure(
  config: RunConfig,
  logger: Logger,
  scope: CleanupScope,
  checked: Checked,
): Promise<Results> {
  const runDir = createRunDir(config, logger, scope, checked.registry);
  const environment = captureEnvironment(checked.sysbenchVersion);
  const created: { readonly name: string; readonly server: ManagedServer }[] = [];
  // Error logs are copied beside the results whether the run passes or fails (a server that
  // would not start included): nothing is lost.
  scope.add('copy server error logs', () => {
    for (const side of created) {
      if (existsSync(side.server.errorLogPath)) {
        copyFileSync(side.server.errorLogPath, join(checked.rawDir, `${side.name}-error.log`));
      }
    }
    return Promise.resolve();
  });
  const sides: StartedSide[] = [];
  await logger.group('Set up servers', async () => {
    const setUp = { logger, scope, checked, runDir, created };
    if (checked.parallel.parallel) {
      // Sides measured at once start at once, each on its own CPUs; both have settled before a
      // failure is raised, so cleanup never races a server still starting.
      const started = await Promise.allSettled(
        config.sides.map((sideConfig, index) => startSide(config, sideConfig, index, setUp)),
      );
      for (const outcome of started) {
        if (outcome.status === 'rejected') throw outcome.reason;
        sides.push(outcome.value);
      }
      return;
    }
    for (const [index, sideConfig] of config.sides.entries()) {
      sides.push(await startSide(config, sideConfig, index, setUp));
    }
  });
  const { cells, adaptive, seconds } = await runSchedule(config, sides, logger, scope, {
    rawDir: checked.rawDir,
    parallel: checked.parallel.parallel,
  });
  for (const side of sides) await side.server.stop();
  const shard = config.shard ? await shardRecord(config.shard, sides) : undefined;
  const results = assembleResults(config, checked, environment, sides, cells, { adaptive, shard, seconds });
  writeResults(checked.outPath, results);
  return results;
}

/**
 * The run's private directory for datadirs, sockets and logs, removed at the end unless kept. It
 * is recorded in the registry too, so that it is removed even if this run is killed.
 */
function createRunDir(
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
      logger.info(`kept the work directory ${runDir} (--keep-work-dir)`);
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

interface SetUp {
  readonly logger: Logger;
  readonly scope: CleanupScope;
  readonly checked: Checked;
  readonly runDir: string;
  /** Every server created so far, registered before it starts, for copying its error log. */
  readonly created: { name: string; server: ManagedServer }[];
}

/** Creates, starts and inspects one side's server (under callgrind for instruction suites) and fills its tables. */
async function startSide(
  config: RunConfig,
  sideConfig: SideConfig,
  index: number,
  setUp: SetUp,
): Promise<StartedSide> {
  const { logger, scope, checked, runDir, created } = setUp;
  const { valgrind, rawDir } = checked;
  const install = checked.installs[index];
  const options = checked.sideOptions[index];
  if (!install || !options) throw new Error('side configuration out of step');
  logger.info(
    `${sideConfig.name}: ${install.binary} (${install.flavor} ${install.version})` +
      (valgrind ? `, under valgrind ${valgrind} (callgrind)` : ''),
  );
  const sideDir = join(runDir, sideConfig.name);
  const log = (line: string): void => {
    logger.debug(`${sideConfig.name}: ${line}`);
  };
  const paths = callgrindPaths(join(sideDir, 'callgrind'));
  if (valgrind) mkdirSync(paths.dir, { recursive: true });
  const placement = sidePlacement(checked, sideConfig.name);
  const server = await ManagedServer.create({
    install,
    dir: sideDir,
    options,
    scope,
    log,
    registry: checked.registry,
    workDir: config.keepWorkDir ? null : runDir,
    ...serverLaunch(placement, valgrind ? { paths, tmpDir: join(sideDir, 'tmp') } : undefined),
  });
  created.push({ name: sideConfig.name, server });
  const probe = valgrind
    ? instructionProbe({ paths, rawDir, relativeDir: sideConfig.name, log })
    : throughputProbe(checked.perf);
  const clock = stopwatch();
  await server.start();
  const start = clock();
  const facts = await server.facts();
  logger.info(`${sideConfig.name}: ${facts.versionFunction} ready on ${server.connection.socketPath}`);
  const prepareClock = stopwatch();
  const prepared = await prepareWorkloadData(server.connection, config.suite, scope.signal);
  const prepare = prepareClock();
  writeFileSync(join(rawDir, `${sideConfig.name}-prepare.txt`), prepared);
  return {
    name: sideConfig.name,
    install,
    server,
    probe,
    facts,
    seconds: { start, prepare },
    ...(placement.pinned ? { clientCpus: placement.client } : {}),
  };
}

/**
 * How a side's server is started: under callgrind for instruction suites (with valgrind's longer
 * timeouts), on the server's CPUs when the run is pinned (taskset execs the server, so the pid
 * is still the server's), or as it is.
 */
function serverLaunch(
  placement: Placement,
  callgrind: { readonly paths: ReturnType<typeof callgrindPaths>; readonly tmpDir: string } | undefined,
): Pick<ServerSetup, 'wrap' | 'startTimeoutMs' | 'stopTimeoutMs'> {
  const pin = (launch: ServerLaunch): ServerLaunch => {
    if (!placement.pinned) return launch;
    const [command, args] = onCpus(launch.command, launch.args, placement.server);
    return { ...launch, command, args };
  };
  if (callgrind) {
    return {
      wrap: (binary, args) => pin(callgrindLaunch(callgrind.paths, binary, args, callgrind.tmpDir)),
      startTimeoutMs: VALGRIND_START_TIMEOUT_MS,
      stopTimeoutMs: VALGRIND_STOP_TIMEOUT_MS,
    };
  }
  return placement.pinned ? { wrap: (binary, args) => pin({ command: binary, args }) } : {};
}

function stopwatch(): () => number {
  const startMs = performance.now();
  return () => (performance.now() - startMs) / 1000;
}

/** Runs every planned step in order (restarts, warm-ups, repetitions), with progress. */
async function runSchedule(
  config: RunConfig,
  sides: readonly StartedSide[],
  logger: Logger,
  scope: CleanupScope,
  { rawDir, parallel }: { readonly rawDir: string; readonly parallel: boolean },
): Promise<{ cells: CellCollector; adaptive: AdaptiveRecord | undefined; seconds: MeasureSeconds }> {
  const { suite } = config;
  const steps = planSteps(
    suite,
    sides.map((side) => side.name),
  );
  const progress = new ProgressTracker(
    steps,
    suite,
    undefined,
    suite.repetitions,
    parallel ? sides.length : 1,
  );
  logger.info(
    `${steps.filter((step) => step.kind === 'measure').length} measurements planned, about ${formatDuration(progress.plannedTotalSeconds)}`,
  );
  const cells = new CellCollector();
  const startS = performance.now() / 1000;
  let adaptive: AdaptiveRecord | undefined;
  const sideSeconds = new Map<SideName, number>();
  await logger.group(`Measure suite ${suite.name}`, async () => {
    const context = {
      sides,
      logger,
      scope,
      rawDir,
      suite,
      cells,
      pace: new StepPace(),
      parallel,
      sideSeconds,
    };
    await runSteps(steps, progress, context);
    if (config.adaptive && sides.length > 1) {
      adaptive = await extendUndecided(config.adaptive, context, { startS, pace: context.pace });
    }
  });
  return { cells, adaptive, seconds: { wall: performance.now() / 1000 - startS, sides: sideSeconds } };
}

/** How long the measurements took: in all, and each side's own steps. */
interface MeasureSeconds {
  readonly wall: number;
  readonly sides: ReadonlyMap<SideName, number>;
}

interface StepContext {
  readonly sides: readonly StartedSide[];
  readonly logger: Logger;
  readonly scope: CleanupScope;
  readonly rawDir: string;
  readonly suite: Suite;
  readonly cells: CellCollector;
  /** How long each kind of step has really taken, for fitting more repetitions in the budget. */
  readonly pace: StepPace;
  /** Base and head at once, per cell (count suites, --parallel-sides). */
  readonly parallel: boolean;
  /** Seconds each side's steps have taken so far. */
  readonly sideSeconds: Map<SideName, number>;
}

async function runSteps(
  steps: readonly Step[],
  progress: ProgressTracker,
  context: StepContext,
): Promise<void> {
  if (!context.parallel) {
    for (const step of steps) await runStep(step, progress, context);
    return;
  }
  for (const lanes of cellLanes(steps)) {
    // A side that fails stops the other after its current step: no minutes measuring a cell
    // whose other half is lost. Both have settled before the failure is raised.
    let failed = false;
    const settled = await Promise.allSettled(
      lanes.map(async (lane) => {
        for (const step of lane) {
          if (failed) return;
          try {
            await runStep(step, progress, context);
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      }),
    );
    const rejected = settled.find((outcome) => outcome.status === 'rejected');
    if (rejected) throw rejected.reason;
  }
}

/** One step: a restart, a warm-up or a repetition, with its progress line and timing. */
async function runStep(step: Step, progress: ProgressTracker, context: StepContext): Promise<void> {
  const { sides, logger, scope, rawDir, suite, cells, pace, sideSeconds } = context;
  const clock = stopwatch();
  const timed = (): void => {
    const seconds = clock();
    pace.record(step.kind, plannedSeconds(step, suite), seconds);
    sideSeconds.set(step.side, (sideSeconds.get(step.side) ?? 0) + seconds);
  };
  scope.throwIfInterrupted();
  logger.progress(progress.describe(step));
  const side = sides.find((candidate) => candidate.name === step.side);
  if (!side) throw new Error(`plan names unknown side ${step.side}`);
  if (step.kind === 'restart') {
    await side.server.stop();
    await side.server.start();
    progress.done(step);
    timed();
    return;
  }
  const outcome = await measureStep(step, side, suite, rawDir, scope, (line) => {
    logger.warning(line);
  });
  await resetDataAfter(step, side, suite, rawDir, scope.signal);
  progress.done(step);
  timed();
  if (step.kind === 'warmup') return;
  cells.add(step, outcome);
  logger.progress(
    `  ${step.side} ${step.workload} @ ${step.threads}: ${describeWindow(outcome.report, outcome.window)}`,
  );
}

/**
 * Rounds of more repetitions for the cells still undecided, each to the next look, one cell's
 * whole batch at a time while the budget (counted from the first measurement) allows it.
 */
async function extendUndecided(
  adaptive: AdaptiveConfig,
  context: StepContext,
  timing: { readonly startS: number; readonly pace: StepPace },
): Promise<AdaptiveRecord> {
  const { suite, cells, logger, sides } = context;
  const looks = adaptiveLooks(suite, adaptive.most);
  const names = sides.map((side) => side.name);
  const record = { planned: suite.repetitions, most: looks[looks.length - 1] ?? suite.repetitions, looks };
  const stop = (stopped: AdaptiveRecord['stopped']): AdaptiveRecord => ({
    ...record,
    budgetSeconds: adaptive.budgetSeconds,
    stopped,
  });
  for (let look = 1; look < looks.length; look++) {
    const undecided = adaptive.undecided(cells.results());
    if (undecided.length === 0) return stop('decided');
    const target = looks[look] ?? record.most;
    logger.info(
      `${plural(undecided.length, 'cell', 'cells')} undecided after ${looks[look - 1] ?? 0} repetitions: ` +
        `up to ${target} each, least decided first`,
    );
    for (const cell of undecided) {
      const batch = cellBatch(suite, names, { cell, cells: cells.results(), target });
      if (batch === undefined) continue;
      const atOnce = context.parallel ? sides.length : 1;
      const seconds =
        batch.steps.reduce(
          (sum, step) => sum + timing.pace.estimate(step.kind, plannedSeconds(step, suite)),
          0,
        ) / atOnce;
      const elapsed = performance.now() / 1000 - timing.startS;
      if (adaptive.budgetSeconds !== null && elapsed + seconds > adaptive.budgetSeconds) {
        logger.info(
          `the budget is spent: ${formatDuration(elapsed)} of ${formatDuration(adaptive.budgetSeconds)} taken, ` +
            `${cell.workload} @ ${cell.threads} would need about ${formatDuration(seconds)} more`,
        );
        return stop('budget');
      }
      await runSteps(
        batch.steps,
        new ProgressTracker(batch.steps, suite, undefined, target, atOnce),
        context,
      );
    }
  }
  return stop(adaptive.undecided(cells.results()).length === 0 ? 'decided' : 'most');
}

/** What `merge` checks a shard against: the whole suite, this shard's cells, each side's server. */
async function shardRecord(
  shard: NonNullable<RunConfig['shard']>,
  sides: readonly StartedSide[],
): Promise<ShardRecord> {
  const fingerprint = (side: StartedSide) => serverFingerprint(side.facts.binary, side.facts.build);
  const head = sides.find((side) => side.name === 'head');
  const base = sides.find((side) => side.name === 'base');
  if (!head) throw new Error('a run always has a head side');
  return {
    index: shard.spec.index,
    count: shard.spec.count,
    suite: shard.suite,
    cells: [...shard.cells],
    servers: { ...(base ? { base: await fingerprint(base) } : {}), head: await fingerprint(head) },
  };
}

/** Each side's start, prepare and measuring seconds, and the measurements' wall time. */
function stagesRecord(
  sides: readonly StartedSide[],
  seconds: MeasureSeconds,
): NonNullable<Results['stages']> {
  const tenths = (value: number): number => Math.round(value * 10) / 10;
  const perSide = Object.fromEntries(
    sides.map((side) => [
      side.name,
      {
        start: tenths(side.seconds.start),
        prepare: tenths(side.seconds.prepare),
        measure: tenths(seconds.sides.get(side.name) ?? 0),
      },
    ]),
  );
  return { sides: perSide, measure: tenths(seconds.wall) };
}

function assembleResults(
  config: RunConfig,
  checked: Checked,
  environment: Environment,
  sides: readonly StartedSide[],
  cells: CellCollector,
  extra: {
    readonly adaptive: AdaptiveRecord | undefined;
    readonly shard: ShardRecord | undefined;
    readonly seconds: MeasureSeconds;
  },
): Results {
  const { adaptive, shard, seconds } = extra;
  const { valgrind, perf, outPath, rawDir } = checked;
  const serverFacts = (side: StartedSide): ServerFacts => ({
    ...side.facts,
    errorLog: `${side.name}-error.log`,
  });
  const head = sides.find((side) => side.name === 'head');
  const base = sides.find((side) => side.name === 'base');
  if (!head) throw new Error('a run always has a head side');
  return {
    schemaVersion: 1,
    tool: { name: 'mysql-perf-gate', version: packageVersion() },
    startedAt: checked.startedAt,
    finishedAt: new Date().toISOString(),
    mode: base ? 'ab' : 'single',
    environment: { ...environment, loadAverageAfter: currentLoadAverage() },
    suite: config.suite,
    sides: base ? { base: serverFacts(base), head: serverFacts(head) } : { head: serverFacts(head) },
    costCounters: {
      ...(valgrind ? { valgrind } : {}),
      hardwareInstructions: perf.available
        ? { available: true, perfVersion: perf.perfVersion }
        : { available: false, reason: perf.reason },
    },
    rawDir: relative(dirname(outPath), rawDir) || basename(rawDir),
    cells: cells.results(),
    ...(checked.parallel.parallel
      ? { parallelSides: { ...checked.parallel.cpus } }
      : { placement: checked.placement }),
    stages: stagesRecord(sides, seconds),
    ...(adaptive ? { adaptive } : {}),
    ...(shard ? { shard } : {}),
  };
}
