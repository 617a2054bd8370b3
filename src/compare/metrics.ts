// What a verdict compares, per cell: which figure of a repetition, and which direction is worse.
// Pure.
import type { Repetition } from '../results/results-schema.js';
import type { MeasurementKind } from '../suite/suite-schema.js';
import { histogramPercentile } from '../sysbench/histogram.js';
import { newOrdersPerMinute } from '../workload/tpcc-mix.js';
import { runStalls } from '../sysbench/stalls.js';
import { METRIC_NAMES, type MetricName } from '../metric-names.js';

export { isMetricName, METRIC_NAMES, type MetricName } from '../metric-names.js';

export interface Metric {
  readonly name: MetricName;
  readonly label: string;
  /** Short unit for tables. */
  readonly unit: string;
  /** Throughput: lower is worse. Latency and costs: higher is worse. */
  readonly worse: 'lower' | 'higher';
  /** Tolerance used when neither the suite nor a flag sets one: a fraction of the base value. */
  readonly defaultTolerance: number;
  /**
   * The smallest absolute difference the measurement can show. sysbench prints latency with two
   * decimals (0.01 ms), so a point select going from 0.05 to 0.06 ms is +20% on paper and nothing
   * in fact; a change must exceed twice this before it can count.
   */
  readonly resolution: number;
  /**
   * A count of work done, not a time: the same statements give (nearly) the same count, so a
   * cell whose repetitions agree closely is judged on the change itself (see cell.ts), without
   * the many repetitions a rank test needs. Should the repetitions disagree, the statistics apply.
   */
  readonly counted: boolean;
  /**
   * Which suites measure it (throughput figures under valgrind mean nothing); `any`: both, for
   * the operational cells, whose seconds are measured natively in either (docs/operations.md).
   */
  readonly kind: MeasurementKind | 'any';
  /**
   * A detail of the distribution, read from the repetition's latency histogram or its per-second
   * reports: judged in verdicts, but not kept in nightly histories (more series per cell, each a
   * chance of a false alert, for what throughput and the suite-percentile latency already follow
   * there), nor in the terminal table unless it gates.
   */
  readonly fromHistogram: boolean;
  /**
   * Measured by operational cells only (a recovery's seconds, a replica's apply rate): a client
   * workload's kind never yields it, whatever its list of metrics (compare/operation-cells.ts).
   */
  readonly operational?: true;
  /**
   * Added to both sides' values before a ratio is taken, for a metric that is often 0 (stall
   * seconds), of which no change is a fraction: with 1, 0 → 3 reads +300% and 0 → 0 unchanged.
   * Absent: 0.
   */
  readonly offset?: number;
  /** The repetition's value; undefined when it was not measured (older results, no counters). */
  readonly value: (repetition: Repetition) => number | undefined;
  /** What a repetition without a value lacks, as a sentence ends "has no …": "callgrind counts". */
  readonly source: string;
}

/**
 * A latency percentile from sysbench's histogram of every event: exact to its buckets (about 1.8%
 * apart), where the report's own figure is rounded to 0.01 ms. Taken by sysbench's own rule (the
 * nearest rank, see histogramPercentile): p95 is the figure sysbench prints for --percentile=95,
 * to three decimals where latencyMs has sysbench's two.
 */
function percentileMetric(name: MetricName, percentile: number, defaultTolerance: number): Metric {
  return {
    name,
    label: `latency p${percentile} from every event, by sysbench's rule (ms)`,
    unit: 'ms',
    worse: 'higher',
    defaultTolerance,
    resolution: 0.001,
    counted: false,
    kind: 'throughput',
    fromHistogram: true,
    source: 'latency histogram',
    value: (repetition) => {
      const histogram = repetition.report.histogram;
      return histogram === undefined ? undefined : histogramPercentile(histogram, percentile);
    },
  };
}

function perTransaction(count: number | undefined, repetition: Repetition): number | undefined {
  const transactions = repetition.report.transactions;
  return count === undefined || transactions <= 0 ? undefined : count / transactions;
}

/**
 * A second below 1% of the median is a full stop: counted as 1%, so that the ratio stays above 0
 * (the statistics take ratios of it).
 */
export const LOWEST_SECOND_FLOOR = 0.01;

