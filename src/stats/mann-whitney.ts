// The Mann-Whitney U test (Wilcoxon rank-sum): does one sample tend to be larger than the other?
// Rank-based, so no normality is assumed and one wild repetition cannot carry a verdict.
// Semantics follow scipy.stats.mannwhitneyu (scipy 1.7+, default use_continuity=True).
import { StatisticsError } from '../errors.js';

import { normalSf } from './normal.js';
import { assertInteger, assertSample } from './validate.js';

export type Alternative = 'two-sided' | 'less' | 'greater';
export type MannWhitneyMethod = 'exact' | 'asymptotic';

export interface MannWhitneyResult {
  /** U of the first sample: the number of pairs (xᵢ, yⱼ) with xᵢ > yⱼ, ties counting ½. */
  readonly u: number;
  readonly pValue: number;
  readonly method: MannWhitneyMethod;
}

/**
 * Without ties the exact null distribution is used whenever n₁·n₂ is at most this (50 vs 50).
 * It costs about (n₁·n₂)²/4 multiply-adds: some 9 ms at 50 vs 50, 0.2 ms at 20 vs 20
 * (__tests__/stats/bench.ts). scipy's method='auto' is exact only when min(n₁, n₂) ≤ 8; exact is
 * never less accurate, so we go further, and beyond this the normal approximation is close.
 */
export const EXACT_MAX_PAIRS = 2500;

interface Ranking {
  /** Sum of the (mid)ranks of the first sample. */
  readonly rankSumX: number;
  /** Σ (t³ − t) over groups of t tied values; 0 when there are no ties. */
  readonly tieTerm: number;
}

/** Midranks of the pooled sample (ties share the mean of their ranks), as scipy's rankdata. */
function rank(x: readonly number[], y: readonly number[]): Ranking {
  const pooled = [
    ...x.map((value) => ({ value, fromX: true })),
    ...y.map((value) => ({ value, fromX: false })),
  ];
  pooled.sort((a, b) => a.value - b.value);
  let rankSumX = 0;
  let tieTerm = 0;
  let start = 0;
  while (start < pooled.length) {
    let end = start + 1;
    while (end < pooled.length && pooled[end]?.value === pooled[start]?.value) end++;
    const size = end - start;
    const midrank = (start + 1 + end) / 2; // mean of the 1-based ranks start+1 … end
    for (let i = start; i < end; i++) if (pooled[i]?.fromX === true) rankSumX += midrank;
    tieTerm += size ** 3 - size;
    start = end;
  }
  return { rankSumX, tieTerm };
}

/**
 * P(U = k), k = 0 … m·n, for samples of m and n values with no ties under the null hypothesis,
 * by the recurrence of Mann & Whitney (1947), "On a test of whether one of two random variables
 * is stochastically larger than the other", Ann. Math. Statist. 18(1):50–60, written for
 * probabilities: p₍ₘ,ₙ₎(k) = m/(m+n)·p₍ₘ₋₁,ₙ₎(k − n) + n/(m+n)·p₍ₘ,ₙ₋₁₎(k). (The largest of
 * the m + n values is an x with probability m/(m+n) and then beats all n y's.) Only sums of
 * positive terms, so it is accurate in the far tail too.
 */
export function exactUDistribution(m: number, n: number): Float64Array {
  assertInteger(m, 'm', 0);
  assertInteger(n, 'n', 0);
  // columns[j] holds the distribution for (i, j) once row i is done; row 0 is U = 0 for sure.
  // Updating k from the top down leaves columns[j][k − j] at row i − 1 until it has been read.
  const columns = Array.from({ length: n + 1 }, (_, j) => {
    const pmf = new Float64Array(m * j + 1);
    pmf[0] = 1;
    return pmf;
  });
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const current = valueAtColumn(columns, j);
      const yLargest = valueAtColumn(columns, j - 1);
      const pX = i / (i + j);
      const pY = j / (i + j);
      for (let k = i * j; k >= j; k--) current[k] = pY * (yLargest[k] ?? 0) + pX * (current[k - j] ?? 0);
      for (let k = Math.min(j - 1, i * j); k >= 0; k--) current[k] = pY * (yLargest[k] ?? 0);
    }
  }
  return valueAtColumn(columns, n);
}

