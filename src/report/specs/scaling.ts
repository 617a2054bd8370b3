// The scaling chart: throughput against client threads, one panel per workload, so a change that
// only hurts under concurrency (a new lock, a contended counter) shows as a flatter head curve.
import type { TopLevelSpec } from 'vega-lite';

import type { ReportInput } from '../report-input.js';
import {
  distinctInOrder,
  distinctSorted,
  repetitionRows,
  SIDE_SCALE,
  TPS_TITLE,
  workloadPanels,
} from './common.js';

const PANEL_COLUMNS = 3;

export const SCALING_TITLE = 'Throughput by client threads';

/** Null unless the suite measures throughput at more than one thread count. */
export function scalingSpec(input: ReportInput): TopLevelSpec | null {
  if (input.suite.metric !== 'throughput') return null;
  const values = repetitionRows(input, 'tps', 'tps');
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
  return workloadPanels({
    title: SCALING_TITLE,
    subtitle: 'points: every repetition; line: median per thread count',
    values,
    workloads,
    columns: PANEL_COLUMNS,
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
  });
}
