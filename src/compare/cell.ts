// One cell (workload × threads × metric): statistics of both sides and the cell's verdict. Pure.
//
// A cell is a regression only when all of these hold:
//   - the change is worse than the cell's tolerance (a fraction of the base median);
//   - a one-sided Mann-Whitney U test, adjusted across the cells of its metric, says head is
//     worse than base at level alpha (no normality assumed; rank-based, so one wild repetition
//     cannot carry a verdict);
//   - the change is larger than the measurement can show (sysbench's 0.01 ms latency steps).
// A change beyond the tolerance that the test cannot confirm is inconclusive, not "unchanged".
// A cell whose bootstrap interval rules out anything worse than the tolerance is unchanged.
// Otherwise, when the cell's own noise is too large for its repetitions to resolve the tolerance
// (minimum detectable effect above it), it is inconclusive and says how many repetitions would
// resolve it, as ClickHouse reports unstable queries instead of guessing. Improvements mirror
// regressions. Where a cell would be unchanged but its change is shown to be real (its interval
// stays on one side of zero, the one-sided test that way is significant, and the change is
// resolvable), it is within-tolerance instead: "unchanged" would tell a reader the path costs the
// same.
//
// Counted metrics (instructions) are judged on the counts themselves, without a rank test (with
// three repetitions a side none could pass), when the counts leave no doubt:
//   - a regression when every head repetition is worse than every base repetition by more than
//     the tolerance, and the change is at least three times the repetitions' own spread;
//   - within-tolerance when no pairing differs by more than the tolerance, but every pairing
//     differs the same way (all worse or all better), the change is at least three times the
//     spread and a tenth of the tolerance: a real change, smaller than the tolerance;
//   - unchanged when no pairing of a base and a head repetition differs by more than the
//     tolerance otherwise;
//   - inconclusive when neither holds but the repetitions agree to within half the tolerance
//     (the change sits too close to the line to call).
// Otherwise the counts are noisier than a count should be (background work in the window), and
// the statistics above apply to them as to timings.
import { formatPercentFine as percent, formatPValue } from '../format.js';
import { bootstrapMedianOfRatios, bootstrapRatioOfMedians } from '../stats/bootstrap.js';
import { median, robustCv } from '../stats/descriptive.js';
import { mannWhitneyU } from '../stats/mann-whitney.js';
import { minimumDetectableEffect, repetitionsToResolve } from '../stats/power.js';
import { cellName, variantOf } from '../suite/suite-schema.js';
import type { Variant } from '../suite/variants.js';
import type { Metric } from './metrics.js';
import { judgeCounts, type Judgement, pairedRatios, relativeRange } from './counted-cell.js';
import type { CellComparison, SideStatistics } from './verdict-schema.js';

export interface CellInput {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  readonly metric: Metric;
  readonly base: readonly number[];
  readonly head: readonly number[];
  readonly threshold: number;
  /**
   * Base and head repetition i ran at the same point of the same plan, on data the same writes
   * left (an A/B run's sides, or the head and its aligned twin): a counted metric is then judged
   * on each repetition against its counterpart.
   */
  readonly paired?: boolean;
  /**
   * Repetitions left out because they lack the metric (by index, per side), and why in words: the
   * cell is judged on the rest, and its reason says so.
   */
  readonly dropped?: {
    readonly base: readonly number[];
    readonly head: readonly number[];
    readonly why: string;
  };
}

export interface CellTests {
  /** One-sided p-value that head is worse than base, before adjustment. */
  readonly pWorse: number;
  /** One-sided p-value that head is better than base, before adjustment. */
  readonly pBetter: number;
}

export interface Settings {
  readonly alpha: number;
  readonly confidence: number;
  readonly power: number;
  readonly resamples: number;
}

export function sideStatistics(values: readonly number[]): SideStatistics {
  return {
    values: [...values],
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    cv: robustCv(values),
  };
}

/** The raw one-sided tests; adjusted across cells by the caller. */
export function cellTests(input: CellInput): CellTests {
  const [worse, better] =
    input.metric.worse === 'lower' ? (['less', 'greater'] as const) : (['greater', 'less'] as const);
  return {
    pWorse: mannWhitneyU(input.head, input.base, worse).pValue,
    pBetter: mannWhitneyU(input.head, input.base, better).pValue,
  };
}

