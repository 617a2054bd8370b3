// The change chart: each gating cell's change (head/base − 1) with its confidence interval against
// the tolerance, coloured by verdict — the verdict table at a glance.
import type { TopLevelSpec } from 'vega-lite';

import type { CellVerdict } from '../../compare/verdict-schema.js';
import { changeDotLabel } from '../labels.js';
import type { ReportInput } from '../report-input.js';
import { CHART_CONFIG, CHART_WIDTH, cellMetricLabel, VEGA_LITE_SCHEMA } from './common.js';

/** Fixed, so a colour means the same verdict in every report whichever verdicts occur. */
export const VERDICT_SCALE: { domain: CellVerdict[]; range: string[] } = {
  domain: ['regression', 'improvement', 'within-tolerance', 'unchanged', 'inconclusive'],
  range: ['#d62728', '#2ca02c', '#1f77b4', '#9e9e9e', '#ff7f0e'],
};

const ROW_HEIGHT = 24;

export const CHANGE_TITLE = 'Change per cell';

/** Null when no cell was judged on a gating metric (nothing decided the verdict). */
export function changeSpec(input: ReportInput): TopLevelSpec | null {
  const cells = input.verdict.cells.filter((cell) => cell.gating);
  if (cells.length === 0) return null;
  const values = cells.map((cell) => ({
    cell: cellMetricLabel(cell),
    workload: cell.workload,
    threads: cell.threads,
    metric: cell.metric,
    change: cell.change,
    low: cell.changeInterval.low,
    high: cell.changeInterval.high,
    toleranceLow: -cell.threshold,
    toleranceHigh: cell.threshold,
    verdict: cell.verdict,
    judgedBy: cell.judgedBy,
    reason: cell.reason,
  }));
  const confidence = Math.round(input.verdict.settings.confidence * 100);
  // The labels are long (workload, threads, unit); Vega would cut them at 180 px.
  const y = { field: 'cell', type: 'nominal', sort: null, title: null, axis: { labelLimit: 300 } } as const;
  // The legend says "within tolerance", as the tables do.
  const color = {
    field: 'verdict',
    type: 'nominal',
    scale: VERDICT_SCALE,
    title: 'verdict',
    legend: { labelExpr: "replace(datum.label, '-', ' ')" },
  } as const;
  // Fractions on the data (the verdict's own numbers), percent on the axis.
  const xTitle = 'change, head / base − 1 (%)';
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: CHANGE_TITLE,
      subtitle: `dot: ${changeDotLabel(cells)}; whisker: ${confidence}% interval; grey: tolerance`,
    },
    config: CHART_CONFIG,
    width: CHART_WIDTH - 180,
    height: Math.max(3, values.length) * ROW_HEIGHT,
    data: { values },
    layer: [
      {
        mark: { type: 'rect', color: '#e8e8e8' },
        encoding: {
          y,
          x: { field: 'toleranceLow', type: 'quantitative', title: xTitle, axis: { format: '+~%' } },
          x2: { field: 'toleranceHigh' },
        },
      },
      { mark: { type: 'rule', color: '#777777' }, encoding: { x: { datum: 0, type: 'quantitative' } } },
      {
        mark: { type: 'rule', strokeWidth: 2 },
        encoding: { y, x: { field: 'low', type: 'quantitative' }, x2: { field: 'high' }, color },
      },
      {
        mark: { type: 'point', filled: true, size: 70, opacity: 1 },
        encoding: {
          y,
          x: { field: 'change', type: 'quantitative' },
          color,
          tooltip: [
            { field: 'cell', type: 'nominal' },
            { field: 'change', type: 'quantitative', format: '+.2%' },
            { field: 'low', type: 'quantitative', format: '+.2%', title: 'interval low' },
            { field: 'high', type: 'quantitative', format: '+.2%', title: 'interval high' },
            { field: 'toleranceHigh', type: 'quantitative', format: '.1%', title: 'tolerance' },
            { field: 'verdict', type: 'nominal' },
            { field: 'reason', type: 'nominal' },
          ],
        },
      },
    ],
  };
}
