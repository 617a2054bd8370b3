// Descriptive statistics against numpy/scipy (computed now by
// __fixtures__/stats/descriptive_reference.py), plus the properties the gate relies on.
import { StatisticsError } from '../../src/errors.js';
import {
  mad,
  MAD_NORMAL_SCALE,
  mean,
  median,
  midpoint,
  overflowScale,
  quantile,
  robustCv,
  robustCvEstimate,
  sampleStdDev,
} from '../../src/stats/descriptive.js';
import { normalPpf } from '../../src/stats/normal.js';
import { describeWithStatsReference, runStatsReference } from '../helpers/stats-reference.js';
import { expectRelativelyClose } from './expect-close.js';

// Seven oltp_read_write TPS-like values, with one repeated value.
const TPS = [812.4, 790.1, 805.7, 799.9, 790.1, 830.2, 801.3];

describe('quantile (Hyndman & Fan type 7)', () => {
  it('is the minimum at 0, the maximum at 1 and never decreases in between', () => {
    expect(quantile(TPS, 0)).toBe(Math.min(...TPS));
    expect(quantile(TPS, 1)).toBe(Math.max(...TPS));
    const grid = Array.from({ length: 101 }, (_, i) => quantile(TPS, i / 100));
    grid.slice(1).forEach((value, i) => {
      expect(value).toBeGreaterThanOrEqual(grid[i]!);
    });
  });

  it('does not depend on the order of the values and leaves the input alone', () => {
    const copy = [...TPS];
    expect(quantile([...TPS].reverse(), 0.3)).toBe(quantile(TPS, 0.3));
    expect(TPS).toEqual(copy);
  });

  it('returns the value itself for a single value', () => {
    expect(quantile([42], 0.7)).toBe(42);
  });

  it('rejects q outside [0, 1] and naming it', () => {
    expect(() => quantile(TPS, 1.5)).toThrow(new StatisticsError('q must be between 0 and 1; got 1.5'));
    expect(() => quantile(TPS, Number.NaN)).toThrow(StatisticsError);
  });
});

