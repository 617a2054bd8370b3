import { StatisticsError } from '../../src/errors.js';
import { benjaminiHochberg } from '../../src/stats/fdr.js';

// Reference values from statsmodels 0.14:
//   /tmp/statsvenv/bin/python -c "from statsmodels.stats.multitest import multipletests as m;
//     print(list(m([0.01,0.04,0.03,0.005], method='fdr_bh')[1]));
//     print(list(m([0.05,0.5,0.2,0.001,0.9,0.04], method='fdr_bh')[1]))"
//   → [0.02, 0.04, 0.04, 0.02]
//   → [0.1, 0.6, 0.30000000000000004, 0.006, 0.9, 0.1]
describe('benjaminiHochberg', () => {
  it.each([
    [
      [0.01, 0.04, 0.03, 0.005],
      [0.02, 0.04, 0.04, 0.02],
    ],
    [
      [0.05, 0.5, 0.2, 0.001, 0.9, 0.04],
      [0.1, 0.6, 0.3, 0.006, 0.9, 0.1],
    ],
  ])('matches statsmodels fdr_bh for %j', (pValues, expected) => {
    const adjusted = benjaminiHochberg(pValues);
    adjusted.forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index] ?? NaN, 12);
    });
  });

  it('keeps a change seen in every cell: six complete separations of 5 vs 5 stay at 1/252', () => {
    expect(benjaminiHochberg(new Array<number>(6).fill(1 / 252))).toEqual(new Array<number>(6).fill(1 / 252));
  });

  it('never lowers a p-value, caps at 1 and rejects values outside [0, 1]', () => {
    expect(benjaminiHochberg([0.9, 0.95, 1])).toEqual([1, 1, 1]);
    expect(benjaminiHochberg([])).toEqual([]);
    expect(() => benjaminiHochberg([1.2])).toThrow(StatisticsError);
  });
});
