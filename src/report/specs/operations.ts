// A chart per operation the suite measures (crash recovery, cold start, replica apply): each
// repetition's seconds and its other metrics in the operation's unit (instructions per recovery,
// CPU time per applied transaction, a replica's applied transactions per second), base beside
// head, one panel per cell and metric with a scale of its own. Such cells have no throughput or
// per-second reports, so this is their only chart besides the change chart. Pure.
import type { TopLevelSpec } from 'vega-lite';

import { metricsFor } from '../../compare/metrics.js';
import { operationOf, yieldsMetric } from '../../compare/operation-cells.js';
import { perUnit, perUnitLabel } from '../../results/operation-units.js';
import { cellTitle } from '../../suite/suite-schema.js';
import { kindOf } from '../../workload/kinds.js';
import type { OperationKind } from '../../workload/operation-names.js';
import { metricLabel } from '../labels.js';
import type { ReportInput } from '../report-input.js';
import { CHART_CONFIG, distinctInOrder, metricValues, sideColor, VEGA_LITE_SCHEMA } from './common.js';

/** "Crash recovery", "Cold start", "Replica apply": the kind's summary up to its colon. */
export function operationTitle(kind: OperationKind): string {
  const words = kindOf({ kind }).summary.split(':')[0] ?? kind;
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Null unless some cell of the input measures the operation. */
export function operationSpec(input: ReportInput, kind: OperationKind): TopLevelSpec | null {
  const percentile = input.suite.percentile;
  // The operation's own seconds (and rate) first, then what it cost per unit.
  const metrics = metricsFor(input.suite.metric)
    .filter((metric) => !metric.fromHistogram)
    .sort((a, b) => Number(b.operational === true) - Number(a.operational === true));
  const sides = [
    { side: 'base', cells: input.base.cells },
    { side: 'head', cells: input.head.cells },
  ] as const;
  const values = sides.flatMap(({ side, cells }) =>
    cells.flatMap((cell) => {
      const operation = operationOf(input.suite, cell.workload);
      if (operation?.kind !== kind) return [];
      return metrics
        .filter((metric) => yieldsMetric(input.suite, cell.workload, metric.name))
        .flatMap((metric) =>
          metricValues(cell, metric.name).map(({ repetition, value }) => ({
            panel: `${cellTitle(cell)}: ${perUnitLabel(metricLabel(metric.name, percentile), operation.per)}`,
            side,
            repetition: repetition.index,
            value,
          })),
        );
    }),
  );
  if (values.length === 0) return null;
  const panels = distinctInOrder(values.map((row) => row.panel));
  const perCell = new Set(values.map((row) => row.panel.split(': ')[1])).size;
  const x = { field: 'repetition', type: 'ordinal', title: 'repetition', axis: { labelAngle: 0 } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: `${operationTitle(kind)}: every repetition`,
      subtitle: `seconds natively, every other figure ${perUnit(kindOf({ kind }).per)}; base beside head`,
    },
    config: CHART_CONFIG,
    data: { values },
    facet: { field: 'panel', type: 'nominal', sort: panels, title: null },
    columns: Math.max(1, Math.min(perCell, 3)),
    spec: {
      width: 160,
      height: 120,
      mark: { type: 'bar', opacity: 0.85 },
      encoding: {
        x,
        xOffset: { field: 'side', type: 'nominal', scale: { domain: ['base', 'head'] } },
        y: { field: 'value', type: 'quantitative', title: null, axis: { format: '~s' } },
        color: sideColor(input),
        tooltip: [
          { field: 'panel', type: 'nominal', title: 'cell' },
          { field: 'side', type: 'nominal' },
          { field: 'repetition', type: 'ordinal' },
          { field: 'value', type: 'quantitative', format: ',.4~f' },
        ],
      },
    },
    resolve: { scale: { y: 'independent' } },
  };
}
