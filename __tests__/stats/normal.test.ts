// The normal distribution against scipy.stats.norm, on points chosen to exercise every branch of
// Cody's CDF and of AS 241.
import { StatisticsError } from '../../src/errors.js';
import { normalCdf, normalPpf, normalSf } from '../../src/stats/normal.js';
import { expectRelativelyClose } from './expect-close.js';

// /tmp/statsvenv/bin/python __fixtures__/stats/normal_reference.py   (scipy 1.17.1, mpmath 1.4.1)
// [x, scipy norm.cdf, scipy norm.sf, exact cdf, exact sf]; exact = mpmath erfc at 50 digits.
const CDF_SF: readonly (readonly [number, number, number, number, number])[] = [
  [0.0, 0.5, 0.5, 0.5, 0.5],
  [1e-20, 0.5, 0.5, 0.5, 0.5],
  [0.3, 0.6179114221889526, 0.3820885778110474, 0.6179114221889527, 0.3820885778110474],
  [-0.6744, 0.2500285213729406, 0.7499714786270594, 0.2500285213729406, 0.7499714786270594],
  [0.6745, 0.7500032571363009, 0.24999674286369916, 0.7500032571363008, 0.24999674286369916],
  [1.0, 0.8413447460685429, 0.15865525393145707, 0.8413447460685429, 0.15865525393145705],
  [-1.6448536269514722, 0.050000000000000044, 0.95, 0.05000000000000005, 0.95],
  [1.959963984540054, 0.975, 0.025, 0.975, 0.025000000000000012],
  [-2.5, 0.006209665325776132, 0.9937903346742238, 0.006209665325776135, 0.9937903346742238],
  [3.0, 0.9986501019683699, 0.0013498980316300933, 0.9986501019683699, 0.0013498980316300946],
  [5.0, 0.9999997133484281, 2.866515718791933e-7, 0.9999997133484281, 2.866515718791939e-7],
  [-5.656, 7.747073323749044e-9, 0.9999999922529267, 7.747073323749068e-9, 0.9999999922529267],
  [5.66, 0.9999999924313503, 7.568649751997682e-9, 0.9999999924313503, 7.568649751997714e-9],
  [7.5, 0.9999999999999681, 3.1908916729108844e-14, 0.9999999999999681, 3.1908916729108963e-14],
  [-10.0, 7.61985302416047e-24, 1.0, 7.619853024160525e-24, 1.0],
  [20.0, 1.0, 2.7536241186061556e-89, 1.0, 2.7536241186062337e-89],
  [-37.0, 5.7255712225239266e-300, 1.0, 5.725571222524577e-300, 1.0],
  [38.0, 1.0, 0.0, 1.0, 2.88542835e-316],
];
// [p, scipy norm.ppf, exact ppf]; exact = mpmath root of ncdf(z) = p at 50 digits.
const PPF: readonly (readonly [number, number, number])[] = [
  [1e-300, -37.0470962993612, -37.0470962993612],
  [1e-20, -9.262340089798409, -9.262340089798407],
  [1e-12, -7.034483825301131, -7.034483825301132],
  [1e-6, -4.753424308822899, -4.753424308822899],
  [0.001, -3.090232306167813, -3.0902323061678136],
  [0.01, -2.3263478740408408, -2.326347874040841],
  [0.05, -1.6448536269514729, -1.6448536269514726],
  [0.074, -1.4466320671589785, -1.4466320671589785],
  [0.076, -1.4325027208258116, -1.4325027208258116],
  [0.2, -0.8416212335729142, -0.8416212335729142],
  [0.5, 0.0, 0.0],
  [0.8, 0.8416212335729143, 0.8416212335729144],
  [0.9, 1.2815515655446004, 1.2815515655446006],
  [0.95, 1.6448536269514722, 1.6448536269514722],
  [0.975, 1.959963984540054, 1.9599639845400538],
  [0.99, 2.3263478740408408, 2.3263478740408408],
  [0.999999, 4.753424308817087, 4.753424308817087],
  [0.999999999999, 7.0344869100478356, 7.0344869100478356],
];

describe('normalCdf and normalSf (Cody 1969, as R pnorm_both)', () => {
  // Relative tolerances, so the far tails (sf(20) = 2.8e-89) must be as accurate as the centre.
  // Against the exact values: a few ulps. Against scipy: 2e-13, because scipy's own ndtr is off
  // by 2.8e-14 at x = 20 and 1.1e-13 at x = −37 (see the reference script).
  it.each(CDF_SF)('at x = %p match the exact values and scipy', (x, scipyCdf, scipySf, cdf, sf) => {
    if (x < 37.5) {
      expectRelativelyClose(normalCdf(x), cdf, 2e-15, 'cdf vs exact');
      expectRelativelyClose(normalSf(x), sf, 2e-15, 'sf vs exact');
    } else {
      // The exact tail is subnormal; like scipy (and R) we return 0.
      expect(normalSf(x)).toBe(0);
    }
    expectRelativelyClose(normalCdf(x), scipyCdf, 2e-13, 'cdf vs scipy');
    expectRelativelyClose(normalSf(x), scipySf, 2e-13, 'sf vs scipy');
  });

  it('is symmetric and the two tails add up to 1', () => {
    for (const x of [0.1, 0.5, 0.9, 2, 4.4, 6, 9]) {
      expect(normalCdf(-x)).toBe(normalSf(x));
      expect(normalCdf(x) + normalSf(x)).toBeCloseTo(1, 15);
    }
  });

  it('takes infinities and rejects NaN', () => {
    expect(normalCdf(Number.POSITIVE_INFINITY)).toBe(1);
    expect(normalCdf(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(normalSf(Number.NEGATIVE_INFINITY)).toBe(1);
    expect(() => normalCdf(Number.NaN)).toThrow(new StatisticsError('x must be a number; got NaN'));
  });
});

describe('normalPpf (Wichura AS 241)', () => {
  it.each(PPF)('at p = %p matches the exact value and scipy norm.ppf', (p, scipyZ, z) => {
    expectRelativelyClose(normalPpf(p), z, 1e-15, 'vs exact');
    expectRelativelyClose(normalPpf(p), scipyZ, 1e-15, 'vs scipy');
  });

  it('inverts the smaller tail', () => {
    // Inverting Φ(x) near 1 is ill-conditioned (Φ(6.5) rounds to 1 − 4e-11), so each x is
    // recovered from its smaller tail: Φ(x) for x < 0, 1 − Φ(x) for x > 0.
    for (const x of [-30, -8, -3.3, -1, -0.2]) {
      expectRelativelyClose(normalPpf(normalCdf(x)), x, 1e-14, `x = ${x}`);
      expectRelativelyClose(-normalPpf(normalSf(-x)), -x, 1e-14, `x = ${-x}`);
    }
  });

  it('gives ∓Infinity at 0 and 1 and rejects anything outside [0, 1]', () => {
    expect(normalPpf(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(normalPpf(1)).toBe(Number.POSITIVE_INFINITY);
    expect(() => normalPpf(1.2)).toThrow(new StatisticsError('p must be between 0 and 1; got 1.2'));
    expect(() => normalPpf(Number.NaN)).toThrow(StatisticsError);
  });
});
