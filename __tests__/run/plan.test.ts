import {
  cellLanes,
  planExtension,
  planSteps,
  plannedSeconds,
  RESTART_ESTIMATE_S,
  sideOrder,
  type Step,
} from '../../src/run/plan.js';
import { formatDuration } from '../../src/format.js';
import { ProgressTracker } from '../../src/run/progress.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';

const suite = parseSuite(
  `
name: t
threads: [1, 4]
durationSeconds: 10
warmupSeconds: 3
repetitions: 3
tables: 1
tableSize: 10
workloads: [{ name: oltp_point_select }]
`,
  'test',
);

describe('planSteps', () => {
  it('interleaves base and head A B B A A B, never two sides in one step', () => {
    const steps = planSteps(suite, ['base', 'head']);
    const firstCell = steps.filter((step) => step.kind === 'measure' && step.threads === 1);
    expect(firstCell.map((step) => step.side)).toEqual(['base', 'head', 'head', 'base', 'base', 'head']);
    expect(steps.filter((step) => step.kind === 'warmup')).toHaveLength(4);
  });

  it('warms up each side before the cell’s first measurement', () => {
    const steps = planSteps(suite, ['base', 'head']);
    expect(steps.slice(0, 3).map((step) => `${step.kind}:${step.side}`)).toEqual([
      'warmup:base',
      'warmup:head',
      'measure:base',
    ]);
  });

  it('restarts and warms up before every measurement when the suite asks for restarts', () => {
    const steps = planSteps({ ...suite, restartBetweenRepetitions: true }, ['head']);
    expect(steps.slice(0, 3).map((step) => step.kind)).toEqual(['restart', 'warmup', 'measure']);
    expect(steps.filter((step) => step.kind === 'restart')).toHaveLength(6);
    expect(plannedSeconds(steps[0] ?? { kind: 'restart', side: 'head' }, suite)).toBe(RESTART_ESTIMATE_S);
  });

  it('alternates the order every repetition for any side list', () => {
    expect(sideOrder(['base', 'head'], 1)).toEqual(['base', 'head']);
    expect(sideOrder(['base', 'head'], 2)).toEqual(['head', 'base']);
    expect(sideOrder(['head'], 2)).toEqual(['head']);
  });

  it('keeps the quick suite within 6 minutes per side on the plan (leaving 60 s for set-up)', () => {
    const quick = loadSuite('quick');
    const steps = planSteps(quick, ['head']);
    const seconds = steps.reduce((sum, step) => sum + plannedSeconds(step, quick), 0);
    expect(seconds).toBeLessThanOrEqual(300);
  });
});

describe('ProgressTracker', () => {
  it('names cell, repetition and side, and estimates what is left once each kind of step was timed', () => {
    let now = 0;
    const steps = planSteps(suite, ['head']);
    const tracker = new ProgressTracker(steps, suite, () => now);
    expect(tracker.plannedTotalSeconds).toBe(2 * (3 + 3 * 10));
    const [warmup, first, second] = steps;
    if (!warmup || !first || !second) throw new Error('plan too short');
    expect(tracker.describe(warmup)).toBe(
      '[cell 1/2] oltp_point_select @ 1 thread, head: warm-up 3s — elapsed 0s, estimating what is left',
    );
    now = 6;
    tracker.done(warmup);
    // A warm-up was timed, a repetition not yet.
    expect(tracker.describe(first)).toBe(
      '[cell 1/2] oltp_point_select @ 1 thread, head: repetition 1/3 — elapsed 6s, estimating what is left',
    );
    now = 26; // the repetition took 20 s, twice its plan
    tracker.done(first);
    // The first warm-up on a server pays for its start: the other cell's warm-up is of another kind.
    expect(tracker.describe(second)).toBe(
      '[cell 1/2] oltp_point_select @ 1 thread, head: repetition 2/3 — elapsed 26s, estimating what is left',
    );
    for (const step of steps.slice(2, 5)) {
      now += step.kind === 'warmup' ? 6 : 20;
      tracker.done(step);
      if (step !== steps[4]) tracker.describe(steps[steps.indexOf(step) + 1]!);
    }
    // Cell 2's 3 repetitions at the pace of the others (20 s), each ±5%.
    expect(tracker.describe(steps[5]!)).toBe(
      '[cell 2/2] oltp_point_select @ 4 threads, head: repetition 1/3 — elapsed 1m12s, ~1m00s left (±3s)',
    );
  });

  it('shares the plan between sides measured at once', () => {
    const steps = planSteps(suite, ['base', 'head']);
    const serial = new ProgressTracker(steps, suite, () => 0);
    const atOnce = new ProgressTracker(steps, suite, () => 0, suite.repetitions, 2);
    expect(atOnce.plannedTotalSeconds).toBe(serial.plannedTotalSeconds / 2);
  });

  it('does not multiply the plan by one short step that took long', () => {
    let now = 0;
    const instructions = loadSuite('instructions');
    const steps = planSteps(instructions, ['head']);
    const tracker = new ProgressTracker(steps, instructions, () => now);
    // MySQL's first 100 point selects under callgrind: a minute for 0.07 planned seconds. That is
    // the server's start, not the pace of warm-ups: later ones are not predicted from it.
    const take = (index: number, seconds: number): void => {
      tracker.describe(steps[index]!);
      now += seconds;
      tracker.done(steps[index]!);
    };
    take(0, 60);
    take(1, 5);
    expect(tracker.remaining()).toEqual({ kind: 'estimating' });
    take(2, 5);
    take(3, 5);
    take(4, 2); // the second cell's warm-up
    const remaining = tracker.remaining();
    expect(remaining.kind).toBe('estimate');
    expect(remaining.kind === 'estimate' && remaining.seconds).toBeLessThan(tracker.plannedTotalSeconds * 20);
    expect(tracker.describe(steps[5]!)).not.toMatch(/~\d+h/);
  });

  it('formats durations', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(59.6)).toBe('1m00s');
    expect(formatDuration(3725)).toBe('1h02m');
  });
});

