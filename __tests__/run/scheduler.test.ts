// The scheduler's rules with fake sides and a fake clock, no servers: the order of the steps
// (A B B A one at a time, or a lane per side), what a failing side or an interruption stops, more
// repetitions for undecided cells within the budget, and the progress lines with the time left.
import { InterruptedError } from '../../src/errors.js';
import type { CellResult } from '../../src/results/results-schema.js';
import type { AdaptiveConfig, CellKey } from '../../src/run/adaptive.js';
import { runSchedule, type ScheduleOutcome, type ScheduleSettings } from '../../src/run/scheduler.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import type { Suite } from '../../src/suite/suite-schema.js';
import { fakeIo, started } from '../helpers/schedule-fakes.js';

/** 2 workloads × 3 thread counts: 6 cells of a 5 s warm-up and 3 repetitions of 10 s per side. */
const wallSuite = parseSuite(
  `
name: sched
threads: [1, 4, 16]
durationSeconds: 10
warmupSeconds: 5
repetitions: 3
tables: 1
tableSize: 10
workloads: [{ name: oltp_point_select }, { name: oltp_read_only }]
`,
  'test',
);

/** A count suite (the kind whose sides may be measured at once): 2 cells of 2 repetitions. */
const countSuite = parseSuite(
  `
name: lanes
metric: instructions
threads: [1]
repetitions: 2
warmupEvents: 200
randSeed: 3
tables: 1
tableSize: 10
workloads:
  - { name: oltp_point_select, events: 3000 }
  - { name: oltp_read_only, events: 100, warmupEvents: 10 }
`,
  'test',
);

function settings(suite: Suite, more: Partial<ScheduleSettings> = {}): ScheduleSettings {
  return {
    suite,
    sides: ['base', 'head'],
    parallel: false,
    adaptive: undefined,
    machine: { fingerprint: 'here' },
    ...more,
  };
}

describe('runSchedule, sides measured in turn', () => {
  it('runs one step at a time, in the order A B B A, a cell at a time', async () => {
    const { io, events } = fakeIo(wallSuite);
    const outcome = await runSchedule(settings(wallSuite), io);
    // Every step ends before the next starts.
    expect(events).toEqual(started(events).flatMap((step) => [`start ${step}`, `end ${step}`]));
    expect(started(events, /oltp_point_select@1( |$)/)).toEqual([
      'base warmup oltp_point_select@1',
      'head warmup oltp_point_select@1',
      'base measure oltp_point_select@1 #1',
      'head measure oltp_point_select@1 #1',
      'head measure oltp_point_select@1 #2',
      'base measure oltp_point_select@1 #2',
      'base measure oltp_point_select@1 #3',
      'head measure oltp_point_select@1 #3',
    ]);
    expect(started(events).slice(8, 9)).toEqual(['base warmup oltp_point_select@4']);
    expect(outcome.cells).toHaveLength(6 * 2);
    expect(outcome.cells.map((cell) => cell.repetitions.length)).toEqual(Array(12).fill(3));
    expect(outcome.seconds).toEqual({
      wall: 420,
      sides: new Map([
        ['base', 210],
        ['head', 210],
      ]),
    });
  });

  it('restarts the server before a repetition when the suite asks for it', async () => {
    const restarting = {
      ...wallSuite,
      restartBetweenRepetitions: true,
      threads: [1],
      workloads: wallSuite.workloads.slice(0, 1),
    };
    const { io, events } = fakeIo(restarting);
    await runSchedule(settings(restarting, { sides: ['head'] }), io);
    expect(started(events).slice(0, 4)).toEqual([
      'head restart',
      'head warmup oltp_point_select@1',
      'head measure oltp_point_select@1 #1',
      'head restart',
    ]);
  });

  it('stops at a failing step and raises its error', async () => {
    const { io, events } = fakeIo(wallSuite, { failing: 'head measure oltp_point_select@1 #1' });
    await expect(runSchedule(settings(wallSuite), io)).rejects.toThrow(
      'sysbench failed on head measure oltp_point_select@1 #1',
    );
    expect(events.at(-1)).toBe('fail head measure oltp_point_select@1 #1');
  });

  it('starts no step once the run is interrupted', async () => {
    const { io, events } = fakeIo(wallSuite, { interruptAfter: 'end base measure oltp_point_select@1 #1' });
    await expect(runSchedule(settings(wallSuite), io)).rejects.toThrow(InterruptedError);
    expect(events.at(-1)).toBe('end base measure oltp_point_select@1 #1');
  });
});

