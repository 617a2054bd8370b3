// Server-option variants: the suite field, the cells it multiplies, labels, options and flavors.
import { InputError } from '../../src/errors.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { parseCellName, selectCells } from '../../src/suite/select-cells.js';
import { cellName, suiteCells } from '../../src/suite/suite-schema.js';
import {
  allVariants,
  parseVariantLabel,
  variantLabel,
  variantOptions,
  variantsForFlavors,
} from '../../src/suite/variants.js';

const base = `
name: v
threads: [1, 4]
durationSeconds: 2
repetitions: 2
tables: 1
tableSize: 100
workloads:
  - name: oltp_point_select
  - name: oltp_read_only
    threads: [16]
`;

const sweep = parseSuite(`${base}variants:\n  innodb_thread_concurrency: [0, 8]\n`, 'test');

const named = parseSuite(
  `${base}variants:
  durability:
    relaxed: {sync_binlog: 0, innodb_flush_log_at_trx_commit: 2}
    durable: {log_bin: true, sync_binlog: 1, innodb_flush_log_at_trx_commit: 1}
  threading:
    threads: {thread_handling: one-thread-per-connection}
    pool: {options: {thread_handling: pool-of-threads}, flavors: [mariadb, percona]}
`,
  'test',
);

describe('suiteCells with variants', () => {
  it('measures every cell once per value, variant by variant', () => {
    expect(suiteCells(sweep).map(cellName)).toEqual([
      'oltp_point_select@1[innodb_thread_concurrency=0]',
      'oltp_point_select@4[innodb_thread_concurrency=0]',
      'oltp_read_only@16[innodb_thread_concurrency=0]',
      'oltp_point_select@1[innodb_thread_concurrency=8]',
      'oltp_point_select@4[innodb_thread_concurrency=8]',
      'oltp_read_only@16[innodb_thread_concurrency=8]',
    ]);
  });

  it('multiplies dimensions, the first outermost', () => {
    expect(allVariants(named.variants).map(variantLabel)).toEqual([
      'durability=relaxed,threading=threads',
      'durability=relaxed,threading=pool',
      'durability=durable,threading=threads',
      'durability=durable,threading=pool',
    ]);
    expect(suiteCells(named)).toHaveLength(12);
  });

  it('leaves cells of a suite without variants as they were', () => {
    const plain = parseSuite(base, 'test');
    expect(suiteCells(plain)).toEqual([
      { workload: 'oltp_point_select', threads: 1 },
      { workload: 'oltp_point_select', threads: 4 },
      { workload: 'oltp_read_only', threads: 16 },
    ]);
  });
});

describe('variantOptions', () => {
  it.each([
    [{ innodb_thread_concurrency: '8' }, sweep, { innodb_thread_concurrency: '8' }],
    [
      { durability: 'durable', threading: 'pool' },
      named,
      {
        log_bin: 'ON',
        sync_binlog: '1',
        innodb_flush_log_at_trx_commit: '1',
        thread_handling: 'pool-of-threads',
      },
    ],
    [
      { durability: 'relaxed', threading: 'threads' },
      named,
      { sync_binlog: '0', innodb_flush_log_at_trx_commit: '2', thread_handling: 'one-thread-per-connection' },
    ],
  ])('%j', (variant, suite, options) => {
    expect(variantOptions(suite.variants, variant)).toEqual(options);
  });

  it('refuses a value the suite does not have', () => {
    expect(() => variantOptions(sweep.variants, { innodb_thread_concurrency: '3' })).toThrow(/no value 3/);
  });
});

describe('variantsForFlavors', () => {
  it('drops a value MySQL does not have, with a note', () => {
    const { field, notes } = variantsForFlavors(named.variants, ['mysql', 'mysql']);
    expect(allVariants(field).map(variantLabel)).toEqual([
      'durability=relaxed,threading=threads',
      'durability=durable,threading=threads',
    ]);
    expect(notes).toEqual(['variant threading=pool is left out: mysql servers do not have it']);
  });

  it('keeps it for MariaDB', () => {
    expect(variantsForFlavors(named.variants, ['mariadb']).notes).toEqual([]);
  });
});

describe('labels and cell names', () => {
  it.each(['', 'a=1', 'innodb_thread_concurrency=1000,thread_handling=pool-of-threads'])(
    'round-trips %j',
    (text) => {
      expect(variantLabel(parseVariantLabel(text))).toBe(text);
    },
  );

  it.each(['a', 'a=1=2', 'a=1,a=2', 'a=b c', 'a=<b>'])('refuses label %j', (text) => {
    expect(parseVariantLabel(text)).toBeUndefined();
  });

  it('parses a cell name with a variant', () => {
    expect(parseCellName('oltp_point_select@64[innodb_thread_concurrency=8]', '--cell')).toEqual({
      workload: 'oltp_point_select',
      threads: 64,
      variant: { innodb_thread_concurrency: '8' },
    });
    expect(() => parseCellName('a@1[]', '--cell')).toThrow(InputError);
    expect(() => parseCellName('a@1[x]', '--cell')).toThrow(/OPTION=VALUE/);
  });

  it('cuts a suite down to exactly the cells named', () => {
    const cut = selectCells(sweep, [
      { workload: 'oltp_point_select', threads: 1, variant: { innodb_thread_concurrency: '0' } },
      { workload: 'oltp_point_select', threads: 4, variant: { innodb_thread_concurrency: '8' } },
    ]);
    expect(suiteCells(cut).map(cellName)).toEqual([
      'oltp_point_select@1[innodb_thread_concurrency=0]',
      'oltp_point_select@4[innodb_thread_concurrency=8]',
    ]);
    expect(cut.workloads.map((workload) => workload.name)).toEqual(['oltp_point_select']);
  });
});

describe('refused variants', () => {
  it.each([
    ['innodb_page_size: [4k, 16k]', /decides the datadir's layout/],
    ['a: [1, 1]', /must not repeat/],
    ['a: ["x y"]', /shown in cell names/],
    ['a: []', /too_small|>=1|at least/i],
    ['a: [1, 2, 3, 4, 5, 6, 7, 8]\n  b: [1, 2, 3, 4, 5, 6, 7, 8, 9]', /72 variants/],
    ['a: {x: {sync_binlog: 1}}\n  b: {y: {sync_binlog: 0}}', /set by two dimensions/],
  ])('%s', (text, message) => {
    expect(() => parseSuite(`${base}variants:\n  ${text}\n`, 'test')).toThrow(message);
  });

  it('refuses a cells list naming a cell the suite lacks', () => {
    expect(() => parseSuite(`${base}cells: ['oltp_read_only@1']\n`, 'test')).toThrow(
      /not a cell of the suite/,
    );
  });
});
