// Which undecided cells get how many more repetitions, within a time budget.
import type { CellResult } from '../../src/results/results-schema.js';
import { adaptiveLooks, planRound } from '../../src/run/adaptive.js';
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

describe('planRound', () => {
  it('takes every undecided cell, in the order given, to the next look when the budget allows', () => {
    const round = planRound(suite, ['base', 'head'], {
      undecided,
      cells: cellsWith(5),
      target: 8,
      remainingSeconds: Infinity,
      secondsOf,
    });
    expect(round.extensions).toEqual([
      { workload: 'oltp_read_only', threads: 4, from: 6, to: 8 },
      { workload: 'oltp_point_select', threads: 1, from: 6, to: 8 },
    ]);
    // Per cell: two 5 s warm-ups and 3 × 2 repetitions of 10 s.
    expect(round.seconds).toBe(2 * (2 * 5 + 6 * 10));
    expect(round.cut).toBe(false);
  });

  it('gives the next cell as many repetitions as fit, and stops the round there', () => {
    const round = planRound(suite, ['base', 'head'], {
      undecided,
      cells: cellsWith(5),
      target: 8,
      remainingSeconds: 70 + 10 + 20,
      secondsOf,
    });
    expect(round.extensions).toEqual([
      { workload: 'oltp_read_only', threads: 4, from: 6, to: 8 },
      { workload: 'oltp_point_select', threads: 1, from: 6, to: 6 },
    ]);
    expect(round.cut).toBe(true);
  });

  it('plans nothing when not even one more repetition fits', () => {
    const round = planRound(suite, ['base', 'head'], {
      undecided,
      cells: cellsWith(5),
      target: 8,
      remainingSeconds: 29,
      secondsOf,
    });
    expect(round).toEqual({ extensions: [], steps: [], seconds: 0, cut: true });
  });

  it('starts after the fewer repetitions of the two sides', () => {
    const cells = cellsWith(6).map((cell) =>
      cell.side === 'head' ? { ...cell, repetitions: cell.repetitions.slice(0, 5) } : cell,
    );
    const round = planRound(suite, ['base', 'head'], {
      undecided: [undecided[0] ?? { workload: '', threads: 0 }],
      cells,
      target: 8,
      remainingSeconds: Infinity,
      secondsOf,
    });
    expect(round.extensions).toEqual([{ workload: 'oltp_read_only', threads: 4, from: 6, to: 8 }]);
  });
});