describe('runSchedule, sides measured at once', () => {
  const parallel = settings(countSuite, { parallel: true });

  it('runs each side’s steps in a lane of its own, at once, and a cell’s lanes end before the next cell', async () => {
    // Base is slow: head's lane of the first cell ends long before base's.
    const { io, events } = fakeIo(countSuite, { turns: { base: 50, head: 1 } });
    await runSchedule(parallel, io);
    expect(events.indexOf('start head warmup oltp_point_select@1')).toBeLessThan(
      events.indexOf('end base warmup oltp_point_select@1'),
    );
    expect(events.indexOf('end head measure oltp_point_select@1 #2')).toBeLessThan(
      events.indexOf('end base warmup oltp_point_select@1'),
    );
    const lastOfFirstCell = Math.max(
      ...events.flatMap((event, index) => (event.includes('oltp_point_select') ? [index] : [])),
    );
    expect(events[lastOfFirstCell]).toBe('end base measure oltp_point_select@1 #2');
    expect(events.findIndex((event) => event.includes('oltp_read_only'))).toBe(lastOfFirstCell + 1);
    for (const side of ['base', 'head'] as const) {
      expect(started(events, new RegExp(`^start ${side} `))).toEqual(
        ['oltp_point_select', 'oltp_read_only'].flatMap((workload) => [
          `${side} warmup ${workload}@1`,
          `${side} measure ${workload}@1 #1`,
          `${side} measure ${workload}@1 #2`,
        ]),
      );
    }
  });

  it('stops the other side after its current step when one fails, and raises the failure once both settled', async () => {
    const { io, events } = fakeIo(countSuite, {
      turns: { base: 1, head: 50 },
      failing: 'base measure oltp_point_select@1 #1',
    });
    await runSchedule(parallel, io).catch((error: unknown) => {
      events.push(`raised: ${error instanceof Error ? error.message : String(error)}`);
    });
    expect(events).toEqual([
      'start base warmup oltp_point_select@1',
      'start head warmup oltp_point_select@1',
      'end base warmup oltp_point_select@1',
      'start base measure oltp_point_select@1 #1',
      'fail base measure oltp_point_select@1 #1',
      'end head warmup oltp_point_select@1',
      'raised: sysbench failed on base measure oltp_point_select@1 #1',
    ]);
  });

  it('shares the plan’s time between the sides', async () => {
    const serial = fakeIo(countSuite);
    await runSchedule(settings(countSuite), serial.io);
    const atOnce = fakeIo(countSuite);
    await runSchedule(parallel, atOnce.io);
    expect(serial.lines[0]).toBe('8 measurements planned, about 18s');
    expect(atOnce.lines[0]).toBe('8 measurements planned, about 9s');
  });
});

