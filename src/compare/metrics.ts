// What a verdict compares, per cell: which figure of a repetition, and which direction is worse.
// Pure.
import type { SysbenchReport } from '../sysbench/report.js';

export const METRIC_NAMES = ['tps', 'latencyMs'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export interface Metric {
  readonly name: MetricName;
  readonly label: string;
  /** Throughput: lower is worse. Latency: higher is worse. */
  readonly worse: 'lower' | 'higher';
  /** Tolerance used when neither the suite nor a flag sets one: a fraction of the base value. */
  readonly defaultTolerance: number;
  /**
   * The smallest absolute difference the measurement can show. sysbench prints latency with two
   * decimals (0.01 ms), so a point select going from 0.05 to 0.06 ms is +20% on paper and nothing
   * in fact; a change must exceed twice this before it can count.
   */
  readonly resolution: number;
  readonly value: (report: SysbenchReport) => number;
}

export const METRICS: Readonly<Record<MetricName, Metric>> = {
  tps: {
    name: 'tps',
    label: 'throughput (transactions/s)',
    worse: 'lower',
    defaultTolerance: 0.05,
    resolution: 0,
    value: (report) => report.tps,
  },
  latencyMs: {
    name: 'latencyMs',
    label: 'latency at the suite percentile (ms)',
    worse: 'higher',
    defaultTolerance: 0.1,
    resolution: 0.01,
    value: (report) => report.latencyMs.atPercentile,
  },
};

export function isMetricName(name: string): name is MetricName {
  return (METRIC_NAMES as readonly string[]).includes(name);
}
