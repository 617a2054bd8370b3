// The names of the metrics a cell can be judged on. Its own module because the suite schema
// (tolerances per metric) needs the names without the metric definitions.
export const METRIC_NAMES = [
  'tps',
  'notpm',
  'latencyMs',
  'p50Ms',
  'p95Ms',
  'p99Ms',
  'lowestSecondRatio',
  'stallSeconds',
  'instructions',
  'instructionsTotal',
  'cpuTimeUs',
  'hwInstructions',
  // Operational cells (recovery, cold start, replica apply): the operation's seconds, natively,
  // and a replica's transactions applied per second.
  'seconds',
  'applyRate',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export function isMetricName(name: string): name is MetricName {
  return (METRIC_NAMES as readonly string[]).includes(name);
}

/** The metrics only operational cells measure (workload/operations.ts); no client workload yields them. */
export const OPERATION_METRIC_NAMES: readonly MetricName[] = ['seconds', 'applyRate'];

/** Every metric a client workload (sysbench's) can yield. */
export const CLIENT_METRIC_NAMES: readonly MetricName[] = METRIC_NAMES.filter(
  (name) => !OPERATION_METRIC_NAMES.includes(name),
);
