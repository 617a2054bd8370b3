// Descriptive statistics of one sample: location, spread and relative noise.
import { StatisticsError } from '../errors.js';

import { assertPositiveValues, assertSample } from './validate.js';

/** Ascending copy of `xs` (Float64Array sorts numerically, unlike Array.prototype.sort). */
function sorted(xs: readonly number[]): Float64Array {
  return Float64Array.from(xs).sort();
}

/** `xs[index]`, for indices the caller has already proven to be in range. */
export function valueAt(xs: ArrayLike<number>, index: number): number {
  const value = xs[index];
  if (value === undefined) throw new StatisticsError(`index ${index} is outside 0..${xs.length - 1}`);
  return value;
}

/**
 * Quantile `q` of an already ascending sample: Hyndman & Fan (1996) definition 7, R's default
 * `quantile(type = 7)` and numpy's default `np.quantile(method='linear')`. The index is
 * h = (n − 1)·q and the result interpolates between the order statistics on either side of h.
 * The interpolation is written as numpy's `_lerp` writes it (from the upper point when the
 * fraction is at least ½) so results agree with numpy to the last bit or two.
 * Hyndman, R. J. & Fan, Y. (1996), "Sample quantiles in statistical packages",
 * The American Statistician 50(4):361–365.
 */
export function quantileOfSorted(ascending: ArrayLike<number>, q: number): number {
  if (ascending.length === 0) throw new StatisticsError('the sample must contain at least one value; got 0');
  if (!(q >= 0 && q <= 1)) throw new StatisticsError(`q must be between 0 and 1; got ${String(q)}`);
  const h = (ascending.length - 1) * q;
  const below = Math.floor(h);
  const above = Math.min(below + 1, ascending.length - 1);
  const fraction = h - below;
  const a = valueAt(ascending, below);
  const b = valueAt(ascending, above);
  const difference = b - a;
  // Values of both signs near the largest double: their difference overflows, their weighted sum cannot.
  if (!Number.isFinite(difference)) return a * (1 - fraction) + b * fraction;
  return fraction >= 0.5 ? b - difference * (1 - fraction) : a + difference * fraction;
}

/** Quantile `q` ∈ [0, 1] of `xs`, Hyndman & Fan type 7 (numpy's default); see `quantileOfSorted`. */
export function quantile(xs: readonly number[], q: number): number {
  assertSample(xs, 'xs');
  return quantileOfSorted(sorted(xs), q);
}

/**
 * (a + b)/2 as `np.median` computes it, and a/2 + b/2 where a + b would overflow (past ~9e307):
 * halving is exact above the subnormals, so both give the same double wherever the first is finite.
 */
export function midpoint(a: number, b: number): number {
  const sum = a + b;
  return Number.isFinite(sum) ? sum / 2 : a / 2 + b / 2;
}

/**
 * Median of an already ascending sample: the middle order statistic, or the mean of the two
 * middle ones, computed as (a + b)/2 like `np.median` (a quantile's interpolation can differ in
 * the last bit), without overflowing (`midpoint`).
 */
export function medianOfSorted(ascending: ArrayLike<number>): number {
  if (ascending.length === 0) throw new StatisticsError('the sample must contain at least one value; got 0');
  const middle = (ascending.length - 1) / 2;
  return midpoint(valueAt(ascending, Math.floor(middle)), valueAt(ascending, Math.ceil(middle)));
}

/** The sample median (`np.median`); see `medianOfSorted`. */
export function median(xs: readonly number[]): number {
  assertSample(xs, 'xs');
  return medianOfSorted(sorted(xs));
}

/**
 * 2^⌊log2 max|x|⌋ (1 for zeros, or when a value is not finite): every x divided by it lies in (−2, 2), so its sums
 * and squares cannot overflow, and dividing or multiplying by a power of two is exact above the
 * subnormals. A statistic of the scaled values, scaled back, is the one of the values themselves
 * wherever that is finite.
 */
export function overflowScale(xs: ArrayLike<number>): number {
  let largest = 0;
  for (let i = 0; i < xs.length; i++) largest = Math.max(largest, Math.abs(valueAt(xs, i)));
  // Zeros need no scaling; an infinite or NaN value cannot be scaled into range.
  if (largest === 0 || !Number.isFinite(largest)) return 1;
  // log2 rounds (Number.MAX_VALUE's is 1024): step to the power of two at or just below.
  let exponent = Math.floor(Math.log2(largest));
  while (2 ** exponent > largest) exponent--;
  while (2 ** (exponent + 1) <= largest) exponent++;
  return 2 ** exponent;
}

