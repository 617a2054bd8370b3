// Vega-Lite specs of the report's charts, as pure functions of the report input. Each chart
// carries its data inline and the shared look (CHART_CONFIG), so whoever renders it (PNG for the
// pull-request comment, the HTML report) needs nothing else.
import type { TopLevelSpec } from 'vega-lite';

import type { ReportInput } from './report-input.js';
import { CHANGE_TITLE, changeSpec } from './specs/change.js';
import { COST_TITLE, costSpec, FUNCTIONS_TITLE, functionsSpec } from './specs/cost.js';
import { LATENCY_TITLE, latencySpec } from './specs/latency.js';
import { SCALING_TITLE, scalingSpec } from './specs/scaling.js';
import { SPLIT_TITLE, splitSpec } from './specs/split.js';
import { STALLS_TITLE, stallsSpec } from './specs/stalls.js';
import { TIMESERIES_TITLE, timeseriesSpec } from './specs/timeseries.js';
import { TREND_TITLE, trendSpec } from './specs/trend.js';
import { sideLegend } from './specs/common.js';
import { changedGroups, workSpec, workTitle } from './specs/work.js';
import { operationSpec, operationTitle } from './specs/operations.js';
import { suiteOperations } from '../compare/operation-cells.js';

export { CHART_CONFIG, CHART_FONT, VEGA_LITE_SCHEMA } from './specs/common.js';
export { changeSpec, VERDICT_SCALE } from './specs/change.js';
export { costSpec, FUNCTION_NAME_LIMIT, functionsSpec, truncateName } from './specs/cost.js';
export { LATENCY_CELLS_SHOWN, latencySpec } from './specs/latency.js';
export { scalingSpec } from './specs/scaling.js';
export { splitSpec } from './specs/split.js';
export { STALL_CELLS_SHOWN, stallsSpec } from './specs/stalls.js';
export { TIMESERIES_CELLS_SHOWN, TIMESERIES_MAX_CELLS, timeseriesSpec } from './specs/timeseries.js';
export { trendSpec } from './specs/trend.js';
export { workSpec } from './specs/work.js';
export { operationSpec } from './specs/operations.js';

export interface Chart {
  /** File-name safe: the renderer writes `<name>.png`. */
  readonly name: string;
  readonly title: string;
  readonly spec: TopLevelSpec;
}

const CHARTS: readonly { name: string; title: string; build: (input: ReportInput) => TopLevelSpec | null }[] =
  [
    { name: 'change', title: CHANGE_TITLE, build: changeSpec },
    { name: 'split', title: SPLIT_TITLE, build: splitSpec },
    { name: 'scaling', title: SCALING_TITLE, build: scalingSpec },
    { name: 'stalls', title: STALLS_TITLE, build: stallsSpec },
    { name: 'timeseries', title: TIMESERIES_TITLE, build: timeseriesSpec },
    { name: 'latency', title: LATENCY_TITLE, build: latencySpec },
    { name: 'cost', title: COST_TITLE, build: costSpec },
    { name: 'functions', title: FUNCTIONS_TITLE, build: functionsSpec },
    { name: 'trend', title: TREND_TITLE, build: trendSpec },
  ];

/** One small chart per group of status counters whose work per transaction (or per unit) changed. */
function workCharts(input: ReportInput): Chart[] {
  const work = input.verdict.work;
  if (work?.status !== 'compared') return [];
  return changedGroups(work).flatMap((group) => {
    const spec = workSpec(work, group, sideLegend(input));
    const title = workTitle(work, group);
    return spec === null ? [] : [{ name: `work-${group}`, title, spec }];
  });
}

/** One chart per operation the suite measures (recovery, cold start, replica apply). */
function operationCharts(input: ReportInput): Chart[] {
  return suiteOperations(input.suite).flatMap((kind) => {
    const spec = operationSpec(input, kind);
    return spec === null ? [] : [{ name: `operation-${kind}`, title: operationTitle(kind), spec }];
  });
}

/** The charts that apply to this input, most telling first. */
export function chartsFor(input: ReportInput): Chart[] {
  const charts = CHARTS.flatMap(({ name, title, build }) => {
    const spec = build(input);
    return spec === null ? [] : [{ name, title, spec }];
  });
  // After the change chart: why it changed comes right after what changed, then the operations.
  const after = charts.findIndex((chart) => chart.name === 'change') + 1;
  return [...charts.slice(0, after), ...workCharts(input), ...operationCharts(input), ...charts.slice(after)];
}
