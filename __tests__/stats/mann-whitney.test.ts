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
import { expectRelativelyClose } from './expect-close.js';

/** Samples built from integer formulas, repeated exactly in the reference script. */
const range = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const SAMPLES: Readonly<Record<string, readonly [number[], number[]]>> = {
  '3v3 separated': [
    [1, 2, 3],
    [4, 5, 6],
  ],
  '5v5 separated': [
    [1, 2, 3, 4, 5],
    [6, 7, 8, 9, 10],
  ],
  '5v5 interleaved': [
    [1.1, 2.5, 3.3, 7.2, 9.9],
    [2.0, 4.1, 5.5, 6.0, 8.8],
  ],
  '7v6 tps': [
    [812.4, 790.1, 805.7, 799.9, 788.0, 830.2, 801.3],
    [780.2, 779.5, 795.5, 770.8, 801.0, 785.3],
  ],
  '4v9': [
    [3.1, 0.4, 2.2, 5.9],
    [1.0, 4.4, 6.3, 7.7, 2.9, 8.1, 5.2, 9.6, 6.8],
  ],
  '1v1': [[1], [2]],
  '12v15 (scipy auto would be asymptotic)': [
    range(12, (i) => ((7 * i) % 29) + 0.25),
    range(15, (i) => ((11 * i) % 31) + 3.5),
  ],
  '50v50 (largest exact)': [
    range(50, (i) => ((7 * i) % 103) + 0.25),
    range(50, (i) => ((11 * i) % 97) + 10.5),
  ],
  '51v50 no ties (asymptotic)': [
    range(51, (i) => ((7 * i) % 103) + 0.25),
    range(50, (i) => ((11 * i) % 97) + 10.5),
  ],
  '5v5 ties': [
    [100, 101, 101, 103, 104],
    [101, 102, 104, 104, 105],
  ],
  '3v3 latency ties': [
    [1.23, 1.25, 1.25],
    [1.25, 1.27, 1.3],
  ],
  '20v25 integer ties': [range(20, (i) => (3 * i) % 17), range(25, (i) => ((5 * i) % 19) + 2)],
  'all tied': [
    [5, 5, 5],
    [5, 5],
  ],
  '6v1 ties': [[100, 100, 100, 100, 90, 95], [100]],
};

interface Reference {
  readonly name: string;
  readonly u: number;
  readonly method: 'exact' | 'asymptotic';
  readonly twoSided: number;
  readonly less: number;
  readonly greater: number;
}

// /tmp/statsvenv/bin/python __fixtures__/stats/mann_whitney_reference.py   (scipy 1.17.1, numpy 2.4.6)
// scipy is forced to the method we use for the case (see the script's docstring).
const REFERENCE: readonly Reference[] = [
  { name: '3v3 separated', u: 0.0, method: 'exact', twoSided: 0.1, less: 0.05, greater: 1.0 },
  {
    name: '5v5 separated',
    u: 0.0,
    method: 'exact',
    twoSided: 0.007936507936507936,
    less: 0.003968253968253968,
    greater: 1.0,
  },
  {
    name: '5v5 interleaved',
    u: 11.0,
    method: 'exact',
    twoSided: 0.8412698412698413,
    less: 0.42063492063492064,
    greater: 0.6547619047619047,
  },
  {
    name: '7v6 tps',
    u: 37.0,
    method: 'exact',
    twoSided: 0.022144522144522144,
    less: 0.9930069930069929,
    greater: 0.011072261072261072,
  },
  {
    name: '4v9',
    u: 7.0,
    method: 'exact',
    twoSided: 0.1062937062937063,
    less: 0.05314685314685315,
    greater: 0.9622377622377623,
  },
  { name: '1v1', u: 0.0, method: 'exact', twoSided: 1.0, less: 0.5, greater: 1.0 },
  {
    name: '12v15 (scipy auto would be asymptotic)',
    u: 68.0,
    method: 'exact',
    twoSided: 0.29954279429309716,
    less: 0.14977139714654858,
    greater: 0.8613313153695439,
  },
  {
    name: '50v50 (largest exact)',
    u: 1028.0,
    method: 'exact',
    twoSided: 0.1271541368980576,
    less: 0.0635770684490288,
    greater: 0.9372828157680421,
  },
  {
    name: '51v50 no ties (asymptotic)',
    u: 1045.0,
    method: 'asymptotic',
    twoSided: 0.11903289845700783,
    less: 0.059516449228503916,
    greater: 0.9412833154308519,
  },
  {
    name: '5v5 ties',
    u: 6.0,
    method: 'asymptotic',
    twoSided: 0.19882894401644247,
    less: 0.09941447200822123,
    greater: 0.9330689276222845,
  },
  {
    name: '3v3 latency ties',
    u: 1.0,
    method: 'asymptotic',
    twoSided: 0.16415972847851523,
    less: 0.08207986423925762,
    greater: 0.9681987151896232,
  },
  {
    name: '20v25 integer ties',
    u: 172.5,
    method: 'asymptotic',
    twoSided: 0.07820727197802879,
    less: 0.039103635989014396,
    greater: 0.9627927559159377,
  },
  { name: 'all tied', u: 3.0, method: 'asymptotic', twoSided: 1.0, less: 1.0, greater: 1.0 },
  {
    name: '6v1 ties',
    u: 2.0,
    method: 'asymptotic',
    twoSided: 0.7551888894226785,
    less: 0.37759444471133924,
    greater: 0.8252125969383509,
  },
];

describe('mannWhitneyU against scipy.stats.mannwhitneyu', () => {
  it.each(REFERENCE)('$name: U, method and all three p-values', (reference) => {
    const [x, y] = SAMPLES[reference.name]!;
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
