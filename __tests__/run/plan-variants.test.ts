// The plan of a suite with server-option variants: variant by variant, one switch per side between.
import { planExtension, planSteps, type Step } from '../../src/run/plan.js';
import { ProgressTracker } from '../../src/run/progress.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { variantLabel } from '../../src/suite/variants.js';

const suite = parseSuite(
  `
name: t
threads: [1, 4]
durationSeconds: 10
repetitions: 2
tables: 1
tableSize: 10
variants:
  innodb_thread_concurrency: [0, 8, 16]
workloads: [{ name: oltp_point_select }]
`,
  'test',
);

function describe_(step: Step): string {
  if (step.kind === 'restart') return `switch ${step.side} ${variantLabel(step.variant)}`;
  return `${step.kind} ${step.side} ${step.threads} ${variantLabel(step.variant)}`;
}

describe('planSteps with variants', () => {
  const steps = planSteps(suite, ['base', 'head']);

  it('measures variant by variant, switching the servers before each (a no-op where they run it)', () => {
    const switches = steps.flatMap((step, index) => (step.kind === 'restart' ? [index] : []));
    expect(steps.filter((step) => step.kind === 'restart').map(describe_)).toEqual([
      'switch base innodb_thread_concurrency=0',
      'switch head innodb_thread_concurrency=0',
      'switch base innodb_thread_concurrency=8',
      'switch head innodb_thread_concurrency=8',
      'switch base innodb_thread_concurrency=16',
      'switch head innodb_thread_concurrency=16',
    ]);
    // Every step between two switches runs under the variant the first of them switched to.
    expect(switches.slice(0, 2)).toEqual([0, 1]);
    const between = (from: number, to: number): string[] => [
      ...new Set(steps.slice(from + 1, to).map((step) => variantLabel(step.variant))),
    ];
    expect(between(switches[1] ?? 0, switches[2] ?? 0)).toEqual(['innodb_thread_concurrency=0']);
    expect(between(switches[3] ?? 0, switches[4] ?? 0)).toEqual(['innodb_thread_concurrency=8']);
    expect(steps.every((step) => step.kind !== 'restart' || step.toVariant === true)).toBe(true);
  });

  it('measures every cell of every variant, each side as often', () => {
    const measures = steps.filter((step) => step.kind === 'measure');
    expect(measures).toHaveLength(3 * 2 * 2 * 2);
    expect(new Set(measures.map(describe_)).size).toBe(3 * 2 * 2);
  });

  it('counts the cells of every variant in progress', () => {
    const progress = new ProgressTracker(steps, suite, () => 0);
    const line = progress.describe(
      steps.find((step) => step.kind === 'measure' && variantLabel(step.variant).endsWith('=16')) ??
        steps[0]!,
    );
    expect(line).toMatch(
      /^\[cell 5\/6\] oltp_point_select @ 1 thread \[innodb_thread_concurrency=16\], base/,
    );
    const restart = steps.find((step) => step.kind === 'restart');
    expect(restart && progress.describe(restart)).toMatch(
      /^\[variant\] base server under innodb_thread_concurrency=0/,
    );
  });
});

describe('planExtension with variants', () => {
  it('switches the servers to the cell’s variant first (a no-op where they already run it)', () => {
    const steps = planExtension(
      suite,
      ['base', 'head'],
      [
        {
          workload: 'oltp_point_select',
          threads: 4,
          variant: { innodb_thread_concurrency: '8' },
          from: 3,
          to: 4,
        },
      ],
    );
    expect(steps.map(describe_)).toEqual([
      'switch base innodb_thread_concurrency=8',
      'switch head innodb_thread_concurrency=8',
      'measure base 4 innodb_thread_concurrency=8',
      'measure head 4 innodb_thread_concurrency=8',
      'measure head 4 innodb_thread_concurrency=8',
      'measure base 4 innodb_thread_concurrency=8',
    ]);
  });
});

describe('planSteps with interleaved variants', () => {
  const interleaved = parseSuite(
    `
name: t
threads: [1]
durationSeconds: 10
warmupSeconds: 2
repetitions: 3
tables: 1
tableSize: 10
interleaveVariants: true
variants:
  durability: {default: {}, durable: {sync_binlog: 1}}
workloads: [{ name: oltp_insert }]
`,
    'test',
  );

  it('runs every variant in each repetition, A B then B A, each after a switch and a warm-up', () => {
    const steps = planSteps(interleaved, ['head']);
    expect(steps.map(describe_)).toEqual([
      'switch head durability=default',
      'warmup head 1 durability=default',
      'measure head 1 durability=default',
      'switch head durability=durable',
      'warmup head 1 durability=durable',
      'measure head 1 durability=durable',
      'switch head durability=durable',
      'warmup head 1 durability=durable',
      'measure head 1 durability=durable',
      'switch head durability=default',
      'warmup head 1 durability=default',
      'measure head 1 durability=default',
      'switch head durability=default',
      'warmup head 1 durability=default',
      'measure head 1 durability=default',
      'switch head durability=durable',
      'warmup head 1 durability=durable',
      'measure head 1 durability=durable',
    ]);
  });
});
