// The scaling chart: throughput against client threads, one panel per workload, so a change that
// only hurts under concurrency (a new lock, a contended counter) shows as a flatter head curve.
import type { TopLevelSpec } from 'vega-lite';

import type { ReportInput } from '../report-input.js';
import {
  distinctInOrder,
  isClientCell,
  distinctSorted,
  repetitionRows,
  sideColor,
  sideLegend,
  TPS_TITLE,
  workloadPanels,
} from './common.js';

const PANEL_COLUMNS = 3;

export const SCALING_TITLE = 'Throughput by client threads';

/**
 * How the lines are told apart: by side; with server-option variants, by variant (colour) and
 * side (dashed base, solid head), so that the variants of a workload share its panel.
 */
function lineEncoding(input: ReportInput, variants: readonly string[]) {
  if (variants.length < 2) return { color: sideColor(input) } as const;
  return {
    color: { field: 'variant', type: 'nominal', sort: [...variants], title: 'variant' },
    strokeDash: {
      field: 'side',
      type: 'nominal',
      scale: {
        domain: ['base', 'head'],
        range: [
          [4, 3],
          [1, 0],
        ],
      },
      ...sideLegend(input),
    },
  } as const;
}

/** Null unless the suite measures throughput at more than one thread count. */
export function scalingSpec(input: ReportInput): TopLevelSpec | null {
  if (input.suite.metric !== 'throughput') return null;
  // One panel per workload: a variant is a line of its panel, not a panel of its own.
  // Operational cells have no throughput: their report's rate is units over the operation's time.
  const values = repetitionRows(input, 'tps', 'tps')
    .filter((row) => isClientCell(input, row))
    .map((row) => ({ ...row, panel: row.workload }));
  const threads = distinctSorted(values.map((value) => value.threads));
  if (threads.length < 2) return null;
  const workloads = distinctInOrder(input.head.cells.map((cell) => cell.workload));
  const variants = distinctInOrder(values.map((value) => value.variant));
  const lines = lineEncoding(input, variants);
  const points =
    variants.length < 2
      ? lines
      : { color: lines.color, shape: { field: 'side', type: 'nominal', ...sideLegend(input) } };
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
    subtitle:
      variants.length < 2
        ? 'points: every repetition; line: median per thread count'
        : 'points: every repetition; line: median per thread count; colour: variant; dashed: base',
    values,
    workloads,
    columns: PANEL_COLUMNS,
    // Room for every thread count's label: 256 and 1024 touch at 150 px.
    width: Math.max(150, 32 * threads.length),
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
          ...lines,
        },
      },
      {
        mark: { type: 'point', filled: true, opacity: 0.7, size: 36 },
        encoding: {
          x,
          y: { field: 'tps', type: 'quantitative', title: TPS_TITLE, axis: { format: '~s' } },
          ...points,
          tooltip: [
            { field: 'workload', type: 'nominal' },
            { field: 'threads', type: 'quantitative' },
            ...(variants.length < 2 ? [] : [{ field: 'variant', type: 'nominal' } as const]),
            { field: 'side', type: 'nominal' },
            { field: 'repetition', type: 'ordinal' },
            { field: 'tps', type: 'quantitative', format: ',.1f', title: 'transactions/s' },
          ],
        },
      },
    ],
  });
}
