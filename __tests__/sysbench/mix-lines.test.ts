// The TPC-C-like workload's mix lines, read from real outputs of assets/sysbench/tpcc.lua (see
// __fixtures__/sysbench/README.md) and from those outputs damaged: every line that looks like one
// must be one, every thread once, adding up to sysbench's events.
import { readFileSync } from 'node:fs';

import { BenchmarkError } from '../../src/errors.js';
import { parseSysbenchReport } from '../../src/sysbench/parse-output.js';
import { SysbenchReport } from '../../src/sysbench/report-schema.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../__fixtures__/sysbench/${name}`, import.meta.url), 'utf8');
}

const CELL = 'tpcc @ 4 threads on head';
const mixed = fixture('tpcc-mix.txt');
const THREAD_0 =
  'tpcc-mix thread=0 new_order=106/0/0 payment=105/0/0 order_status=8/0/0 delivery=8/0/0 stock_level=9/0/0';

function errorOf(output: string): string {
  try {
    parseSysbenchReport(output, CELL);
  } catch (error) {
    expect(error).toBeInstanceOf(BenchmarkError);
    return (error as Error).message;
  }
  throw new Error('expected a BenchmarkError, but the output was read');
}

describe('the transaction mix of a real run', () => {
  it("sums every thread's line", () => {
    const report = parseSysbenchReport(mixed, CELL);
    expect(report.mix).toEqual({
      newOrder: { committed: 436, rolledBack: 4, retried: 0 },
      payment: { committed: 421, rolledBack: 0, retried: 0 },
      orderStatus: { committed: 34, rolledBack: 0, retried: 0 },
      delivery: { committed: 37, rolledBack: 0, retried: 0 },
      stockLevel: { committed: 39, rolledBack: 0, retried: 0 },
    });
    expect(report.totalEvents).toBe(971);
    expect(report.intervals).toHaveLength(4);
  });

  it('counts the transactions run again after a lock wait, as sysbench counts its ignored errors', () => {
    const report = parseSysbenchReport(fixture('tpcc-mix-retried.txt'), CELL);
    const retried = Object.values(report.mix ?? {}).reduce((sum, counts) => sum + counts.retried, 0);
    expect(retried).toBe(5);
    expect(report.ignoredErrors).toBe(5);
    expect(report.mix?.newOrder).toEqual({ committed: 297, rolledBack: 2, retried: 4 });
  });

  it('has no mix for any other workload', () => {
    expect(parseSysbenchReport(fixture('read-only-histogram-intervals.txt'), CELL).mix).toBeUndefined();
  });
});

describe('damaged mix lines are refused, with the output', () => {
  it.each<[string, string, RegExp]>([
    [
      'a count that is not a number',
      THREAD_0.replace('payment=105/0/0', 'payment=10x/0/0'),
      /has a malformed transaction mix line: "tpcc-mix thread=0 .*payment=10x\/0\/0/,
    ],
    ['a type left out', THREAD_0.replace(' order_status=8/0/0', ''), /has a malformed transaction mix line/],
    [
      'a count too long to be real',
      THREAD_0.replace('payment=105/0/0', `payment=${'9'.repeat(14)}/0/0`),
      /has a malformed transaction mix line/,
    ],
    [
      'an oversized line',
      `${THREAD_0} ${'x'.repeat(5000)}`,
      /has a malformed transaction mix line: "tpcc-mix thread=0 .{80,}… \(5\d{3} characters\)"/,
    ],
    [
      'a thread of another run',
      THREAD_0.replace('thread=0', 'thread=4'),
      /reports the transaction mix of thread 4 of a run of 4 threads/,
    ],
  ])('%s', (_what, replacement, message) => {
    const damaged = mixed.replace(THREAD_0, replacement);
    expect(damaged).not.toBe(mixed);
    expect(errorOf(damaged)).toMatch(message);
    expect(errorOf(damaged)).toMatch(/the run cannot be trusted, so it is not recorded/);
  });

  it('refuses a thread reported twice', () => {
    const twice = mixed.replace(
      /tpcc-mix thread=3 [^\n]*/,
      THREAD_0.replace('new_order=106', 'new_order=102'),
    );
    expect(errorOf(twice)).toMatch(/reports the transaction mix of thread 0 twice/);
  });

  it('refuses a thread missing', () => {
    expect(errorOf(mixed.replace(`${THREAD_0}\n`, ''))).toMatch(
      /reports the transaction mix of 3 of its 4 threads; every thread prints one/,
    );
  });

  it('refuses a mix that does not add up to the events', () => {
    expect(errorOf(mixed.replace('new_order=106/0/0', 'new_order=107/0/0'))).toMatch(
      /has a transaction mix of 972 completed transactions where its report counts 971 events/,
    );
  });

  it('refuses the same in results read back, through the schema', () => {
    const report = parseSysbenchReport(mixed, CELL);
    const tampered = {
      ...report,
      mix: { ...report.mix, payment: { committed: 1, rolledBack: 0, retried: 0 } },
    };
    const parsed = SysbenchReport.safeParse(tampered);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/must account for every event of the run/);
  });
});
