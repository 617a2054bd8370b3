// The stall chart: for each cell whose stall seconds regressed, the throughput of every second of
// one repetition per side, the repetition the verdict names (the side's one with the most stall
// seconds), with each stalled second marked and half the repetition's median drawn, the line a
// second must fall below to count. Pure.
import type { TopLevelSpec } from 'vega-lite';

import type { CellStalls } from '../../compare/verdict-schema.js';
import type { CellResult } from '../../results/results-schema.js';
import { sameCell } from '../../suite/suite-schema.js';
import { runStalls, STALL_FRACTION } from '../../sysbench/stalls.js';
import type { ReportInput } from '../report-input.js';
import { CHART_CONFIG, cellLabel, TPS_TITLE, VEGA_LITE_SCHEMA, sideColor } from './common.js';

/** Panels shown at most, in the verdict's order. */
export const STALL_CELLS_SHOWN = 6;

const PANEL_COLUMNS = 2;

export const STALLS_TITLE = "Throughput per second: each side's repetition with the most stall seconds";

interface SecondRow {
  readonly cell: string;
  readonly side: 'base' | 'head';
  readonly timeS: number;
  readonly tps: number;
  readonly stalled: boolean;
  /** Half the repetition's median second: below it, a second is a stall. */
  readonly stallLineTps: number;
}

/** The seconds of the repetition the verdict names for one side of a cell. */
function sideRows(
  cell: CellResult | undefined,
  repetition: number,
  side: 'base' | 'head',
  label: string,
): SecondRow[] {
  const intervals =
    cell?.repetitions.find((candidate) => candidate.index === repetition)?.report.intervals ?? [];
  const stalls = runStalls(intervals);
  if (stalls === undefined) return [];
  const stalled = new Set(stalls.stalledAtS);
  return intervals.map((interval) => ({
    cell: label,
    side,
    timeS: interval.timeS,
    tps: interval.tps,
    stalled: stalled.has(interval.timeS),
    stallLineTps: STALL_FRACTION * stalls.medianTps,
  }));
}

function find(cells: readonly CellResult[], stalls: CellStalls): CellResult | undefined {
  return cells.find((cell) => sameCell(cell, stalls));
}

/** "oltp_point_select @ 1: base #2, head #3": a panel's cell and the repetitions drawn. */
function panelLabel(stalls: CellStalls): string {
  return `${cellLabel(stalls)}: base #${stalls.base.repetition}, head #${stalls.head.repetition}`;
}

/** Null when no cell's stall seconds regressed (or its repetitions are not at hand). */
export function stallsSpec(input: ReportInput): TopLevelSpec | null {
  const section = input.verdict.stalls;
  if (section?.status !== 'judged') return null;
  const shown = section.cells.slice(0, STALL_CELLS_SHOWN);
  const values = shown.flatMap((stalls) => [
    ...sideRows(find(input.base.cells, stalls), stalls.base.repetition, 'base', panelLabel(stalls)),
    ...sideRows(find(input.head.cells, stalls), stalls.head.repetition, 'head', panelLabel(stalls)),
  ]);
  if (values.length === 0) return null;
  const panels = [...new Set(values.map((row) => row.cell))];
  const color = sideColor(input);
  const x = {
    field: 'timeS',
    type: 'quantitative',
    title: 'time into the repetition (s)',
    // Whole seconds: sysbench reports at the end of each one.
    axis: { tickMinStep: 1, format: 'd' },
  } as const;
  const subtitle =
    `▼ a stalled second (below half its repetition's median second, the dashed line); panels name the repetitions drawn` +
    (section.cells.length > shown.length
      ? `; the first ${shown.length} of ${section.cells.length} cells`
      : '');
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: STALLS_TITLE, subtitle },
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'cell', type: 'nominal', sort: panels, title: null },
    columns: Math.min(PANEL_COLUMNS, panels.length),
    spec: {
      width: panels.length === 1 ? 560 : 300,
      height: 180,
      layer: [
        {
          mark: { type: 'line', strokeWidth: 1.5, point: false },
          encoding: {
            x,
            y: { field: 'tps', type: 'quantitative', title: TPS_TITLE, axis: { format: '~s' } },
            color,
          },
        },
        {
          mark: { type: 'rule', strokeDash: [4, 3], strokeWidth: 1 },
          encoding: { y: { field: 'stallLineTps', aggregate: 'mean', type: 'quantitative' }, color },
        },
        {
          transform: [{ filter: 'datum.stalled' }],
          mark: { type: 'point', shape: 'triangle-down', filled: true, size: 90, opacity: 1 },
          encoding: { x, y: { field: 'tps', type: 'quantitative' }, color },
        },
      ],
    },
    resolve: { scale: { y: 'independent' } },
  };
}
