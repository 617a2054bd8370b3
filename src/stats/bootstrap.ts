// A confidence interval for the relative change between two sides, median(head) / median(base),
// without assuming a distribution for either side.
import { medianOfSorted, quantileOfSorted, valueAt } from './descriptive.js';
import { createRng, type Xoshiro128StarStar } from './random.js';
import { assertInteger, assertOpenInterval, assertPositiveValues, assertSample } from './validate.js';

export interface BootstrapOptions {
  /** Coverage of the interval, strictly between 0 and 1. Default 0.95. */
  readonly confidence?: number;
  /** Number of bootstrap resamples, at least 1. Default 10,000. */
  readonly resamples?: number;
  /** Non-negative safe integer seeding the generator. Default DEFAULT_BOOTSTRAP_SEED. */
  readonly seed?: number;
}

export interface RatioInterval {
  /** median(head) / median(base): 1.05 is 5% higher. */
  readonly ratio: number;
  /** Lower end of the percentile bootstrap interval of the ratio. */
  readonly low: number;
  /** Upper end of the percentile bootstrap interval of the ratio. */
  readonly high: number;
}

/** The seed used when none is given: fixed, so that the same input always gives the same interval. */
export const DEFAULT_BOOTSTRAP_SEED = 0x5eed;

/** The options with their defaults, each checked. */
function checkedOptions(options: BootstrapOptions): Required<BootstrapOptions> {
  const { confidence = 0.95, resamples = 10_000, seed = DEFAULT_BOOTSTRAP_SEED } = options;
  assertOpenInterval(confidence, 'confidence', 0, 1);
  assertInteger(resamples, 'resamples', 1);
  assertInteger(seed, 'seed', 0);
  return { confidence, resamples, seed };
}

/** The (1 − c)/2 and (1 + c)/2 quantiles (type 7) of the resampled statistics; sorts them. */
function percentiles(values: Float64Array, confidence: number): { low: number; high: number } {
  values.sort();
  const tail = (1 - confidence) / 2;
  return { low: quantileOfSorted(values, tail), high: quantileOfSorted(values, 1 - tail) };
}

/** One side of the comparison, prepared once for many resamples. */
interface Side {
  readonly ascending: Float64Array;
  /** Scratch space: how often each position was drawn in the current resample. */
  readonly counts: Uint32Array;
  /** 0-based ranks of the middle order statistics of a resample (equal when n is odd). */
  readonly lowRank: number;
  readonly highRank: number;
}

function prepare(values: readonly number[]): Side {
  const n = values.length;
  return {
    ascending: Float64Array.from(values).sort(),
    counts: new Uint32Array(n),
    lowRank: Math.floor((n - 1) / 2),
    highRank: Math.ceil((n - 1) / 2),
  };
}

/**
 * Median of one resample with replacement of a side, found from how often each position was
 * drawn rather than by sorting the resample: O(n) and no allocation. No globals are looked up in
 * here, because under Jest each lookup is slow (see random.ts).
 */
function resampledMedian(side: Side, rng: Xoshiro128StarStar): number {
  const { ascending, counts, lowRank, highRank } = side;
  const n = ascending.length;
  counts.fill(0);
  for (let draw = 0; draw < n; draw++) {
    const position = rng.nextIntBelow(n);
    counts[position] = (counts[position] ?? 0) + 1;
  }
  let seen = 0;
  let low = 0;
  for (let position = 0; position < n; position++) {
    const before = seen;
    seen += counts[position] ?? 0;
    if (before <= lowRank && seen > lowRank) low = valueAt(ascending, position);
    if (seen > highRank) {
      // descriptive.ts's midpoint, inlined: (a + b)/2, halves first where the sum overflows.
      const high = valueAt(ascending, position);
      const sum = low + high;
      return sum - sum === 0 ? sum / 2 : low / 2 + high / 2;
    }
  }
  throw new Error('unreachable: a resample has n values');
}

/**
 * Percentile bootstrap confidence interval of median(head) / median(base): each side is resampled
 * independently with replacement (the two sides are independent runs), the ratio of the resample
 * medians is taken `resamples` times, and the interval is the (1 − c)/2 and (1 + c)/2 quantiles
 * (type 7) of those ratios. Efron, B. & Tibshirani, R. J. (1993), "An Introduction to the
 * Bootstrap", Chapman & Hall, ch. 13 (percentile intervals) and ch. 8 (the two-sample problem).
 *
 * Deterministic: the generator is seeded, and each side is sorted first, so neither a rerun nor
 * a different order of the same repetitions changes the interval.
 *
 * Caveats the caller must carry: with few repetitions the median takes few values, the bootstrap
 * distribution is lumpy and percentile intervals cover less than `confidence` (for 5 values the
 * resampled median is one of the 5 values). Use it to show the size of a change and its
 * uncertainty; decide significance with the rank test. Values must be strictly positive (rates,
 * durations), and each side needs at least two: one value cannot show any uncertainty.
 */
export function bootstrapRatioOfMedians(
  base: readonly number[],
  head: readonly number[],
  options: BootstrapOptions = {},
): RatioInterval {
  assertSample(base, 'base', 2);
  assertSample(head, 'head', 2);
  assertPositiveValues(base, 'base');
  assertPositiveValues(head, 'head');
  const { confidence, resamples, seed } = checkedOptions(options);

  const rng = createRng(seed);
  const baseSide = prepare(base);
  const headSide = prepare(head);
  const ratios = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) {
    const baseMedian = resampledMedian(baseSide, rng);
    ratios[b] = resampledMedian(headSide, rng) / baseMedian;
  }
  return {
    ratio: medianOfSorted(headSide.ascending) / medianOfSorted(baseSide.ascending),
    ...percentiles(ratios, confidence),
  };
}

/**
 * Percentile bootstrap confidence interval of the median of paired ratios (head_i / base_i, the
 * repetitions of two sides run in lockstep): the ratios are resampled together, as one sample.
 * Same caveats as above; `ratio` is the ratios' own median.
 */
export function bootstrapMedianOfRatios(
  ratios: readonly number[],
  options: BootstrapOptions = {},
): RatioInterval {
  assertSample(ratios, 'ratios', 2);
  assertPositiveValues(ratios, 'ratios');
  const { confidence, resamples, seed } = checkedOptions(options);
  const rng = createRng(seed);
  const side = prepare(ratios);
  const medians = new Float64Array(resamples);
  for (let b = 0; b < resamples; b++) medians[b] = resampledMedian(side, rng);
  return { ratio: medianOfSorted(side.ascending), ...percentiles(medians, confidence) };
}
