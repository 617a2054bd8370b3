// The standard normal distribution: CDF, survival function and quantile, to full double precision,
// because p-values far in the tail and critical values both come from here.
import { StatisticsError } from '../errors.js';

/** Σ cₖ·x^(m−k): Horner's rule, coefficients from the highest power down. */
function polynomial(x: number, coefficients: readonly number[]): number {
  let value = 0;
  for (const coefficient of coefficients) value = value * x + coefficient;
  return value;
}

const ONE_OVER_SQRT_2PI = 0.3989422804014327;
const SQRT_32 = Math.sqrt(32);

// Coefficient tables below are copied digit for digit from their published source, more digits
// than a double holds, so that they can be checked against it; JavaScript rounds each to the
// nearest double exactly as a C compiler does.
/* eslint-disable no-loss-of-precision */

// Cody's coefficients as printed in R's nmath/pnorm.c (arrays a, b, c, d, p, q there), reordered
// for Horner's rule; the evaluation order, and so the rounding, is the same as R's loops.
const CENTRAL_NUMERATOR = [
  0.065682337918207449113, 2.2352520354606839287, 161.02823106855587881, 1067.6894854603709582,
  18154.981253343561249,
];
const CENTRAL_DENOMINATOR = [
  1, 47.20258190468824187, 976.09855173777669322, 10260.932208618978205, 45507.789335026729956,
];
const MIDDLE_NUMERATOR = [
  1.0765576773720192317e-8, 0.39894151208813466764, 8.8831497943883759412, 93.506656132177855979,
  597.27027639480026226, 2494.5375852903726711, 6848.1904505362823326, 11602.651437647350124,
  9842.7148383839780218,
];
const MIDDLE_DENOMINATOR = [
  1, 22.266688044328115691, 235.38790178262499861, 1519.377599407554805, 6485.558298266760755,
  18615.571640885098091, 34900.952721145977266, 38912.003286093271411, 19685.429676859990727,
];
const TAIL_NUMERATOR = [
  0.02307344176494017303, 0.21589853405795699, 0.1274011611602473639, 0.022235277870649807,
  0.001421619193227893466, 2.9112874951168792e-5,
];
const TAIL_DENOMINATOR = [
  1, 1.28426009614491121, 0.468238212480865118, 0.0659881378689285515, 0.00378239633202758244,
  7.29751555083966205e-5,
];
/* eslint-enable no-loss-of-precision */

/**
 * factor·exp(−x²/2) without the rounding error of squaring a large x: x is split into a part
 * with few bits, whose square is exact, and a small remainder, as R's pnorm does.
 */
function gaussianTail(x: number, factor: number): number {
  const rounded = Math.trunc(x * 16) / 16;
  const remainder = (x - rounded) * (x + rounded);
  return Math.exp(-rounded * rounded * 0.5) * Math.exp(-remainder * 0.5) * factor;
}

/**
 * Both tails [Φ(x), 1 − Φ(x)], each with full relative precision: the small tail is never
 * computed as 1 minus something. W. J. Cody's rational Chebyshev approximations ("Rational
 * Chebyshev approximations for the error function", Math. Comp. 23 (1969):631–637) in the
 * arrangement of Cody's ALGORITHM 715 (ACM TOMS 19 (1993):22–32) and R's `pnorm_both`.
 */
function normalTails(x: number): readonly [number, number] {
  if (Number.isNaN(x)) throw new StatisticsError('x must be a number; got NaN');
  const y = Math.abs(x);
  if (y <= 0.67448975) {
    const xsq = x * x;
    const half = (x * polynomial(xsq, CENTRAL_NUMERATOR)) / polynomial(xsq, CENTRAL_DENOMINATOR);
    return [0.5 + half, 0.5 - half];
  }
  let small: number;
  if (y <= SQRT_32) {
    small = gaussianTail(y, polynomial(y, MIDDLE_NUMERATOR) / polynomial(y, MIDDLE_DENOMINATOR));
  } else if (y < 37.5193) {
    const xsq = 1 / (x * x);
    const correction = (xsq * polynomial(xsq, TAIL_NUMERATOR)) / polynomial(xsq, TAIL_DENOMINATOR);
    small = gaussianTail(y, (ONE_OVER_SQRT_2PI - correction) / y);
  } else {
    small = 0; // below the smallest normal double
  }
  return x > 0 ? [1 - small, small] : [small, 1 - small];
}