describe('runSchedule, progress and time left', () => {
  it('names cell, step and side, with the time elapsed, and what is left once each kind of step was timed', async () => {
    // Every step takes twice its planned time; the plan is 6 × (5 + 3 × 10) s = 3m30s.
    const { io, lines } = fakeIo(wallSuite, { pace: 2 });
    const outcome = await runSchedule(settings(wallSuite, { sides: ['head'] }), io);
    const cell1 = 'oltp_point_select @ 1 thread, head';
    const cell2 = 'oltp_point_select @ 4 threads, head';
    expect(lines.slice(0, 12)).toEqual([
      '18 measurements planned, about 3m30s',
      'group: Measure suite sched',
      // The first warm-up on a server pays for its start: a kind of its own. Until a later
      // warm-up has been timed too, nothing is promised.
      `[cell 1/6] ${cell1}: warm-up 5s — elapsed 0s, estimating what is left`,
      `[cell 1/6] ${cell1}: repetition 1/3 — elapsed 10s, estimating what is left`,
      '  head oltp_point_select @ 1: 83305.5 tps',
      `[cell 1/6] ${cell1}: repetition 2/3 — elapsed 30s, estimating what is left`,
      '  head oltp_point_select @ 1: 83305.5 tps',
      `[cell 1/6] ${cell1}: repetition 3/3 — elapsed 50s, estimating what is left`,
      '  head oltp_point_select @ 1: 83305.5 tps',
      `[cell 2/6] ${cell2}: warm-up 5s — elapsed 1m10s, estimating what is left`,
      // Then every step at twice its plan: 3 repetitions of 20 s, 4 cells of 10 + 3 × 20 s; the
      // timings agree, so the spread is its floor, 5%.
      `[cell 2/6] ${cell2}: repetition 1/3 — elapsed 1m20s, ~5m40s left (±17s)`,
      '  head oltp_point_select @ 4: 83305.5 tps',
    ]);
    expect(lines.at(-2)).toBe(
      '[cell 6/6] oltp_read_only @ 16 threads, head: repetition 3/3 — elapsed 6m40s, ~20s left (±1s)',
    );
    expect(outcome.seconds.wall).toBe(420);
    expect(outcome.seconds.sides).toEqual(new Map([['head', 420]]));
  });
});

/** Undecided while a cell has fewer repetitions (per side) than it is decided at, in this order. */
function undecidedUntil(
  decidedAt: readonly (CellKey & { readonly at: number })[],
): AdaptiveConfig['undecided'] {
  return (cells: readonly CellResult[]) =>
    decidedAt.filter(({ workload, threads, at }) => {
      const mine = cells.filter((cell) => cell.workload === workload && cell.threads === threads);
      return Math.min(...mine.map((cell) => cell.repetitions.length)) < at;
    });
}

const readOnly16 = { workload: 'oltp_read_only', threads: 16 };
const pointSelect4 = { workload: 'oltp_point_select', threads: 4 };
/** Looks at 3 (the plan), 5 and 7 repetitions; read-only @ 16 is never decided, point select @ 4 at 5. */
const undecided = undecidedUntil([
  { ...readOnly16, at: Infinity },
  { ...pointSelect4, at: 5 },
]);

function repetitionsOf(outcome: ScheduleOutcome, cell: CellKey): number[] {
  return outcome.cells
    .filter((result) => result.workload === cell.workload && result.threads === cell.threads)
    .map((result) => result.repetitions.length);
}

