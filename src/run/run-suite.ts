// `run`: set up one or two servers, measure the suite on them interleaved, write results.json.
// Four parts: check everything before starting (preflight.ts), start the sides (sides.ts), run
// the schedule step by step (scheduler.ts, measure-step.ts), and assemble the results, here. The
// run command calls runSuite.
import { tmpdir } from 'node:os';
import { basename, dirname, relative, resolve } from 'node:path';

import { currentLoadAverage, captureEnvironment } from '../environment/machine.js';
import { GateError, InterruptedError } from '../errors.js';
import { settingsNotTaken } from '../results/align-settings.js';
import { writeResults } from '../results/results-file.js';
import type {
  Environment,
  ResetTally,
  Results,
  ServerFacts,
  ShardRecord,
} from '../results/results-schema.js';
import { ServerRegistry } from '../server/registry.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { fullDiskLine, writeRefusal } from '../shell/disk-space.js';
import type { Logger } from '../shell/logger.js';
import { packageVersion } from '../shell/package-root.js';
import {
  adaptiveWithAlignedHead,
  type AlignedHead,
  alignedResults,
  planAlignedHead,
  variantsWithoutAlignment,
} from './aligned-head.js';
import { trialAlignedHead } from './aligned-trial.js';
import { checkBeforeStarting, type Preflight } from './preflight.js';
import { prepareOutputs, type RunOutputs } from './outputs.js';
import { type FairnessSide, fairnessSide, fairnessWarning } from '../results/fairness.js';
import type { RunConfig } from './run-config.js';
import { type MeasureSeconds, runSchedule, type ScheduleOutcome } from './scheduler.js';
import { serverFingerprint } from './server-fingerprint.js';
import { suiteForFlavors, suiteForVariables, suiteOverTcp } from '../suite/select-cells.js';
import { suiteCells, type Suite } from '../suite/suite-schema.js';
import { variantLabel } from '../suite/variants.js';
import { sideSteps } from './side-steps.js';
import { IdleSides, idleSidePlan } from './idle-side.js';
import { createRunDir, type StartedSide, startSides, stopOrphans, stopSides } from './sides.js';

/** A run past its checks, before the wait for the machine lock: what was checked, and the suite as narrowed. */
export interface CheckedRun {
  readonly preflight: Preflight;
  /** The suite without the variants these servers lack, over TCP for a server on another machine. */
  readonly suite: Suite;
  /** Where this run records its servers and work directory, for a later run if it is killed. */
  readonly registry: ServerRegistry;
}

/** A run past its checks and the wait: when it started measuring, and where it writes. */
interface StartedRun extends CheckedRun {
  readonly startedAt: string;
  readonly outputs: RunOutputs;
}

/** Runs the whole suite. Everything it creates is registered in `scope` and removed on exit. */
export async function runSuite(config: RunConfig, logger: Logger, scope: CleanupScope): Promise<Results> {
  return measureChecked(config, await checkRun(config, logger), logger, scope);
}

/**
 * Everything that can refuse the run before a server starts: what a killed run left is stopped,
 * then the preflight (preflight.ts). No machine lock is needed for it, and none should be waited
 * for first: the caller takes the lock after this, and measures with measureChecked.
 */
export async function checkRun(config: RunConfig, logger: Logger): Promise<CheckedRun> {
  const registry = ServerRegistry.forThisProcess();
  await stopOrphans(registry, logger);
  const preflight = await checkBeforeStarting(config, logger);
  // Variants a server here lacks (a thread pool on MySQL) are left out, with a note.
  const byFlavor = suiteForFlavors(
    config.suite,
    preflight.sides.map((side) => side.install.flavor),
  );
  // A server on another machine is reached over TCP.
  const remote = config.sides.some((side) => side.remote !== undefined);
  const narrowed = remote ? suiteOverTcp(byFlavor.suite) : { suite: byFlavor.suite, notes: [] };
  for (const note of [...byFlavor.notes, ...narrowed.notes]) logger.info(note);
  return { preflight, suite: narrowed.suite, registry };
}

