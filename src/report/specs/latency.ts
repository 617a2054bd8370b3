// The latency distribution chart: per cell, the share of events slower than each latency, both
// sides on log scales. The body of the distribution is at the top left, the tail at the bottom
// right: a head whose p99 doubled while its median held shows as curves that meet above the p50
// line and part below the p99 line. Pure.
import type { TopLevelSpec } from 'vega-lite';

import type { ReportInput } from '../report-input.js';
import { CHART_CONFIG, cellLabel, VEGA_LITE_SCHEMA, sideColor } from './common.js';

/** Panels shown at most (the cells whose tail moved first, then the suite's order). */
export const LATENCY_CELLS_SHOWN = 12;

const PANEL_COLUMNS = 3;

export const LATENCY_TITLE = 'Latency distribution';

/** The percentiles marked across every panel, as the share of events slower. */
const MARKS = [
  { label: 'p50', slower: 0.5 },
  { label: 'p95', slower: 0.05 },
  { label: 'p99', slower: 0.01 },
];

/** Null when no cell kept latency histograms on both sides. */
export function latencySpec(input: ReportInput): TopLevelSpec | null {
  const cells = [...input.verdict.latency]
    .sort((a, b) => Number(b.tailMoved) - Number(a.tailMoved))
    .slice(0, LATENCY_CELLS_SHOWN);
  if (cells.length === 0) return null;
  const order = input.verdict.latency
    .map(cellLabel)
    .filter((label) => cells.some((cell) => cellLabel(cell) === label));
  const values = cells.flatMap((cell) =>
    (['base', 'head'] as const).flatMap((side) =>
      cell[side].ecdf
        // The slowest bucket has no event slower than it: nothing to draw on a log scale.
        .filter(([, share]) => share < 1)
        .map(([latencyMs, share]) => ({ cell: cellLabel(cell), side, latencyMs, slower: 1 - share })),
    ),
  );
  const marks = order.flatMap((cell) => MARKS.map((mark) => ({ cell, ...mark })));
  // Log axes draw a grid line per minor tick unless told otherwise: a handful of labelled ones.
  const x = {
    field: 'latencyMs',
    type: 'quantitative',
    scale: { type: 'log', nice: false },
    axis: { tickCount: 5, format: '~g' },
    title: 'latency (ms, log scale)',
  } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: LATENCY_TITLE,
      subtitle: 'share of events slower than each latency, every repetition pooled; lines: p50, p95, p99',
    },
    config: CHART_CONFIG,
    facet: { field: 'cell', type: 'nominal', sort: order, title: null },
    columns: Math.min(PANEL_COLUMNS, order.length),
    data: {
      values: [
        ...values.map((value) => ({ ...value, kind: 'curve' })),
        ...marks.map((mark) => ({ ...mark, kind: 'mark' })),
      ],
    },
    spec: {
      width: 220,
      height: 170,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'mark'" }],
          mark: { type: 'rule', strokeDash: [3, 3], color: '#8c959f' },
          encoding: { y: { field: 'slower', type: 'quantitative', scale: { type: 'log' } } },
        },
        {
          transform: [{ filter: "datum.kind === 'curve'" }],
          mark: { type: 'line', interpolate: 'step-after', strokeWidth: 1.5 },
          encoding: {
            x,
            y: {
              field: 'slower',
              type: 'quantitative',
              scale: { type: 'log' },
              axis: { format: '~%', tickCount: 5 },
              title: 'events slower (log scale)',
            },
            color: sideColor(input),
            tooltip: [
              { field: 'side', type: 'nominal' },
              { field: 'latencyMs', type: 'quantitative', format: ',.3f', title: 'latency (ms)' },
              { field: 'slower', type: 'quantitative', format: '.3%', title: 'events slower' },
            ],
          },
        },
      ],
    },
    resolve: { scale: { x: 'independent' } },
  };
}
