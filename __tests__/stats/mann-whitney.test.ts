// The Mann-Whitney U test against scipy.stats.mannwhitneyu, and the properties a gate relies on:
// direction, symmetry, and the smallest p-value a given number of repetitions can ever show.
import { StatisticsError } from '../../src/errors.js';
import {
  EXACT_MAX_PAIRS,
  exactUDistribution,
  mannWhitneyU,
  smallestExactPValue,
  type Alternative,
} from '../../src/stats/mann-whitney.js';
import { createRng } from '../../src/stats/random.js';
import { describeWithStatsReference, runStatsReference } from '../helpers/stats-reference.js';
import { expectRelativelyClose } from './expect-close.js';

const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

interface Reference {
  readonly name: string;
  readonly x: number[];
  readonly y: number[];
  readonly u: number;
  readonly method: 'exact' | 'asymptotic';
  readonly twoSided: number;
  readonly less: number;
  readonly greater: number;
}

describeWithStatsReference('mannWhitneyU against scipy.stats.mannwhitneyu', () => {
  // The cases and scipy's answers, computed now by __fixtures__/stats/mann_whitney_reference.py;
  // scipy is forced to the method we use for the case (see the script's docstring).
  const { cases } = runStatsReference('mann_whitney_reference.py') as { cases: Reference[] };

  it('has the cases, long ones included', () => {
    expect(cases.length).toBeGreaterThanOrEqual(14);
    expect(cases.some((reference) => reference.x.length === 51 && reference.method === 'asymptotic')).toBe(
      true,
    );
  });

  it.each(cases)('$name: U, method and all three p-values', (reference) => {
    const { x, y } = reference;
    const expected: Record<Alternative, number> = {
      'two-sided': reference.twoSided,
      less: reference.less,
      greater: reference.greater,
    };
    for (const alternative of ['two-sided', 'less', 'greater'] as const) {
      const result = mannWhitneyU(x, y, alternative);
      expect(result.u).toBe(reference.u);
      expect(result.method).toBe(reference.method);
      // Exact p-values are sums of a few hundred rationals; scipy sums the same terms in
      // another order, so only the last few bits may differ.
      expectRelativelyClose(result.pValue, expected[alternative], 1e-12, alternative);
    }
  });
});

describe('the smallest p-value a number of repetitions can show', () => {
  it('is 0.05 for 3 vs 3 and 1/252 for 5 vs 5, one-sided', () => {
    expectRelativelyClose(mannWhitneyU([1, 2, 3], [4, 5, 6], 'less').pValue, 0.05, 1e-15);
    expectRelativelyClose(mannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 'less').pValue, 1 / 252, 1e-15);
    expect(smallestExactPValue(3, 3)).toBe(0.05);
    expect(smallestExactPValue(5, 5)).toBe(1 / 252);
    expect(smallestExactPValue(4, 4)).toBe(1 / 70);
    expect(smallestExactPValue(7, 6)).toBe(1 / 1716);
  });

  it('is what the test gives when every value of one side is above every value of the other', () => {
    for (const [n1, n2] of [
      [2, 2],
      [3, 5],
      [6, 6],
      [8, 3],
    ] as const) {
      const low = range(n1, (i) => i);
      const high = range(n2, (i) => 100 + i);
      expectRelativelyClose(mannWhitneyU(low, high, 'less').pValue, smallestExactPValue(n1, n2), 1e-14);
      expectRelativelyClose(mannWhitneyU(high, low, 'greater').pValue, smallestExactPValue(n1, n2), 1e-14);
    }
  });

  it('rejects sample sizes below 1', () => {
    expect(() => smallestExactPValue(0, 3)).toThrow(StatisticsError);
  });
});

