// The gate: build the servers (when given source trees), measure them, judge the run, and deliver
// the verdict to every sink; then say whether the verdict fails the gate. The action's measure mode
// runs all of it, its merge mode the judging and delivering of merged shards. Front ends translate
// their inputs into a GatePlan, and the outcome into outputs and an exit status; nothing here reads
// an input or sets an output.
import { dirname, join } from 'node:path';

import { type CompareOptions, failedOn } from '../compare/verdict.js';
import { buildStages, runStages, stageTable, type StageRow } from '../report/stage-table.js';
import type { RunnerCheck } from '../results/results-schema.js';
import { checkOutputs } from '../run/outputs.js';
import type { RunConfig } from '../run/run-config.js';
import { type CheckedRun, checkRun } from '../run/run-suite.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { acquireMachineLock } from '../shell/machine-lock.js';
import { deliverVerdict } from '../sinks/deliver.js';
import type { Delivery, RunContext, Sink, SinkReceipt } from '../sinks/sink.js';
import {
  type BuildCache,
  type BuildCommandOutcome,
  buildSides,
  type CheckedSides,
  checkSides,
  type CommonBuildRequest,
  type SideBuild,
  type SidePrefixes,
} from './build.js';
import {
  compareCommand,
  type CompareOptionFlags,
  compareOptionsFromFlags,
  type CompareOutcome,
} from './compare.js';
import { checkRunner, type DoctorGate, type RunnerChecked } from './doctor-gate.js';
import { runCommand, runConfigFromFlags, type RunFlags, type RunOutcome } from './run.js';
import {
  buildsOf,
  planBuilds,
  type PlannedServer,
  serversToBuild,
  type SourceBuilds,
  withPrefixes,
} from './source-builds.js';
import { capLockTimeout, checkTimeLimit } from './time-limit.js';
import type { FlagSpelling } from './spelling.js';

/** The judging options as the user wrote them. */
export interface JudgeFlags extends CompareOptionFlags {
  baseline: string | undefined;
  reportDir: string | undefined;
  force: boolean;
  failOnRegression: boolean;
}

/** How a run is judged, checked. */
export interface JudgeSettings {
  readonly baseline: string | undefined;
  /** Default: `report` beside the results. */
  readonly reportDir: string | undefined;
  readonly force: boolean;
  readonly options: CompareOptions;
  readonly failOnRegression: boolean;
  /** Where the repository is browsed, for the changed lines' links. */
  readonly sourceUrl?: string;
  readonly spell: FlagSpelling;
}

/** Everything the gate does, checked before anything is built or started. */
export interface GatePlan {
  /** The run, its options parsed once; a side built from source holds its build until it is built. */
  readonly run: RunConfig<PlannedServer>;
  /** What every build shares; undefined when no side is built from source. */
  readonly build: CommonBuildRequest | undefined;
  readonly judge: JudgeSettings;
  /** The runner check before anything else; undefined when turned off. */
  readonly doctor?: DoctorGate;
}

/** Where the verdict goes. */
export interface GateDelivery {
  readonly sinks: readonly Sink[];
  readonly context: RunContext;
}

/** What the front end is told while the gate runs, so that its outputs survive a later failure. */
export interface GateEvents {
  /** A compiler cache kept between jobs (the Actions cache), restored before the builds. */
  readonly cacheFor?: (
    common: CommonBuildRequest,
    builds: readonly SideBuild[],
  ) => Promise<BuildCache | undefined>;
  /** A side was built; `reused` lists the sides so far that came from the store. */
  readonly built?: (side: SideBuild['side'], outcome: BuildCommandOutcome, reused: readonly string[]) => void;
  /** The results were written (judging them may still fail). */
  readonly measured?: (outcome: RunOutcome) => void;
  /** The runner check is done (the job summary shows it). */
  readonly checked?: (check: RunnerChecked) => Promise<void>;
}

export interface JudgedRun {
  readonly compared: CompareOutcome;
  readonly receipts: readonly SinkReceipt[];
  /** Why the verdict fails the gate, or null when it does not. */
  readonly failure: string | null;
}

export type GateOutcome =
  /** One shard of a suite: merging every shard's results judges them. */
  | { readonly kind: 'shard'; readonly measured: RunOutcome }
  /** One server and no baseline: nothing to compare with. */
  | { readonly kind: 'recorded'; readonly measured: RunOutcome }
  | { readonly kind: 'judged'; readonly measured: RunOutcome; readonly judged: JudgedRun };

