// The plan of a run with an aligned head (run --align-settings): the head alone measures it, after
// a switch of its server; the base never restarts for it. Timings interleave it repetition by
// repetition; counts measure it after the comparison, one restart.
import { planExtension, planSteps, type Step } from '../../src/run/plan.js';
import {
  BASE_SETTINGS,
  HEAD_SETTINGS,
  OWN_SETTINGS,
  runsOnSide,
  splitAlignedCells,
  suiteWithAlignedHead,
  underHeadSettings,
  withoutHeadSettings,
} from '../../src/suite/head-settings.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { variantLabel, variantOptions } from '../../src/suite/variants.js';

const throughput = parseSuite(
  `
name: t
threads: [1, 4]
durationSeconds: 10
repetitions: 3
tables: 1
tableSize: 10
workloads: [{ name: oltp_point_select }]
`,
  'test',
);

const instructions = parseSuite(
  `
name: i
metric: instructions
threads: [1]
events: 100
randSeed: 1
repetitions: 2
tables: 1
tableSize: 10
workloads: [{ name: oltp_point_select }, { name: oltp_read_only }]
`,
  'test',
);

const OPTIONS = { performance_schema: 'OFF', sync_binlog: '0' };

function line(step: Step): string {
  const variant = variantLabel(step.variant);
  if (step.kind === 'restart') return `switch ${step.side} ${variant}`;
  return `${step.kind} ${step.side} ${step.workload}@${step.threads} ${variant}`;
}

describe('suiteWithAlignedHead', () => {
  it('adds the head-settings dimension last, the aligned value carrying the options', () => {
    const suite = suiteWithAlignedHead(throughput, OPTIONS);
    expect(Object.keys(suite.variants ?? {})).toEqual([HEAD_SETTINGS]);
    expect(variantOptions(suite.variants, { [HEAD_SETTINGS]: BASE_SETTINGS })).toEqual(OPTIONS);
    expect(variantOptions(suite.variants, { [HEAD_SETTINGS]: OWN_SETTINGS })).toEqual({});
    expect(suite.interleaveVariants).toBe(true);
    expect(suiteWithAlignedHead(instructions, OPTIONS).interleaveVariants).toBe(false);
  });

  it('keeps what the suite says about interleaving', () => {
    expect(suiteWithAlignedHead({ ...instructions, interleaveVariants: true }, {}).interleaveVariants).toBe(
      true,
    );
  });
});

describe('the plan with an aligned head', () => {
  it('timings: every repetition measures base, head and the aligned head, the base never switched to it', () => {
    const steps = planSteps(suiteWithAlignedHead(throughput, OPTIONS), ['base', 'head']);
    const aligned = steps.filter((step) => step.variant?.[HEAD_SETTINGS] === BASE_SETTINGS);
    expect(aligned.length).toBeGreaterThan(0);
    expect(aligned.every((step) => step.side === 'head')).toBe(true);
    const measures = steps.filter((step) => step.kind === 'measure');
    // 2 cells × 3 repetitions × (base + head + aligned head).
    expect(measures).toHaveLength(2 * 3 * 3);
    const firstCell = measures.filter((step) => step.threads === 1).map(line);
    expect(firstCell.slice(0, 6)).toEqual([
      'measure base oltp_point_select@1 head-settings=own',
      'measure head oltp_point_select@1 head-settings=own',
      'measure head oltp_point_select@1 head-settings=base',
      // The second repetition runs the variants in the other order, and the sides too.
      'measure head oltp_point_select@1 head-settings=base',
      'measure head oltp_point_select@1 head-settings=own',
      'measure base oltp_point_select@1 head-settings=own',
    ]);
  });

  it('counts: the comparison first, then the aligned head alone after one switch', () => {
    const steps = planSteps(suiteWithAlignedHead(instructions, OPTIONS), ['base', 'head']);
    const switches = steps.filter((step) => step.kind === 'restart').map(line);
    expect(switches).toEqual([
      'switch base head-settings=own',
      'switch head head-settings=own',
      'switch head head-settings=base',
    ]);
    const afterSwitch = steps.slice(
      steps.findIndex((step) => line(step) === 'switch head head-settings=base'),
    );
    expect(afterSwitch.every((step) => step.side === 'head')).toBe(true);
    expect(afterSwitch.filter((step) => step.kind === 'measure')).toHaveLength(2 * 2);
  });

  it('adds repetitions to the comparison, and to the aligned head on the head only', () => {
    const suite = suiteWithAlignedHead(throughput, OPTIONS);
    const cell = { workload: 'oltp_point_select', threads: 1 };
    const own = planExtension(
      suite,
      ['base', 'head'],
      [{ ...underHeadSettings(cell, OWN_SETTINGS), from: 4, to: 5 }],
    );
    expect(new Set(own.filter((step) => step.kind === 'measure').map((step) => step.side))).toEqual(
      new Set(['base', 'head']),
    );
    const aligned = planExtension(
      suite,
      ['base', 'head'],
      [{ ...underHeadSettings(cell, BASE_SETTINGS), from: 4, to: 5 }],
    );
    expect(aligned.map((step) => step.side)).toEqual(aligned.map(() => 'head'));
  });
});

describe('the aligned cells', () => {
  it('runsOnSide: the aligned head is the head side alone', () => {
    expect(runsOnSide({ [HEAD_SETTINGS]: BASE_SETTINGS }, 'base')).toBe(false);
    expect(runsOnSide({ [HEAD_SETTINGS]: BASE_SETTINGS }, 'head')).toBe(true);
    expect(runsOnSide({ [HEAD_SETTINGS]: OWN_SETTINGS }, 'base')).toBe(true);
    expect(runsOnSide(undefined, 'base')).toBe(true);
  });

  it('splits the measured cells into the comparison and the aligned head, under the suite own names', () => {
    const cells: { workload: string; threads: number; side: string; variant?: Record<string, string> }[] = [
      { workload: 'w', threads: 1, side: 'base', variant: { [HEAD_SETTINGS]: OWN_SETTINGS } },
      { workload: 'w', threads: 1, side: 'head', variant: { [HEAD_SETTINGS]: OWN_SETTINGS } },
      { workload: 'w', threads: 1, side: 'head', variant: { [HEAD_SETTINGS]: BASE_SETTINGS } },
      {
        workload: 'w',
        threads: 4,
        side: 'head',
        variant: { durability: 'on', [HEAD_SETTINGS]: BASE_SETTINGS },
      },
    ];
    const split = splitAlignedCells(cells);
    expect(split.own).toEqual([
      { workload: 'w', threads: 1, side: 'base' },
      { workload: 'w', threads: 1, side: 'head' },
    ]);
    expect(split.aligned).toEqual([
      { workload: 'w', threads: 1, side: 'head' },
      { workload: 'w', threads: 4, side: 'head', variant: { durability: 'on' } },
    ]);
    expect(withoutHeadSettings({ durability: 'on' })).toEqual({ durability: 'on' });
  });
});
