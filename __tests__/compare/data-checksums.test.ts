// The warning a verdict gives when repetitions of a workload whose data is reset did not all start
// from the same rows.
import { dataChecksumWarnings } from '../../src/compare/data-checksums.js';
import type { CellResult } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';

/** The fixture's cells, each repetition given the checksum `sum` returns for it. */
function withChecksums(sum: (cell: CellResult, index: number) => string | undefined): CellResult[] {
  return fixtureResults('instructions-aa.json').cells.map((cell) => ({
    ...cell,
    repetitions: cell.repetitions.map((repetition, index) => {
      const dataChecksum = sum(cell, index);
      return dataChecksum === undefined ? repetition : { ...repetition, dataChecksum };
    }),
  }));
}

describe('data checksums', () => {
  it('says nothing when every repetition started from the same data, or none was checksummed', () => {
    expect(dataChecksumWarnings(withChecksums(() => '0123456789abcdef'))).toEqual([]);
    expect(dataChecksumWarnings(withChecksums(() => undefined))).toEqual([]);
  });

  it('warns once per workload whose repetitions started from different data, on either side', () => {
    const cells = withChecksums((cell, index) =>
      cell.side === 'head' && index === 1 ? 'ffffffffffffffff' : '0123456789abcdef',
    );
    const workloads = [...new Set(cells.map((cell) => cell.workload))];
    const warnings = dataChecksumWarnings(cells);
    expect(warnings).toHaveLength(workloads.length);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^workload ${workloads[0] ?? ''}: its repetitions did not all start from the same data \\(2 checksums of its tables over \\d+ repetitions, base and head\\): its cells do not compare like with like$`,
      ),
    );
  });
});
