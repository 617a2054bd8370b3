// The bootstrap interval of median(head)/median(base): reproducible, and in agreement with the
// exact bootstrap distribution and with a large numpy bootstrap.
import { StatisticsError } from '../../src/errors.js';
import {
  bootstrapMedianOfRatios,
  bootstrapRatioOfMedians,
  DEFAULT_BOOTSTRAP_SEED,
} from '../../src/stats/bootstrap.js';
import { median } from '../../src/stats/descriptive.js';
import { normalPpf } from '../../src/stats/normal.js';
import { createRng } from '../../src/stats/random.js';
import { describeWithStatsReference, runStatsReference } from '../helpers/stats-reference.js';
import { expectRelativelyClose } from './expect-close.js';

const BASE5 = [1012.3, 998.7, 1005.1, 990.4, 1020.8];
const HEAD5 = [985.2, 970.9, 992.6, 978.3, 1001.7];

describeWithStatsReference('bootstrapRatioOfMedians against the exact bootstrap distribution', () => {
  // The exact bootstrap distribution of median(head*)/median(base*) for BASE5, HEAD5: [ratio,
  // probability], derived from binomial probabilities by
  // __fixtures__/stats/bootstrap_reference.py --exact-only (scipy.stats.binom), run now.
  const reference = runStatsReference('bootstrap_reference.py', ['--exact-only']) as {
    base5: number[];
    head5: number[];
    exact5Plus5: [ratio: number, probability: number][];
    totalProbability: number;
  };

  /** Probability the exact bootstrap distribution gives to ratios satisfying `predicate`. */
  const exactMass = (predicate: (ratio: number) => boolean): number =>
    reference.exact5Plus5.filter(([ratio]) => predicate(ratio)).reduce((sum, [, p]) => sum + p, 0);

  it('is the distribution of these samples: 25 atoms adding up to 1', () => {
    expect([reference.base5, reference.head5]).toEqual([BASE5, HEAD5]);
    expect(reference.exact5Plus5).toHaveLength(25);
    expect(reference.totalProbability).toBeCloseTo(1, 14);
  });

  it('5 + 5: each end cuts 2.5% off the exact bootstrap distribution, within Monte Carlo error', () => {
    const { ratio, low, high } = bootstrapRatioOfMedians(BASE5, HEAD5);
    expect(ratio).toBe(985.2 / 1005.1);
    // With B = 10,000 resamples the fraction of resampled ratios below any fixed point has a
    // binomial standard deviation of √(0.025·0.975/B) = 0.0016 around the exact mass there; the
    // tolerance is 4 of those. The distribution is lumpy (25 atoms), hence the two inequalities
    // per end: strictly beyond the end at most 2.5% + tol, up to and including it at least
    // 2.5% − tol.
    const tolerance = 4 * Math.sqrt((0.025 * 0.975) / 10_000);
    expect(exactMass((r) => r < low)).toBeLessThanOrEqual(0.025 + tolerance);
    expect(exactMass((r) => r <= low)).toBeGreaterThanOrEqual(0.025 - tolerance);
    expect(exactMass((r) => r > high)).toBeLessThanOrEqual(0.025 + tolerance);
    expect(exactMass((r) => r >= high)).toBeGreaterThanOrEqual(0.025 - tolerance);
    // Here 2.5% falls well inside one atom at each end (cumulative 1.8%…3.3%, 5 standard
    // deviations from either edge), so the ends are those atoms exactly, as numpy's
    // 2,000,000-resample bootstrap (the script without --exact-only) also gives:
    // 0.9591030326978168, 1.002221324717286.
    const atoms = reference.exact5Plus5.map(([atom]) => atom);
    expect(atoms).toContain(low);
    expect(atoms).toContain(high);
    expect(low).toBe(0.9591030326978168);
    expect(high).toBe(1.002221324717286);
  });
});

