// numpy's mean and standard deviation, kept finite where numpy's own overflow to inf.
import { numpyMean, numpyPairwiseSum, numpyStd } from '../../src/stats/numpy-sum.js';

describe('numpyMean and numpyStd near the largest double', () => {
  const HUGE = 1.7e308;

  it('are unchanged where the sum and the squares are finite', () => {
    const values = [812.4, 790.1, 805.7, 799.9, 790.1, 830.2, 801.3, 810.0, 795.5];
    expect(numpyMean(values)).toBe(numpyPairwiseSum(values) / values.length);
    expect(numpyStd([1, 2, 3, 4])).toBe(Math.sqrt(1.25));
  });

  it('stay finite where the sum or the squares overflow, scaling by a power of two exactly', () => {
    expect(numpyPairwiseSum([HUGE, HUGE])).toBe(Number.POSITIVE_INFINITY);
    expect(numpyMean([HUGE, HUGE])).toBe(HUGE);
    // Not 0: the mean of three equal values rounds (as numpy's does for [1.7, 1.7, 1.7]).
    expect(numpyStd([HUGE, HUGE, HUGE]) / HUGE).toBeLessThan(1e-15);
    const scale = 2 ** 1000;
    const scaled = [1, 2, 3, 4].map((x) => x * scale);
    expect(numpyStd(scaled)).toBe(numpyStd([1, 2, 3, 4]) * scale);
    expect(numpyMean([1, 2, 3, 4].map((x) => x * 2 ** 1023))).toBe(2.5 * 2 ** 1023);
  });

  it('still give inf for an infinite value, as numpy does', () => {
    expect(numpyMean([1, Number.POSITIVE_INFINITY])).toBe(Number.POSITIVE_INFINITY);
  });
});