describe('median, mean, sampleStdDev, mad', () => {
  it('median averages the two middle values of an even sample', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('sampleStdDev is 0 for identical values and stays accurate far from 0', () => {
    expect(sampleStdDev([7, 7, 7])).toBe(0);
    // Values near 1e9 differing in the units: a one-pass sum of squares loses every digit here.
    expectRelativelyClose(sampleStdDev([1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16]), Math.sqrt(30), 1e-9);
  });

  it('reject empty samples and non-finite values, naming the position', () => {
    expect(() => median([])).toThrow(new StatisticsError('xs must contain at least one value; got 0'));
    expect(() => mean([1, Number.NaN])).toThrow(
      new StatisticsError('xs[1] must be a finite number; got NaN'),
    );
    expect(() => mad([Number.POSITIVE_INFINITY])).toThrow(StatisticsError);
    expect(() => sampleStdDev([3])).toThrow(new StatisticsError('xs must contain at least 2 values; got 1'));
  });
});

describe('robustCv', () => {
  it('is scaled-MAD while the MAD is not 0', () => {
    expect(robustCvEstimate(TPS).estimator).toBe('scaled-mad');
  });

  it('uses 1/Φ⁻¹(3/4) as the scale', () => {
    expectRelativelyClose(MAD_NORMAL_SCALE, 1 / normalPpf(0.75), 1e-15);
  });

  it('barely moves when one repetition goes wild, unlike stdev/mean', () => {
    const wild = [...TPS.slice(0, 6), 400];
    expect(robustCv(wild)).toBeLessThan(1.5 * robustCv(TPS));
    expect(sampleStdDev(wild) / mean(wild)).toBeGreaterThan(10 * (sampleStdDev(TPS) / mean(TPS)));
  });

  it('falls back to stdev/mean when the MAD is 0 but the values differ, and says so', () => {
    // More than half the values identical: MAD = 0 although the values are not all equal.
    const estimate = robustCvEstimate([100, 100, 100, 100, 90]);
    expect(estimate.estimator).toBe('stdev-over-mean');
    const values = [100, 100, 100, 100, 90];
    expectRelativelyClose(estimate.cv, sampleStdDev(values) / mean(values), 1e-14);
  });

  it('is 0 when every value is identical', () => {
    expect(robustCvEstimate([250, 250, 250])).toEqual({ cv: 0, estimator: 'scaled-mad' });
  });

  it('needs at least two strictly positive values', () => {
    expect(() => robustCv([100])).toThrow(new StatisticsError('xs must contain at least 2 values; got 1'));
    expect(() => robustCv([100, 0, 100])).toThrow(new StatisticsError('xs[1] must be greater than 0; got 0'));
    expect(() => robustCv([-1, -2])).toThrow(StatisticsError);
  });
});

describe('values near the largest double (1.7e308)', () => {
  const HUGE = 1.7e308;

  it('median and midpoint do not overflow where a + b would', () => {
    expect(HUGE + HUGE).toBe(Number.POSITIVE_INFINITY);
    expect(median([HUGE, HUGE])).toBe(HUGE);
    expect(median([HUGE, HUGE, 1, 2])).toBe(midpoint(2, HUGE));
    expect(midpoint(HUGE, HUGE)).toBe(HUGE);
    expect(midpoint(Number.MAX_VALUE, Number.MAX_VALUE)).toBe(Number.MAX_VALUE);
    expectRelativelyClose(midpoint(1.5e308, 1.7e308), 1.6e308, 1e-15);
    expect(midpoint(-HUGE, HUGE)).toBe(0);
  });

  it('midpoint is (a + b)/2 to the last bit wherever that is finite', () => {
    for (const [a, b] of [
      [790.1, 805.7],
      [0.1, 0.2],
      [1e300, 3e300],
      [-5e-324, 5e-324],
    ] as const) {
      expect(midpoint(a, b)).toBe((a + b) / 2);
    }
  });

  it('mean does not overflow, and is the plain mean wherever its sum is finite', () => {
    expectRelativelyClose(mean([HUGE, HUGE, HUGE]), HUGE, 1e-15);
    // The mean a wider exponent would give: that of the values scaled by a power of two, scaled back.
    expect(mean([1.7, 1.7, 1.7].map((x) => x * 2 ** 1023))).toBe(mean([1.7, 1.7, 1.7]) * 2 ** 1023);
    expect(mean([Number.MAX_VALUE, Number.MAX_VALUE])).toBe(Number.MAX_VALUE);
    expectRelativelyClose(mean([HUGE, 1.5e308]), 1.6e308, 1e-15);
    expect(mean([HUGE, -HUGE, HUGE])).toBe(HUGE / 3);
    expect(mean(TPS)).toBe(TPS.reduce((sum, x) => sum + x, 0) / TPS.length);
  });

  it('overflowScale is a power of two that brings every value into (−2, 2)', () => {
    const scale = overflowScale([HUGE, -3, 1e300]);
    expect(Math.log2(scale) % 1).toBe(0);
    expect(HUGE / scale).toBeGreaterThanOrEqual(1);
    expect(HUGE / scale).toBeLessThan(2);
    expect(overflowScale([Number.MAX_VALUE])).toBe(2 ** 1023);
    expect(overflowScale([2 ** -1074])).toBe(2 ** -1074);
    expect(overflowScale([0, 0])).toBe(1);
    expect(overflowScale([Number.POSITIVE_INFINITY])).toBe(1);
  });

  it('quantile interpolates between values of both signs without overflowing', () => {
    expect(quantile([-HUGE, HUGE], 0.5)).toBe(0);
    expectRelativelyClose(quantile([-HUGE, HUGE], 0.75), HUGE / 2, 1e-15);
    expect(quantile([HUGE, HUGE, HUGE], 0.3)).toBe(HUGE);
  });

  it('sampleStdDev is finite where the squares overflow and scales exactly', () => {
    expect(sampleStdDev([HUGE, HUGE, HUGE])).toBe(0);
    // [1, 2, 3]·2^1000: the standard deviation is 2^1000, though its square is not a double.
    const scale = 2 ** 1000;
    expect(sampleStdDev([1, 2, 3].map((x) => x * scale))).toBe(sampleStdDev([1, 2, 3]) * scale);
  });

  it('robustCv of values near the largest double is finite', () => {
    expect(robustCvEstimate([HUGE, HUGE, HUGE])).toEqual({ cv: 0, estimator: 'scaled-mad' });
    expectRelativelyClose(robustCv([1e307, HUGE, 1e308]), robustCv([1, 17, 10]), 1e-14);
    expect(Number.isFinite(robustCv([1e-300, HUGE, 1e-300, HUGE, HUGE]))).toBe(true);
  });
});

describeWithStatsReference('descriptive statistics against numpy and scipy', () => {
  const reference = runStatsReference('descriptive_reference.py') as {
    tps: number[];
    quantiles: [q: number, value: number][];
    median: number;
    medianFirstSix: number;
    mean: number;
    stdDev: number;
    mad: number;
    robustCv: number;
    mostlyEqual: number[];
    mostlyEqualCv: number;
  };

  it('are of the same values', () => {
    expect(reference.tps).toEqual(TPS);
  });

  it.each(reference.quantiles)(
    'quantile at q = %p matches numpy.quantile (default linear method)',
    (q, value) => {
      expectRelativelyClose(quantile(TPS, q), value, 1e-15, `q = ${q}`);
    },
  );

  it('median, mean, sampleStdDev and mad match numpy and scipy', () => {
    expect(median(TPS)).toBe(reference.median);
    expect(median(TPS.slice(0, 6))).toBe(reference.medianFirstSix);
    expectRelativelyClose(mean(TPS), reference.mean, 1e-15);
    expectRelativelyClose(sampleStdDev(TPS), reference.stdDev, 1e-14);
    expectRelativelyClose(mad(TPS), reference.mad, 1e-15);
  });

  it('robustCv is 1.4826·MAD/median, as scipy median_abs_deviation(scale="normal")/median', () => {
    expectRelativelyClose(robustCv(TPS), reference.robustCv, 1e-14);
  });

  it('robustCv falls back to the standard deviation over the mean (numpy) when the MAD is 0', () => {
    expectRelativelyClose(robustCvEstimate(reference.mostlyEqual).cv, reference.mostlyEqualCv, 1e-14);
  });
});
