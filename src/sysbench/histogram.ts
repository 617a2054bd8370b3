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
import type { LatencyHistogram } from './report-schema.js';

export type { LatencyHistogram };

const TITLE = 'Latency histogram (values are in milliseconds)';
const HEADER = /^\s*value\s+-+ distribution -+ count$/;
const ROW = /^\s+(\d+(?:\.\d+)?) \|[* ]*?\s*(\d+)$/;

/** The histogram in sysbench's output, undefined when it printed none; a broken one is an error. */
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
  if (valuesMs.length === 0) throw broken('has no buckets');
  return { valuesMs, counts };
}

/**
 * The latency at quantile q (0 < q ≤ 1): the value of the first bucket where the events counted
 * so far reach q of all, as sysbench computes its own percentile from the same buckets.
 */
export function histogramQuantile(histogram: LatencyHistogram, q: number): number {
  if (!(q > 0 && q <= 1)) throw new RangeError(`histogramQuantile: q must lie in (0, 1], got ${q}`);
  const total = histogram.counts.reduce((sum, count) => sum + count, 0);
  let seen = 0;
  for (const [index, count] of histogram.counts.entries()) {
    seen += count;
    if (seen >= q * total) return histogram.valuesMs[index] ?? Number.NaN;
  }
  return histogram.valuesMs[histogram.valuesMs.length - 1] ?? Number.NaN;
}
