// The normal distribution against scipy.stats.norm, on points chosen to exercise every branch of
// Cody's CDF and of AS 241.
import { StatisticsError } from '../../src/errors.js';
import { normalCdf, normalPpf, normalSf } from '../../src/stats/normal.js';
import { describeWithStatsReference, runStatsReference } from '../helpers/stats-reference.js';
import { expectRelativelyClose } from './expect-close.js';

describe('normalCdf and normalSf (Cody 1969, as R pnorm_both)', () => {
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

// The points and the reference values, computed now by __fixtures__/stats/normal_reference.py:
// scipy.stats.norm, and the exact values (mpmath at 50 digits: erfc for the CDF, the root of
// ncdf(z) = p for the quantile).
describeWithStatsReference('the normal distribution against scipy.stats.norm and mpmath', () => {
  const reference = runStatsReference('normal_reference.py') as {
    cdf: [x: number, scipyCdf: number, scipySf: number, cdf: number, sf: number][];
    ppf: [p: number, scipyZ: number, z: number][];
  };

  // Relative tolerances, so the far tails (sf(20) = 2.8e-89) must be as accurate as the centre.
  // Against the exact values: a few ulps. Against scipy: 2e-13, because scipy's own ndtr is off
  // by 2.8e-14 at x = 20 and 1.1e-13 at x = −37 (see the reference script).
  it.each(reference.cdf)(
    'normalCdf and normalSf at x = %p match the exact values and scipy',
    (x, scipyCdf, scipySf, cdf, sf) => {
      if (x < 37.5) {
        expectRelativelyClose(normalCdf(x), cdf, 2e-15, 'cdf vs exact');
        expectRelativelyClose(normalSf(x), sf, 2e-15, 'sf vs exact');
      } else {
        // The exact tail is subnormal; like scipy (and R) we return 0.
        expect(normalSf(x)).toBe(0);
      }
      expectRelativelyClose(normalCdf(x), scipyCdf, 2e-13, 'cdf vs scipy');
      expectRelativelyClose(normalSf(x), scipySf, 2e-13, 'sf vs scipy');
    },
  );

  it.each(reference.ppf)('normalPpf at p = %p matches the exact value and scipy norm.ppf', (p, scipyZ, z) => {
    expectRelativelyClose(normalPpf(p), z, 1e-15, 'vs exact');
    expectRelativelyClose(normalPpf(p), scipyZ, 1e-15, 'vs scipy');
  });

  it('covers every branch: |x| up to 0.674, to √32 and beyond; |p − 0.5| up to 0.425, r up to 5 and beyond', () => {
    const xs = reference.cdf.map(([x]) => Math.abs(x));
    expect(xs.some((x) => x > 0 && x <= 0.674)).toBe(true);
    expect(xs.some((x) => x > 0.674 && x <= Math.sqrt(32))).toBe(true);
    expect(xs.some((x) => x > Math.sqrt(32) && x < 37.5)).toBe(true);
    const ps = reference.ppf.map(([p]) => p);
    const tails = ps
      .filter((p) => Math.abs(p - 0.5) > 0.425)
      .map((p) => Math.sqrt(-Math.log(Math.min(p, 1 - p))));
    expect(ps.some((p) => Math.abs(p - 0.5) <= 0.425)).toBe(true);
    expect(tails.some((r) => r <= 5)).toBe(true);
    expect(tails.some((r) => r > 5)).toBe(true);
  });
});