/** A stable seed per cell, so the same results always give the same interval. */
function seedFor(input: CellInput): number {
  let hash = 2166136261;
  for (const char of `${cellName(input)}:${input.metric.name}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  }
  return hash >>> 0;
}

/** Statistics of values raised by `offset`, with the values, median and range as measured. */
function asMeasured(raised: SideStatistics, values: readonly number[], offset: number): SideStatistics {
  if (offset === 0) return raised;
  return {
    values: [...values],
    median: raised.median - offset,
    min: raised.min - offset,
    max: raised.max - offset,
    cv: raised.cv,
  };
}

/** What the statistics of a timing say about a cell, beside its tolerance. */
interface TimingEvidence {
  /** Positive when head is worse, whichever direction the metric runs. */
  readonly worseBy: number;
  readonly threshold: number;
  /** False when the medians differ by no more than the measurement's own steps. */
  readonly resolvable: boolean;
  readonly adjusted: { pWorse: number; pBetter: number };
  readonly settings: Settings;
  /** Repetitions per side (the smaller side). */
  readonly n: number;
  readonly cv: number;
  /** The level a single cell must reach on its own, after the adjustment across its family. */
  readonly cellAlpha: number;
  readonly mde: number;
  /** Repetitions per side that would resolve the tolerance. */
  readonly needed: number;
  /** The worst change the interval still allows, as "worse by". */
  readonly worstPlausible: number;
  /**
   * The interval's worst change is no larger than the measurement's steps can show (twice the
   * metric's resolution, in its unit): a regression is ruled out however noisy the cell.
   */
  readonly belowResolution: boolean;
  /** The best change the interval still allows, as "worse by" (negative: better). */
  readonly bestPlausible: number;
  readonly familySize: number;
}

interface TimingJudgement extends Judgement {
  /** Repetitions per side that would settle an inconclusive cell. */
  readonly repetitionsNeeded: number | null;
}

/**
 * Within-tolerance for a timing no larger than its tolerance, when the change is shown to be real:
 * the interval stays on the change's side of zero, the one-sided test that way is significant and
 * the medians differ by more than the measurement's steps. Undefined otherwise.
 */
function realWithin(e: TimingEvidence): TimingJudgement | undefined {
  const { worseBy, threshold, adjusted, settings } = e;
  if (!e.resolvable || Math.abs(worseBy) > threshold) return undefined;
  // The whole interval on one side of zero and inside the tolerance: shown to be real and small.
  const worse =
    worseBy > 0 && e.bestPlausible > 0 && e.worstPlausible <= threshold && adjusted.pWorse <= settings.alpha;
  const better =
    worseBy < 0 &&
    e.worstPlausible < 0 &&
    -e.bestPlausible <= threshold &&
    adjusted.pBetter <= settings.alpha;
  if (!worse && !better) return undefined;
  const way = worse ? 'worse' : 'better';
  const [near, far] = worse ? [e.bestPlausible, e.worstPlausible] : [-e.worstPlausible, -e.bestPlausible];
  return {
    verdict: 'within-tolerance',
    reason:
      `${percent(Math.abs(worseBy))} ${way}, within the ${percent(threshold)} tolerance; shown to be real ` +
      `(p = ${formatPValue(worse ? adjusted.pWorse : adjusted.pBetter)}, ${Math.round(settings.confidence * 100)}% interval ` +
      `${percent(near)} to ${percent(far)} ${way})`,
    repetitionsNeeded: null,
  };
}

/** A timing's verdict: a regression or improvement must exceed the tolerance and be significant. */
function judgeTiming(e: TimingEvidence): TimingJudgement {
  const { worseBy, threshold, resolvable, adjusted, settings, n, cv, mde, needed } = e;
  if (worseBy > threshold && adjusted.pWorse <= settings.alpha && resolvable) {
    const reason = `${percent(worseBy)} worse, beyond the ${percent(threshold)} tolerance (p = ${formatPValue(adjusted.pWorse)})`;
    return { verdict: 'regression', reason, repetitionsNeeded: null };
  }
  if (-worseBy > threshold && adjusted.pBetter <= settings.alpha && resolvable) {
    const reason = `${percent(-worseBy)} better, beyond the ${percent(threshold)} tolerance (p = ${formatPValue(adjusted.pBetter)})`;
    return { verdict: 'improvement', reason, repetitionsNeeded: null };
  }
  if (Math.abs(worseBy) > threshold && resolvable) {
    // Beyond the tolerance but not shown to be real: neither a regression nor "unchanged".
    const p = Math.min(adjusted.pWorse, adjusted.pBetter);
    const resolve = repetitionsToResolve({
      cv,
      effect: Math.abs(worseBy),
      alpha: e.cellAlpha,
      power: settings.power,
    });
    const reason =
      `a ${percent(Math.abs(worseBy))} ${worseBy > 0 ? 'worse' : 'better'} median, beyond the ${percent(threshold)} tolerance, ` +
      `that ${n} repetitions cannot confirm (p = ${formatPValue(p)}); about ${Math.max(resolve, n + 1)} repetitions per side would settle it`;
    return { verdict: 'inconclusive', reason, repetitionsNeeded: Math.max(resolve, n + 1) };
  }
  if (e.belowResolution && e.worstPlausible > threshold) {
    const reason =
      `within what the measurement shows: the ${Math.round(settings.confidence * 100)}% interval rules out a change ` +
      `larger than its steps (more than ${percent(Math.max(0, e.worstPlausible))} worse is not plausible)`;
    return { verdict: 'unchanged', reason, repetitionsNeeded: null };
  }
  if (e.worstPlausible <= threshold) {
    // The interval already rules out a change worse than the tolerance: nothing to resolve.
    const reason =
      `within the ${percent(threshold)} tolerance: the ${Math.round(settings.confidence * 100)}% interval ` +
      `rules out more than ${percent(Math.max(0, e.worstPlausible))} worse`;
    return realWithin(e) ?? { verdict: 'unchanged', reason, repetitionsNeeded: null };
  }
  if (n < needed && mde > threshold) {
    const reason = Number.isFinite(mde)
      ? `noise ${percent(cv)} with ${n} repetitions can only resolve changes of ${percent(mde)}, ` +
        `more than the ${percent(threshold)} tolerance; ${needed} repetitions per side would resolve it`
      : `${n} repetitions per side cannot show any change to be significant when ${e.familySize} cells are judged ` +
        `together; ${needed} repetitions per side would resolve the ${percent(threshold)} tolerance`;
    return { verdict: 'inconclusive', reason, repetitionsNeeded: needed };
  }
  return (
    realWithin(e) ?? {
      verdict: 'unchanged',
      reason: `within the ${percent(threshold)} tolerance`,
      repetitionsNeeded: null,
    }
  );
}

/**
 * `familySize` is how many cells share the metric: the adjustment across them means a single
 * cell must reach alpha / familySize on its own, so that is what the noise gate asks of it.
 */
export function compareCell(
  input: CellInput,
  adjusted: { pWorse: number; pBetter: number; pWorseRaw: number },
  settings: Settings,
  familySize: number,
): Omit<CellComparison, 'gating'> {
  const { metric, threshold } = input;
  // Ratios, noise and the interval are taken of the values raised by the metric's offset (stall
  // seconds are often 0); the sides are shown as measured.
  const offset = metric.offset ?? 0;
  const raised = {
    base: input.base.map((value) => value + offset),
    head: input.head.map((value) => value + offset),
  };
  const base = asMeasured(sideStatistics(raised.base), input.base, offset);
  const head = asMeasured(sideStatistics(raised.head), input.head, offset);
  const bootstrap = { confidence: settings.confidence, resamples: settings.resamples, seed: seedFor(input) };
  // Counts of repetitions run in lockstep: the interval of the ratios of counterparts.
  const ratios = pairedRatios(input);
  const interval =
    metric.counted && ratios !== undefined
      ? bootstrapMedianOfRatios(ratios, bootstrap)
      : bootstrapRatioOfMedians(raised.base, raised.head, bootstrap);
  // The ratio of the medians; for counts run in lockstep, the median of the counterparts' ratios.
  const change = interval.ratio - 1;
  const worseBy = metric.worse === 'lower' ? -change : change;
  const n = Math.min(input.base.length, input.head.length);
  const cv = Math.max(base.cv, head.cv);
  const cellAlpha = settings.alpha / Math.max(1, familySize);
  // Infinite when n repetitions cannot reach cellAlpha at all, however large the change.
  const mde = minimumDetectableEffect({ cv, n, alpha: cellAlpha, power: settings.power });
  const counted = judgeCounts(input, base, head, worseBy, threshold);
  const worstPlausible = metric.worse === 'lower' ? 1 - interval.low : interval.high - 1;
  const { verdict, reason, repetitionsNeeded } = counted
    ? { ...counted, repetitionsNeeded: null }
    : judgeTiming({
        worseBy,
        threshold,
        resolvable: Math.abs(head.median - base.median) > 2 * metric.resolution,
        adjusted,
        settings,
        n,
        cv,
        cellAlpha,
        mde,
        needed: repetitionsToResolve({ cv, effect: threshold, alpha: cellAlpha, power: settings.power }),
        worstPlausible,
        belowResolution:
          metric.resolution > 0 && worstPlausible * (base.median + offset) <= 2 * metric.resolution,
        bestPlausible: metric.worse === 'lower' ? 1 - interval.high : interval.low - 1,
        familySize,
      });
  return {
    workload: input.workload,
    threads: input.threads,
    ...variantOf(input),
    metric: metric.name,
    base,
    head,
    change,
    changeInterval: { low: interval.low - 1, high: interval.high - 1, confidence: settings.confidence },
    pValue: adjusted.pWorse,
    pValueRaw: adjusted.pWorseRaw,
    threshold,
    minimumDetectableEffect: Number.isFinite(mde) ? mde : null,
    repetitionsNeeded,
    verdict,
    judgedBy: counted ? 'counts' : 'statistics',
    ...(metric.counted && ratios !== undefined ? { paired: true as const } : {}),
    ...(input.dropped ? { dropped: { base: [...input.dropped.base], head: [...input.dropped.head] } } : {}),
    reason:
      droppedNote(input) +
      (metric.counted && !counted
        ? `repetitions vary by ${percent(Math.max(relativeRange(base), relativeRange(head)))}, more than half the tolerance, so this count is judged like a timing: ${reason}`
        : reason),
  };
}

/** "judged on 2 of 3 head repetitions (head repetition 2 has no callgrind counts): ", or ''. */
function droppedNote(input: CellInput): string {
  if (input.dropped === undefined) return '';
  const sides = (['base', 'head'] as const)
    .filter((side) => input.dropped?.[side].length)
    .map(
      (side) =>
        `${input[side].length} of ${input[side].length + (input.dropped?.[side].length ?? 0)} ${side}`,
    );
  return `judged on ${sides.join(' and ')} repetitions (${input.dropped.why}): `;
}