/** Measures a run checkRun passed (under the machine lock, when the caller takes one). */
export async function measureChecked(
  config: RunConfig,
  checked: CheckedRun,
  logger: Logger,
  scope: CleanupScope,
): Promise<Results> {
  const startedAt = new Date().toISOString();
  checked.preflight.checkRoomAgain();
  const outputs = prepareOutputs(config);
  try {
    const run = { ...checked, startedAt, outputs };
    return await measure({ ...config, suite: checked.suite }, logger, scope, run);
  } catch (error) {
    if (error instanceof InterruptedError) throw error;
    const said = explained(error, config);
    // The error may quote files in the work directory, which is gone by now; say where the copies are.
    if (said instanceof GateError) {
      said.message += `\nsysbench's raw output and the servers' error logs are kept in ${outputs.rawDir}/`;
    }
    throw said;
  }
}

/**
 * A failure in one line: on a full disk, that (whichever step met it); a write the filesystem
 * refused (a Node error with its code) under the output; any other error as it is.
 */
function explained(error: unknown, config: RunConfig): unknown {
  const message = error instanceof Error ? error.message : String(error);
  const full = fullDiskLine(spacePaths(config), firstLine(message));
  if (full !== undefined) return new GateError(full, { cause: error });
  if (error instanceof GateError) return error;
  return (
    writeRefusal(error, dirname(resolve(config.outPath)), `${config.names.out} ${config.outPath}`) ?? error
  );
}

/** The paths a run writes under, as the user named them, for a failure on a full disk. */
function spacePaths(config: RunConfig): { path: string; label: string }[] {
  return [
    { path: config.workDir ?? tmpdir(), label: config.names['work-dir'] },
    { path: dirname(resolve(config.outPath)), label: config.names.out },
  ];
}

/** The failure's first line, without the command line it may quote. */
function firstLine(text: string): string {
  return (text.split('\n')[0] ?? text).split('. Command: ')[0] ?? text;
}

async function measure(
  config: RunConfig,
  logger: Logger,
  scope: CleanupScope,
  run: StartedRun,
): Promise<Results> {
  const { preflight, registry } = run;
  const { rawDir } = run.outputs;
  const runDir = createRunDir(config, logger, scope, registry);
  const environment = {
    ...captureEnvironment(preflight.sysbenchVersion),
    ...(config.runnerCheck ? { runnerCheck: config.runnerCheck } : {}),
  };
  const idle = IdleSides.create(idleSidePlan(config, preflight), scope, logger);
  const setup = { config, preflight, rawDir, runDir, registry, logger, scope, idle };
  const sides = await logger.group('Set up servers', () => startSides(setup));
  // Variants whose options these servers ignore (no such variable) would differ in name only.
  const narrowed = suiteForVariables(
    config.suite,
    sides.map((side) => ({
      label: `${side.name} (${side.facts.versionFunction})`,
      variables: new Set(Object.keys(side.facts.variables)),
    })),
  );
  for (const note of narrowed.notes) logger.warning(note);
  const unfair = fairnessOf(config, sides);
  if (unfair !== undefined) logger.warning(unfair);
  const aligned = config.alignSettings
    ? await alignedHead(narrowed.suite, sides, config.alignSettings.label, logger)
    : undefined;
  const suite = aligned?.suite ?? narrowed.suite;
  const schedule = await runSchedule(
    {
      suite,
      sides: sides.map((side) => side.name),
      parallel: preflight.parallel.parallel,
      adaptive: aligned ? adaptiveWithAlignedHead(config.adaptive) : config.adaptive,
      machine: environment,
    },
    {
      steps: sideSteps(sides, { suite, rawDir, scope, logger, idle }),
      log: logger,
      now: () => performance.now() / 1000,
      throwIfInterrupted: () => {
        scope.throwIfInterrupted();
      },
    },
  );
  await idle.thawAll();
  const cost = idle.costLine(schedule.cells.reduce((sum, cell) => sum + cell.repetitions.length, 0));
  if (cost !== undefined) logger.info(cost);
  await stopSides(sides);
  const shard = config.shard ? await shardRecord(config.shard, sides) : undefined;
  const measured = { environment, sides, schedule, shard, aligned, idleSide: idle.record() };
  const results = assembleResults({ ...config, suite: narrowed.suite }, run, measured);
  if (results.alignment) {
    for (const line of settingsNotTaken(results.alignment)) logger.warning(`aligned head: ${line}`);
  }
  writeResults(run.outputs.outPath, results);
  return results;
}

