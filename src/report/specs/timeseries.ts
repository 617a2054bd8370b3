// The time-series chart: throughput per sysbench report interval, one line per repetition. Shows
// what a median hides: warm-up still under way, stalls (checkpoints, purge), a side that drifts.
import type { TopLevelSpec } from 'vega-lite';

import type { CellResult } from '../../results/results-schema.js';
import type { ReportInput } from '../report-input.js';
import { CHART_CONFIG, cellLabel, TPS_TITLE, VEGA_LITE_SCHEMA, sideColor } from './common.js';

/** Above this many cells the chart shows only the first TIMESERIES_CELLS_SHOWN. */
export const TIMESERIES_MAX_CELLS = 30;
export const TIMESERIES_CELLS_SHOWN = 12;

const PANEL_COLUMNS = 3;

export const TIMESERIES_TITLE = 'Throughput over each repetition';

/** Null when no repetition has interval lines (instruction suites, --report-interval 0). */
export function timeseriesSpec(input: ReportInput): TopLevelSpec | null {
  const key = (cell: CellResult): string => cellLabel(cell);
  // Cells without per-second reports (an operational cell's, --report-interval 0) take no panel,
  // nor a place among the cells shown.
  const reported = (cell: CellResult): boolean =>
    cell.repetitions.some((repetition) => repetition.report.intervals.length > 0);
  const allCells = [...new Set([...input.head.cells, ...input.base.cells].filter(reported).map(key))];
  // Every line is a repetition of tens to thousands of points: a large suite would make a chart
  // too big to render in a comment and too dense to read.
  const shown = new Set(
    allCells.length > TIMESERIES_MAX_CELLS ? allCells.slice(0, TIMESERIES_CELLS_SHOWN) : allCells,
  );
  const sides = [
    { side: 'base', cells: input.base.cells },
    { side: 'head', cells: input.head.cells },
  ] as const;
  const values = sides.flatMap(({ side, cells }) =>
    cells
      .filter((cell) => shown.has(key(cell)))
      .flatMap((cell) =>
        cell.repetitions.flatMap((repetition) =>
          repetition.report.intervals.map((interval) => ({
            cell: key(cell),
            side,
            repetition: repetition.index,
            run: `${side} #${repetition.index}`,
            timeS: interval.timeS,
            tps: interval.tps,
          })),
        ),
      ),
  );
  if (values.length === 0) return null;
  const withData = new Set(values.map((value) => value.cell));
  const cells = allCells.filter((cell) => withData.has(cell));
  const subtitle =
    `one line per repetition; sysbench reports every ${input.suite.reportIntervalSeconds} s` +
    (shown.size < allCells.length ? `; the first ${shown.size} of ${allCells.length} cells` : '');
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: TIMESERIES_TITLE, subtitle },
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'cell', type: 'nominal', sort: cells, title: null },
    columns: Math.min(PANEL_COLUMNS, cells.length),
    spec: {
      width: 150,
      height: 120,
      mark: { type: 'line', strokeWidth: 1.2, opacity: 0.75, interpolate: 'linear' },
      encoding: {
        x: { field: 'timeS', type: 'quantitative', title: 'time into the repetition (s)' },
        y: { field: 'tps', type: 'quantitative', title: TPS_TITLE, axis: { format: '~s' } },
        color: sideColor(input),
        detail: { field: 'run', type: 'nominal' },
      },
    },
    resolve: { scale: { y: 'independent' } },
  };
}