describe('runSchedule, more repetitions for undecided cells', () => {
  it('takes the undecided cells to each look, least decided first, the A B B A order continuing', async () => {
    const { io, events, lines } = fakeIo(wallSuite);
    const adaptive = { most: 7, budgetSeconds: null, undecided };
    const outcome = await runSchedule(settings(wallSuite, { adaptive }), io);
    expect(started(events).slice(6 * 8)).toEqual([
      'base warmup oltp_read_only@16',
      'head warmup oltp_read_only@16',
      'head measure oltp_read_only@16 #4',
      'base measure oltp_read_only@16 #4',
      'base measure oltp_read_only@16 #5',
      'head measure oltp_read_only@16 #5',
      'base warmup oltp_point_select@4',
      'head warmup oltp_point_select@4',
      'head measure oltp_point_select@4 #4',
      'base measure oltp_point_select@4 #4',
      'base measure oltp_point_select@4 #5',
      'head measure oltp_point_select@4 #5',
      'base warmup oltp_read_only@16',
      'head warmup oltp_read_only@16',
      'head measure oltp_read_only@16 #6',
      'base measure oltp_read_only@16 #6',
      'base measure oltp_read_only@16 #7',
      'head measure oltp_read_only@16 #7',
    ]);
    expect(lines).toContain('2 cells undecided after 3 repetitions: up to 5 each, least decided first');
    expect(lines).toContain('1 cell undecided after 5 repetitions: up to 7 each, least decided first');
    // A batch's progress: its own cells, the look it goes to, its own time.
    expect(lines).toContain(
      '[cell 1/1] oltp_read_only @ 16 threads, head: repetition 4/5 — elapsed 10s, ~40s left (±2s)',
    );
    expect(outcome.adaptive).toEqual({
      planned: 3,
      most: 7,
      looks: [3, 5, 7],
      budgetSeconds: null,
      stopped: 'most',
    });
    expect(repetitionsOf(outcome, readOnly16)).toEqual([7, 7]);
    expect(repetitionsOf(outcome, pointSelect4)).toEqual([5, 5]);
    expect(repetitionsOf(outcome, { workload: 'oltp_point_select', threads: 1 })).toEqual([3, 3]);
  });

  it('stops when every cell is decided', async () => {
    const { io, events } = fakeIo(wallSuite);
    const adaptive = {
      most: 7,
      budgetSeconds: null,
      undecided: undecidedUntil([{ ...pointSelect4, at: 5 }]),
    };
    const outcome = await runSchedule(settings(wallSuite, { adaptive }), io);
    expect(started(events)).toHaveLength(6 * 8 + 6);
    expect(outcome.adaptive?.stopped).toBe('decided');
  });

  it('adds none to a run of one side', async () => {
    const { io, events } = fakeIo(wallSuite);
    const adaptive = { most: 7, budgetSeconds: null, undecided };
    const outcome = await runSchedule(settings(wallSuite, { sides: ['head'], adaptive }), io);
    expect(started(events)).toHaveLength(6 * 4);
    expect(outcome.adaptive).toBeUndefined();
  });

  it('runs the batches that fit in the budget and stops at the first that does not', async () => {
    // The plan takes 7m00s; each batch two 5 s warm-ups and four 10 s repetitions: 50 s.
    const { io, events, lines } = fakeIo(wallSuite);
    const adaptive = { most: 7, budgetSeconds: 480, undecided };
    const outcome = await runSchedule(settings(wallSuite, { adaptive }), io);
    expect(started(events).slice(6 * 8)).toEqual([
      'base warmup oltp_read_only@16',
      'head warmup oltp_read_only@16',
      'head measure oltp_read_only@16 #4',
      'base measure oltp_read_only@16 #4',
      'base measure oltp_read_only@16 #5',
      'head measure oltp_read_only@16 #5',
    ]);
    expect(lines.at(-1)).toBe(
      'the budget is spent: 7m50s of 8m00s taken, oltp_point_select @ 4 would need about 50s more',
    );
    expect(outcome.adaptive).toMatchObject({ budgetSeconds: 480, stopped: 'budget' });
  });

  it('shares a batch’s time between sides measured at once', async () => {
    // Both at once, every step takes twice its plan (the fake clock adds up both lanes' steps):
    // the plan ends at 18 s; the read-only batch (2 × 0.22 s + 4 × 2.2 s planned, at twice the
    // plan, shared by two) fits in 9 s; unshared it would take 18 s and not fit.
    const { io, events, lines } = fakeIo(countSuite);
    const cells = ['oltp_read_only', 'oltp_point_select'].map((workload) => ({
      workload,
      threads: 1,
      at: Infinity,
    }));
    const adaptive = { most: 6, budgetSeconds: 30, undecided: undecidedUntil(cells) };
    const outcome = await runSchedule(settings(countSuite, { parallel: true, adaptive }), io);
    expect(started(events, /#[34]$/)).toHaveLength(2 * 2);
    expect(started(events, /oltp_point_select@1 #[34]$/)).toEqual([]);
    expect(lines.at(-1)).toBe(
      'the budget is spent: 27s of 30s taken, oltp_point_select @ 1 would need about 9s more',
    );
    expect(outcome.adaptive?.stopped).toBe('budget');
  });

  it('fits batches in the budget at the pace the steps really took', async () => {
    // At the plan's pace the first batch would fit (420 + 50 ≤ 900); at twice it, it does not.
    const { io, events, lines } = fakeIo(wallSuite, { pace: 2 });
    const adaptive = { most: 7, budgetSeconds: 900, undecided };
    const outcome = await runSchedule(settings(wallSuite, { adaptive }), io);
    expect(started(events)).toHaveLength(6 * 8);
    expect(lines.at(-1)).toBe(
      'the budget is spent: 14m00s of 15m00s taken, oltp_read_only @ 16 would need about 1m40s more',
    );
    expect(outcome.adaptive?.stopped).toBe('budget');
  });
});
