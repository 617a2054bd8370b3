// Change points in a series of measurements, as Apache Otava finds them
// (otava/analysis.py, `compute_change_points`, apache-otava 0.8.0): E-Divisive means
// (Matteson & James 2014, α = 1; ./e-divisive.ts) run in sliding windows with Otava's Student
// t-test between the segments around each candidate at a relaxed p (the "weak" change points),
// then merged bottom-up at the requested p and magnitude (Fleming et al. 2023, "Hunter: Using
// Change Point Detection to Hunt for Performance Regressions", https://doi.org/10.1145/3578244.3583719).
// Deterministic: Otava's windowed algorithm uses the t-test, not permutations, so there is no RNG.
import { StatisticsError } from '../errors.js';

import { PairDistances, type Candidate, type Interval } from './e-divisive.js';
import { numpyMean, numpyStd } from './numpy-sum.js';
import { tTestFromStats } from './student-t.js';
import { assertInteger, assertSample } from './validate.js';

export interface ChangePointOptions {
  /** Sliding window length (Otava's `window_len`, default 50, at least 2). */
  windowLength?: number;
  /** Largest p-value of a change point (Otava's `max_pvalue`, default 0.001). */
  maxPValue?: number;
  /** Smallest relative change kept when p is acceptable (Otava's `min_magnitude`, default 0). */
  minMagnitude?: number;
}

export interface ChangePoint {
  /** Index of the first value after the change. */
  index: number;
  /** Mean of the segment before the change (back to the previous change point). */
  meanBefore: number;
  /** Mean of the segment after the change (up to the next change point). */
  meanAfter: number;
  /** meanAfter / meanBefore − 1 (0 when meanBefore is 0, as Otava). */
  relativeChange: number;
  /** Two-sided p-value of Otava's t-test between the two segments. */
  pValue: number;
  /** Otava's magnitude: max(|after/before − 1|, |before/after − 1|). */
  magnitude: number;
}

export const DEFAULT_CHANGE_POINT_OPTIONS: Required<ChangePointOptions> = {
  windowLength: 50,
  maxPValue: 0.001,
  minMagnitude: 0,
};

/**
 * Otava's `TTestSignificanceTester.compare`: means and population standard deviations
 * (np.mean, np.std) of both segments and scipy's equal-variance t-test on them; p = 1 when the
 * segments hold two values in all.
 */
function compareSegments(
  series: ArrayLike<number>,
  index: number,
  left: Interval,
  right: Interval,
): ChangePoint {
  const a = Array.prototype.slice.call(series, left.start, left.end) as number[];
  const b = Array.prototype.slice.call(series, right.start, right.end) as number[];
  const meanBefore = numpyMean(a);
  const meanAfter = numpyMean(b);
  const stdBefore = a.length >= 2 ? numpyStd(a) : 0;
  const stdAfter = b.length >= 2 ? numpyStd(b) : 0;
  const pValue =
    a.length + b.length > 2
      ? tTestFromStats(meanBefore, stdBefore, a.length, meanAfter, stdAfter, b.length)
      : 1;
  const forward = meanBefore === 0 ? 0 : meanAfter / meanBefore - 1;
  const backward = meanAfter === 0 ? 0 : meanBefore / meanAfter - 1;
  const magnitude = Math.max(Math.abs(forward), Math.abs(backward));
  return { index, meanBefore, meanAfter, relativeChange: forward, pValue, magnitude };
}

/** Otava's `get_intervals`: the non-empty segments between sorted change points. */
function intervalsBetween(indices: readonly number[], length: number): Interval[] {
  const bounds = [0, ...indices, length];
  const intervals: Interval[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const start = bounds[i] ?? 0;
    const end = bounds[i + 1] ?? length;
    if (start !== end) intervals.push({ start, end });
  }
  return intervals;
}

/**
 * Otava's `TTestSignificanceTester.change_point`: an existing change point (the end of an
 * interval) is tested between its two intervals; a new candidate splits the interval it falls in.
 */
function testCandidate(
  series: ArrayLike<number>,
  index: number,
  intervals: readonly Interval[],
): ChangePoint {
  for (let i = 0; i < intervals.length; i++) {
    const interval = intervals[i];
    if (interval === undefined) break;
    if (interval.end === index) {
      const next = intervals[i + 1];
      if (next === undefined) break;
      return compareSegments(series, index, interval, next);
    }
    if (interval.start < index && index < interval.end) {
      return compareSegments(
        series,
        index,
        { start: interval.start, end: index },
        { start: index, end: interval.end },
      );
    }
  }
  throw new StatisticsError(`change point candidate ${index} lies in no interval`);
}