/**
 * Arithmetic mean. Summed in order; when that sum overflows (values near the largest double), the
 * values are summed scaled by `overflowScale` and the mean scaled back, which does not.
 */
export function mean(xs: readonly number[]): number {
  assertSample(xs, 'xs');
  let sum = 0;
  for (const x of xs) sum += x;
  if (Number.isFinite(sum)) return sum / xs.length;
  const scale = overflowScale(xs);
  let scaled = 0;
  for (const x of xs) scaled += x / scale;
  return (scaled / xs.length) * scale;
}

/**
 * Sample standard deviation with Bessel's correction (n − 1 denominator; numpy's `std(ddof=1)`),
 * by the corrected two-pass algorithm: Chan, Golub & LeVeque (1983), "Algorithms for computing
 * the sample variance: analysis and recommendations", The American Statistician 37(3):242–247,
 * eq. 1.7. The second term removes most of the rounding error left in the mean. Where the squares
 * overflow (deviations past ~1e154), it is computed on the values scaled by `overflowScale`.
 */
export function sampleStdDev(xs: readonly number[]): number {
  assertSample(xs, 'xs', 2);
  const deviation = twoPassStdDev(xs);
  if (Number.isFinite(deviation)) return deviation;
  const scale = overflowScale(xs);
  return twoPassStdDev(xs.map((x) => x / scale)) * scale;
}

function twoPassStdDev(xs: readonly number[]): number {
  const centre = mean(xs);
  let squares = 0;
  let deviations = 0;
  for (const x of xs) {
    squares += (x - centre) ** 2;
    deviations += x - centre;
  }
  const variance = (squares - deviations ** 2 / xs.length) / (xs.length - 1);
  return Math.sqrt(Math.max(variance, 0));
}

/**
 * Raw median absolute deviation, median(|x − median(x)|), not scaled to the normal standard
 * deviation: scipy's `stats.median_abs_deviation(x)` with its default `scale=1.0`.
 * Hampel, F. R. (1974), "The influence curve and its role in robust estimation", JASA 69:383–393.
 */
export function mad(xs: readonly number[]): number {
  const centre = median(xs);
  return median(xs.map((x) => Math.abs(x - centre)));
}

/**
 * 1/Φ⁻¹(¾) ≈ 1.4826: makes the MAD estimate the standard deviation of normal data; the constant
 * scipy's `median_abs_deviation(x, scale='normal')` uses. Rousseeuw, P. J. & Croux, C. (1993),
 * "Alternatives to the median absolute deviation", JASA 88(424):1273–1283.
 */
export const MAD_NORMAL_SCALE = 1.482602218505602;

/** How `robustCvEstimate` measured the noise. */
export type CvEstimator = 'scaled-mad' | 'stdev-over-mean';

export interface CvEstimate {
  /** Relative noise as a fraction of the centre: 0.02 is 2%. */
  readonly cv: number;
  readonly estimator: CvEstimator;
}

/**
 * Robust coefficient of variation, 1.4826·MAD / median, for strictly positive measurements
 * (throughput, latency). One wild repetition moves it far less than stdev/mean.
 *
 * When more than half the values are identical the MAD is 0 even though the values differ, and
 * the robust estimate would claim no noise at all; a gate that believed it would call any change
 * significant. In that case only, this falls back to the classical sampleStdDev/mean, which sees
 * the outlying values, and says so in `estimator`. When every value is identical the noise is
 * genuinely 0 (estimator 'scaled-mad'). Needs at least two values: one cannot show noise.
 */
export function robustCvEstimate(xs: readonly number[]): CvEstimate {
  assertSample(xs, 'xs', 2);
  assertPositiveValues(xs, 'xs');
  const deviation = mad(xs);
  const allEqual = xs.every((x) => x === xs[0]);
  if (deviation > 0 || allEqual) {
    const centre = median(xs);
    const cv = (MAD_NORMAL_SCALE * deviation) / centre;
    // A spread past ~1.2e308 overflows when scaled first; divided first, it cannot.
    return {
      cv: Number.isFinite(cv) ? cv : MAD_NORMAL_SCALE * (deviation / centre),
      estimator: 'scaled-mad',
    };
  }
  return { cv: sampleStdDev(xs) / mean(xs), estimator: 'stdev-over-mean' };
}

/** `robustCvEstimate(xs).cv`: see there for the MAD = 0 fallback and the input requirements. */
export function robustCv(xs: readonly number[]): number {
  return robustCvEstimate(xs).cv;
}
