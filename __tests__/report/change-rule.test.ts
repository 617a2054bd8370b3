// What every medium says a cell's change is: the ratio of the medians, or for the counts of an A/B
// run the median of each repetition's ratio to its counterpart, by metric or by cell.
import { readFileSync } from 'node:fs';

import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { Verdict } from '../../src/compare/verdict-schema.js';
import { changeDotLabel, changeRule } from '../../src/report/labels.js';
import { parseResults } from '../../src/results/results-file.js';
import { median } from '../../src/stats/descriptive.js';

function verdictOf(name: string): Verdict {
  const path = new URL(`../../__fixtures__/results/${name}`, import.meta.url).pathname;
  const results = parseResults(readFileSync(path, 'utf8'), path);
  return judge({ results, resultsPath: name, base: { kind: 'ab' }, options: DEFAULT_COMPARE_OPTIONS })
    .verdict;
}

describe('changeRule', () => {
  it('an instruction A/B run: every change is of paired repetitions, and the figure is that one', () => {
    const verdict = verdictOf('instructions-performance-schema.json');
    expect(changeRule(verdict)).toBe(
      'change = the median of head ÷ base − 1 over each repetition and its counterpart, run in lockstep',
    );
    const cell = verdict.cells.find(
      (entry) => entry.workload === 'oltp_write_only' && entry.metric === 'instructions',
    );
    if (cell === undefined) throw new Error('the fixture has a write-only cell');
    const ratios = cell.head.values.map((value, index) => value / (cell.base.values[index] ?? NaN));
    expect(cell.change).toBeCloseTo(median(ratios) - 1, 12);
    // Not the ratio of the medians, which the legend used to claim.
    expect(Math.abs(cell.change - (cell.head.median / cell.base.median - 1))).toBeGreaterThan(0.001);
    expect(changeDotLabel(verdict.cells)).toBe("median of each repetition's change against its counterpart");
  });

  it('a wall-clock run: the ratio of the medians', () => {
    const verdict = verdictOf('quick-aa-5reps.json');
    expect(changeRule(verdict)).toBe('change = head ÷ base − 1 of the medians');
    expect(changeDotLabel(verdict.cells)).toBe('change of the medians');
  });

  it('names the paired metrics, or the paired cells of a metric not every cell of which is paired', () => {
    const verdict = verdictOf('instructions-performance-schema.json');
    const [first, ...rest] = verdict.cells;
    if (first === undefined) throw new Error('the fixture has cells');
    const mixed = { cells: [{ ...first, paired: undefined }, ...rest] };
    expect(changeRule(mixed)).toMatch(
      /^change = head ÷ base − 1 of the medians; for instructionsTotal, oltp_read_only @ 1 instructions, .*: the median of head ÷ base − 1 over each repetition and its counterpart, run in lockstep$/,
    );
  });
});