/**
 * Otava's `ChangePointDetector.get_change_points` on one window: hierarchical E-Divisive
 * splitting, each new split kept while its t-test p is at most `maxPValue`. Indices are absolute.
 */
function detectInWindow(
  series: readonly number[],
  start: number,
  end: number,
  maxPValue: number,
): ChangePoint[] {
  const window = series.slice(start, end);
  const distances = new PairDistances(window);
  const found: ChangePoint[] = [];
  for (;;) {
    const intervals = intervalsBetween(
      found.map((cp) => cp.index),
      window.length,
    );
    const candidate: Candidate | undefined = distances.nextCandidate(intervals);
    if (candidate === undefined) break;
    const point = testCandidate(window, candidate.index, intervals);
    if (!(point.pValue <= maxPValue)) break;
    found.push(point);
    found.sort((x, y) => x.index - y.index);
  }
  return found.map((cp) => ({ ...cp, index: cp.index + start }));
}

/**
 * Otava's `split`: windows of `windowLength` starting every ⌊windowLength/2⌋ (or at the last
 * change point found, if later); the union of their change points, re-tested between neighbours.
 */
function weakChangePoints(series: readonly number[], windowLength: number, pValue: number): ChangePoint[] {
  const step = Math.trunc(windowLength / 2);
  const indices: number[] = [];
  let start = 0;
  while (start < series.length) {
    const end = Math.min(start + windowLength, series.length);
    const found = detectInWindow(series, start, end, pValue);
    const last = found.at(-1)?.index ?? 0;
    start = Math.max(last, start + step);
    for (const cp of found) if (!indices.includes(cp.index)) indices.push(cp.index);
  }
  indices.sort((x, y) => x - y);
  const intervals = intervalsBetween(indices, series.length);
  return indices.map((index) => testCandidate(series, index, intervals));
}

/** Python's `max(xs, key=key)`: the first element whose key no later key exceeds. */
function firstBy(xs: readonly ChangePoint[], better: (x: ChangePoint, best: ChangePoint) => boolean): number {
  let best = 0;
  xs.forEach((x, i) => {
    const current = xs[best];
    if (current !== undefined && better(x, current)) best = i;
  });
  return best;
}

/**
 * Otava's `merge`: repeatedly drop the change point of largest p while it exceeds `maxPValue`,
 * then the one of smallest magnitude while it is at most `minMagnitude`, re-testing the
 * neighbours of each dropped point between their new segments.
 */
function mergeChangePoints(
  weak: readonly ChangePoint[],
  series: readonly number[],
  maxPValue: number,
  minMagnitude: number,
): ChangePoint[] {
  const points = [...weak];
  while (points.length > 0) {
    let drop = firstBy(points, (x, best) => x.pValue > best.pValue);
    if ((points[drop]?.pValue ?? NaN) < maxPValue) {
      drop = firstBy(points, (x, best) => x.magnitude < best.magnitude);
      if ((points[drop]?.magnitude ?? NaN) > minMagnitude) return points;
    }
    points.splice(drop, 1);
    const intervals = intervalsBetween(
      points.map((cp) => cp.index),
      series.length,
    );
    for (const i of [drop, drop + 1]) {
      const cp = points[i];
      if (cp !== undefined) points[i] = testCandidate(series, cp.index, intervals);
    }
  }
  return points;
}

/** Otava's first-pass p for the weak change points: 10× below 0.05, 2× below 0.5. */
function firstPassPValue(maxPValue: number): number {
  if (maxPValue < 0.05) return maxPValue * 10;
  return maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
}

/**
 * Change points of `values` as apache-otava's `compute_change_points(values, window_len,
 * max_pvalue, min_magnitude)` reports them, in ascending index order. Throws a StatisticsError on an
 * empty series, a non-finite value, a window shorter than 2 or a p-value outside (0, 1].
 */
export function detectChangePoints(
  values: readonly number[],
  options: ChangePointOptions = {},
): ChangePoint[] {
  assertSample(values, 'values');
  const { windowLength, maxPValue, minMagnitude } = { ...DEFAULT_CHANGE_POINT_OPTIONS, ...options };
  assertInteger(windowLength, 'windowLength', 2);
  if (!(maxPValue > 0 && maxPValue <= 1)) {
    throw new StatisticsError(`maxPValue must be in (0, 1]; got ${String(maxPValue)}`);
  }
  if (!(minMagnitude >= 0 && Number.isFinite(minMagnitude))) {
    throw new StatisticsError(`minMagnitude must be a finite number ≥ 0; got ${String(minMagnitude)}`);
  }
  const weak = weakChangePoints(values, windowLength, firstPassPValue(maxPValue));
  return mergeChangePoints(weak, values, maxPValue, minMagnitude);
}
