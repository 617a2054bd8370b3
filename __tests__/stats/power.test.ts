// Noise-gate arithmetic against scipy, and its agreement with what the exact rank test can show.
import { StatisticsError } from '../../src/errors.js';
import { smallestExactPValue } from '../../src/stats/mann-whitney.js';
import {
  minimumDetectableEffect,
  minimumRepetitionsForAlpha,
  repetitionsToResolve,
} from '../../src/stats/power.js';
import { describeWithStatsReference, runStatsReference } from '../helpers/stats-reference.js';
import { expectRelativelyClose } from './expect-close.js';

describe('minimumRepetitionsForAlpha', () => {
  it('agrees with smallestExactPValue on both sides of the boundary', () => {
    for (const alpha of [0.3, 0.05, 0.02, 0.005, 1e-4]) {
      const n = minimumRepetitionsForAlpha(alpha);
      expect(smallestExactPValue(n, n)).toBeLessThanOrEqual(alpha * (1 + 1e-12));
      if (n > 1) expect(smallestExactPValue(n - 1, n - 1)).toBeGreaterThan(alpha);
    }
  });
});

describe('minimumDetectableEffect', () => {
  it('is Infinity when n is too small for the rank test to ever reach alpha', () => {
    // 2 vs 2: the smallest one-sided p is 1/6, so nothing is significant at 0.05.
    expect(minimumDetectableEffect({ cv: 0.001, n: 2, alpha: 0.05 })).toBe(Number.POSITIVE_INFINITY);
    expect(minimumDetectableEffect({ cv: 0.02, n: 4, alpha: 0.01 })).toBe(Number.POSITIVE_INFINITY);
    expect(minimumDetectableEffect({ cv: 0.02, n: 5, alpha: 0.01 })).toBeLessThan(1);
  });

  it('takes a power of 0.8 when none is given', () => {
    expect(minimumDetectableEffect({ cv: 0.02, n: 5, alpha: 0.05 })).toBe(
      minimumDetectableEffect({ cv: 0.02, n: 5, alpha: 0.05, power: 0.8 }),
    );
    expect(repetitionsToResolve({ cv: 0.1, effect: 0.03, alpha: 0.05 })).toBe(
      repetitionsToResolve({ cv: 0.1, effect: 0.03, alpha: 0.05, power: 0.8 }),
    );
  });

  it('is 0 without noise and shrinks as 1/√n', () => {
    expect(minimumDetectableEffect({ cv: 0, n: 5, alpha: 0.05 })).toBe(0);
    const at5 = minimumDetectableEffect({ cv: 0.03, n: 5, alpha: 0.05 });
    const at20 = minimumDetectableEffect({ cv: 0.03, n: 20, alpha: 0.05 });
    expectRelativelyClose(at5 / at20, 2, 1e-14);
  });

  it('rejects bad inputs, naming them', () => {
    expect(() => minimumDetectableEffect({ cv: -0.1, n: 5, alpha: 0.05 })).toThrow(
      new StatisticsError('cv must be a finite number of at least 0; got -0.1'),
    );
    expect(() => minimumDetectableEffect({ cv: 0.1, n: 2.5, alpha: 0.05 })).toThrow(
      new StatisticsError('n must be an integer of at least 1; got 2.5'),
    );
    expect(() => minimumDetectableEffect({ cv: 0.1, n: 5, alpha: 0 })).toThrow(
      new StatisticsError('alpha must be strictly between 0 and 1; got 0'),
    );
    expect(() => minimumDetectableEffect({ cv: 0.1, n: 5, alpha: 0.05, power: 1 })).toThrow(
      new StatisticsError('power must be strictly between 0 and 1; got 1'),
    );
  });
});

describe('repetitionsToResolve', () => {
  it('is consistent with minimumDetectableEffect: that many repetitions resolve the effect, one fewer do not', () => {
    for (const cv of [0.005, 0.01, 0.03, 0.08]) {
      for (const effect of [0.02, 0.05, 0.1]) {
        const n = repetitionsToResolve({ cv, effect, alpha: 0.05 });
        expect(minimumDetectableEffect({ cv, n, alpha: 0.05 })).toBeLessThanOrEqual(effect * (1 + 1e-9));
        if (n > minimumRepetitionsForAlpha(0.05)) {
          expect(minimumDetectableEffect({ cv, n: n - 1, alpha: 0.05 })).toBeGreaterThan(effect);
        }
      }
    }
  });

  it('rejects an effect that is not a positive finite fraction', () => {
    expect(() => repetitionsToResolve({ cv: 0.02, effect: 0, alpha: 0.05 })).toThrow(
      new StatisticsError('effect must be a finite number greater than 0; got 0'),
    );
  });
});

interface Reference {
  readonly minimumRepetitions: { alpha: number; n: number }[];
  readonly minimumDetectableEffect: { cv: number; n: number; alpha: number; power: number; effect: number }[];
  readonly repetitionsToResolve: {
    cv: number;
    effect: number;
    alpha: number;
    power: number;
    n: number;
    atLeast: number;
  }[];
}

// The cases and scipy's answers, computed now by __fixtures__/stats/power_reference.py.
describeWithStatsReference('the noise gate against scipy', () => {
  const reference = runStatsReference('power_reference.py') as Reference;

  it('minimumRepetitionsForAlpha is the least n whose exact one-sided Mann-Whitney p can reach alpha (1/C(2n, n))', () => {
    const { minimumRepetitions } = reference;
    expect(minimumRepetitions.map(({ alpha }) => minimumRepetitionsForAlpha(alpha))).toEqual(
      minimumRepetitions.map(({ n }) => n),
    );
  });

  it.each(reference.minimumDetectableEffect)(
    'minimumDetectableEffect is (z₁₋α + z_power)·cv·√(2/n): cv $cv, n $n, alpha $alpha, power $power',
    ({ cv, n, alpha, power, effect }) => {
      expectRelativelyClose(minimumDetectableEffect({ cv, n, alpha, power }), effect, 1e-14);
    },
  );

  it.each(reference.repetitionsToResolve)(
    'repetitionsToResolve is ⌈2·((z₁₋α + z_power)·cv/effect)²⌉ raised to the exact-test floor: cv $cv, effect $effect, alpha $alpha',
    ({ cv, effect, alpha, power, n, atLeast }) => {
      expect(repetitionsToResolve({ cv, effect, alpha, power })).toBe(atLeast);
      expect(atLeast).toBeGreaterThanOrEqual(n);
    },
  );

  it('has cases on both sides of the floor', () => {
    const { repetitionsToResolve: cases } = reference;
    expect(cases.some(({ n, atLeast }) => atLeast > n)).toBe(true);
    expect(cases.some(({ n, atLeast }) => atLeast === n)).toBe(true);
  });
});
