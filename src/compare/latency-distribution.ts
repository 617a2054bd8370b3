// The latency distributions of each throughput cell, side by side: percentiles of every event,
// the pooled CDFs for the chart, and whether the distributions differ by more than repetitions
// of one server do. Pure.
import type { CellResult } from '../results/results-schema.js';
import { type Cell, type MeasurementKind, sameCell, variantOf } from '../suite/suite-schema.js';
import { bucketIndex } from '../sysbench/histogram.js';
import { pool, repetitionKsTest, type Weighted, weightedPercentile } from '../stats/distribution-test.js';
import type { CellComparison, LatencyDistribution, SideLatency } from './verdict-schema.js';
import { MAX_ECDF_POINTS } from './verdict-schema.js';

/** Each repetition's histogram, or undefined when any repetition lacks one (older results). */
function histograms(cell: CellResult): Weighted[] | undefined {
  const list = cell.repetitions.map((repetition) => repetition.report.histogram);
  if (list.length === 0 || list.some((histogram) => histogram === undefined)) return undefined;
  return list.flatMap((histogram) =>
    histogram ? [{ values: histogram.valuesMs, counts: histogram.counts }] : [],
  );
}

/**
 * The same distribution over sysbench's 1,024 bucket indices (the order of values is kept): the
 * test's work and memory stay bounded whatever values a results file holds.
 */
function onBuckets(distribution: Weighted): Weighted {
  return pool([{ values: distribution.values.map(bucketIndex), counts: distribution.counts }]);
}

/** At most MAX_ECDF_POINTS points of the CDF, evenly over the buckets, the last always kept. */
function ecdfPoints(pooled: Weighted): [number, number][] {
  const total = pooled.counts.reduce((sum, count) => sum + count, 0);
  let seen = 0;
  const all = pooled.values.map((value, index): [number, number] => {
    seen += pooled.counts[index] ?? 0;
    return [value, Math.min(1, seen / total)];
  });
  if (all.length <= MAX_ECDF_POINTS) return all;
  const stride = (all.length - 1) / (MAX_ECDF_POINTS - 1);
  return Array.from({ length: MAX_ECDF_POINTS }, (_, index) => all[Math.round(index * stride)] ?? [0, 0]);
}

function sideLatency(repetitions: readonly Weighted[]): SideLatency {
  const pooled = pool(repetitions);
  return {
    events: pooled.counts.reduce((sum, count) => sum + count, 0),
    p50: weightedPercentile(pooled, 50),
    p95: weightedPercentile(pooled, 95),
    p99: weightedPercentile(pooled, 99),
    ecdf: ecdfPoints(pooled),
  };
}

/** The tail moved when a tail percentile's cell was called a regression or an improvement. */
function tailMoved(
  cell: Cell,
  cells: readonly Pick<CellComparison, 'workload' | 'threads' | 'variant' | 'metric' | 'verdict'>[],
): boolean {
  return cells.some(
    (other) =>
      sameCell(other, cell) &&
      (other.metric === 'p95Ms' || other.metric === 'p99Ms') &&
      (other.verdict === 'regression' || other.verdict === 'improvement'),
  );
}

/**
 * Throughput cells only: under callgrind (instruction suites) a latency is valgrind's slowdown,
 * not the server's.
 */
export function latencyDistributions(
  pairs: readonly (readonly [CellResult, CellResult])[],
  cells: readonly Pick<CellComparison, 'workload' | 'threads' | 'variant' | 'metric' | 'verdict'>[],
  kind: MeasurementKind,
): LatencyDistribution[] {
  if (kind !== 'throughput') return [];
  return pairs.flatMap(([baseCell, headCell]): LatencyDistribution[] => {
    const base = histograms(baseCell);
    const head = histograms(headCell);
    if (!base || !head) return [];
    const test = repetitionKsTest(base.map(onBuckets), head.map(onBuckets));
    const { workload, threads } = headCell;
    return [
      {
        workload,
        threads,
        ...variantOf(headCell),
        base: sideLatency(base),
        head: sideLatency(head),
        ks: {
          statistic: test.statistic,
          pValue: test.pValue,
          permutations: test.permutations,
          exact: test.exact,
        },
        tailMoved: tailMoved(headCell, cells),
      },
    ];
  });
}
