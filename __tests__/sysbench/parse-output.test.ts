// The parser against real sysbench 1.0.20 outputs (see __fixtures__/sysbench/README.md) and
// against those outputs damaged in the ways real runs get damaged.
import { readFileSync } from 'node:fs';

import { BenchmarkError } from '../../src/errors.js';
import { fatalLines, parseSysbenchReport } from '../../src/sysbench/parse-output.js';
import type { SysbenchReport } from '../../src/sysbench/report-schema.js';

function fixture(name: string): string {
  return readFileSync(new URL(`../../__fixtures__/sysbench/${name}`, import.meta.url), 'utf8');
}

const CELL = 'oltp_test @ 4 threads on head';
const normal = fixture('read-write-normal.txt');

/** Runs `fn`, which must throw a BenchmarkError; returns its message. */
function benchmarkErrorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(BenchmarkError);
    return (error as Error).message;
  }
  throw new Error('expected a BenchmarkError, but nothing was thrown');
}

describe('parseSysbenchReport on real outputs', () => {
  it('reads a normal oltp_read_write run without interval lines', () => {
    const expected: SysbenchReport = {
      threads: 2,
      queries: { read: 51940, write: 14840, other: 7420, total: 74200 },
      transactions: 3710,
      tps: 741.2,
      qps: 14824.03,
      ignoredErrors: 0,
      ignoredErrorsPerS: 0,
      reconnects: 0,
      reconnectsPerS: 0,
      totalTimeS: 5.0038,
      totalEvents: 3710,
      latencyMs: { min: 0.84, avg: 2.69, max: 20.71, percentile: 95, atPercentile: 3.62, sum: 9997.24 },
      fairness: { eventsAvg: 1855, eventsStddev: 6, executionTimeAvgS: 4.9986, executionTimeStddevS: 0 },
      intervals: [],
    };
    expect(parseSysbenchReport(fixture('read-write-normal.txt'), CELL)).toEqual(expected);
  });

  it('reads a run with --report-interval=1 and --percentile=99', () => {
    const expected: SysbenchReport = {
      threads: 4,
      queries: { read: 416821, write: 0, other: 0, total: 416821 },
      transactions: 416821,
      tps: 83305.53,
      qps: 83305.53,
      ignoredErrors: 0,
      ignoredErrorsPerS: 0,
      reconnects: 0,
      reconnectsPerS: 0,
      totalTimeS: 5.0023,
      totalEvents: 416821,
      latencyMs: { min: 0.01, avg: 0.05, max: 7.49, percentile: 99, atPercentile: 0.13, sum: 19899.8 },
      fairness: {
        eventsAvg: 104205.25,
        eventsStddev: 20378.4,
        executionTimeAvgS: 4.975,
        executionTimeStddevS: 0.01,
      },
      intervals: [
        [1, 85227.11, 0.14],
        [2, 68169.37, 0.15],
        [3, 73798.18, 0.13],
        [4, 72098.22, 0.14],
      ].map(([timeS = 0, tps = 0, latency = 0]) => ({
        timeS,
        threads: 4,
        tps,
        qps: tps,
        readQps: tps,
        writeQps: 0,
        otherQps: 0,
        latencyPercentileMs: latency,
        errorsPerS: 0,
        reconnectsPerS: 0,
      })),
    };
    expect(parseSysbenchReport(fixture('point-select-intervals.txt'), CELL)).toEqual(expected);
  });

  it('reads ignored errors, in total and per interval', () => {
    const report = parseSysbenchReport(fixture('read-write-ignored-errors.txt'), CELL);
    expect(report).toEqual({
      threads: 16,
      queries: { read: 113582, write: 21195, other: 12193, total: 146970 },
      transactions: 4080,
      tps: 677.52,
      qps: 24405.76,
      ignoredErrors: 4033,
      ignoredErrorsPerS: 669.72,
      reconnects: 0,
      reconnectsPerS: 0,
      totalTimeS: 6.0207,
      totalEvents: 4080,
      latencyMs: { min: 2.01, avg: 23.58, max: 134.47, percentile: 95, atPercentile: 55.82, sum: 96203.35 },
      fairness: { eventsAvg: 255, eventsStddev: 12.6, executionTimeAvgS: 6.0127, executionTimeStddevS: 0 },
      intervals: expect.any(Array) as unknown,
    });
    expect(report.intervals).toHaveLength(6);
    expect(report.intervals[0]).toEqual({
      timeS: 1,
      threads: 16,
      tps: 775.43,
      qps: 29652.23,
      readQps: 23094.88,
      writeQps: 4130.65,
      otherQps: 2426.7,
      latencyPercentileMs: 50.11,
      errorsPerS: 860.93,
      reconnectsPerS: 0,
    });
    expect(report.intervals.map((interval) => interval.errorsPerS)).toEqual([
      860.93, 899.43, 669.52, 597.42, 507.86, 485.05,
    ]);
    expect(report.intervals[5]).toMatchObject({ timeS: 6, tps: 704.07, latencyPercentileMs: 48.34 });
  });

  it('reads a one-thread TCP run with a fixed seed', () => {
    expect(parseSysbenchReport(fixture('point-select-tcp-seeded.txt'), CELL)).toEqual({
      threads: 1,
      queries: { read: 27173, write: 0, other: 0, total: 27173 },
      transactions: 27173,
      tps: 9051.58,
      qps: 9051.58,
      ignoredErrors: 0,
      ignoredErrorsPerS: 0,
      reconnects: 0,
      reconnectsPerS: 0,
      totalTimeS: 3.0006,
      totalEvents: 27173,
      latencyMs: { min: 0.02, avg: 0.11, max: 3.62, percentile: 95, atPercentile: 0.15, sum: 2986.55 },
      fairness: { eventsAvg: 27173, eventsStddev: 0, executionTimeAvgS: 2.9866, executionTimeStddevS: 0 },
      intervals: [],
    });
  });

  it('keeps the latency histogram, which holds every event of the run', () => {
    const report = parseSysbenchReport(fixture('point-select-histogram.txt'), CELL);
    const events = report.histogram?.counts.reduce((sum, count) => sum + count, 0);
    expect(events).toBe(report.totalEvents);
    expect(report.histogram?.valuesMs).toHaveLength(215);
    expect(parseSysbenchReport(normal, CELL).histogram).toBeUndefined();
  });

  it('reads a fixed-rate run (--rate): queue lines between the interval lines are not intervals', () => {
    const report = parseSysbenchReport(fixture('point-select-rate-queue.txt'), CELL);
    expect(report.intervals.map((interval) => interval.timeS)).toEqual([1, 2, 3, 4]);
    expect(report.intervals[0]?.tps).toBe(20036.88);
    expect(report.histogram).toBeDefined();
  });

  it('accepts Windows line endings', () => {
    const crlf = fixture('read-write-normal.txt').replaceAll('\n', '\r\n');
    expect(parseSysbenchReport(crlf, CELL).tps).toBe(741.2);
  });
});

