// The cost charts of instruction suites: instructions per transaction per cell, and where they
// went (the functions whose self cost changed most) — the first pointer to the cause.
import type { TopLevelSpec } from 'vega-lite';

import { METRICS } from '../../compare/metrics.js';
import { formatChangePercentLabel } from '../../format.js';
import type { CellFunctionDeltas } from '../../compare/verdict-schema.js';
import type { ReportInput } from '../report-input.js';
import { perUnitLabel, perUnitsLabel } from '../../results/operation-units.js';
import { sameCell } from '../../suite/suite-schema.js';
import {
  CHART_CONFIG,
  cellLabel,
  panelOf,
  distinctInOrder,
  isClientCell,
  LABEL_FONT_SIZE,
  repetitionRows,
  SIDE_SCALE,
  VEGA_LITE_SCHEMA,
  workloadPanels,
  sideColor,
} from './common.js';

const PANEL_COLUMNS = 4;

export const COST_TITLE = 'Instructions per transaction';

/** Null unless the suite counts instructions and some repetition has the count. */
export function costSpec(input: ReportInput): TopLevelSpec | null {
  if (input.suite.metric !== 'instructions') return null;
  const metric = METRICS.instructions;
  // An operational cell's instructions are per recovery, start or applied transaction: its own chart.
  const values = repetitionRows(input, metric.name, 'instructions').filter((row) => isClientCell(input, row));
  if (values.length === 0) return null;
  const workloads = distinctInOrder(
    input.head.cells.filter((cell) => isClientCell(input, cell)).map(panelOf),
  );
  const x = { field: 'threads', type: 'ordinal', title: 'client threads', axis: { labelAngle: 0 } } as const;
  const xOffset = { field: 'side', type: 'nominal', scale: { domain: SIDE_SCALE.domain } } as const;
  const y = {
    type: 'quantitative',
    title: `instructions (${metric.unit})`,
    axis: { format: '.3~s' },
  } as const;
  const color = sideColor(input);
  return workloadPanels({
    title: COST_TITLE,
    subtitle: 'statement execution (callgrind); bar: median, tick: repetition',
    values,
    workloads,
    columns: PANEL_COLUMNS,
    width: 90,
    height: 180,
    layer: [
      {
        mark: { type: 'bar', opacity: 0.85 },
        encoding: { x, xOffset, y: { ...y, field: 'instructions', aggregate: 'median' }, color },
      },
      {
        mark: { type: 'tick', color: '#222222', thickness: 1.5 },
        encoding: {
          x,
          xOffset,
          y: { ...y, field: 'instructions' },
          tooltip: [
            { field: 'workload', type: 'nominal' },
            { field: 'side', type: 'nominal' },
            { field: 'repetition', type: 'ordinal' },
            { field: 'instructions', type: 'quantitative', format: ',.0f', title: metric.unit },
          ],
        },
      },
    ],
  });
}

/** Functions shown per cell: the cells that changed, or every cell when none did. */
export const FUNCTIONS_PER_CHANGED_CELL = 10;
export const FUNCTIONS_PER_UNCHANGED_CELL = 5;
/** Longer names (C++ templates run to hundreds of characters) are cut; the tooltip has them whole. */
export const FUNCTION_NAME_LIMIT = 60;

export function truncateName(name: string, limit = FUNCTION_NAME_LIMIT): string {
  // By code point, so a cut never splits a surrogate pair.
  const characters = Array.from(name);
  return characters.length <= limit ? name : `${characters.slice(0, limit - 1).join('')}…`;
}

const MORE = 'head costs more';
const FEWER = 'head costs less';
const ROW_HEIGHT = 16;

export const FUNCTIONS_TITLE = 'Where the instructions went';

/** The panel's header says what the cell's verdict was judged on, so the bars can be read against it. */
function panelHeader(input: ReportInput, cell: CellFunctionDeltas): string {
  // The same cell, variant included: two `load` variants of a recovery are two cells.
  const judged = input.verdict.cells.find(
    (candidate) => sameCell(candidate, cell) && candidate.metric === 'instructions',
  );
  const unit = perUnitLabel(METRICS.instructions.unit, cell.operation?.per);
  const change = judged === undefined ? '' : `, ${formatChangePercentLabel(judged.change)} ${unit}`;
  return `${cellLabel(cell)}: ${cell.verdict ?? 'not judged'}${change}`;
}

