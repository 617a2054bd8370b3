// verdict.json's latency distributions: each side's events pooled, and the test between them.
import { z } from 'zod';

import { CellVariant } from '../results/results-schema.js';

/** Most points of one side's latency distribution kept for the chart. */
export const MAX_ECDF_POINTS = 200;

export const SideLatency = z.strictObject({
  /** Events over every repetition. */
  events: z.number().int().min(1),
  /** Percentiles of every repetition's events pooled, in ms. */
  p50: z.number().min(0),
  p95: z.number().min(0),
  p99: z.number().min(0),
  /** The pooled empirical CDF for the chart: [latency ms, share of events at or below], rising. */
  ecdf: z
    .array(z.tuple([z.number().min(0), z.number().min(0).max(1)]))
    .min(1)
    .max(MAX_ECDF_POINTS),
});
export type SideLatency = z.infer<typeof SideLatency>;

export const LatencyDistribution = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  base: SideLatency,
  head: SideLatency,
  /**
   * Kolmogorov-Smirnov distance between the pooled distributions, with its p-value from permuting
   * whole repetitions between the sides (their events are not independent: see docs/statistics.md).
   */
  ks: z.strictObject({
    statistic: z.number().min(0).max(1),
    pValue: z.number().min(0).max(1),
    permutations: z.number().int().min(1),
    exact: z.boolean(),
  }),
  /** Whether the cell's p95Ms or p99Ms was called a regression or an improvement. */
  tailMoved: z.boolean(),
});
export type LatencyDistribution = z.infer<typeof LatencyDistribution>;
