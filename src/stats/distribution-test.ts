// Do two sides' latency distributions differ? The two-sample Kolmogorov-Smirnov statistic between
// the sides' pooled distributions, with its p-value from permuting whole repetitions. Pure.
//
// Why not the textbook KS p-value: it assumes every event independent, and a repetition's events
// are not (they share the server's state, the machine's neighbours, the moment). With 100,000
// events per side the textbook test calls any two repetitions of the same server different.
// Permuting repetitions between the sides asks the right question instead: is the split into
// base and head more extreme than the splits that differ only by which repetitions went where?
import { StatisticsError } from '../errors.js';

import { createRng } from './random.js';

/** A distribution as increasing values with positive counts (a latency histogram). */
export interface Weighted {
  readonly values: readonly number[];
  readonly counts: readonly number[];
}

export interface DistributionTest {
  /** Largest distance between the two pooled empirical CDFs, 0 to 1. */
  readonly statistic: number;
  /** Share of the repetition splits whose statistic is at least the observed one. */
  readonly pValue: number;
  /** Splits looked at: every one ("exact"), or a seeded sample of them. */
  readonly permutations: number;
  readonly exact: boolean;
}

/** Every split is looked at up to this many; past it, this many seeded random ones. */
export const MAX_PERMUTATIONS = 2000;
/** Splits sampled at least, whatever they cost. */
export const MIN_PERMUTATIONS = 200;
/** Additions one test may spend on its splits (about 0.1 s). */
const WORK_BUDGET = 50_000_000;

/** Merges distributions: each distinct value once, in increasing order, with its summed count. */
export function pool(parts: readonly Weighted[]): Weighted {
  const byValue = new Map<number, number>();
  for (const part of parts) {
    part.values.forEach((value, index) => {
      byValue.set(value, (byValue.get(value) ?? 0) + (part.counts[index] ?? 0));
    });
  }
  const values = [...byValue.keys()].sort((a, b) => a - b);
  return { values, counts: values.map((value) => byValue.get(value) ?? 0) };
}

/**
 * The `percentile`th percentile (0 < percentile ≤ 100) by sysbench 1.0's rule (sb_histogram.c,
 * get_pct_cumulative): the value at which the running count first reaches the nearest rank,
 * floor(n·percentile/100 + 0.5), and at least the first value. On a sysbench histogram this is
 * the bucket whose value sysbench itself prints as that percentile. The percentile is taken in
 * percent, as sysbench takes it, so that n·95/100 rounds as sysbench's does (n·0.95 need not).
 */
export function weightedPercentile(distribution: Weighted, percentile: number): number {
  if (!(percentile > 0 && percentile <= 100)) {
    throw new StatisticsError(`weightedPercentile: percentile must lie in (0, 100], got ${percentile}`);
  }
  const total = distribution.counts.reduce((sum, count) => sum + count, 0);
  if (total <= 0) throw new StatisticsError('weightedPercentile: the distribution is empty');
  const rank = Math.floor((total * percentile) / 100 + 0.5);
  let seen = 0;
  for (const [index, count] of distribution.counts.entries()) {
    seen += count;
    if (seen >= rank) return distribution.values[index] ?? Number.NaN;
  }
  return distribution.values.at(-1) ?? Number.NaN;
}

/** Cumulative counts over a shared support, one row per distribution. */
function cumulativeRows(parts: readonly Weighted[]): Float64Array[] {
  const support = pool(parts).values;
  const position = new Map(support.map((value, index) => [value, index]));
  return parts.map((part) => {
    const row = new Float64Array(support.length);
    part.values.forEach((value, index) => {
      const at = position.get(value) ?? 0;
      row[at] = (row[at] ?? 0) + (part.counts[index] ?? 0);
    });
    for (let i = 1; i < row.length; i += 1) row[i] = (row[i] ?? 0) + (row[i - 1] ?? 0);
    return row;
  });
}

/**
 * sup |F₁ − F₂| between the rows marked in `inFirst` and the others, from cumulative rows and
 * their sum: the second side is the whole minus the first, so only the first is added up.
 */
