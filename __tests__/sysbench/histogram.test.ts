// sysbench's latency histogram, read from real outputs (see __fixtures__/sysbench/README.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { BenchmarkError, StatisticsError } from '../../src/errors.js';
import { readResults } from '../../src/results/results-file.js';
import { cellName } from '../../src/suite/suite-schema.js';
import {
  bucketIndex,
  bucketValueMs,
  histogramPercentile,
  parseLatencyHistogram,
} from '../../src/sysbench/histogram.js';
import { parseSysbenchReport } from '../../src/sysbench/parse-output.js';
import { thrownBy } from '../helpers/errors.js';

const FIXTURES = join(import.meta.dirname, '../../__fixtures__/sysbench');
const read = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

describe('parseLatencyHistogram', () => {
  it.each([
    ['point-select-histogram.txt', 215, 0.018, 8.895],
    ['read-only-histogram-intervals.txt', 185, 0.508, 15.828],
  ])('reads every bucket of %s, and they hold every event of the run', (name, buckets, first, last) => {
    const output = read(name);
    const histogram = parseLatencyHistogram(output, name);
    const report = parseSysbenchReport(output, name);
    expect(histogram?.valuesMs).toHaveLength(buckets);
    expect(histogram?.valuesMs[0]).toBe(first);
    expect(histogram?.valuesMs.at(-1)).toBe(last);
    expect(histogram?.counts.reduce((sum, count) => sum + count, 0)).toBe(report.transactions);
  });

  it("gives sysbench's own percentile back from the buckets, to the report's two decimals", () => {
    for (const name of ['point-select-histogram.txt', 'read-only-histogram-intervals.txt']) {
      const output = read(name);
      const histogram = parseLatencyHistogram(output, name);
      const report = parseSysbenchReport(output, name);
      if (!histogram) throw new Error(`${name} has no histogram`);
      expect(asReported(histogramPercentile(histogram, report.latencyMs.percentile))).toBe(
        report.latencyMs.atPercentile,
      );
      expect(histogramPercentile(histogram, 100)).toBe(histogram.valuesMs.at(-1));
    }
  });

  it('keeps buckets that print the same rounded value apart', () => {
    const histogram = parseLatencyHistogram(read('point-select-histogram.txt'), 'point select');
    expect(histogram?.valuesMs.slice(0, 4)).toEqual([0.018, 0.018, 0.018, 0.018]);
    expect(histogram?.counts.slice(0, 4)).toEqual([45, 10416, 53451, 18731]);
  });

  it('is absent when sysbench printed none, and an error naming the cell when it is broken', () => {
    expect(parseLatencyHistogram(read('read-write-normal.txt'), 'rw')).toBeUndefined();
    const output = read('point-select-histogram.txt');
    const broken = (text: string): string =>
      thrownBy(BenchmarkError, () => parseLatencyHistogram(text, 'ps @ 1')).message;
    expect(
      broken(
        output.replace(
          '       0.019 |****                                     5920',
          '       0.017 |    5920',
        ),
      ),
    ).toMatch(/^sysbench's latency histogram for ps @ 1 goes down from 0\.018 ms to 0\.017 ms:/);
    expect(
      broken(output.replace('value  ------------- distribution ------------- count', 'value count')),
    ).toMatch(/has no "value … distribution … count" header/);
    expect(
      broken(
        output.replace('       0.020 |**                                       2283', '       0.020 | lots'),
      ),
    ).toMatch(/has a line that is not a bucket: "0\.020 \| lots"/);
    // A run without events prints the header and no bucket: no histogram, and no error.
    const start = output.indexOf('Latency histogram');
    const end = output.indexOf('\n\n', start);
    const header = output.slice(start, output.indexOf('\n', output.indexOf('\n', start) + 1));
    expect(
      parseLatencyHistogram(`${output.slice(0, start)}${header}${output.slice(end)}`, 'ps @ 1'),
    ).toBeUndefined();
  });

  it('refuses a percentile outside (0, 100]', () => {
    const histogram = { valuesMs: [1], counts: [1] };
    expect(() => histogramPercentile(histogram, 0)).toThrow(StatisticsError);
    expect(() => histogramPercentile(histogram, 101)).toThrow(StatisticsError);
    expect(histogramPercentile(histogram, 50)).toBe(1);
  });
});

// Every repetition of the real results files that kept its histogram and ran with sysbench's
// --percentile=95: the histogram's p95 is the 95th percentile sysbench printed, to the digit. The
// rule that counts to n·0.95 itself instead of sysbench's floor(n·0.95 + 0.5) misses 8 of them.
describe("histogramPercentile against sysbench's printed percentile", () => {
  const RESULTS = join(import.meta.dirname, '../../__fixtures__/results');
  const repetitions = readdirSync(RESULTS)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const results = readResults(join(RESULTS, name));
      return results.cells.flatMap((cell) =>
        cell.repetitions.flatMap((repetition) => {
          const { histogram, latencyMs } = repetition.report;
          if (histogram === undefined || latencyMs.percentile !== 95) return [];
          const where = `${name} ${cell.side} ${cellName(cell)} repetition ${repetition.index}`;
          return [{ where, histogram, printed: latencyMs.atPercentile }];
        }),
      );
    });

  it('finds the repetitions to check', () => {
    expect(repetitions.length).toBeGreaterThanOrEqual(190);
  });

  it('agrees with every one of them', () => {
    const disagreeing = repetitions
      .map(({ where, histogram, printed }) => ({
        where,
        printed,
        p95: asReported(histogramPercentile(histogram, 95)),
      }))
      .filter(({ printed, p95 }) => p95 !== printed);
    expect(disagreeing).toEqual([]);
  });
});

/**
 * A value read from the histogram as sysbench's report prints it: the bucket's own value (the
 * histogram shows it rounded to three decimals), rounded to two.
 */
function asReported(valueMs: number): number {
  return Number(bucketValueMs(bucketIndex(valueMs)).toFixed(2));
}
