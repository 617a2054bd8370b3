// Which undecided cells get how many more repetitions, within a time budget.
import type { CellResult } from '../../src/results/results-schema.js';
import { adaptiveLooks, cellBatch, StepPace } from '../../src/run/adaptive.js';
import { plannedSeconds, type Step } from '../../src/run/plan.js';
import { parseSuite } from '../../src/suite/parse-suite.js';

const suite = parseSuite(
  `
name: t
threads: [1, 4]
durationSeconds: 10
warmupSeconds: 5
repetitions: 5
tables: 1
tableSize: 10
workloads: [{ name: oltp_point_select }, { name: oltp_read_only }]
`,
  'test',
);

/** Cells with `n` repetitions on each side (values do not matter here). */
function cellsWith(n: number): CellResult[] {
  return suite.workloads.flatMap((workload) =>
    suite.threads.flatMap((threads) =>
      (['base', 'head'] as const).map((side) => ({
        workload: workload.name,
        threads,
        side,
        repetitions: Array.from({ length: n }, () => ({}) as CellResult['repetitions'][number]),
      })),
    ),
  );
}

const secondsOf = (step: Step): number => plannedSeconds(step, suite);
const undecided = [
  { workload: 'oltp_read_only', threads: 4 },
  { workload: 'oltp_point_select', threads: 1 },
];

describe('adaptiveLooks', () => {
  it('looks after the plan, then twice more up to the most', () => {
    expect(adaptiveLooks(suite, 10)).toEqual([5, 8, 10]);
    expect(adaptiveLooks(suite, 5)).toEqual([5]);
    expect(adaptiveLooks(suite, 3)).toEqual([5]);
  });
});

describe('cellBatch', () => {
  it('takes an undecided cell to the next look: a warm-up, then its repetitions, still interleaved', () => {
    const batch = cellBatch(suite, ['base', 'head'], { cell: undecided[0]!, cells: cellsWith(5), target: 8 });
    expect(batch?.extension).toEqual({ workload: 'oltp_read_only', threads: 4, from: 6, to: 8 });
    // Two 5 s warm-ups and 3 × 2 repetitions of 10 s.
    expect(batch?.steps.reduce((sum, step) => sum + secondsOf(step), 0)).toBe(2 * 5 + 6 * 10);
  });

  it('plans nothing for a cell already at the look', () => {
    expect(
      cellBatch(suite, ['base', 'head'], { cell: undecided[0]!, cells: cellsWith(8), target: 8 }),
    ).toBeUndefined();
  });
});

describe('StepPace', () => {
  it('scales each kind of step by how long that kind really took, the plan until one has run', () => {
    const pace = new StepPace();
    expect(pace.estimate('measure', 10)).toBe(10);
    pace.record('measure', 10, 12);
    pace.record('measure', 10, 14);
    pace.record('warmup', 0.5, 2);
    expect(pace.estimate('measure', 10)).toBe(13);
    expect(pace.estimate('warmup', 1)).toBe(4);
    expect(pace.estimate('restart', 5)).toBe(5);
  });
});