/** The aligned head's plan (--align-settings), tried once on the head's server, and said. */
async function alignedHead(
  suite: Suite,
  sides: readonly StartedSide[],
  label: string,
  logger: Logger,
): Promise<AlignedHead> {
  const planned = planAlignedHead(suite, sides);
  const head = sides.find((side) => side.name === 'head');
  const tried =
    head === undefined || Object.keys(planned.record.options).length === 0
      ? planned
      : await trialAlignedHead(head, planned, label, logger);
  for (const line of tried.info) logger.info(line);
  for (const line of tried.warnings) logger.warning(line);
  return tried;
}

/** Two versions or flavors about to be measured with settings that distort the comparison. */
function fairnessOf(config: RunConfig, sides: readonly StartedSide[]): string | undefined {
  const side = (name: 'base' | 'head'): FairnessSide | undefined => {
    const started = sides.find((candidate) => candidate.name === name);
    const label = config.sides.find((candidate) => candidate.name === name)?.labels.options;
    return started === undefined || label === undefined ? undefined : fairnessSide(started.facts, label);
  };
  const [base, head] = [side('base'), side('head')];
  return base && head ? fairnessWarning(base, head) : undefined;
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
        ...(side.snapshot
          ? { datadirCopy: { ...side.snapshot.record, seconds: tenths(side.snapshot.record.seconds) } }
          : {}),
        ...resetsRecord(side, tenths),
      },
    ]),
  );
  return { sides: perSide, measure: tenths(seconds.wall) };
}

/** What the server reported for the options of each variant the run measured (not those left out). */
function measuredVariants(side: StartedSide, suite: Suite): Pick<ServerFacts, 'variants'> {
  const measured = new Set(suiteCells(suite).map((cell) => variantLabel(cell.variant)));
  const variants = [...variantsWithoutAlignment(side.variants)].filter(([label]) => measured.has(label));
  return variants.length === 0 ? {} : { variants: Object.fromEntries(variants) };
}

/** A side's resets by mode, when it had any. */
function resetsRecord(
  side: StartedSide,
  tenths: (value: number) => number,
): { resets?: { restore?: ResetTally; rePrepare?: ResetTally } } {
  const tally = (mode: 'restore' | 're-prepare'): ResetTally | undefined => {
    const done = side.resets.get(mode);
    return done === undefined ? undefined : { count: done.count, seconds: tenths(done.seconds) };
  };
  const restore = tally('restore');
  const rePrepare = tally('re-prepare');
  if (restore === undefined && rePrepare === undefined) return {};
  return { resets: { ...(restore ? { restore } : {}), ...(rePrepare ? { rePrepare } : {}) } };
}

function assembleResults(
  config: RunConfig,
  run: StartedRun,
  measured: {
    readonly environment: Environment;
    readonly sides: readonly StartedSide[];
    readonly schedule: ScheduleOutcome;
    readonly shard: ShardRecord | undefined;
    readonly aligned: AlignedHead | undefined;
    readonly idleSide: Results['idleSide'];
  },
): Results {
  const { environment, sides, schedule, shard, aligned, idleSide } = measured;
  const { adaptive } = schedule;
  const { valgrind, perf, parallel, placement } = run.preflight;
  const { outPath, rawDir } = run.outputs;
  const serverFacts = (side: StartedSide): ServerFacts => ({
    ...side.facts,
    ...measuredVariants(side, config.suite),
    errorLog: `${side.name}-error.log`,
  });
  const head = sides.find((side) => side.name === 'head');
  const base = sides.find((side) => side.name === 'base');
  if (!head) throw new Error('a run always has a head side');
  const cells = aligned ? alignedResults(schedule.cells, aligned, head) : { cells: schedule.cells };
  return {
    schemaVersion: 1,
    tool: { name: 'mysql-perf-gate', version: packageVersion() },
    startedAt: run.startedAt,
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
    cells: cells.cells,
    ...(parallel.parallel ? { parallelSides: { ...parallel.cpus } } : { placement }),
    ...(idleSide ? { idleSide } : {}),
    stages: stagesRecord(sides, schedule.seconds),
    ...(adaptive ? { adaptive } : {}),
    ...(shard ? { shard } : {}),
    ...('alignment' in cells ? { alignment: cells.alignment } : {}),
  };
}