/** One bar per function: the `limit` largest changes of each cell. */
function functionBars(input: ReportInput, cells: readonly CellFunctionDeltas[], limit: number) {
  return cells.flatMap((cell) => {
    const header = panelHeader(input, cell);
    // Two long names can share their first characters: each bar keeps its own row.
    const seen = new Map<string, number>();
    return cell.functions.slice(0, limit).map((fn) => {
      const short = truncateName(fn.name);
      const count = (seen.get(short) ?? 0) + 1;
      seen.set(short, count);
      return {
        cell: header,
        function: count === 1 ? short : `${short} [${count}]`,
        name: fn.name,
        object: fn.object,
        base: fn.base,
        head: fn.head,
        delta: fn.delta,
        direction: fn.delta > 0 ? MORE : FEWER,
      };
    });
  });
}

/** Red where the head costs more, green where it costs less. */
const DIRECTION_COLOR = {
  field: 'direction',
  type: 'nominal',
  scale: { domain: [MORE, FEWER], range: ['#d62728', '#2ca02c'] },
  title: 'head vs base',
} as const;

const FUNCTION_TOOLTIP = [
  { field: 'name', type: 'nominal', title: 'function' },
  { field: 'object', type: 'nominal' },
  { field: 'base', type: 'quantitative', format: ',.1f' },
  { field: 'head', type: 'quantitative', format: ',.1f' },
  { field: 'delta', type: 'quantitative', format: '+,.1f' },
] as const;

/** Bars by function in one panel per cell, sorted by change, red where the head costs more. */
function functionsChart(
  values: ReturnType<typeof functionBars>,
  shape: { readonly rows: number; readonly limit: number; readonly unit: string },
): TopLevelSpec {
  const { rows, limit, unit } = shape;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: FUNCTIONS_TITLE,
      subtitle: `the ${limit} largest changes of self cost per cell`,
    },
    config: CHART_CONFIG,
    data: { values },
    facet: {
      field: 'cell',
      type: 'nominal',
      sort: distinctInOrder(values.map((value) => value.cell)),
      title: null,
      header: { labelFontWeight: 'bold', labelAnchor: 'start', labelLimit: 600 },
    },
    columns: 1,
    spec: {
      width: 200,
      height: rows * ROW_HEIGHT,
      mark: { type: 'bar' },
      encoding: {
        y: {
          field: 'function',
          type: 'nominal',
          sort: { field: 'delta', order: 'descending' },
          title: null,
          // Vega cuts labels at 180 px by default: too short for FUNCTION_NAME_LIMIT characters,
          // which take up to 0.8 em each in DejaVu Sans (capitals, `*`, `_`).
          axis: { labelLimit: Math.ceil(FUNCTION_NAME_LIMIT * 0.8 * LABEL_FONT_SIZE) },
        },
        x: {
          field: 'delta',
          type: 'quantitative',
          title: `self cost, head − base (${unit})`,
          // Negative labels ("−200k") are wide: keep a gap between neighbours, dropping some.
          axis: { format: '~s', labelSeparation: 8 },
        },
        color: DIRECTION_COLOR,
        tooltip: [...FUNCTION_TOOLTIP],
      },
    },
    // Each cell lists its own functions, and a point select's changes are a tenth of a
    // read-write transaction's: on a shared axis its bars would not show.
    resolve: { scale: { x: 'independent', y: 'independent' } },
  };
}

/** Null when the verdict lists no function deltas (not an instruction suite, no profiles). */
export function functionsSpec(input: ReportInput): TopLevelSpec | null {
  const deltas = input.verdict.functionDeltas.filter((cell) => cell.functions.length > 0);
  const changed = deltas.filter((cell) => cell.verdict !== 'unchanged');
  const [cells, limit] =
    changed.length > 0 ? [changed, FUNCTIONS_PER_CHANGED_CELL] : [deltas, FUNCTIONS_PER_UNCHANGED_CELL];
  if (cells.length === 0) return null;
  const rows = Math.max(...cells.map((cell) => Math.min(limit, cell.functions.length)));
  // Each cell's bars are per its unit: an operational cell's per recovery, start or applied transaction.
  const unit = perUnitsLabel(
    METRICS.instructions.unit,
    cells.map((cell) => cell.operation?.per),
  );
  return functionsChart(functionBars(input, cells, limit), { rows, limit, unit });
}