function valueAtColumn(columns: readonly Float64Array[], j: number): Float64Array {
  const column = columns[j];
  if (column === undefined) throw new StatisticsError(`column ${j} is outside 0..${columns.length - 1}`);
  return column;
}

/** P(U ≥ k) under the exact null distribution: a sum of the upper tail, no cancellation. */
function exactSf(k: number, m: number, n: number): number {
  const pmf = exactUDistribution(m, n);
  let p = 0;
  for (let u = pmf.length - 1; u >= k; u--) p += pmf[u] ?? 0;
  return p;
}

/**
 * P(U ≥ u) by the normal approximation with the tie-corrected variance
 * σ² = n₁n₂/12·((n + 1) − Σ(t³ − t)/(n(n − 1))) and a continuity correction of ½ (scipy's
 * `_get_mwu_z`; the tie correction is Lehmann (1975), "Nonparametrics: Statistical Methods
 * Based on Ranks", ch. 1).
 */
function asymptoticSf(u: number, n1: number, n2: number, tieTerm: number): number {
  const n = n1 + n2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  // Every value tied: U is n₁n₂/2 whatever happens, so nothing is evidence (scipy gives 1 too).
  if (sigma === 0) return 1;
  return normalSf((u - (n1 * n2) / 2 - 0.5) / sigma);
}

/**
 * Mann-Whitney U test of `x` against `y`, as scipy.stats.mannwhitneyu(x, y, alternative=…):
 * 'less' tests whether x tends to be smaller than y, 'greater' larger, 'two-sided' either.
 * Exact when there are no ties and n₁·n₂ ≤ EXACT_MAX_PAIRS (then equal to scipy's
 * method='exact'); otherwise the tie-corrected normal approximation with continuity correction
 * (equal to scipy's method='asymptotic'). `method` says which was used.
 */
export function mannWhitneyU(
  x: readonly number[],
  y: readonly number[],
  alternative: Alternative,
): MannWhitneyResult {
  assertSample(x, 'x');
  assertSample(y, 'y');
  const n1 = x.length;
  const n2 = y.length;
  const { rankSumX, tieTerm } = rank(x, y);
  const u1 = rankSumX - (n1 * (n1 + 1)) / 2;
  const u2 = n1 * n2 - u1;
  // The p-value is always an upper tail: of U₁ for 'greater', of U₂ for 'less' (by symmetry),
  // of the larger of the two, doubled, for 'two-sided' — scipy's arrangement.
  let tail: number;
  let factor = 1;
  switch (alternative) {
    case 'greater':
      tail = u1;
      break;
    case 'less':
      tail = u2;
      break;
    case 'two-sided':
      tail = Math.max(u1, u2);
      factor = 2;
      break;
  }
  const method: MannWhitneyMethod = tieTerm === 0 && n1 * n2 <= EXACT_MAX_PAIRS ? 'exact' : 'asymptotic';
  const sf = method === 'exact' ? exactSf(Math.round(tail), n1, n2) : asymptoticSf(tail, n1, n2, tieTerm);
  return { u: u1, pValue: Math.min(1, factor * sf), method };
}

/**
 * The smallest one-sided p-value the exact test can give for samples of n₁ and n₂ values,
 * 1 / C(n₁ + n₂, n₁): every x above every y is one arrangement out of C(n₁ + n₂, n₁).
 * 3 vs 3 gives 0.05 and 5 vs 5 gives 1/252, so with 3 repetitions nothing is ever significant
 * at α < 0.05.
 */
export function smallestExactPValue(n1: number, n2: number): number {
  if (!(Number.isSafeInteger(n1) && n1 >= 1 && Number.isSafeInteger(n2) && n2 >= 1)) {
    throw new StatisticsError(`sample sizes must be integers of at least 1; got ${n1} and ${n2}`);
  }
  let combinations = 1;
  for (let k = 1; k <= n1; k++) combinations = (combinations * (n2 + k)) / k;
  return 1 / combinations;
}
