// The trend chart's data on its own: which points each gating cell gets, in what order, and which
// it does not get when an entry lacks the cell or this run has no time to be placed at.
import { readFileSync } from 'node:fs';

import { baselineSide, newestEntry } from '../../src/baseline/entry.js';
import { parseBaselineFile } from '../../src/baseline/parse-baseline.js';
import type { BaselineEntry } from '../../src/baseline/baseline-schema.js';
import { sideOf } from '../../src/compare/judge.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { trendPoints } from '../../src/report/specs/trend.js';
import { median } from '../../src/stats/descriptive.js';
import { laterRun } from '../../__fixtures__/baseline/results.js';

const BASELINE_PATH = new URL(
  '../../__fixtures__/baseline/quick-mariadb-10.11.baseline.json',
  import.meta.url,
).pathname;
const stored = newestEntry(parseBaselineFile(readFileSync(BASELINE_PATH, 'utf8'), BASELINE_PATH));

/** The stored entry `hours` earlier, with no commit recorded. */
function earlier(hours: number): BaselineEntry {
  const entry = {
    ...stored,
    savedAt: new Date(Date.parse(stored.savedAt) - hours * 3_600_000).toISOString(),
  };
  delete entry.commit;
  return entry;
}

/** A later run of the same setup judged against the newest of `history`. */
function inputWith(history: BaselineEntry[]): ReportInput {
  const newest = history.at(-1) ?? stored;
  const base = baselineSide(newest);
  const results = laterRun(180);
  const head = sideOf(results, 'head');
  const verdict = buildVerdict(
    base,
    head,
    results.suite,
    { kind: 'baseline', path: 'baseline.json', savedAt: newest.savedAt },
    DEFAULT_COMPARE_OPTIONS,
  );
  return { verdict: Verdict.parse(verdict), base, head, suite: results.suite, history };
}

const tpsMedian = (cells: BaselineEntry['cells'], workload: string, threads: number): number | undefined => {
  const cell = cells.find((entry) => entry.workload === workload && entry.threads === threads);
  return cell && median(cell.repetitions.map((repetition) => repetition.report.tps));
};

describe('trendPoints', () => {
  const input = inputWith([earlier(24), stored]);
  const gating = input.verdict.cells.filter((cell) => cell.gating);

  it('gives each gating cell its stored entries, oldest first, then this run', () => {
    const points = trendPoints(input);
    expect(gating.length).toBeGreaterThan(1);
    expect(points.map((point) => [point.workload, point.threads, point.series])).toEqual(
      gating.flatMap((cell) => [
        [cell.workload, cell.threads, 'stored baseline'],
        [cell.workload, cell.threads, 'stored baseline'],
        [cell.workload, cell.threads, 'this run'],
      ]),
    );
    const [first] = gating;
    if (!first) throw new Error('no gating cell');
    const mine = points.filter(
      (point) => point.workload === first.workload && point.threads === first.threads,
    );
    expect(mine.map((point) => point.value)).toEqual([
      tpsMedian(stored.cells, first.workload, first.threads),
      tpsMedian(stored.cells, first.workload, first.threads),
      first.head.median,
    ]);
    // An entry without a commit, and this run, have an empty one.
    expect(mine.map((point) => point.commit)).toEqual(['', stored.commit ?? '', '']);
    expect(mine[2]?.savedAt).toBe(
      input.head.cells
        .flatMap((cell) => cell.repetitions.map((repetition) => repetition.startedAt))
        .reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)),
    );
  });

  it('gives no point for an entry that did not measure the cell', () => {
    const [first] = gating;
    if (!first) throw new Error('no gating cell');
    const older = earlier(48);
    const partial = {
      ...older,
      cells: older.cells.filter((cell) => cell.workload !== first.workload || cell.threads !== first.threads),
    };
    const points = trendPoints({ ...input, history: [partial, ...input.history] });
    const mine = points.filter(
      (point) => point.workload === first.workload && point.threads === first.threads,
    );
    expect(mine.map((point) => point.savedAt)).not.toContain(older.savedAt);
    expect(mine).toHaveLength(3);
  });

  it('leaves this run out when it has no repetition to place it in time', () => {
    const points = trendPoints({ ...input, head: { ...input.head, cells: [] } });
    expect(points.some((point) => point.series === 'this run')).toBe(false);
    expect(points).toHaveLength(gating.length * 2);
  });
});
