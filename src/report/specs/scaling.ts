// The scaling chart: throughput against client threads, one panel per workload, so a change that
// only hurts under concurrency (a new lock, a contended counter) shows as a flatter head curve.
import type { TopLevelSpec } from 'vega-lite';

import type { ReportInput } from '../report-input.js';
import {
  CHART_CONFIG,
  distinctInOrder,
  distinctSorted,
  metricValues,
  SIDE_SCALE,
  TPS_TITLE,
  VEGA_LITE_SCHEMA,
} from './common.js';

const PANEL_COLUMNS = 3;

export const SCALING_TITLE = 'Throughput by client threads';

/** Null unless the suite measures throughput at more than one thread count. */
export function scalingSpec(input: ReportInput): TopLevelSpec | null {
  if (input.suite.metric !== 'throughput') return null;
  const sides = [
    { side: 'base', cells: input.base.cells },
    { side: 'head', cells: input.head.cells },
  ] as const;
  const values = sides.flatMap(({ side, cells }) =>
    cells.flatMap((cell) =>
      metricValues(cell, 'tps').map(({ repetition, value }) => ({
        workload: cell.workload,
        threads: cell.threads,
        side,
        repetition: repetition.index,
        tps: value,
      })),
    ),
  );
  const threads = distinctSorted(values.map((value) => value.threads));
  if (threads.length < 2) return null;
  const workloads = distinctInOrder(input.head.cells.map((cell) => cell.workload));
  const color = { field: 'side', type: 'nominal', scale: SIDE_SCALE, title: 'side' } as const;
  // Log scale: thread counts usually double, and a linear axis would crowd 1, 2 and 4 together.
  // The ticks are the measured counts only; "nice" would widen the domain to powers of two.
  const x = {
    field: 'threads',
    type: 'quantitative',
    scale: { type: 'log', base: 2, nice: false, padding: 16 },
    axis: { values: threads, format: 'd', title: 'client threads (log scale)' },
  } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: SCALING_TITLE,
      subtitle: 'points: every repetition; line: median per thread count',
    },
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'workload', type: 'nominal', sort: workloads, title: null },
    columns: Math.min(PANEL_COLUMNS, workloads.length),
    spec: {
      width: 150,
      height: 160,
      layer: [
        {
          mark: { type: 'line', strokeWidth: 2 },
          encoding: {
            x,
            y: {
              field: 'tps',
              aggregate: 'median',
              type: 'quantitative',
              title: TPS_TITLE,
              axis: { format: '~s' },
            },
            color,
          },
        },
        {
          mark: { type: 'point', filled: true, opacity: 0.7, size: 36 },
          encoding: {
            x,
            y: { field: 'tps', type: 'quantitative', title: TPS_TITLE, axis: { format: '~s' } },
            color,
            tooltip: [
              { field: 'workload', type: 'nominal' },
              { field: 'threads', type: 'quantitative' },
              { field: 'side', type: 'nominal' },
              { field: 'repetition', type: 'ordinal' },
              { field: 'tps', type: 'quantitative', format: ',.1f', title: 'transactions/s' },
            ],
          },
        },
      ],
    },
    // Workloads differ by orders of magnitude (a point select against a read-write transaction).
    resolve: { scale: { y: 'independent' } },
  };
}