describe('properties', () => {
  const rng = createRng(7);
  /** Random samples of 1 to 12 values, with ties when `step` rounds them. */
  const randomSample = (step: number): number[] =>
    range(1 + rng.nextIntBelow(12), () => Math.round((100 + 10 * rng.nextFloat()) / step) * step);
  const pairs = range(200, (i) => [randomSample(i % 2 === 0 ? 1e-9 : 1), randomSample(1)] as const);

  it('swapping x and y turns "less" into "greater" and keeps "two-sided"', () => {
    for (const [x, y] of pairs) {
      expect(mannWhitneyU(y, x, 'greater').pValue).toBeCloseTo(mannWhitneyU(x, y, 'less').pValue, 14);
      expect(mannWhitneyU(y, x, 'two-sided').pValue).toBeCloseTo(mannWhitneyU(x, y, 'two-sided').pValue, 14);
      expect(mannWhitneyU(x, y, 'less').u + mannWhitneyU(y, x, 'less').u).toBe(x.length * y.length);
    }
  });

  it('two-sided is twice the smaller one-sided p-value, capped at 1', () => {
    for (const [x, y] of pairs) {
      const less = mannWhitneyU(x, y, 'less').pValue;
      const greater = mannWhitneyU(x, y, 'greater').pValue;
      expect(mannWhitneyU(x, y, 'two-sided').pValue).toBeCloseTo(
        Math.min(1, 2 * Math.min(less, greater)),
        14,
      );
    }
  });

  it('depends on ranks only: shifting or scaling both samples changes nothing', () => {
    for (const [x, y] of pairs.slice(0, 50)) {
      const moved = (xs: readonly number[]): number[] => xs.map((v) => 3 * v + 1000);
      expect(mannWhitneyU(moved(x), moved(y), 'less')).toEqual(mannWhitneyU(x, y, 'less'));
    }
  });

  it('p-values are probabilities', () => {
    for (const [x, y] of pairs) {
      for (const alternative of ['two-sided', 'less', 'greater'] as const) {
        const { pValue } = mannWhitneyU(x, y, alternative);
        expect(pValue).toBeGreaterThan(0);
        expect(pValue).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe('method choice', () => {
  it('is exact without ties up to EXACT_MAX_PAIRS pairs and asymptotic beyond or with any tie', () => {
    expect(EXACT_MAX_PAIRS).toBe(2500);
    expect(mannWhitneyU([1, 2, 3, 4], [5, 6, 7, 8], 'less').method).toBe('exact');
    expect(mannWhitneyU([1, 2, 3, 4], [4, 6, 7, 8], 'less').method).toBe('asymptotic');
    expect(mannWhitneyU([1, 1, 3, 4], [5, 6, 7, 8], 'less').method).toBe('asymptotic');
  });
});

describe('exactUDistribution', () => {
  it('counts the arrangements: 2 vs 2 gives 1, 1, 2, 1, 1 out of 6', () => {
    Array.from(exactUDistribution(2, 2)).forEach((p, k) => {
      expect(p).toBeCloseTo([1, 1, 2, 1, 1][k]! / 6, 15);
    });
  });

  it('sums to 1 and is symmetric about m·n/2', () => {
    for (const [m, n] of [
      [1, 9],
      [7, 6],
      [13, 4],
      [30, 30],
    ] as const) {
      const pmf = Array.from(exactUDistribution(m, n));
      expect(pmf).toHaveLength(m * n + 1);
      expect(pmf.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 13);
      pmf.forEach((p, k) => {
        expectRelativelyClose(p, pmf[m * n - k]!, 1e-12, `P(U = ${k}) for ${m} vs ${n}`);
      });
    }
  });
});

describe('input validation', () => {
  it('rejects empty samples and NaN, naming the sample', () => {
    expect(() => mannWhitneyU([], [1], 'less')).toThrow(
      new StatisticsError('x must contain at least one value; got 0'),
    );
    expect(() => mannWhitneyU([1], [2, Number.NaN], 'less')).toThrow(
      new StatisticsError('y[1] must be a finite number; got NaN'),
    );
  });
});
