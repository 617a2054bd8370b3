// Every cell judged: both sides' medians, ranges and noise, the change with its interval, the
// p-value, the tolerance, the verdict and why. Pure.
import { METRICS } from '../../compare/metrics.js';
import type { CellComparison, Verdict } from '../../compare/verdict-schema.js';
import { column, number, qualified, text } from './cells.js';
import type { Column, ResultKey, ResultRow, Table } from './model.js';
import { cellMetricLabel } from './operations.js';
import { variantOf } from '../../suite/suite-schema.js';
import { variantLabel } from '../../suite/variants.js';

/** Repetitions per side: one figure when both sides have as many, else base/head. */
export function repetitionsLabel(cell: CellComparison): string {
  const base = cell.base.values.length;
  const head = cell.head.values.length;
  return base === head ? String(base) : `${base}/${head}`;
}

function resultColumns(confidence: number, variants: boolean): Column<ResultKey>[] {
  return [
    column('workload', 'workload', 'left'),
    column('threads', 'threads', 'right'),
    ...(variants ? [column<ResultKey>('variant', 'variant', 'left')] : []),
    column('metric', 'metric', 'left'),
    column('baseMedian', 'base median', 'right', { short: 'base' }),
    column('baseRange', 'base min–max', 'right'),
    column('baseCv', 'base CV', 'right'),
    column('headMedian', 'head median', 'right', { short: 'head' }),
    column('headRange', 'head min–max', 'right'),
    column('headCv', 'head CV', 'right'),
    column('change', 'change [interval]', 'right', {
      split: qualified('change', `${confidence}% interval`),
    }),
    column('p', 'p', 'right'),
    column('reps', 'reps', 'right'),
    column('tolerance', 'tolerance', 'right'),
    column('verdict', 'verdict', 'left'),
    column('reason', 'reason', 'left', { prose: true }),
  ];
}

function resultRow(cell: CellComparison, metricLabel: string): ResultRow {
  const { base, head } = cell;
  return {
    workload: cell.workload,
    threads: cell.threads,
    ...variantOf(cell),
    metric: cell.metric,
    metricLabel,
    gating: cell.gating,
    fromHistogram: METRICS[cell.metric].fromHistogram,
    verdict: cell.verdict,
    reason: cell.reason,
    cells: {
      workload: text(cell.workload),
      threads: number(cell.threads, 'integer'),
      variant: text(variantLabel(cell.variant) || '–'),
      metric: { kind: 'text', text: metricLabel, short: cell.metric },
      baseMedian: number(base.median, 'figure'),
      baseRange: { kind: 'range', low: base.min, high: base.max },
      baseCv: number(base.cv, 'percent'),
      headMedian: number(head.median, 'figure'),
      headRange: { kind: 'range', low: head.min, high: head.max },
      headCv: number(head.cv, 'percent'),
      change: {
        kind: 'change',
        value: cell.change,
        low: cell.changeInterval.low,
        high: cell.changeInterval.high,
      },
      p:
        cell.judgedBy === 'counts'
          ? { kind: 'p-value', value: null, unadjusted: null }
          : { kind: 'p-value', value: cell.pValue, unadjusted: cell.pValueRaw },
      reps: text(repetitionsLabel(cell)),
      tolerance: number(cell.threshold, 'tolerance'),
      verdict: { kind: 'verdict', verdict: cell.verdict, gating: cell.gating },
      reason: text(cell.reason),
    },
  };
}

export function resultsOf(
  verdict: Verdict,
  metricLabel: (metric: CellComparison['metric']) => string,
): Table<ResultKey, ResultRow> {
  return {
    columns: resultColumns(
      Math.round(verdict.settings.confidence * 100),
      verdict.cells.some((cell) => cell.variant !== undefined),
    ),
    rows: verdict.cells.map((cell) => resultRow(cell, cellMetricLabel(cell, metricLabel))),
  };
}
