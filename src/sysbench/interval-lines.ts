// sysbench 1.0's --report-interval lines: one at a time while it runs (the live progress), and
// all of them in a finished output, where every one must be well formed and at the final
// report's percentile. Pure.
import { decimal, integer, outputFailure } from './output-text.js';
import { IntervalReport } from './report-schema.js';

// "[ 1s ] thds: 4 tps: 85227.11 qps: 85227.11 (r/w/o: 85227.11/0.00/0.00) lat (ms,99%): 0.14
// err/s: 0.00 reconn/s: 0.00" (one line). sysbench.report_default, which custom scripts may
// call from their own hook, prints "err/s" without the colon.
const INTERVAL_START = /^\[\s*\d+s\s*\]/;
const INTERVAL_LINE =
  /^\[\s*(\S+)s\s*\]\s+thds:\s+(\S+)\s+tps:\s+(\S+)\s+qps:\s+(\S+)\s+\(r\/w\/o:\s+([^/\s]+)\/([^/\s]+)\/([^)\s]+)\)\s+lat\s+\(ms,(\d+)%\):\s+(\S+)\s+err\/s:?\s+(\S+)\s+reconn\/s:\s+(\S+)$/;

/** With --rate (a fixed arrival rate), sysbench adds a line per interval on its event queue. */
const QUEUE_LINE = /^\[\s*\S+s\s*\]\s+queue length:\s+\d+,\s+concurrency:\s+\d+$/;

/**
 * One --report-interval line, or null when the line is not a well-formed interval line.
 * Also returns the percentile the line's latency is at, which IntervalReport does not keep.
 */
function readIntervalLine(line: string): { interval: IntervalReport; percentile: number } | null {
  const match = INTERVAL_LINE.exec(line.trim());
  if (!match) return null;
  const [, time, threads, tps, qps, reads, writes, other, percentile, latency, errors, reconnects] = match;
  const candidate = {
    timeS: decimal(time ?? ''),
    threads: integer(threads ?? ''),
    tps: decimal(tps ?? ''),
    qps: decimal(qps ?? ''),
    readQps: decimal(reads ?? ''),
    writeQps: decimal(writes ?? ''),
    otherQps: decimal(other ?? ''),
    latencyPercentileMs: decimal(latency ?? ''),
    errorsPerS: decimal(errors ?? ''),
    reconnectsPerS: decimal(reconnects ?? ''),
  };
  const parsed = IntervalReport.safeParse(candidate);
  return parsed.success ? { interval: parsed.data, percentile: Number(percentile) } : null;
}

/** Parses one `--report-interval` line; null when it is not one (for live progress). */
export function parseIntervalLine(line: string): IntervalReport | null {
  return readIntervalLine(line)?.interval ?? null;
}

/**
 * Every interval line of `lines` (the output before its final report), each at `percentile`, the
 * final report's; `--rate`'s queue lines are left out. `cell` and `output` are for the error.
 */
export function readIntervals(
  lines: readonly string[],
  percentile: number,
  cell: string,
  output: string,
): IntervalReport[] {
  const intervals: IntervalReport[] = [];
  for (const line of lines) {
    if (!INTERVAL_START.test(line.trim()) || QUEUE_LINE.test(line.trim())) continue;
    const read = readIntervalLine(line);
    if (!read) throw outputFailure(cell, `has a malformed interval line: "${line.trim()}"`, output);
    if (read.percentile !== percentile) {
      throw outputFailure(
        cell,
        `has an interval line at the ${read.percentile}th percentile but a final report at the ${percentile}th`,
        output,
      );
    }
    intervals.push(read.interval);
  }
  return intervals;
}