export const METRICS: Readonly<Record<MetricName, Metric>> = {
  tps: {
    name: 'tps',
    source: 'a throughput',
    label: 'throughput (transactions/s)',
    unit: 'tps',
    worse: 'lower',
    defaultTolerance: 0.05,
    resolution: 0,
    counted: false,
    kind: 'throughput',
    fromHistogram: false,
    value: (repetition) => repetition.report.tps,
  },
  // The TPC-C-like workload's throughput, as its reports name it: committed New-Orders (the
  // 1% rolled back on purpose left out) per minute. Only its repetitions have a mix to read.
  notpm: {
    name: 'notpm',
    source: 'New-Order counts (a transaction mix)',
    label: 'New-Order transactions committed per minute (TPC-C-like)',
    unit: 'NOTPM',
    worse: 'lower',
    defaultTolerance: 0.05,
    resolution: 0,
    counted: false,
    kind: 'throughput',
    fromHistogram: false,
    value: (repetition) => newOrdersPerMinute(repetition.report),
  },
  latencyMs: {
    name: 'latencyMs',
    source: 'latency percentile',
    label: 'latency at the suite percentile (ms)',
    unit: 'ms',
    worse: 'higher',
    defaultTolerance: 0.1,
    resolution: 0.01,
    counted: false,
    kind: 'throughput',
    fromHistogram: false,
    value: (repetition) => repetition.report.latencyMs.atPercentile,
  },
  p50Ms: percentileMetric('p50Ms', 50, 0.1),
  p95Ms: percentileMetric('p95Ms', 95, 0.1),
  // The tail moves more between repetitions than the body: its default tolerance is wider.
  p99Ms: percentileMetric('p99Ms', 99, 0.2),
  // The depth of the worst second, shown beside the stall seconds but gating only when named: one
  // neighbour's burst takes a single second to half the median, so in an A/A run on a busy machine
  // a side can dip that low in most of its repetitions (quick-aa-5reps: 0.44-0.47 in 3 of 5).
  lowestSecondRatio: {
    name: 'lowestSecondRatio',
    source: 'per-second reports',
    label: "lowest second's throughput, as a fraction of the median second",
    unit: '× median',
    worse: 'lower',
    defaultTolerance: 0.5,
    resolution: 0,
    counted: false,
    kind: 'throughput',
    fromHistogram: true,
    value: (repetition) => {
      const stalls = runStalls(repetition.report.intervals);
      return stalls === undefined ? undefined : Math.max(stalls.lowestRatio, LOWEST_SECOND_FLOOR);
    },
  },
  // Seconds below half the median second: what the stall gate (the suite's stallGate) judges.
  stallSeconds: {
    name: 'stallSeconds',
    source: 'per-second reports',
    label: 'stall seconds (below half the median second) per repetition',
    unit: 's',
    worse: 'higher',
    // Counted from one (offset): 2 → 4 is +67%, beyond it; from a base of 0 any stall second is
    // beyond it, and the resolution decides.
    defaultTolerance: 0.5,
    // Medians of whole seconds move in half seconds: a change must be more than one stall second
    // per repetition, what a single neighbour's burst makes, before it can count.
    resolution: 0.5,
    counted: false,
    kind: 'throughput',
    fromHistogram: true,
    offset: 1,
    value: (repetition) => runStalls(repetition.report.intervals)?.stallSeconds,
  },
  instructions: {
    name: 'instructions',
    source: 'callgrind counts',
    label: 'instructions per transaction in statement execution (callgrind)',
    unit: 'instr/txn',
    worse: 'higher',
    defaultTolerance: 0.01,
    resolution: 0,
    counted: true,
    kind: 'instructions',
    fromHistogram: false,
    value: (repetition) => perTransaction(repetition.cost?.callgrind?.foreground, repetition),
  },
  instructionsTotal: {
    name: 'instructionsTotal',
    source: 'callgrind counts',
    label: 'instructions per transaction, all server threads (callgrind)',
    unit: 'instr/txn',
    worse: 'higher',
    defaultTolerance: 0.02,
    resolution: 0,
    counted: true,
    kind: 'instructions',
    fromHistogram: false,
    value: (repetition) => perTransaction(repetition.cost?.callgrind?.total, repetition),
  },
  cpuTimeUs: {
    name: 'cpuTimeUs',
    source: 'CPU time',
    label: 'server CPU time per transaction (µs, user + system)',
    unit: 'µs/txn',
    worse: 'higher',
    defaultTolerance: 0.05,
    // /proc reports CPU time in 10 ms ticks; over a window that is a tick per window at worst.
    resolution: 0,
    counted: false,
    kind: 'throughput',
    fromHistogram: false,
    value: (repetition) => {
      const cpu = repetition.cost?.cpu;
      const seconds = cpu === undefined ? undefined : cpu.userSeconds + cpu.systemSeconds;
      const perTxn = perTransaction(seconds, repetition);
      return perTxn === undefined ? undefined : perTxn * 1e6;
    },
  },
  hwInstructions: {
    name: 'hwInstructions',
    source: 'hardware instruction counts',
    label: 'hardware instructions per transaction (perf)',
    unit: 'instr/txn',
    worse: 'higher',
    defaultTolerance: 0.02,
    resolution: 0,
    counted: true,
    kind: 'throughput',
    fromHistogram: false,
    value: (repetition) => perTransaction(repetition.cost?.hardwareInstructions, repetition),
  },
  // The operational cells' own (workload/operations.ts): reported, and gating only where named
  // or the machine's runner check allows it (compare/judge.ts).
  seconds: {
    name: 'seconds',
    source: 'operation seconds',
    label:
      'seconds of the operation, natively (recovery or start to the first answer; a replica catching up)',
    unit: 's',
    worse: 'higher',
    defaultTolerance: 0.1,
    resolution: 0.001,
    counted: false,
    kind: 'any',
    fromHistogram: false,
    operational: true,
    value: (repetition) => repetition.operation?.seconds,
  },
  applyRate: {
    name: 'applyRate',
    source: 'a replica apply',
    label: 'transactions a replica applied per second, natively',
    unit: 'trx/s',
    worse: 'lower',
    defaultTolerance: 0.1,
    resolution: 0,
    counted: false,
    kind: 'any',
    fromHistogram: false,
    operational: true,
    value: (repetition) => {
      const operation = repetition.operation;
      if (operation?.kind !== 'replica-apply' || !(operation.seconds > 0)) return undefined;
      return operation.units / operation.seconds;
    },
  },
};

/** Metrics measured by a suite of this kind, in display order. */
export function metricsFor(kind: MeasurementKind): Metric[] {
  return METRIC_NAMES.map((name) => METRICS[name]).filter(
    (metric) => metric.kind === kind || metric.kind === 'any',
  );
}