describe('planExtension', () => {
  it('warms each cell up again, then continues the A B, B A pattern where the plan stopped', () => {
    const steps = planExtension(
      suite,
      ['base', 'head'],
      [{ workload: 'oltp_point_select', threads: 4, from: 4, to: 6 }],
    );
    expect(
      steps.map((step) => `${step.kind}:${step.side}${step.kind === 'measure' ? `#${step.repetition}` : ''}`),
    ).toEqual([
      'warmup:base',
      'warmup:head',
      'measure:head#4',
      'measure:base#4',
      'measure:base#5',
      'measure:head#5',
      'measure:head#6',
      'measure:base#6',
    ]);
    expect(steps.every((step) => step.kind === 'restart' || step.threads === 4)).toBe(true);
  });

  it('restarts before every repetition when the suite does, and plans nothing for an empty range', () => {
    const restarting = { ...suite, restartBetweenRepetitions: true };
    const steps = planExtension(
      restarting,
      ['base', 'head'],
      [
        { workload: 'oltp_point_select', threads: 1, from: 4, to: 4 },
        { workload: 'oltp_point_select', threads: 4, from: 5, to: 4 },
      ],
    );
    expect(steps.map((step) => step.kind)).toEqual([
      'restart',
      'warmup',
      'measure',
      'restart',
      'warmup',
      'measure',
    ]);
  });
});

describe('ProgressTracker for more repetitions', () => {
  it('counts repetitions towards the look they go to', () => {
    const now = 0;
    const steps = planExtension(
      suite,
      ['head'],
      [{ workload: 'oltp_point_select', threads: 1, from: 4, to: 6 }],
    );
    const tracker = new ProgressTracker(steps, suite, () => now, 6);
    const measure = steps.find((step) => step.kind === 'measure');
    if (!measure) throw new Error('no measurement planned');
    expect(tracker.describe(measure)).toContain('repetition 4/6');
  });
});

describe('cellLanes', () => {
  it('gives each side its own lane per cell, in the plan order, for measuring both at once', () => {
    const lanes = cellLanes(planSteps(suite, ['base', 'head']));
    expect(lanes).toHaveLength(2);
    const describe = (step: Step): string =>
      step.kind === 'measure' ? `${step.side} ${step.repetition}` : `${step.side} ${step.kind}`;
    expect(lanes[0]?.map((lane) => lane.map(describe))).toEqual([
      ['base warmup', 'base 1', 'base 2', 'base 3'],
      ['head warmup', 'head 1', 'head 2', 'head 3'],
    ]);
    expect(lanes[1]?.flat().every((step) => step.kind !== 'restart' && step.threads === 4)).toBe(true);
  });

  it('keeps a restart with the cell of its side’s next step', () => {
    const restarting = { ...suite, restartBetweenRepetitions: true, threads: [1] };
    const lanes = cellLanes(planSteps(restarting, ['base', 'head']));
    expect(lanes).toHaveLength(1);
    expect(lanes[0]?.[0]?.slice(0, 3).map((step) => step.kind)).toEqual(['restart', 'warmup', 'measure']);
    expect(lanes[0]?.every((lane) => lane.every((step) => step.side === lane[0]?.side))).toBe(true);
  });
});
