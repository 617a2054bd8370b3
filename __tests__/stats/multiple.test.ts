// Holm's step-down adjustment against statsmodels, and the properties that make it safe to use
// across every cell of a suite.
import { StatisticsError } from '../../src/errors.js';
import { holm } from '../../src/stats/multiple.js';
import { createRng } from '../../src/stats/random.js';
import { expectRelativelyClose } from './expect-close.js';

describe('holm', () => {
  it('matches statsmodels multipletests(method="holm")', () => {
    // /tmp/statsvenv/bin/python -c "from statsmodels.stats.multitest import multipletests; print(multipletests([0.01, 0.04, 0.03, 0.005, 0.2, 0.04, 0.9, 0.0001], method='holm')[1].tolist())"
    // statsmodels 0.15.0 → [0.06, 0.16, 0.15, 0.035, 0.4, 0.16, 0.9, 0.0008]
    const adjusted = holm([0.01, 0.04, 0.03, 0.005, 0.2, 0.04, 0.9, 0.0001]);
    [0.06, 0.16, 0.15, 0.035, 0.4, 0.16, 0.9, 0.0008].forEach((expected, i) => {
      expectRelativelyClose(adjusted[i]!, expected, 1e-15, `p[${i}]`);
    });
  });

  it('caps at 1 and leaves a single p-value alone', () => {
    // /tmp/statsvenv/bin/python -c "from statsmodels.stats.multitest import multipletests; print(multipletests([0.5, 0.6, 0.7], method='holm')[1].tolist(), multipletests([0.03], method='holm')[1].tolist())"
    // → [1.0, 1.0, 1.0] [0.03]
    expect(holm([0.5, 0.6, 0.7])).toEqual([1, 1, 1]);
    expect(holm([0.03])).toEqual([0.03]);
  });

  const rng = createRng(11);
  const families = Array.from({ length: 100 }, () =>
    Array.from({ length: 1 + rng.nextIntBelow(30) }, () => rng.nextFloat() ** 3),
  );

  it('is monotone in the raw p-values, never below them and never above 1', () => {
    for (const pValues of families) {
      const adjusted = holm(pValues);
      pValues.forEach((p, i) => {
        expect(adjusted[i]).toBeGreaterThanOrEqual(p);
        expect(adjusted[i]).toBeLessThanOrEqual(1);
        pValues.forEach((q, j) => {
          if (p < q) expect(adjusted[i]).toBeLessThanOrEqual(adjusted[j]!);
        });
      });
    }
  });

  it('does not depend on the order of the family', () => {
    for (const pValues of families.slice(0, 20)) {
      const reversed = holm([...pValues].reverse()).reverse();
      expect(reversed).toEqual(holm(pValues));
    }
  });

  it('is never stricter than Bonferroni, min(1, m·p)', () => {
    for (const pValues of families) {
      const m = pValues.length;
      holm(pValues).forEach((adjusted, i) => {
        expect(adjusted).toBeLessThanOrEqual(Math.min(1, m * pValues[i]!) + 1e-15);
      });
    }
  });

  it('rejects an empty family and values that are not p-values', () => {
    expect(() => holm([])).toThrow(new StatisticsError('pValues must contain at least one p-value; got 0'));
    expect(() => holm([0.1, 1.5])).toThrow(
      new StatisticsError('pValues[1] must be a p-value between 0 and 1; got 1.5'),
    );
    expect(() => holm([Number.NaN])).toThrow(StatisticsError);
  });
});
