// The job's time limit (`run --time-limit`, the action's input "time-limit"), checked before
// anything is built or measured: the builds' estimates come from the build.json each prefix keeps
// of its last build, the measuring time from the plan (run/time-limit.ts decides). What the limit
// leaves over caps the wait for the machine lock, so that a job never starts measuring what it
// cannot finish.
import { InputError } from '../errors.js';
import { type BuildEstimate, DEFAULT_BUILD_SECONDS, fitTimeLimit } from '../run/time-limit.js';
import { chooseParallelSides } from '../run/placement.js';
import { plannedTotalSeconds, planSteps } from '../run/plan.js';
import { suiteWithAlignedHead } from '../suite/head-settings.js';
import type { RunConfig } from '../run/run-config.js';
import { splitCells } from '../run/shards.js';
import type { SideName } from '../results/results-schema.js';
import { readBuildInfo } from '../server/build-info.js';
import { allowedCpus } from '../shell/cpu-affinity.js';
import type { Logger } from '../shell/logger.js';
import { selectCells } from '../suite/select-cells.js';
import { suiteCells, type Suite } from '../suite/suite-schema.js';
import type { SideBuild } from './build.js';

/**
 * Refuses (InputError, one line naming the shards that would fit) a run whose builds and plan do
 * not fit the time limit; returns the seconds the limit leaves over, or undefined without a limit.
 */
export async function checkTimeLimit(
  config: RunConfig<unknown>,
  builds: readonly SideBuild[],
  logger: Logger,
): Promise<number | undefined> {
  const limit = config.timeLimit;
  if (limit === undefined) return undefined;
  const estimates = await Promise.all(builds.map(estimateBuild));
  const fit = fitTimeLimit({
    limitSeconds: limit.seconds,
    label: limit.label,
    elapsedSeconds: process.uptime(),
    measureSeconds: measureSeconds(config),
    builds: estimates,
    shardSeconds: (count) => largestShardSeconds(config, count),
  });
  if (!fit.fits) throw new InputError(fit.message);
  logger.info(
    `time limit: the builds and the plan fit ${limit.label} with about ${Math.floor(fit.spareSeconds / 60)} minutes to spare`,
  );
  return fit.spareSeconds;
}

/** The lock timeout, no longer than what the time limit leaves over (when there is a limit). */
export function capLockTimeout(
  lockTimeout: RunConfig['lockTimeout'],
  spareSeconds: number | undefined,
  limitLabel: string,
): RunConfig['lockTimeout'] {
  if (spareSeconds === undefined) return lockTimeout;
  const spareMs = Math.max(0, Math.floor(spareSeconds * 1000));
  if (lockTimeout.ms !== null && lockTimeout.ms <= spareMs) return lockTimeout;
  return { ms: spareMs, label: `${lockTimeout.label}, cut to what ${limitLabel} leaves over` };
}

/** The last build in the side's prefix took this long (its build.json), else the default. */
async function estimateBuild(build: SideBuild): Promise<BuildEstimate> {
  const info = await readBuildInfo(build.prefix).catch(() => undefined);
  if (info === undefined) return { side: build.side, seconds: DEFAULT_BUILD_SECONDS, recorded: false };
  const { configure, build: compile, install } = info.seconds;
  return { side: build.side, seconds: configure + compile + install, recorded: true };
}

/** The sides' plan, shared when they are measured at once; the budget, when more repetitions may use it. */
function measureSeconds(config: RunConfig<unknown>): number {
  const planned = suiteSeconds(config, config.suite);
  const adaptive = config.adaptive;
  if (adaptive === undefined) return planned;
  if (adaptive.budgetSeconds !== null) return Math.max(planned, adaptive.budgetSeconds);
  return (planned * adaptive.most) / config.suite.repetitions;
}

function suiteSeconds(config: RunConfig<unknown>, suite: Suite): number {
  const sides: SideName[] = config.sides.map((side) => side.name);
  const { parallelSides } = config;
  const atOnce = chooseParallelSides(
    parallelSides.mode,
    suite,
    sides.length,
    allowedCpus(),
    parallelSides.label,
  ).sides.parallel
    ? sides.length
    : 1;
  // The aligned head's steps (--align-settings) are the head's alone: its options do not change the plan.
  const measured = config.alignSettings ? suiteWithAlignedHead(suite, {}) : suite;
  return plannedTotalSeconds(planSteps(measured, sides), measured) / atOnce;
}

/** The largest share's measuring time with the whole suite in `count` shards; undefined when it cannot be split so. */
function largestShardSeconds(config: RunConfig<unknown>, count: number): number | undefined {
  const whole = config.shard?.suite ?? config.suite;
  const sides = config.sides.map((side) => side.name);
  if (count > suiteCells(whole).length) return undefined;
  const shards = splitCells(whole, sides, count);
  return Math.max(...shards.map((cells) => suiteSeconds(config, selectCells(whole, cells))));
}
