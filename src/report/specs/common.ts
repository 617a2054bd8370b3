// What every chart spec shares: the Vega-Lite schema URL, the look (font, background, colours)
// and the labels of cells and sides. Pure.
import type { Config, TopLevelSpec } from 'vega-lite';

import { METRICS, type MetricName } from '../../compare/metrics.js';
import type { CellResult, Repetition, SideName } from '../../results/results-schema.js';
import { median } from '../../stats/descriptive.js';
import type { ReportInput } from '../report-input.js';
import { operationOf } from '../../compare/operation-cells.js';
import { type OperationUnit, perUnitLabel } from '../../results/operation-units.js';
import { type Cell, cellTitle } from '../../suite/suite-schema.js';
import { variantLabel } from '../../suite/variants.js';

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/**
 * The one font family every text uses: the renderer ships DejaVu Sans (and maps every other
 * family to it), and it measures label widths with that font's own metrics, so layout and drawing
 * agree. Naming it everywhere also makes the HTML report pick it where the reader has it.
 */
export const CHART_FONT = 'DejaVu Sans';

/** Width of a single-panel chart: fits a pull-request comment without scaling down. */
export const CHART_WIDTH = 640;

/** Axis and legend labels, px. */
export const LABEL_FONT_SIZE = 10;

export const CHART_CONFIG: Config = {
  font: CHART_FONT,
  // A transparent PNG turns black text unreadable on GitHub's dark theme.
  background: 'white',
  title: { font: CHART_FONT, subtitleFont: CHART_FONT, fontSize: 14, subtitleFontSize: 11, anchor: 'start' },
  axis: { labelFont: CHART_FONT, titleFont: CHART_FONT, labelFontSize: LABEL_FONT_SIZE, titleFontSize: 11 },
  // Above the plot, not beside it: the width goes to the panels.
  legend: {
    labelFont: CHART_FONT,
    titleFont: CHART_FONT,
    labelFontSize: LABEL_FONT_SIZE,
    titleFontSize: 11,
    orient: 'top',
    direction: 'horizontal',
    labelLimit: 260,
  },
  header: { labelFont: CHART_FONT, titleFont: CHART_FONT, labelFontSize: 11, titleFontSize: 11 },
  text: { font: CHART_FONT },
};

/** Base and head keep their colours in every chart (blue and orange stay apart for colour-blind readers). */
export const SIDE_SCALE = { domain: ['base', 'head'], range: ['#4c78a8', '#f58518'] };

/**
 * The side legend: "base" and "head", or, when one run's variants are judged against each other
 * (`compare --against-variant D=V`), what each side ran under: `D=V` for the base, `D=` the other
 * values for the head. Labels, not data: the rows keep `side` as base and head.
 */
export function sideLegend(input: Pick<ReportInput, 'verdict' | 'head'>): {
  readonly title: string;
  readonly legend?: { readonly labelExpr: string };
} {
  const { kind, variant } = input.verdict.baseSource;
  if (kind !== 'variant' || variant === undefined) return { title: 'side' };
  const others = distinctInOrder(
    input.head.cells
      .flatMap((cell) => cell.variant?.[variant.dimension] ?? [])
      .filter((v) => v !== variant.value),
  );
  // JSON's string literals are Vega expression string literals: a value cannot break out.
  const base = JSON.stringify(`${variant.dimension}=${variant.value}`);
  const head = JSON.stringify(`${variant.dimension}=${others.join(', ')}`);
  return { title: 'side', legend: { labelExpr: `datum.value === 'base' ? ${base} : ${head}` } };
}

/** Colour by side, base blue and head orange, with the side legend. */
export function sideColor(input: Pick<ReportInput, 'verdict' | 'head'>) {
  return { field: 'side', type: 'nominal', scale: SIDE_SCALE, ...sideLegend(input) } as const;
}

/**
 * Throughput's y axis title. Short on purpose: a y title longer than its panel is tall stretches
 * the panel's bounds, and a wrapped facet then leaves gaps between headers, plots and axes.
 */
