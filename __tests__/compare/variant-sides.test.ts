// One variant against the others of its dimension, from one run's cells.
import { InputError } from '../../src/errors.js';
import { parseVariantBase, variantSides } from '../../src/compare/variant-sides.js';
import type { CellResult } from '../../src/results/results-schema.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { cellName } from '../../src/suite/suite-schema.js';

const suite = parseSuite(
  `
name: d
threads: [1]
durationSeconds: 2
repetitions: 2
tables: 1
tableSize: 10
variants:
  durability:
    default: {}
    durable: {sync_binlog: 1, log_bin: ON}
  innodb_thread_concurrency: [0, 8]
workloads: [{ name: oltp_point_select }, { name: oltp_insert }]
`,
  'test',
);

function cell(workload: string, durability: string, concurrency: string, tps: number): CellResult {
  return {
    workload,
    threads: 1,
    variant: { durability, innodb_thread_concurrency: concurrency },
    side: 'head',
    repetitions: [
      { index: 1, sequence: 1, startedAt: '2026-01-01T00:00:00Z', rawOutput: 'x', report: { tps } as never },
    ],
  };
}

const cells = [
  cell('oltp_point_select', 'default', '0', 100),
  cell('oltp_point_select', 'default', '8', 101),
  cell('oltp_point_select', 'durable', '0', 102),
  cell('oltp_point_select', 'durable', '8', 103),
  cell('oltp_insert', 'default', '0', 50),
  cell('oltp_insert', 'durable', '0', 20),
];

describe('variantSides', () => {
  it('pairs each cell under another value with the same cell under the base value', () => {
    const { base, head } = variantSides(
      { suite, cells },
      { dimension: 'durability', value: 'default' },
      '--x',
    );
    expect(head.map(cellName)).toEqual([
      'oltp_point_select@1[durability=durable,innodb_thread_concurrency=0]',
      'oltp_point_select@1[durability=durable,innodb_thread_concurrency=8]',
      'oltp_insert@1[durability=durable,innodb_thread_concurrency=0]',
    ]);
    expect(base.map(cellName)).toEqual(head.map(cellName));
    expect(base.map((c) => c.repetitions[0]?.report.tps)).toEqual([100, 101, 50]);
    expect(base.every((c) => c.side === 'base')).toBe(true);
  });

  it.each([
    [
      { dimension: 'nope', value: 'x' },
      /no variant dimension nope; its dimensions: durability, innodb_thread_concurrency/,
    ],
    [{ dimension: 'durability', value: 'x' }, /durability's values are default, durable/],
  ])('refuses %j', (request, message) => {
    expect(() => variantSides({ suite, cells }, request, '--x')).toThrow(message);
  });

  it('refuses a run that lacks the base cell', () => {
    expect(() =>
      variantSides({ suite, cells: cells.slice(1) }, { dimension: 'durability', value: 'default' }, '--x'),
    ).toThrow(/but not the same cell under durability=default,innodb_thread_concurrency=0/);
  });

  it.each(['durability', 'a=1,b=2', '=x'])('parseVariantBase refuses %j', (text) => {
    expect(() => parseVariantBase(text, '--against-variant')).toThrow(InputError);
  });
});
