// Whether a run fits the job's time limit, decided before anything is built or measured: the
// builds (the last build's recorded time, else a default), the plan's measuring time and a margin
// against the limit; when it does not fit, the number of shards (`run --shard K/N`) whose largest
// share would. Pure.
import { formatDuration } from '../format.js';
import { MAX_SHARDS } from './shards.js';

/**
 * What the plan does not count, as a fixed part and a share of the plan: the checkout and steps
 * before the action, servers bootstrapped and started, tables prepared, the verdict and its
 * report. The instructions suite's A/A run on 2 cores planned 2m05s and took 2m17s in all;
 * the quick suite's planned 9m and took 10m (docs/runners.md).
 */
export const MARGIN_FIXED_SECONDS = 5 * 60;
export const MARGIN_SHARE = 0.1;

/**
 * A build with no record of an earlier one in its directory: a cold MariaDB 10.11 build took 17
 * to 23 minutes on 2 cores here (MySQL 9.7: 87 minutes; docs/building.md).
 */
export const DEFAULT_BUILD_SECONDS = 30 * 60;

/** One build the job will run before measuring. */
export interface BuildEstimate {
  /** "base", "head", "server". */
  readonly side: string;
  readonly seconds: number;
  /** True: the last build in its directory took that long; false: DEFAULT_BUILD_SECONDS. */
  readonly recorded: boolean;
}

export interface TimeLimitInput {
  readonly limitSeconds: number;
  /** `--time-limit` or `input "time-limit"`, for the message. */
  readonly label: string;
  /** Already spent by this job before the check (the action's step so far). */
  readonly elapsedSeconds: number;
  /** The plan's measuring time for this run (its shard's, when it is one). */
  readonly measureSeconds: number;
  readonly builds: readonly BuildEstimate[];
  /**
   * The measuring time of the largest shard when the whole suite is split into `count` shards,
   * or undefined when it cannot be (fewer cells than shards).
   */
  readonly shardSeconds: (count: number) => number | undefined;
}

export type TimeFit =
  /** `spareSeconds`: what the limit leaves, e.g. for waiting for the machine lock. */
  { readonly fits: true; readonly spareSeconds: number } | { readonly fits: false; readonly message: string };

export function marginSeconds(measureSeconds: number): number {
  return MARGIN_FIXED_SECONDS + MARGIN_SHARE * measureSeconds;
}

/** Whether the run fits the limit; the one-line refusal, naming the shards that would fit, if not. */
export function fitTimeLimit(input: TimeLimitInput): TimeFit {
  const buildSeconds = input.builds.reduce((sum, build) => sum + build.seconds, 0);
  const needed =
    input.elapsedSeconds + buildSeconds + input.measureSeconds + marginSeconds(input.measureSeconds);
  if (needed <= input.limitSeconds) return { fits: true, spareSeconds: input.limitSeconds - needed };
  const parts = [
    ...(input.elapsedSeconds >= 60 ? [`${formatDuration(input.elapsedSeconds)} spent already`] : []),
    ...(input.builds.length > 0 ? [`building ${describeBuilds(input.builds)}`] : []),
    `measuring about ${formatDuration(input.measureSeconds)}`,
    `a margin of ${formatDuration(marginSeconds(input.measureSeconds))}`,
  ];
  const head = `refusing to start: ${joinParts(parts)} make about ${formatDuration(needed)}, over ${input.label} ${formatDuration(input.limitSeconds)}`;
  return { fits: false, message: `${head}; ${advice(input)}` };
}

/**
 * The fewest shards whose largest share, with its margin, fits the limit on a job of its own
 * (measure.yml's shard jobs get the servers built by another job), and that share's time.
 */
export function shardsThatFit(input: TimeLimitInput): { count: number; seconds: number } | undefined {
  for (let count = 2; count <= MAX_SHARDS; count++) {
    const seconds = input.shardSeconds(count);
    if (seconds === undefined) return undefined;
    if (seconds + marginSeconds(seconds) <= input.limitSeconds) return { count, seconds };
  }
  return undefined;
}

function advice(input: TimeLimitInput): string {
  const fit = shardsThatFit(input);
  if (fit === undefined) {
    return `no split of the suite into shards fits it (one cell per shard is still too long): raise ${input.label} or choose a shorter suite`;
  }
  return `${fit.count} shards would fit (about ${formatDuration(fit.seconds)} of measuring each, built once by a job of their own: run --shard K/${fit.count}, or measure.yml's input shards: ${fit.count}), or raise ${input.label}`;
}

function describeBuilds(builds: readonly BuildEstimate[]): string {
  const total = builds.reduce((sum, build) => sum + build.seconds, 0);
  const recorded = builds.filter((build) => build.recorded).map((build) => build.side);
  const source =
    recorded.length === builds.length
      ? 'as long as the last builds took'
      : recorded.length === 0
        ? `no earlier build recorded: ${formatDuration(DEFAULT_BUILD_SECONDS)} each`
        : `the last build of ${recorded.join(' and ')}, ${formatDuration(DEFAULT_BUILD_SECONDS)} for the others`;
  return `about ${formatDuration(total)} (${source})`;
}

function joinParts(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`;
}
