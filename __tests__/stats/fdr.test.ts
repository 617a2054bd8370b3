import { StatisticsError } from '../../src/errors.js';
import { benjaminiHochberg } from '../../src/stats/fdr.js';
import { describeWithStatsReference, runStatsReference } from '../helpers/stats-reference.js';
import { expectRelativelyClose } from './expect-close.js';

interface Family {
  readonly pValues: number[];
  readonly fdrBh: number[];
}

describeWithStatsReference('benjaminiHochberg against statsmodels', () => {
  // Every family's adjusted p-values from statsmodels multipletests(method='fdr_bh'), computed now
  // by __fixtures__/stats/multiple_testing_reference.py.
  const { families } = runStatsReference('multiple_testing_reference.py') as { families: Family[] };

  it.each(families.map((family, index) => [index + 1, family.pValues.length, family] as const))(
    'matches statsmodels fdr_bh on family %i (%i p-values)',
    (_index, _size, { pValues, fdrBh }) => {
      const adjusted = benjaminiHochberg(pValues);
      expect(adjusted).toHaveLength(fdrBh.length);
      adjusted.forEach((value, index) => {
        expectRelativelyClose(value, fdrBh[index] ?? NaN, 1e-12, `p[${index}]`);
      });
    },
  );
});

describe('benjaminiHochberg', () => {
  it('keeps a change seen in every cell: six complete separations of 5 vs 5 stay at 1/252', () => {
    expect(benjaminiHochberg(new Array<number>(6).fill(1 / 252))).toEqual(new Array<number>(6).fill(1 / 252));
  });

  it('never lowers a p-value, caps at 1 and rejects values outside [0, 1]', () => {
    expect(benjaminiHochberg([0.9, 0.95, 1])).toEqual([1, 1, 1]);
    expect(benjaminiHochberg([])).toEqual([]);
    expect(() => benjaminiHochberg([1.2])).toThrow(StatisticsError);
  });
});