/** The judging flags, checked. */
export function judgeSettingsFromFlags(
  flags: JudgeFlags,
  spell: FlagSpelling,
  sourceUrl?: string,
): JudgeSettings {
  return {
    baseline: flags.baseline,
    reportDir: flags.reportDir,
    force: flags.force,
    options: compareOptionsFromFlags(flags, spell),
    failOnRegression: flags.failOnRegression,
    ...(sourceUrl === undefined ? {} : { sourceUrl }),
    spell,
  };
}

/**
 * The run's flags parsed once (the suite read once), with the sides `builds` asks for as builds
 * to do; throws the first problem, before anything is built.
 */
export function planGate(
  run: RunFlags,
  builds: SourceBuilds | undefined,
  judge: JudgeSettings,
  doctor?: DoctorGate,
): GatePlan {
  const flags: RunFlags<PlannedServer> = builds ? { ...run, ...serversToBuild(planBuilds(builds)) } : run;
  return {
    run: runConfigFromFlags(flags, judge.spell, judge.options),
    build: builds?.common,
    judge,
    ...(doctor ? { doctor } : {}),
  };
}

/** Builds (if asked), measures, and judges and delivers unless the run is a shard or has nothing to compare. */
export async function gateCommand(
  plan: GatePlan,
  delivery: GateDelivery,
  events: GateEvents,
  logger: Logger,
): Promise<GateOutcome> {
  const reused: string[] = [];
  // Before the runner check, which waits for the machine lock to measure the noise.
  const checked = await checkGate(plan, logger);
  const check = plan.doctor ? await checkRunner(plan.doctor, logger) : undefined;
  if (check) await events.checked?.(check);
  const measured = await buildAndMeasure(
    check ? { ...plan, runnerCheck: check.report.grade } : plan,
    { events, checked },
    reused,
    logger,
  );
  logger.info(measured.summary);
  events.measured?.(measured);
  if (measured.results.shard) {
    const { index, count } = measured.results.shard;
    logger.info(`shard ${index}/${count} measured: mode merge joins every shard's results and judges them`);
    return { kind: 'shard', measured };
  }
  const builds = plan.build === undefined ? [] : buildRows(measured, reused);
  const judged = await judgeRun(measured, plan.judge, delivery, logger, builds);
  return judged === null ? { kind: 'recorded', measured } : { kind: 'judged', measured, judged };
}

/**
 * What the gate checks before it waits for anything: the run, when its servers are given; else
 * where it writes and every side's build (the run's servers are checked once built).
 */
type GateChecked =
  | { readonly run: CheckedRun }
  | {
      readonly builds: CheckedSides;
      /** What the job's time limit leaves over (seconds), and when that was worked out (uptime). */
      readonly spare: { readonly seconds: number; readonly at: number } | undefined;
    };

async function checkGate(plan: GatePlan, logger: Logger): Promise<GateChecked> {
  const builds = buildsOf(plan.run);
  if (plan.build === undefined || builds.length === 0) {
    return { run: await checkRun(withPrefixes(plan.run, {}), logger) };
  }
  // The builds and the plan against the job's time limit first: a plan that cannot fit is refused
  // whatever else is wrong.
  const seconds = await checkTimeLimit(plan.run, builds, logger);
  const spare = seconds === undefined ? undefined : { seconds, at: process.uptime() };
  checkOutputs(plan.run);
  return { builds: await checkSides(builds, plan.build, logger), spare };
}

async function buildAndMeasure(
  plan: GatePlan & { readonly runnerCheck?: RunnerCheck },
  { events, checked }: { readonly events: GateEvents; readonly checked: GateChecked },
  reused: string[],
  logger: Logger,
): Promise<RunOutcome> {
  const run = plan.runnerCheck ? { ...plan.run, runnerCheck: plan.runnerCheck } : plan.run;
  const builds = buildsOf(run);
  if ('run' in checked) return runCommand(withPrefixes(run, {}), logger, undefined, checked.run);
  const common = plan.build;
  if (common === undefined) throw new Error('a gate that builds has its build settings');
  return inCleanupScope(logger, async (scope) => {
    // What the time limit left over at the checks, less what the runner check took since.
    const spare = checked.spare && checked.spare.seconds - (process.uptime() - checked.spare.at);
    const held = await lockForBuildsAndRun(common, { planned: run, spare }, logger, scope);
    const shared = held ? withLockHeld(common) : common;
    const sides = { builds, checked: checked.builds };
    const prefixes = await buildServers(shared, sides, events, reused, logger, scope);
    const config = withPrefixes(run, prefixes);
    return runCommand(held ? { ...config, machineLockHeld: true } : config, logger, scope);
  });
}

/**
 * Builds that wait for measurements take the machine lock once, for the builds and the
 * measurement after them: nothing of another job's runs between this job's build and its
 * measurement. True when taken; the scope releases it.
 */
