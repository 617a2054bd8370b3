// sysbench's latency histogram (--histogram=on): every non-empty bucket's value and count, as
// sysbench 1.0 prints it before its report. Pure.
//
//   Latency histogram (values are in milliseconds)
//          value  ------------- distribution ------------- count
//          0.018 |****                                     45
//          8.895 |                                         2
//
// sysbench keeps 1,024 buckets on a logarithmic scale from 0.001 ms to 100 s and prints each
// non-empty one's value rounded to three decimals, so fast buckets can print the same value
// several times; they are kept apart, in order. Every event of the run is in one bucket.
import { BenchmarkError, tailLines } from '../errors.js';
import { weightedPercentile } from '../stats/distribution-test.js';
import type { LatencyHistogram } from './report-schema.js';

export type { LatencyHistogram };

const TITLE = 'Latency histogram (values are in milliseconds)';
const HEADER = /^\s*value\s+-+ distribution -+ count$/;
const ROW = /^\s+(\d+(?:\.\d+)?) \|[* ]*?\s*(\d+)$/;

/** The histogram in sysbench's output, undefined when it printed none or an empty one; a broken one is an error. */
export function parseLatencyHistogram(output: string, cell: string): LatencyHistogram | undefined {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => line.trim() === TITLE);
  if (start === -1) return undefined;
  const broken = (why: string): BenchmarkError =>
    new BenchmarkError(`sysbench's latency histogram for ${cell} ${why}:\n${tailLines(output, 15)}`);
  if (!HEADER.test(lines[start + 1] ?? '')) throw broken('has no "value … distribution … count" header');
  const valuesMs: number[] = [];
  const counts: number[] = [];
  for (const line of lines.slice(start + 2)) {
    if (line.trim() === '') break;
    const row = ROW.exec(line);
    if (!row) throw broken(`has a line that is not a bucket: "${line.trim()}"`);
    const value = Number(row[1]);
    const count = Number(row[2]);
    if (valuesMs.length > 0 && value < (valuesMs[valuesMs.length - 1] ?? 0)) {
      throw broken(`goes down from ${valuesMs[valuesMs.length - 1] ?? 0} ms to ${value} ms`);
    }
    if (count <= 0) throw broken(`has an empty bucket at ${value} ms`);
    valuesMs.push(value);
    counts.push(count);
  }
  // A run without a single event (a server stalled throughout) prints the header alone.
  if (valuesMs.length === 0) return undefined;
  return { valuesMs, counts };
}

/** sysbench 1.0's histogram: 1,024 buckets, logarithmic from 0.001 ms to 100 s (sb_histogram.c). */
const BUCKETS = 1024;
const LOG_LOW = Math.log(0.001);
const LOG_HIGH = Math.log(100_000);

/**
 * The index (0 to 1,023) of the sysbench bucket a value falls in. Any value maps to one of 1,024
 * indices, so whatever a results file holds, distributions over them stay 1,024 wide.
 */
export function bucketIndex(valueMs: number): number {
  if (!(valueMs > 0)) return 0;
  const index = Math.round(((Math.log(valueMs) - LOG_LOW) * (BUCKETS - 1)) / (LOG_HIGH - LOG_LOW));
  return Math.min(BUCKETS - 1, Math.max(0, index));
}

/** The value of bucket `index` before sysbench rounds it for printing, computed as sysbench does. */
export function bucketValueMs(index: number): number {
  const multiplier = (BUCKETS - 1) / (LOG_HIGH - LOG_LOW);
  return Math.exp(index / multiplier + LOG_LOW);
}

/**
 * The latency at `percentile` (0 < percentile ≤ 100) as sysbench computes its own: the first
 * bucket whose running count reaches floor(n·percentile/100 + 0.5) events (the nearest rank). So
 * the p95 of a run's histogram is the 95th percentile sysbench printed for that run (to three
 * decimals where sysbench's report has two), and a percentile of these figures means what
 * sysbench's does. Taking the first bucket reaching n·q itself instead lands one bucket higher
 * whenever rounding down stops at a bucket's last event (8 of the 190 p95s in
 * __fixtures__/results).
 */
export function histogramPercentile(histogram: LatencyHistogram, percentile: number): number {
  return weightedPercentile({ values: histogram.valuesMs, counts: histogram.counts }, percentile);
}