describe('bootstrapRatioOfMedians against a large numpy bootstrap', () => {
  it('20 + 20: within 4 Monte Carlo standard deviations of a 2,000,000-resample numpy bootstrap', () => {
    const base = Array.from({ length: 20 }, (_, i) => 1000 + ((37 * i) % 41) * 0.7);
    const head = Array.from({ length: 20 }, (_, i) => 985 + ((29 * i) % 43) * 0.6);
    const { ratio, low, high } = bootstrapRatioOfMedians(base, head);
    // Pasted, not run here: the numpy bootstraps take 10-20 s. From
    // .work/stats-reference/bin/python __fixtures__/stats/bootstrap_reference.py (scipy 1.17.1,
    // numpy 2.4.6): ratio20Plus20 0.9820944112859468; numpy20Plus20 [0.9739156064253082,
    // 0.9903412749517064]; over 400 numpy runs of 10,000 resamples the ends vary with standard
    // deviations (endsSd20Plus20) 0.000112 and 0.000115. A correct 10,000-resample bootstrap
    // lands within 4 of those with probability 0.9999 (and, seeded, either always or never).
    expectRelativelyClose(ratio, 0.9820944112859468, 1e-15);
    expect(Math.abs(low - 0.9739156064253082)).toBeLessThan(4 * 0.000112);
    expect(Math.abs(high - 0.9903412749517064)).toBeLessThan(4 * 0.000115);
  });
});

describe('reproducibility', () => {
  it('gives the same interval for the same input and seed, and the default seed when none is given', () => {
    const first = bootstrapRatioOfMedians(BASE5, HEAD5, { seed: 42 });
    expect(bootstrapRatioOfMedians(BASE5, HEAD5, { seed: 42 })).toEqual(first);
    expect(bootstrapRatioOfMedians(BASE5, HEAD5)).toEqual(
      bootstrapRatioOfMedians(BASE5, HEAD5, {
        confidence: 0.95,
        resamples: 10_000,
        seed: DEFAULT_BOOTSTRAP_SEED,
      }),
    );
  });

  it('does not depend on the order of the repetitions', () => {
    const shuffled = bootstrapRatioOfMedians(
      [...BASE5].reverse(),
      [HEAD5[3]!, ...HEAD5.slice(0, 3), HEAD5[4]!],
      {
        seed: 9,
      },
    );
    expect(shuffled).toEqual(bootstrapRatioOfMedians(BASE5, HEAD5, { seed: 9 }));
  });

  it('varies with the seed only by Monte Carlo error', () => {
    const base = Array.from({ length: 12 }, (_, i) => 1000 + ((5 * i) % 13) * 1.7);
    const head = Array.from({ length: 12 }, (_, i) => 990 + ((7 * i) % 13) * 1.9);
    const intervals = [1, 2, 3, 4].map((seed) => bootstrapRatioOfMedians(base, head, { seed }));
    const lows = intervals.map((interval) => interval.low);
    expect(new Set(intervals.map((interval) => JSON.stringify(interval))).size).toBeGreaterThan(1);
    expect(Math.max(...lows) - Math.min(...lows)).toBeLessThan(0.002);
  });
});

describe('properties', () => {
  it('contains the ratio of the medians, over many random inputs', () => {
    // For the median the resampled value equals the sample's own median with high probability
    // (at least a third of the mass for 5 values), so the 2.5% and 97.5% points cannot pass it.
    const rng = createRng(2024);
    for (let trial = 0; trial < 200; trial++) {
      const side = (centre: number): number[] =>
        Array.from({ length: 2 + rng.nextIntBelow(29) }, () =>
          Math.round(centre * (1 + 0.05 * (rng.nextFloat() - 0.5)) * (trial % 2 === 0 ? 1 : 0.1)),
        );
      const base = side(1000);
      const head = side(1000 * (0.9 + 0.2 * rng.nextFloat()));
      const { ratio, low, high } = bootstrapRatioOfMedians(base, head, { seed: trial, resamples: 2000 });
      expect(ratio).toBe(median(head) / median(base));
      expect(low).toBeLessThanOrEqual(ratio);
      expect(high).toBeGreaterThanOrEqual(ratio);
    }
  });

  it('narrows as the number of repetitions grows', () => {
    // Noise-free "ideal" samples: the normal quantiles at (i + ½)/n, 2% relative noise, so the
    // only thing changing between sizes is n.
    const ideal = (n: number, centre: number): number[] =>
      Array.from({ length: n }, (_, i) => centre * (1 + 0.02 * normalPpf((i + 0.5) / n)));
    const widths = [5, 10, 20, 40, 80].map((n) => {
      const { low, high } = bootstrapRatioOfMedians(ideal(n, 1000), ideal(n, 980));
      return high - low;
    });
    widths.slice(1).forEach((width, i) => {
      expect(width).toBeLessThan(widths[i]!);
    });
    // And roughly as 1/√n: 16 times the repetitions, about a quarter of the width.
    expect(widths[4]! / widths[0]!).toBeGreaterThan(0.15);
    expect(widths[4]! / widths[0]!).toBeLessThan(0.4);
  });

  it('a higher confidence gives an interval containing the lower-confidence one', () => {
    const narrow = bootstrapRatioOfMedians(BASE5, HEAD5, { confidence: 0.8 });
    const wide = bootstrapRatioOfMedians(BASE5, HEAD5, { confidence: 0.99 });
    expect(wide.low).toBeLessThanOrEqual(narrow.low);
    expect(wide.high).toBeGreaterThanOrEqual(narrow.high);
  });

  it('collapses to the ratio when neither side varies', () => {
    expect(bootstrapRatioOfMedians([200, 200, 200], [210, 210])).toEqual({
      ratio: 1.05,
      low: 1.05,
      high: 1.05,
    });
  });
});