async function lockForBuildsAndRun(
  common: CommonBuildRequest,
  run: { readonly planned: RunConfig<PlannedServer>; readonly spare: number | undefined },
  logger: Logger,
  scope: CleanupScope,
): Promise<boolean> {
  const policy = common.whileMeasuring;
  if (policy?.policy !== 'wait') return false;
  const { planned, spare } = run;
  const timeout = capLockTimeout(
    { ms: policy.lockTimeoutMs, label: policy.lockTimeoutLabel },
    spare,
    planned.timeLimit?.label ?? '',
  );
  const suite = planned.suite.name;
  await acquireMachineLock(
    {
      timeoutMs: timeout.ms,
      timeoutLabel: timeout.label,
      suite,
      activity: `building, then measuring suite ${suite}`,
    },
    logger,
    scope,
  );
  return true;
}

function withLockHeld(common: CommonBuildRequest): CommonBuildRequest {
  return { ...common, whileMeasuring: { policy: 'lock-held' } };
}

/** Builds `sides` with the settings they share, each side reported to `events` as it is built. */
export async function buildServers(
  common: CommonBuildRequest,
  sides: { readonly builds: readonly SideBuild[]; readonly checked?: CheckedSides },
  events: GateEvents,
  reused: string[],
  logger: Logger,
  scope: CleanupScope,
): Promise<SidePrefixes> {
  const cache = await events.cacheFor?.(common, sides.builds);
  return buildSides(
    sides.builds,
    {
      common,
      ...(sides.checked ? { checked: sides.checked } : {}),
      ...(cache ? { cache } : {}),
      onBuilt: (side, outcome) => {
        if (outcome.reused) reused.push(side);
        events.built?.(side, outcome, reused);
      },
    },
    logger,
    scope,
  );
}

/** The builds of this job: each side's build.json (the results carry it), or none when it was reused. */
function buildRows(measured: RunOutcome, reused: readonly string[]): StageRow[] {
  return (['base', 'head'] as const).flatMap((side) => {
    if (reused.includes(side))
      return [{ stage: `${side} build`, seconds: 0, detail: 'reused from the store' }];
    const info = measured.results.sides[side]?.build;
    return info ? buildStages(info, side) : [];
  });
}

/**
 * Judges the results, delivers the verdict and says whether it fails the gate (a regression, or an
 * inconclusive verdict counted as a failure, unless failing was turned off). One server without a
 * baseline is recorded only: null.
 */
export async function judgeRun(
  measured: RunOutcome,
  judge: JudgeSettings,
  delivery: GateDelivery,
  logger: Logger,
  builds: readonly StageRow[] = [],
): Promise<JudgedRun | null> {
  if (measured.results.mode === 'single' && judge.baseline === undefined) {
    logger.info('one server measured and no baseline given: results are recorded, not judged');
    return null;
  }
  const compared = await logger.group('Compare', () =>
    compareCommand({
      resultsPath: measured.resultsPath,
      baselinePath: judge.baseline ?? null,
      outDir: judge.reportDir ?? join(dirname(measured.resultsPath), 'report'),
      force: judge.force,
      options: judge.options,
      spell: judge.spell,
      ...(judge.sourceUrl === undefined ? {} : { sourceUrl: judge.sourceUrl }),
    }),
  );
  logger.info(compared.summary);
  logger.info(stageTable(compared.stages));
  const stages = [...builds, ...runStages(measured.results), ...compared.stages];
  const receipts = await deliverVerdict(
    deliveryOf(compared, stages, delivery.context),
    delivery.sinks,
    logger,
  );
  const { verdict } = compared.verdict;
  if (verdict === 'inconclusive') {
    const { inconclusive, unjudged } = compared.verdict.counts;
    logger.warning(
      `inconclusive: ${inconclusive} cell(s) too noisy to judge` +
        (unjudged > 0 ? `, ${unjudged} gating cell(s) not judged (the report names each and why)` : ''),
    );
  }
  return { compared, receipts, failure: failure(compared, judge) };
}

function failure(compared: CompareOutcome, judge: JudgeSettings): string | null {
  if (compared.exitCode === 0 || !judge.failOnRegression) return null;
  return compared.verdict.verdict === 'fail'
    ? `${failedOn(compared.verdict)}; see ${compared.verdictPath}`
    : `inconclusive verdict counts as a failure (${judge.spell('inconclusive')}: fail)`;
}

/** What the sinks receive for a compared run. */
export function deliveryOf(
  compared: CompareOutcome,
  stages: readonly StageRow[],
  context: RunContext,
): Delivery {
  return {
    verdict: compared.verdict,
    verdictPath: compared.verdictPath,
    report: compared.report,
    suite: compared.verdict.suite,
    stages,
    context,
  };
}