export const TPS_TITLE = `throughput (${METRICS.tps.unit})`;

export function cellLabel(cell: Cell): string {
  return cellTitle(cell);
}

/** A workload's panel: the workload, and its variant when the suite has variants. */
export function panelOf(cell: Pick<Cell, 'workload' | 'variant'>): string {
  const label = variantLabel(cell.variant);
  return label === '' ? cell.workload : `${cell.workload} [${label}]`;
}

/** A cell and the metric judged on it, as the change and trend charts label their rows, in its unit. */
export function cellMetricLabel(
  cell: Cell & { readonly metric: MetricName; readonly operation?: { readonly per: OperationUnit } },
): string {
  return `${cellLabel(cell)} (${perUnitLabel(METRICS[cell.metric].unit, cell.operation?.per)})`;
}

/** Whether a results cell is a client workload's (not a recovery, a cold start or a replica apply). */
export function isClientCell(input: Pick<ReportInput, 'suite'>, cell: Pick<Cell, 'workload'>): boolean {
  return operationOf(input.suite, cell.workload) === undefined;
}

export interface SideCell {
  readonly side: SideName;
  readonly cell: CellResult;
}

/** Every repetition's value of a metric; repetitions that lack it are left out. */
export function metricValues(
  cell: CellResult,
  metric: MetricName,
): { repetition: Repetition; value: number }[] {
  return cell.repetitions.flatMap((repetition) => {
    const value = METRICS[metric].value(repetition);
    return value === undefined || !Number.isFinite(value) ? [] : [{ repetition, value }];
  });
}

/** The median (stats' one), or null when no repetition has the metric: the chart leaves that point out. */
export function medianOrNull(values: readonly number[]): number | null {
  return values.length === 0 ? null : median(values);
}

/** Sorted distinct numbers. */
export function distinctSorted(values: Iterable<number>): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

/** Distinct strings in first-seen order (the suite's order, which the charts keep). */
export function distinctInOrder(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** One row per repetition of each side's cells: the metric's value under `field`. */
export function repetitionRows<F extends string>(
  input: Pick<ReportInput, 'base' | 'head'>,
  metric: MetricName,
  field: F,
): ({
  workload: string;
  threads: number;
  variant: string;
  panel: string;
  side: SideName;
  repetition: number;
} & Record<F, number>)[] {
  const sides = [
    { side: 'base', cells: input.base.cells },
    { side: 'head', cells: input.head.cells },
  ] as const;
  return sides.flatMap(({ side, cells }) =>
    cells.flatMap((cell) =>
      metricValues(cell, metric).map(({ repetition, value }) => ({
        workload: cell.workload,
        threads: cell.threads,
        variant: variantLabel(cell.variant),
        panel: panelOf(cell),
        side,
        repetition: repetition.index,
        ...({ [field]: value } as Record<F, number>),
      })),
    ),
  );
}

/** What a chart of one panel per workload says: its rows, its panels' size and layers. */
export interface WorkloadPanels {
  readonly title: string;
  readonly subtitle: string;
  readonly values: readonly object[];
  readonly workloads: readonly string[];
  /** Panels per row, at most. */
  readonly columns: number;
  readonly width: number;
  readonly height: number;
  readonly layer: readonly object[];
}

/**
 * One panel per workload, each with a y scale of its own: workloads differ by orders of magnitude
 * (a point select against a read-write transaction).
 */
export function workloadPanels(panels: WorkloadPanels): TopLevelSpec {
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: panels.title, subtitle: panels.subtitle },
    config: CHART_CONFIG,
    data: { values: [...panels.values] },
    facet: { field: 'panel', type: 'nominal', sort: [...panels.workloads], title: null },
    columns: Math.min(panels.columns, panels.workloads.length),
    spec: { width: panels.width, height: panels.height, layer: [...panels.layer] },
    resolve: { scale: { y: 'independent' } },
  } as TopLevelSpec;
}
