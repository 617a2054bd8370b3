// The bisection chart: one point per measured commit in commit order (its median), coloured by the
// call it got, with the good and the bad end as dashed rules, one panel per cell. Shows at a glance
// where the value jumped and how far each commit sat from either end.
import type { TopLevelSpec } from 'vega-lite';

import { type BisectState, endValues, measuredInOrder } from '../../bisect/bisect-state.js';
import { METRICS } from '../../compare/metrics.js';
import { plural } from '../../format.js';
import { parseCellName } from '../../suite/select-cells.js';
import { CHART_CONFIG, cellLabel, LABEL_FONT_SIZE, medianOrNull, VEGA_LITE_SCHEMA } from './common.js';

export const BISECT_TITLE = 'Bisection';

/** Fixed, so a colour means the same call in every chart; the ends' rules take their call's colour. */
export const CALL_SCALE = {
  domain: ['good', 'bad', 'skipped'],
  range: ['#2ca02c', '#d62728', '#9e9e9e'],
};

const PANEL_COLUMNS = 2;

/** A cell's label for its panel: "oltp_point_select @ 1", from its name "oltp_point_select@1". */
function panelLabel(name: string): string {
  try {
    return cellLabel(parseCellName(name, 'cell'));
  } catch {
    return name;
  }
}

export interface BisectPoint {
  readonly kind: 'commit' | 'end';
  readonly cell: string;
  readonly commit: string;
  readonly subject: string;
  readonly call: string;
  readonly value: number;
  readonly repetitions: number;
  readonly firstBad: boolean;
}

/** The chart's data: each measured commit's median per cell, and each end's median per cell. */
export function bisectPoints(state: BisectState): BisectPoint[] {
  const firstBad = state.result?.outcome === 'found' ? state.result.sha : null;
  const commits = measuredInOrder(state).flatMap((commit) =>
    state.inputs.cells.flatMap((cell): BisectPoint[] => {
      const values = commit.values[cell] ?? [];
      const value = medianOrNull(values);
      if (value === null) return [];
      const short = commit.sha.slice(0, 8);
      const firstBadHere = commit.sha === firstBad;
      const base = {
        kind: 'commit',
        cell: panelLabel(cell),
        commit: short,
        subject: commit.subject,
      } as const;
      return [{ ...base, call: commit.call, value, repetitions: values.length, firstBad: firstBadHere }];
    }),
  );
  const ends = endValues(state);
  const rules = (['good', 'bad'] as const).flatMap((end) =>
    state.inputs.cells.flatMap((cell): BisectPoint[] => {
      const values = ends[end]?.[cell] ?? [];
      const value = medianOrNull(values);
      const sha = end === 'good' ? state.inputs.good : state.inputs.bad;
      return value === null
        ? []
        : [
            {
              kind: 'end',
              cell: panelLabel(cell),
              commit: sha.slice(0, 8),
              subject: `the ${end} end`,
              call: end,
              value,
              repetitions: values.length,
              firstBad: false,
            },
          ];
    }),
  );
  return [...commits, ...rules];
}

/** Vega-Lite exports no name for a layer list; this one is TopLevelSpec's own. */
type Layers = Extract<TopLevelSpec, { layer: unknown }>['layer'];

function bisectLayers(order: readonly string[], yTitle: string, firstBad: boolean): Layers {
  const color = { field: 'call', type: 'nominal', scale: CALL_SCALE, title: 'call' } as const;
  const y = { field: 'value', type: 'quantitative', title: yTitle, scale: { zero: false } } as const;
  const x = {
    field: 'commit',
    type: 'ordinal',
    sort: [...order],
    title: 'commit (oldest first)',
    axis: { labelAngle: -45, labelFontSize: LABEL_FONT_SIZE },
  } as const;
  const layers: Layers = [
    {
      transform: [{ filter: { field: 'kind', equal: 'end' } }],
      mark: { type: 'rule', strokeDash: [6, 4], strokeWidth: 1.5 },
      encoding: { y, color },
    },
    {
      transform: [{ filter: { field: 'kind', equal: 'commit' } }],
      mark: { type: 'point', filled: true, size: 80, opacity: 1 },
      encoding: {
        x,
        y,
        color,
        tooltip: [
          { field: 'commit', type: 'nominal' },
          { field: 'subject', type: 'nominal' },
          { field: 'value', type: 'quantitative', format: ',.1f', title: 'median' },
          { field: 'repetitions', type: 'quantitative' },
          { field: 'call', type: 'nominal' },
        ],
      },
    },
  ];
  // Only with a first bad commit: a layer without data would give its scales an infinite extent.
  if (firstBad) {
    layers.push({
      transform: [{ filter: { field: 'firstBad', equal: true } }],
      mark: { type: 'text', dy: -12, fontSize: LABEL_FONT_SIZE, fontWeight: 'bold' },
      encoding: { x, y, text: { value: 'first bad' }, color },
    });
  }
  return layers;
}

/** Null while no commit has a value (nothing measured, or only reference values for the ends). */
export function bisectSpec(state: BisectState): TopLevelSpec | null {
  const values = bisectPoints(state);
  if (!values.some((point) => point.kind === 'commit')) return null;
  const metric = METRICS[state.inputs.metric];
  const order = [
    ...new Set(
      measuredInOrder(state)
        .filter((commit) => Object.keys(commit.values).length > 0)
        .map((commit) => commit.sha.slice(0, 8)),
    ),
  ];
  const panels = [...new Set(state.inputs.cells.map(panelLabel))];
  const skippedUnmeasured = state.measured.filter((commit) => Object.keys(commit.values).length === 0).length;
  const subtitle =
    `median of each measured commit's repetitions; dashed: the good and the bad end` +
    (skippedUnmeasured > 0
      ? `; not shown: ${plural(skippedUnmeasured, 'commit', 'commits')} that did not build or could not be measured`
      : '');
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: `${BISECT_TITLE}: ${metric.label}`, subtitle },
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'cell', type: 'nominal', sort: panels, title: null },
    columns: Math.min(PANEL_COLUMNS, panels.length),
    spec: {
      width: 300,
      height: 180,
      layer: bisectLayers(
        order,
        `median (${metric.unit})`,
        values.some((point) => point.firstBad),
      ),
    },
    resolve: { scale: { y: 'independent' } },
  };
}