describe('input validation', () => {
  it('rejects samples that cannot show uncertainty or a ratio, naming them', () => {
    expect(() => bootstrapRatioOfMedians([100], HEAD5)).toThrow(
      new StatisticsError('base must contain at least 2 values; got 1'),
    );
    expect(() => bootstrapRatioOfMedians(BASE5, [100, 0])).toThrow(
      new StatisticsError('head[1] must be greater than 0; got 0'),
    );
    expect(() => bootstrapRatioOfMedians(BASE5, [100, Number.NaN])).toThrow(
      new StatisticsError('head[1] must be a finite number; got NaN'),
    );
  });

  it('rejects options out of range, naming them', () => {
    expect(() => bootstrapRatioOfMedians(BASE5, HEAD5, { confidence: 1 })).toThrow(
      new StatisticsError('confidence must be strictly between 0 and 1; got 1'),
    );
    expect(() => bootstrapRatioOfMedians(BASE5, HEAD5, { resamples: 0 })).toThrow(
      new StatisticsError('resamples must be an integer of at least 1; got 0'),
    );
    expect(() => bootstrapRatioOfMedians(BASE5, HEAD5, { seed: -3 })).toThrow(
      new StatisticsError('seed must be an integer of at least 0; got -3'),
    );
  });
});

describe('bootstrapMedianOfRatios', () => {
  it('brackets the median of paired ratios within their range, and collapses when they agree', () => {
    const ratios = [1.00095, 1.00198, 1.00051];
    const interval = bootstrapMedianOfRatios(ratios, { seed: 7 });
    expect(interval.ratio).toBe(1.00095);
    expect(interval.low).toBeGreaterThanOrEqual(1.00051);
    expect(interval.high).toBeLessThanOrEqual(1.00198);
    expect(interval.low).toBeLessThan(interval.high);
    expect(bootstrapMedianOfRatios([1.2, 1.2, 1.2])).toEqual({ ratio: 1.2, low: 1.2, high: 1.2 });
  });

  it('takes medians of values near the largest double without overflowing', () => {
    const huge = [1.7e308, 1.6e308, 1.7e308, 1.5e308];
    const interval = bootstrapMedianOfRatios(huge, { seed: 7 });
    expectRelativelyClose(interval.ratio, 1.65e308, 1e-15);
    expect(interval.low).toBeGreaterThanOrEqual(1.5e308);
    expect(interval.high).toBeLessThanOrEqual(1.7e308);
    const ratio = bootstrapRatioOfMedians(huge, [1, 1, 1, 1], { seed: 7 });
    expect(Number.isFinite(ratio.low) && Number.isFinite(ratio.high)).toBe(true);
    expectRelativelyClose(ratio.ratio, 1 / 1.65e308, 1e-15);
  });

  it('refuses one ratio, which shows no uncertainty', () => {
    expect(() => bootstrapMedianOfRatios([1.1])).toThrow(StatisticsError);
  });
});
