// The stall metrics judged, as tables: stall seconds counted from one (a base of 0 has no
// fraction), more than one stall second per repetition needed before a change counts, so an A/A
// run's single-second hiccups on a busy machine never make a stall; and the depth of the lowest
// second. Each case is one cell judged alone (no other cell to share the adjustment with).
import { cellTests, compareCell } from '../../src/compare/cell.js';
import { METRICS, type MetricName } from '../../src/compare/metrics.js';
import type { CellVerdict } from '../../src/compare/verdict-schema.js';
import { median } from '../../src/stats/descriptive.js';

const SETTINGS = { alpha: 0.05, confidence: 0.95, power: 0.8, resamples: 2000 };

function judged(metric: MetricName, base: number[], head: number[]) {
  const input = {
    workload: 'w',
    threads: 1,
    metric: METRICS[metric],
    base,
    head,
    threshold: METRICS[metric].defaultTolerance,
  };
  const tests = cellTests(input);
  return compareCell(
    input,
    { pWorse: tests.pWorse, pBetter: tests.pBetter, pWorseRaw: tests.pWorse },
    SETTINGS,
    1,
  );
}

describe('stall seconds', () => {
  it.each<[string, number[], number[], CellVerdict, number]>([
    ['A/A, quiet: none on either side', [0, 0, 0, 0, 0], [0, 0, 0, 0, 0], 'unchanged', 0],
    // quick-aa-5reps: one side dipped below half in 3 of 5 repetitions of oltp_point_select @ 4.
    ['A/A, one side hiccups in most repetitions', [0, 0, 0, 0, 0], [1, 0, 1, 0, 1], 'unchanged', 1],
    // An A/A here under a load of 9 on 2 cores: one stall second in every repetition of one side.
    ['A/A, one side hiccups in every repetition', [0, 0, 1, 0, 0], [1, 1, 1, 1, 1], 'unchanged', 1],
    // Not a stall; but four repetitions that scatter so cannot rule one out either.
    ['A/A, both sides hiccup at random', [0, 1, 0, 1], [1, 0, 2, 0], 'inconclusive', 0],
    ['a periodic stall from none', [0, 0, 0, 0, 0], [3, 2, 3, 4, 3], 'regression', 3],
    ['a periodic stall over hiccups', [0, 1, 0, 0, 1], [4, 3, 4, 5, 4], 'regression', 4],
    ['a server that stalls already, a little more', [4, 5, 4, 5, 4], [5, 6, 5, 5, 6], 'unchanged', 0.2],
    ['a server that stalls already, much more', [2, 2, 3, 2, 2], [8, 9, 8, 8, 9], 'regression', 2],
    ['fewer stalls', [3, 2, 3, 4, 3], [0, 0, 0, 0, 0], 'improvement', -0.75],
  ])('%s', (_name, base, head, verdict, change) => {
    const cell = judged('stallSeconds', base, head);
    expect(cell.verdict).toBe(verdict);
    // Counted from one: 0 → 3 is +300%, 2 → 8 is +200%.
    expect(cell.change).toBeCloseTo(change, 10);
    // Shown as measured.
    expect(cell.base.values).toEqual(base);
    expect(cell.head.median).toBe(median(head));
  });
});

describe('lowest second as a fraction of the median', () => {
  it.each<[string, number[], number[], CellVerdict]>([
    ['A/A', [0.94, 0.95, 0.94, 0.98, 0.88], [0.96, 0.94, 0.96, 0.86, 0.87], 'unchanged'],
    [
      'a stall in every repetition',
      [0.8, 0.82, 0.75, 0.9, 0.85],
      [0.31, 0.26, 0.28, 0.34, 0.3],
      'regression',
    ],
    [
      'full stops (floored at 1%)',
      [0.8, 0.82, 0.75, 0.9, 0.85],
      [0.01, 0.01, 0.05, 0.01, 0.22],
      'regression',
    ],
    [
      'a shallower dip: within the 50% tolerance',
      [0.9, 0.92, 0.88, 0.91, 0.9],
      [0.6, 0.62, 0.58, 0.65, 0.6],
      'within-tolerance',
    ],
  ])('%s', (_name, base, head, verdict) => {
    expect(judged('lowestSecondRatio', base, head).verdict).toBe(verdict);
  });
});
