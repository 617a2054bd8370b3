// How big a change can these repetitions see, and how many repetitions would see a given change?
// Lets the gate say "inconclusive: need 9 repetitions" instead of calling noise a pass or a fail.
import { StatisticsError } from '../errors.js';

import { smallestExactPValue } from './mann-whitney.js';
import { normalPpf } from './normal.js';
import { assertFiniteAtLeast, assertInteger, assertOpenInterval } from './validate.js';

export interface DetectableEffectInput {
  /** Relative noise of one repetition (robust CV), as a fraction: 0.02 is 2%. */
  readonly cv: number;
  /** Repetitions per side. */
  readonly n: number;
  /** One-sided significance level of the test. */
  readonly alpha: number;
  /** Probability of detecting a change of the returned size. Default 0.8. */
  readonly power?: number;
}

export interface RepetitionsInput {
  /** Relative noise of one repetition (robust CV), as a fraction: 0.02 is 2%. */
  readonly cv: number;
  /** Relative change to resolve, as a fraction: 0.05 is 5%. */
  readonly effect: number;
  /** One-sided significance level of the test. */
  readonly alpha: number;
  /** Probability of detecting a change of size `effect`. Default 0.8. */
  readonly power?: number;
}

/** z₍₁₋α₎ + z₍power₎, after checking both probabilities. */
function criticalSum(alpha: number, power: number): number {
  assertOpenInterval(alpha, 'alpha', 0, 1);
  assertOpenInterval(power, 'power', 0, 1);
  return normalPpf(1 - alpha) + normalPpf(power);
}

/**
 * Smallest n such that n vs n repetitions can give an exact one-sided Mann-Whitney p-value of at
 * most `alpha`: the least n with 1/C(2n, n) ≤ alpha (3 for 0.05, 4 for 0.0143). Below it no
 * change, however large, can be significant. A relative tolerance of 1e-12 lets alpha = 0.05
 * count 1/20 as reached despite rounding.
 */
export function minimumRepetitionsForAlpha(alpha: number): number {
  assertOpenInterval(alpha, 'alpha', 0, 1);
  let n = 1;
  while (smallestExactPValue(n, n) > alpha * (1 + 1e-12)) n++;
  return n;
}

/**
 * Smallest relative change that n repetitions per side detect with probability `power` in a
 * one-sided test at level `alpha`, when one repetition's relative noise is `cv`:
 * (z₍₁₋α₎ + z₍power₎)·cv·√(2/n), the normal-approximation two-sample formula (Chow, Shao & Wang
 * (2008), "Sample Size Calculations in Clinical Research", 2nd ed., §3.2) with σ/μ = cv.
 *
 * Returns Infinity when n is below `minimumRepetitionsForAlpha(alpha)`: the exact rank test
 * cannot reach alpha with so few repetitions, so no change is detectable. The formula is for a
 * test of means; the Mann-Whitney test's efficiency relative to it is 3/π ≈ 0.955 on normal data
 * (Lehmann 1975), so the true figure is a few percent larger on normal noise.
 */
export function minimumDetectableEffect(input: DetectableEffectInput): number {
  const { cv, n, alpha, power = 0.8 } = input;
  assertFiniteAtLeast(cv, 'cv', 0);
  assertInteger(n, 'n', 1);
  const z = criticalSum(alpha, power);
  if (n < minimumRepetitionsForAlpha(alpha)) return Number.POSITIVE_INFINITY;
  return z * cv * Math.sqrt(2 / n);
}

/**
 * Repetitions per side needed to detect a relative change `effect` with probability `power` at
 * one-sided level `alpha` given noise `cv`: ⌈2·((z₍₁₋α₎ + z₍power₎)·cv/effect)²⌉ (same source as
 * `minimumDetectableEffect`), and never fewer than `minimumRepetitionsForAlpha(alpha)`.
 * The ceiling ignores an excess of 1e-9 so that rounding in the z-values cannot add a whole
 * repetition to an exact integer.
 */
export function repetitionsToResolve(input: RepetitionsInput): number {
  const { cv, effect, alpha, power = 0.8 } = input;
  assertFiniteAtLeast(cv, 'cv', 0);
  if (!(Number.isFinite(effect) && effect > 0)) {
    throw new StatisticsError(`effect must be a finite number greater than 0; got ${String(effect)}`);
  }
  const z = criticalSum(alpha, power);
  const normalApproximation = Math.ceil(2 * ((z * cv) / effect) ** 2 - 1e-9);
  return Math.max(normalApproximation, minimumRepetitionsForAlpha(alpha));
}
