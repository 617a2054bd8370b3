// Noise-gate arithmetic against scipy, and its agreement with what the exact rank test can show.
import { StatisticsError } from '../../src/errors.js';
import { smallestExactPValue } from '../../src/stats/mann-whitney.js';
import {
  minimumDetectableEffect,
  minimumRepetitionsForAlpha,
  repetitionsToResolve,
} from '../../src/stats/power.js';
import { expectRelativelyClose } from './expect-close.js';

describe('minimumRepetitionsForAlpha', () => {
  it('is the least n whose exact one-sided Mann-Whitney p can reach alpha', () => {
    // /tmp/statsvenv/bin/python -c "from scipy.special import comb; print([next(n for n in range(1, 100) if 1 / comb(2 * n, n, exact=True) <= a) for a in [0.5, 0.2, 0.05, 0.0143, 0.0142, 0.01, 0.001, 1e-6]])"
    // → [1, 2, 3, 4, 5, 5, 7, 12]
    const alphas = [0.5, 0.2, 0.05, 0.0143, 0.0142, 0.01, 0.001, 1e-6];
    expect(alphas.map(minimumRepetitionsForAlpha)).toEqual([1, 2, 3, 4, 5, 5, 7, 12]);
  });

  it('agrees with smallestExactPValue on both sides of the boundary', () => {
    for (const alpha of [0.3, 0.05, 0.02, 0.005, 1e-4]) {
      const n = minimumRepetitionsForAlpha(alpha);
      expect(smallestExactPValue(n, n)).toBeLessThanOrEqual(alpha * (1 + 1e-12));
      if (n > 1) expect(smallestExactPValue(n - 1, n - 1)).toBeGreaterThan(alpha);
    }
  });
});

describe('minimumDetectableEffect', () => {
  it('is (z₁₋α + z_power)·cv·√(2/n), as computed with scipy', () => {
    // /tmp/statsvenv/bin/python -c "from math import sqrt; from scipy.stats import norm; print([float((norm.ppf(1 - a) + norm.ppf(w)) * cv * sqrt(2 / n)) for cv, n, a, w in [(0.02, 5, 0.05, 0.8), (0.01, 10, 0.01, 0.9), (0.035, 3, 0.05, 0.8), (0.005, 30, 0.001, 0.5)]])"
    // → [0.03145169561602622, 0.016135016805792886, 0.07105693777633172, 0.003989472752566693]
    expectRelativelyClose(
      minimumDetectableEffect({ cv: 0.02, n: 5, alpha: 0.05 }),
      0.03145169561602622,
      1e-14,
    );
    expectRelativelyClose(
      minimumDetectableEffect({ cv: 0.01, n: 10, alpha: 0.01, power: 0.9 }),
      0.016135016805792886,
      1e-14,
    );
    expectRelativelyClose(
      minimumDetectableEffect({ cv: 0.035, n: 3, alpha: 0.05 }),
      0.07105693777633172,
      1e-14,
    );
    expectRelativelyClose(
      minimumDetectableEffect({ cv: 0.005, n: 30, alpha: 0.001, power: 0.5 }),
      0.003989472752566693,
      1e-14,
    );
  });

  it('is Infinity when n is too small for the rank test to ever reach alpha', () => {
    // 2 vs 2: the smallest one-sided p is 1/6, so nothing is significant at 0.05.
    expect(minimumDetectableEffect({ cv: 0.001, n: 2, alpha: 0.05 })).toBe(Number.POSITIVE_INFINITY);
    expect(minimumDetectableEffect({ cv: 0.02, n: 4, alpha: 0.01 })).toBe(Number.POSITIVE_INFINITY);
    expect(minimumDetectableEffect({ cv: 0.02, n: 5, alpha: 0.01 })).toBeLessThan(1);
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
  it('is ⌈2·((z₁₋α + z_power)·cv/effect)²⌉, as computed with scipy, raised to the exact-test floor', () => {
    // /tmp/statsvenv/bin/python -c "from math import ceil; from scipy.stats import norm; print([ceil(2 * ((norm.ppf(1 - a) + norm.ppf(w)) * cv / e) ** 2) for cv, e, a, w in [(0.02, 0.05, 0.05, 0.8), (0.02, 0.01, 0.05, 0.8), (0.05, 0.02, 0.01, 0.9), (0.1, 0.03, 0.05, 0.8), (0.001, 0.05, 0.001, 0.8)]])"
    // → [2, 50, 163, 138, 1]; the first and last are below the floors 3 (α = 0.05) and 7 (α = 0.001).
    expect(repetitionsToResolve({ cv: 0.02, effect: 0.05, alpha: 0.05 })).toBe(3);
    expect(repetitionsToResolve({ cv: 0.02, effect: 0.01, alpha: 0.05 })).toBe(50);
    expect(repetitionsToResolve({ cv: 0.05, effect: 0.02, alpha: 0.01, power: 0.9 })).toBe(163);
    expect(repetitionsToResolve({ cv: 0.1, effect: 0.03, alpha: 0.05 })).toBe(138);
    expect(repetitionsToResolve({ cv: 0.001, effect: 0.05, alpha: 0.001 })).toBe(7);
  });

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
