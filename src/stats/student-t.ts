// Student's t distribution and the two-sample t-test from summary statistics.

/**
 * ln Γ(x) for x > 0 by the Lanczos approximation (g = 7, 9 coefficients; Numerical Recipes,
 * 3rd ed., §6.1), accurate to about 1e-15 relative.
 */
function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0] ?? 0;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += (c[i] ?? 0) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta function by the modified Lentz method (NR §6.4). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 10000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    d = Math.abs(d) < tiny ? 1 / tiny : 1 / d;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/** Regularized incomplete beta function I_x(a, b) (NR §6.4, `betai`). */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b;
}

/** Two-sided p-value of Student's t with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2). */
export function studentTTwoSidedP(t: number, df: number): number {
  if (Number.isNaN(t)) return NaN;
  if (!Number.isFinite(t)) return 0;
  return regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/**
 * Two-sided p-value of Student's equal-variance two-sample t-test from means, standard deviations
 * and counts, as `scipy.stats.ttest_ind_from_stats(..., equal_var=True)` computes it: pooled
 * variance ((n₁−1)s₁² + (n₂−1)s₂²)/(n₁+n₂−2), t = (m₁−m₂)/√(s²(1/n₁+1/n₂)). NaN when both the
 * difference and the spread are 0, 0 when only the spread is.
 */
export function tTestFromStats(
  mean1: number,
  std1: number,
  n1: number,
  mean2: number,
  std2: number,
  n2: number,
): number {
  const df = n1 + n2 - 2;
  const pooled = ((n1 - 1) * (std1 * std1) + (n2 - 1) * (std2 * std2)) / df;
  const t = (mean1 - mean2) / Math.sqrt(pooled * (1 / n1 + 1 / n2));
  return studentTTwoSidedP(t, df);
}
