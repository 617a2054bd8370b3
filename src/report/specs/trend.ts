// The trend chart: a stored baseline's history per gating cell, with this run beside it. A slow
// drift over many merges passes every single comparison; only the series shows it.
import type { TopLevelSpec } from 'vega-lite';

import { METRICS, type MetricName } from '../../compare/metrics.js';
import type { CellComparison } from '../../compare/verdict-schema.js';
import type { CellResult } from '../../results/results-schema.js';
import type { ReportInput } from '../report-input.js';
import {
  CHART_CONFIG,
  cellMetricLabel,
  distinctInOrder,
  medianOrNull,
  metricValues,
  VEGA_LITE_SCHEMA,
} from './common.js';
import { type Cell, sameCell } from '../../suite/suite-schema.js';

/** Entries a trend needs: one is a point, not a series. */
export const TREND_MIN_ENTRIES = 2;

const PANEL_COLUMNS = 3;
const STORED = 'stored baseline';
const CURRENT = 'this run';

function findCell(cells: readonly CellResult[], wanted: Cell): CellResult | undefined {
  return cells.find((cell) => sameCell(cell, wanted));
}

/**
 * When this run happened: its last repetition's start. The input carries no results timestamps,
 * and the newest repetition places the run after every entry saved before it.
 */
function headTime(input: ReportInput): string | null {
  const times = input.head.cells.flatMap((cell) =>
    cell.repetitions.map((repetition) => repetition.startedAt),
  );
  return times.length === 0 ? null : times.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

export const TREND_TITLE = 'Baseline history';

/** One point of the chart: a cell's median in a stored entry or in this run. */
export interface TrendPoint {
  readonly cell: string;
  readonly workload: string;
  readonly threads: number;
  readonly metric: MetricName;
  readonly savedAt: string;
  readonly value: number;
  readonly series: typeof STORED | typeof CURRENT;
  readonly commit: string;
}

/** A judged cell's points: its median in every stored entry, then in this run (when it has a time). */
function cellPoints(input: ReportInput, judgedCell: CellComparison, now: string | null): TrendPoint[] {
  const { workload, threads, metric } = judgedCell;
  const label = cellMetricLabel(judgedCell);
  const point = (
    savedAt: string,
    cell: CellResult | undefined,
    series: TrendPoint['series'],
    commit: string,
  ): TrendPoint[] => {
    const value =
      cell === undefined ? null : medianOrNull(metricValues(cell, metric).map((entry) => entry.value));
    return value === null ? [] : [{ cell: label, workload, threads, metric, savedAt, value, series, commit }];
  };
  return [
    ...input.history.flatMap((entry) =>
      point(entry.savedAt, findCell(entry.cells, judgedCell), STORED, entry.commit ?? ''),
    ),
    ...(now === null ? [] : point(now, findCell(input.head.cells, judgedCell), CURRENT, '')),
  ];
}

/** The chart's data: every gating cell's points, cell by cell in the verdict's order. */
export function trendPoints(input: ReportInput): TrendPoint[] {
  const now = headTime(input);
  return input.verdict.cells.filter((cell) => cell.gating).flatMap((cell) => cellPoints(input, cell, now));
}

/** One unit for every panel when the gating metrics share it; otherwise each panel's title says. */
function yAxisTitle(judged: readonly CellComparison[]): string {
  const metrics = [...new Set(judged.map((cell) => cell.metric))];
  const [onlyMetric] = metrics;
  return metrics.length === 1 && onlyMetric !== undefined
    ? `median (${METRICS[onlyMetric].unit})`
    : 'median (unit in the panel title)';
}

/** Vega-Lite exports no name for a layer list; this one is TopLevelSpec's own. */
type Layers = Extract<TopLevelSpec, { layer: unknown }>['layer'];

/** Each panel: the stored series as a line, and every point, this run's drawn apart. */
function trendLayers(yTitle: string): Layers {
  const x = {
    field: 'savedAt',
    type: 'temporal',
    // UTC: the same chart whatever the time zone of the machine that renders it.
    scale: { type: 'utc', padding: 12 },
    axis: { format: '%m-%d %H:%M', labelAngle: -30, title: 'saved at (UTC)' },
  } as const;
  const y = {
    field: 'value',
    type: 'quantitative',
    title: yTitle,
    // A drift of a few percent is the point of the chart: an axis from zero would flatten it.
    scale: { zero: false },
  } as const;
  const color = { field: 'workload', type: 'nominal', title: 'workload' } as const;
  return [
    {
      transform: [{ filter: { field: 'series', equal: STORED } }],
      mark: { type: 'line', strokeWidth: 1.5 },
      encoding: { x, y, color },
    },
    {
      mark: { type: 'point', filled: true, size: 80, opacity: 1 },
      encoding: {
        x,
        y,
        color,
        shape: {
          field: 'series',
          type: 'nominal',
          scale: { domain: [STORED, CURRENT], range: ['circle', 'diamond'] },
          title: null,
        },
        tooltip: [
          { field: 'cell', type: 'nominal' },
          { field: 'series', type: 'nominal' },
          { field: 'savedAt', type: 'nominal', title: 'saved at (UTC)' },
          { field: 'commit', type: 'nominal' },
          { field: 'value', type: 'quantitative', format: ',.1f', title: 'median' },
        ],
      },
    },
  ];
}

/** Null unless the base is a stored baseline with at least TREND_MIN_ENTRIES entries. */
export function trendSpec(input: ReportInput): TopLevelSpec | null {
  if (input.verdict.baseSource.kind !== 'baseline' || input.history.length < TREND_MIN_ENTRIES) return null;
  const values = trendPoints(input);
  if (!values.some((value) => value.series === STORED)) return null;
  const cells = distinctInOrder(values.map((value) => value.cell));
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: TREND_TITLE,
      subtitle: `median of each stored entry (${input.history.length} entries) and of this run`,
    },
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'cell', type: 'nominal', sort: cells, title: null },
    columns: Math.min(PANEL_COLUMNS, cells.length),
    spec: {
      width: 140,
      height: 120,
      layer: trendLayers(yAxisTitle(input.verdict.cells.filter((cell) => cell.gating))),
    },
    resolve: { scale: { y: 'independent' } },
  };
}
