// What one sysbench run reports, parsed. Units are in the names.
import { z } from 'zod';

const count = z.number().int().min(0);
const rate = z.number().min(0);

export const IntervalReport = z.strictObject({
  /** Seconds since the start of the run at the end of this interval. */
  timeS: z.number().min(0),
  threads: count,
  tps: rate,
  qps: rate,
  readQps: rate,
  writeQps: rate,
  otherQps: rate,
  /** Latency at the report's percentile over this interval; 0 when no event finished. */
  latencyPercentileMs: rate,
  errorsPerS: rate,
  reconnectsPerS: rate,
});
export type IntervalReport = z.infer<typeof IntervalReport>;

/** sysbench keeps 1,024 latency buckets; a histogram has at most that many non-empty ones. */
export const MAX_HISTOGRAM_BUCKETS = 1024;

/** More events than any repetition has (10¹² is a million years at 30,000 a second). */
const MAX_BUCKET_EVENTS = 1e12;

/** sysbench's latency histogram (--histogram=on): each non-empty bucket's value and event count. */
export const LatencyHistogram = z
  .strictObject({
    /** Bucket values in milliseconds, never decreasing. */
    valuesMs: z.array(rate).min(1).max(MAX_HISTOGRAM_BUCKETS),
    /** Events per bucket. */
    counts: z.array(z.number().int().min(1).max(MAX_BUCKET_EVENTS)).min(1).max(MAX_HISTOGRAM_BUCKETS),
  })
  .refine((histogram) => histogram.valuesMs.length === histogram.counts.length, {
    message: 'valuesMs and counts must have the same length',
  })
  .refine(
    (histogram) =>
      histogram.valuesMs.every((value, index, all) => index === 0 || value >= (all[index - 1] ?? 0)),
    {
      message: 'valuesMs must never decrease',
    },
  );
export type LatencyHistogram = z.infer<typeof LatencyHistogram>;

/** The transactions of the TPC-C-like workload (assets/sysbench/tpcc.lua), in the order it prints them. */
export const TRANSACTION_TYPES = ['newOrder', 'payment', 'orderStatus', 'delivery', 'stockLevel'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

const transactions = z.number().int().min(0).max(MAX_BUCKET_EVENTS);

/** What one type of transaction completed over a run, every thread's summed. */
export const TransactionCounts = z.strictObject({
  committed: transactions,
  /** Rolled back on purpose (a New-Order on an unused item): completed, but not committed. */
  rolledBack: transactions,
  /** Restarted after a deadlock or a lock wait timeout (sysbench's ignored errors). */
  retried: transactions,
});
export type TransactionCounts = z.infer<typeof TransactionCounts>;

/** The TPC-C-like workload's transactions by type, from the line each thread prints as it ends. */
export const TransactionMix = z.strictObject({
  newOrder: TransactionCounts,
  payment: TransactionCounts,
  orderStatus: TransactionCounts,
  delivery: TransactionCounts,
  stockLevel: TransactionCounts,
});
export type TransactionMix = z.infer<typeof TransactionMix>;

/** Completed transactions of a mix (committed or rolled back), every type: one per sysbench event. */
export function completedTransactions(mix: TransactionMix): number {
  return TRANSACTION_TYPES.reduce((sum, type) => sum + mix[type].committed + mix[type].rolledBack, 0);
}

export const SysbenchReport = z
  .strictObject({
    threads: count,
    queries: z.strictObject({ read: count, write: count, other: count, total: count }),
    transactions: count,
    tps: rate,
    qps: rate,
    ignoredErrors: count,
    ignoredErrorsPerS: rate,
    reconnects: count,
    reconnectsPerS: rate,
    totalTimeS: rate,
    totalEvents: count,
    latencyMs: z.strictObject({
      min: rate,
      avg: rate,
      max: rate,
      /** The percentile sysbench was asked for (its --percentile), e.g. 95. */
      percentile: z.number().int().min(1).max(100),
      /** Latency at that percentile. */
      atPercentile: rate,
      sum: rate,
    }),
    fairness: z.strictObject({
      eventsAvg: rate,
      eventsStddev: rate,
      executionTimeAvgS: rate,
      executionTimeStddevS: rate,
    }),
    intervals: z.array(IntervalReport),
    /** Every event's latency, bucketed; absent in results written before histograms were kept. */
    histogram: LatencyHistogram.optional(),
    /** The TPC-C-like workload's transactions by type; absent for every other script. */
    mix: TransactionMix.optional(),
  })
  .refine(
    (report) =>
      report.histogram === undefined ||
      report.histogram.counts.reduce((sum, count) => sum + count, 0) === report.totalEvents,
    {
      message: 'the latency histogram must hold every event of the run (its counts add up to totalEvents)',
      path: ['histogram'],
    },
  )
  .refine((report) => report.mix === undefined || completedTransactions(report.mix) === report.totalEvents, {
    message:
      'the transaction mix must account for every event of the run (its completed transactions add up to totalEvents)',
    path: ['mix'],
  });
export type SysbenchReport = z.infer<typeof SysbenchReport>;
