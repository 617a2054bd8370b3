// The warning a verdict gives when repetitions of a workload whose data is reset did not all start
// from the same rows.
import { dataChecksumWarnings } from '../../src/compare/data-checksums.js';
import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { CellResult } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';

/** The fixture's cells, each repetition given the checksum `sum` returns for it. */
function withChecksums(
  sum: (cell: CellResult, index: number) => string | undefined,
  randSeed = 7,
): Parameters<typeof dataChecksumWarnings>[0] {
  const cells = fixtureResults('instructions-aa.json').cells.map((cell) => ({
    ...cell,
    repetitions: cell.repetitions.map((repetition, index) => {
      const dataChecksum = sum(cell, index);
      return dataChecksum === undefined ? repetition : { ...repetition, dataChecksum };
    }),
  }));
  return { cells, suite: { randSeed } };
}

describe('data checksums', () => {
  it('says nothing when every repetition started from the same data, or none was checksummed', () => {
    expect(dataChecksumWarnings(withChecksums(() => '0123456789abcdef'))).toEqual([]);
    expect(dataChecksumWarnings(withChecksums(() => undefined))).toEqual([]);
  });

  it('warns once per workload whose repetitions started from different data, on either side', () => {
    const differ = (cell: CellResult, index: number): string =>
      cell.side === 'head' && index === 1 ? 'ffffffffffffffff' : '0123456789abcdef';
    const results = withChecksums(differ);
    const workloads = [...new Set(results.cells.map((cell) => cell.workload))];
    const warnings = dataChecksumWarnings(results);
    expect(warnings).toHaveLength(workloads.length);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^workload ${workloads[0] ?? ''}: its repetitions did not all start from the same data \\(2 checksums of its tables over \\d+ repetitions, base and head\\): its cells do not compare like with like$`,
      ),
    );
    // Without a seed, the prepare is why.
    expect(dataChecksumWarnings(withChecksums(differ, 0))[0]).toMatch(
      /like with like \(the suite has no randSeed, so each prepare fills the tables with new values; a fixed randSeed makes them the same\)$/,
    );
  });

  it("is among the verdict's warnings", () => {
    const results = fixtureResults('instructions-aa.json');
    const { cells } = withChecksums((cell) =>
      cell.side === 'head' ? 'ffffffffffffffff' : '0123456789abcdef',
    );
    const { verdict } = judge({
      results: { ...results, cells: [...cells] },
      resultsPath: 'results.json',
      base: { kind: 'ab' },
      options: DEFAULT_COMPARE_OPTIONS,
    });
    expect(verdict.warnings.filter((warning) => warning.includes('same data'))).toHaveLength(
      new Set(cells.map((cell) => cell.workload)).size,
    );
  });
});