function splitStatistic(
  rows: readonly Float64Array[],
  whole: Float64Array,
  inFirst: readonly boolean[],
): number {
  const width = whole.length;
  const first = new Float64Array(width);
  rows.forEach((row, index) => {
    if (!inFirst[index]) return;
    for (let i = 0; i < width; i += 1) first[i] = (first[i] ?? 0) + (row[i] ?? 0);
  });
  const totalFirst = first[width - 1] ?? 0;
  const totalSecond = (whole[width - 1] ?? 0) - totalFirst;
  let largest = 0;
  for (let i = 0; i < width; i += 1) {
    const a = first[i] ?? 0;
    const gap = Math.abs(a / totalFirst - ((whole[i] ?? 0) - a) / totalSecond);
    if (gap > largest) largest = gap;
  }
  return largest;
}

/** n choose k, as a float (large values only need to compare with MAX_PERMUTATIONS). */
function choose(n: number, k: number): number {
  let result = 1;
  for (let i = 1; i <= k; i += 1) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/** Every way to mark `k` of `n` items, as boolean masks. */
function* everySplit(n: number, k: number): Generator<boolean[]> {
  const chosen = Array.from({ length: k }, (_, index) => index);
  for (;;) {
    const mask = new Array<boolean>(n).fill(false);
    for (const index of chosen) mask[index] = true;
    yield mask;
    let i = k - 1;
    while (i >= 0 && chosen[i] === n - k + i) i -= 1;
    if (i < 0) return;
    chosen[i] = (chosen[i] ?? 0) + 1;
    for (let j = i + 1; j < k; j += 1) chosen[j] = (chosen[j - 1] ?? 0) + 1;
  }
}

/** `count` random ways to mark `k` of `n` items (Fisher-Yates on a seeded generator). */
function* randomSplits(n: number, k: number, count: number, seed: number): Generator<boolean[]> {
  const rng = createRng(seed);
  const order = Array.from({ length: n }, (_, index) => index);
  for (let drawn = 0; drawn < count; drawn += 1) {
    for (let i = n - 1; i > 0; i -= 1) {
      const j = rng.nextIntBelow(i + 1);
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    const mask = new Array<boolean>(n).fill(false);
    for (const index of order.slice(0, k)) mask[index] = true;
    yield mask;
  }
}

/**
 * KS statistic between the pooled repetitions of each side, and the share of repetition splits
 * (base's count of repetitions on one side, the rest on the other) at least as far apart.
 */
export function repetitionKsTest(
  base: readonly Weighted[],
  head: readonly Weighted[],
  seed = 1,
): DistributionTest {
  if (base.length === 0 || head.length === 0) {
    throw new StatisticsError('repetitionKsTest: each side needs at least one repetition');
  }
  const rows = cumulativeRows([...base, ...head]);
  const width = rows[0]?.length ?? 0;
  const whole = new Float64Array(width);
  for (const row of rows) for (let i = 0; i < width; i += 1) whole[i] = (whole[i] ?? 0) + (row[i] ?? 0);
  const n = rows.length;
  const k = base.length;
  const observed = splitStatistic(
    rows,
    whole,
    rows.map((_, index) => index < k),
  );
  // Each split costs k·width additions: a run with many repetitions, or a file built to be wide,
  // gets fewer random splits (never fewer than MIN_PERMUTATIONS), not a longer wait.
  const affordable = Math.max(MIN_PERMUTATIONS, Math.floor(WORK_BUDGET / Math.max(1, k * width)));
  const most = Math.min(MAX_PERMUTATIONS, affordable);
  const exact = choose(n, k) <= most;
  const splits = exact ? everySplit(n, k) : randomSplits(n, k, most, seed);
  let atLeast = 0;
  let permutations = 0;
  // A split's statistic equal to the observed one up to rounding counts as "at least".
  const floor = observed - 1e-12;
  for (const mask of splits) {
    permutations += 1;
    if (splitStatistic(rows, whole, mask) >= floor) atLeast += 1;
  }
  // A sampled test counts the observed split too, so that p is never 0.
  const pValue = exact ? atLeast / permutations : (atLeast + 1) / (permutations + 1);
  return { statistic: observed, pValue, permutations, exact };
}