describe('parseSysbenchReport rejects output it cannot trust', () => {
  it('rejects a truncated output, naming the cell and quoting its tail', () => {
    const message = benchmarkErrorOf(() => parseSysbenchReport(fixture('truncated.txt'), CELL));
    expect(message).toContain(CELL);
    expect(message).toContain('truncated');
    expect(message).toMatch(/avg: +0\.05/);
  });

  it('rejects an output cut inside its last value', () => {
    const cut = normal.slice(0, normal.indexOf('4.9986/0.00') + '4.9986/0.0'.length);
    const message = benchmarkErrorOf(() => parseSysbenchReport(cut, CELL));
    expect(message).toContain('does not end with a newline; the output is truncated');
    expect(message).toContain('execution time (avg/stddev):   4.9986/0.0');
  });

  it('rejects a run that failed on missing tables (FATAL before the run)', () => {
    const message = benchmarkErrorOf(() => parseSysbenchReport(fixture('fatal-missing-tables.txt'), CELL));
    expect(message).toContain(CELL);
    expect(message).toContain(`FATAL: MySQL error: 1146 "Table 'sbtest.sbtest5' doesn't exist"`);
    expect(message).toContain('FATAL: Thread initialization failed!');
  });

  it('rejects a run whose connection was killed (FATAL mid-run, after an interval line)', () => {
    const message = benchmarkErrorOf(() => parseSysbenchReport(fixture('fatal-connection-killed.txt'), CELL));
    expect(message).toContain(CELL);
    expect(message).toContain('FATAL: mysql_stmt_execute() returned error 2006 (Server has gone away)');
  });

  it('rejects the output of sysbench crashing while it reconnects (no final report)', () => {
    const message = benchmarkErrorOf(() => parseSysbenchReport(fixture('reconnect-segfault.txt'), CELL));
    expect(message).toContain(CELL);
    expect(message).toContain('has no final report');
    expect(message).toContain('[ 1s ] thds: 2 tps: 4073.35');
  });

  it('rejects a FATAL line even when the report looks complete', () => {
    const output = `${fixture('read-write-normal.txt')}FATAL: something went wrong at the end\n`;
    const message = benchmarkErrorOf(() => parseSysbenchReport(output, CELL));
    expect(message).toContain('FATAL: something went wrong at the end');
  });

  it('rejects empty output', () => {
    const message = benchmarkErrorOf(() => parseSysbenchReport('', CELL));
    expect(message).toContain(CELL);
    expect(message).toContain('output was empty');
  });

  it('rejects output that is not sysbench 1.0 (sysbench 0.4 style)', () => {
    const old = 'OLTP test statistics:\n    queries performed:\n        read: 10\n';
    expect(benchmarkErrorOf(() => parseSysbenchReport(old, CELL))).toContain('has no final report');
  });

  const damaged: [string, string | RegExp, string, RegExp][] = [
    ['a non-numeric total time', '5.0038s', '-nans', /non-numeric "total time" value: "-nan"/],
    ['a non-numeric rate', '(741.20 per sec.)', '(inf per sec.)', /non-numeric "transactions" value: "inf"/],
    ['a non-numeric count', '51940', '5194x', /non-numeric "read" count: "5194x"/],
    ['a negative latency', '0.84', '-0.84', /non-numeric "min" value: "-0.84"/],
    [
      'a missing section',
      /Threads fairness:[^]*$/,
      '',
      /is missing "events \(avg\/stddev\)", "execution time/,
    ],
    ['a missing field', /\n *sum: .*\n/, '\n', /is missing "sum"/],
    ['a missing thread count', 'Number of threads: 2', 'Threads: 2', /no "Number of threads: N" line/],
    ['an unknown line in a section', 'total time:', 'total tiem:', /unexpected line .*"total tiem:/],
    [
      'inconsistent query counts',
      '        total:                           74200',
      '        total: 74201',
      /is not total/,
    ],
    ['a fractional count', '3710   (741.20', '3710.5 (741.20', /non-numeric "transactions" count/],
  ];
  it.each(damaged)('rejects %s', (_what, search, replacement, expected) => {
    const output =
      typeof search === 'string' ? normal.replace(search, replacement) : normal.replace(search, replacement);
    expect(output).not.toBe(normal);
    const message = benchmarkErrorOf(() => parseSysbenchReport(output, CELL));
    expect(message).toMatch(expected);
    expect(message).toContain(CELL);
  });

  it('rejects two reports in one output', () => {
    const report = normal.slice(normal.indexOf('SQL statistics:'));
    const message = benchmarkErrorOf(() => parseSysbenchReport(`${normal}\n${report}`, CELL));
    expect(message).toContain('more than one final report');
  });

  it('rejects a field printed twice within the report', () => {
    const output = normal.replace(/( *min: .*\n)/, '$1$1');
    expect(benchmarkErrorOf(() => parseSysbenchReport(output, CELL))).toContain('reports "min" twice');
  });

  it('ignores what a script prints after the report', () => {
    expect(parseSysbenchReport(`${normal}\nmy script says goodbye\n`, CELL).tps).toBe(741.2);
  });

  it('rejects a malformed interval line', () => {
    const output = fixture('point-select-intervals.txt').replace('tps: 68169.37', 'tps: n/a');
    const message = benchmarkErrorOf(() => parseSysbenchReport(output, CELL));
    expect(message).toContain('malformed interval line: "[ 2s ] thds: 4 tps: n/a');
  });

  it("rejects a histogram that does not hold the run's events", () => {
    const output = fixture('point-select-histogram.txt');
    const first = /^( +\d+\.\d+ \|[* ]*?\s*)(\d+)$/m.exec(output.slice(output.indexOf('Latency histogram')));
    if (!first) throw new Error('the fixture has no bucket line');
    const damaged = output.replace(first[0], `${first[1]}${Number(first[2]) + 1}`);
    expect(benchmarkErrorOf(() => parseSysbenchReport(damaged, CELL))).toMatch(
      /histogram .* holds 124156 events where its report counts 124155/,
    );
  });

  it('rejects interval lines at another percentile than the final report', () => {
    const output = fixture('point-select-intervals.txt').replace('lat (ms,99%): 0.15', 'lat (ms,95%): 0.15');
    expect(benchmarkErrorOf(() => parseSysbenchReport(output, CELL))).toContain('95th percentile');
  });
});

describe('fatalLines', () => {
  it('finds FATAL and ALERT lines', () => {
    expect(fatalLines('ok\nFATAL: one\n  ALERT: two\nWARNING: three\n')).toEqual([
      'FATAL: one',
      '  ALERT: two',
    ]);
  });
});
