// A suite that expects to be IO-bound: the field and its validation, the data against the buffer
// pool before measuring, and whether the cells read from disk, in a sentence.
import { InputError } from '../../src/errors.js';
import {
  dataAndPool,
  ioBoundDataIssue,
  IO_BOUND,
  readsCheck,
  readsSentence,
} from '../../src/results/io-bound.js';
import type { CellResult } from '../../src/results/results-schema.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { thrownBy } from '../helpers/errors.js';
import { fixtureResults } from '../helpers/report-input.js';

const MB = 2 ** 20;
const pool = (bytes: number): Record<string, string> => ({ innodb_buffer_pool_size: String(bytes) });

describe('the suite field', () => {
  const minimal =
    'name: t\nthreads: [1]\nrepetitions: 2\ntables: 1\ntableSize: 10\nworkloads:\n  - name: oltp_point_select\n';

  it('io-bound is the one expectation, for wall-clock suites', () => {
    expect(parseSuite(`${minimal}durationSeconds: 2\nexpect: io-bound\n`, 't').expect).toBe('io-bound');
    expect(parseSuite(`${minimal}durationSeconds: 2\n`, 't').expect).toBeUndefined();
    expect(
      thrownBy(InputError, () => parseSuite(`${minimal}durationSeconds: 2\nexpect: cpu-bound\n`, 't'))
        .message,
    ).toMatch(/expect/);
    const instructions = `${minimal}metric: instructions\nevents: 100\nrandSeed: 1\nexpect: io-bound\n`;
    expect(thrownBy(InputError, () => parseSuite(instructions, 't')).message).toMatch(
      /io-bound is for metric: throughput/,
    );
  });

  it('the built-in io-bound suite expects it, with data at least 5 times its pool, O_DIRECT and uniform keys', () => {
    const suite = loadSuite('io-bound');
    expect(suite.expect).toBe('io-bound');
    expect(suite.serverOptions.innodb_flush_method).toBe('O_DIRECT');
    expect(suite.serverOptions.innodb_buffer_pool_size).toBe('64M');
    // About 236 bytes a row on disk, data and index (the A/A run in docs/suites.md: 473 MB for 2,000,000 rows).
    const estimate = (suite.tables ?? 0) * (suite.tableSize ?? 0) * 236;
    expect(estimate / (64 * MB)).toBeGreaterThan(IO_BOUND.dataToPool);
    for (const workload of suite.workloads) expect(workload.options['rand-type']).toBe('uniform');
    const writes = suite.workloads.filter((workload) => /write/.test(workload.name));
    expect(writes.map((workload) => workload.resetData)).toEqual(['restore']);
  });
});

describe('the data against the buffer pool', () => {
  const suite = { name: 'io', expect: 'io-bound' } as const;

  it.each([
    ['7.4 times: measured', 473 * MB, pool(64 * MB), undefined],
    ['exactly 5 times: measured', 320 * MB, pool(64 * MB), undefined],
    [
      'under 5 times: refused in one line',
      120 * MB,
      pool(64 * MB),
      "suite io expects to be IO-bound (data at least 5× the buffer pool), but the head's prepared data is 120 MB, 1.9× the 64 MB buffer pool: raise tables or tableSize, or lower innodb_buffer_pool_size",
    ],
    [
      'unknown size',
      undefined,
      pool(64 * MB),
      "suite io expects to be IO-bound, but the head's server did not say the size of its data or of its buffer pool (information_schema.TABLES, innodb_buffer_pool_size)",
    ],
  ])('%s', (_what, dataBytes, variables, expected) => {
    expect(ioBoundDataIssue(suite, 'head', { dataBytes, variables })).toBe(expected);
  });

  it('asks nothing of a suite that expects nothing', () => {
    expect(
      ioBoundDataIssue({ name: 'quick' }, 'head', { dataBytes: 1, variables: pool(64 * MB) }),
    ).toBeUndefined();
    expect(dataAndPool({ dataBytes: 100, variables: { innodb_buffer_pool_size: 'x' } })).toBeUndefined();
  });
});

describe('whether the cells read from disk', () => {
  const cells = fixtureResults('quick-durability.json').cells;
  /** A real cell whose repetitions read `reads` pages per transaction. */
  const reading = (cell: CellResult, reads: number): CellResult => ({
    ...cell,
    repetitions: cell.repetitions.map((repetition) => ({
      ...repetition,
      work: { ...repetition.work, Innodb_buffer_pool_reads: reads * repetition.report.transactions },
    })),
  });

  it('says every cell reads, with the range of its reads per transaction', () => {
    const check = readsCheck(cells.map((cell, index) => reading(cell, index === 0 ? 0.94 : 17.8)));
    expect(check?.shallow).toEqual([]);
    expect(readsSentence(check)).toBe(
      'reads from disk as the suite expects (io-bound): 0.94 to 17.80 buffer pool reads per transaction (Innodb_buffer_pool_reads)',
    );
  });

  it("names the cells that do not: quick's data fits its pool", () => {
    const check = readsCheck(cells);
    expect(check?.shallow.length).toBe(cells.length);
    expect(readsSentence(check)).toMatch(
      /^not IO-bound as the suite expects: 12 cells read fewer than 0.5 pages from disk per transaction \(Innodb_buffer_pool_reads\): oltp_point_select @ 1 \(base\) 0, .* and 8 more; their data mostly fits in the buffer pool$/,
    );
  });

  it('has nothing to say without status counters', () => {
    const counted = cells.map((cell) => ({
      ...cell,
      repetitions: cell.repetitions.map(({ index, sequence, startedAt, report, rawOutput }) => ({
        index,
        sequence,
        startedAt,
        report,
        rawOutput,
      })),
    }));
    expect(readsCheck(counted)).toBeUndefined();
    expect(readsSentence(undefined)).toBeUndefined();
  });
});
