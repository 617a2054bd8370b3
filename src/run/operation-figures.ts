// An operational repetition's figures as the results hold them: its report, which counts the
// operation's units as its transactions and its seconds as its time, and the redo bytes a recovery
// applied, read from its error log. Pure.
import type { FlavorOperations } from '../flavor/description.js';
import type { SysbenchReport } from '../sysbench/report-schema.js';

/**
 * The pseudo status counter that carries a recovery's redo bytes in its work counts, so that the
 * work table shows them beside the server's own counters (results/status-counters.ts).
 */
export const RECOVERED_REDO_COUNTER = 'Innodb_redo_bytes_recovered';

/**
 * The report of an operational repetition: `units` (a recovery, a start, the transactions a
 * replica applied) over `seconds`; no queries, latencies or per-second reports, which it has none of.
 */
export function operationReport(units: number, seconds: number, percentile: number): SysbenchReport {
  const time = Math.max(seconds, 1e-6);
  return {
    threads: 1,
    queries: { read: 0, write: 0, other: 0, total: 0 },
    transactions: units,
    tps: units / time,
    qps: 0,
    ignoredErrors: 0,
    ignoredErrorsPerS: 0,
    reconnects: 0,
    reconnectsPerS: 0,
    totalTimeS: time,
    totalEvents: units,
    latencyMs: { min: 0, avg: 0, max: 0, percentile, atPercentile: 0, sum: 0 },
    fairness: { eventsAvg: units, eventsStddev: 0, executionTimeAvgS: time, executionTimeStddevS: 0 },
    intervals: [],
  };
}

/** The last match's first group of `pattern` in `text`, as a whole number; undefined when none. */
function lastNumber(text: string, pattern: RegExp): bigint | undefined {
  let found: bigint | undefined;
  for (const line of text.split('\n')) {
    const match = pattern.exec(line);
    if (match?.[1] !== undefined && /^\d{1,20}$/.test(match[1])) found = BigInt(match[1]);
  }
  return found;
}

/**
 * The redo a recovery applied, from its error log: the end of the log less the checkpoint it
 * started from. Undefined when the log does not say both (no crash recovery happened).
 */
export function redoBytesRecovered(
  errorLog: string,
  recovery: Pick<FlavorOperations['recovery'], 'checkpointLine' | 'endLine'>,
): number | undefined {
  const checkpoint = lastNumber(errorLog, recovery.checkpointLine);
  const end = lastNumber(errorLog, recovery.endLine);
  if (checkpoint === undefined || end === undefined || end < checkpoint) return undefined;
  const bytes = end - checkpoint;
  return bytes > BigInt(Number.MAX_SAFE_INTEGER) ? undefined : Number(bytes);
}