/** Φ(x) = P(Z ≤ x) for a standard normal Z (scipy.stats.norm.cdf); ±Infinity give 1 and 0. */
export function normalCdf(x: number): number {
  return normalTails(x)[0];
}

/** 1 − Φ(x) = P(Z > x), accurate far in the upper tail (scipy.stats.norm.sf). */
export function normalSf(x: number): number {
  return normalTails(x)[1];
}

// Wichura's AS 241 (PPND16) coefficients as printed in R's nmath/qnorm.c, highest power first.
/* eslint-disable no-loss-of-precision */
const CENTRAL_PPF_NUMERATOR = [
  2509.0809287301226727, 33430.575583588128105, 67265.770927008700853, 45921.953931549871457,
  13731.693765509461125, 1971.5909503065514427, 133.14166789178437745, 3.387132872796366608,
];
const CENTRAL_PPF_DENOMINATOR = [
  5226.495278852854561, 28729.085735721942674, 39307.89580009271061, 21213.794301586595867,
  5394.1960214247511077, 687.1870074920579083, 42.313330701600911252, 1,
];
const NEAR_PPF_NUMERATOR = [
  7.7454501427834140764e-4, 0.0227238449892691845833, 0.24178072517745061177, 1.27045825245236838258,
  3.64784832476320460504, 5.7694972214606914055, 4.6303378461565452959, 1.42343711074968357734,
];
const NEAR_PPF_DENOMINATOR = [
  1.05075007164441684324e-9, 5.475938084995344946e-4, 0.0151986665636164571966, 0.14810397642748007459,
  0.68976733498510000455, 1.6763848301838038494, 2.05319162663775882187, 1,
];
const FAR_PPF_NUMERATOR = [
  2.01033439929228813265e-7, 2.71155556874348757815e-5, 0.0012426609473880784386, 0.026532189526576123093,
  0.29656057182850489123, 1.7848265399172913358, 5.4637849111641143699, 6.6579046435011037772,
];
const FAR_PPF_DENOMINATOR = [
  2.04426310338993978564e-15, 1.4215117583164458887e-7, 1.8463183175100546818e-5, 7.868691311456132591e-4,
  0.0148753612908506148525, 0.13692988092273580531, 0.59983220655588793769, 1,
];
/* eslint-enable no-loss-of-precision */

/**
 * Φ⁻¹(p), the standard normal quantile (scipy.stats.norm.ppf); p = 0 and 1 give ∓Infinity.
 * Wichura, M. J. (1988), "Algorithm AS 241: The percentage points of the normal distribution",
 * Applied Statistics 37(3):477–484: PPND16, accurate to about 1 part in 10¹⁶.
 */
export function normalPpf(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new StatisticsError(`p must be between 0 and 1; got ${String(p)}`);
  if (p === 0) return Number.NEGATIVE_INFINITY;
  if (p === 1) return Number.POSITIVE_INFINITY;
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * polynomial(r, CENTRAL_PPF_NUMERATOR)) / polynomial(r, CENTRAL_PPF_DENOMINATOR);
  }
  // r = sqrt(−log(min(p, 1 − p))), from the smaller tail so that 1 − p loses nothing.
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value =
    r <= 5
      ? polynomial(r - 1.6, NEAR_PPF_NUMERATOR) / polynomial(r - 1.6, NEAR_PPF_DENOMINATOR)
      : polynomial(r - 5, FAR_PPF_NUMERATOR) / polynomial(r - 5, FAR_PPF_DENOMINATOR);
  return q < 0 ? -value : value;
}
