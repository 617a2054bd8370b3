// The history chart: each series (cell and metric) run by run, with the segment means between
// change points drawn as steps and each change point marked where it happened, coloured by
// whether it made things worse. Pure.
import type { TopLevelSpec } from 'vega-lite';

import { METRICS } from '../../compare/metrics.js';
import { perUnitLabel } from '../../results/operation-units.js';
import type { SeriesAnalysis } from '../../history/changes.js';
import { CHART_CONFIG, distinctInOrder, VEGA_LITE_SCHEMA } from './common.js';

export const HISTORY_TITLE = 'History and change points';
/** Panels drawn at most; the series with change points come first. */
export const HISTORY_MAX_PANELS = 12;
const PANEL_COLUMNS = 3;
const SHORT_SHA = 10;

export const KIND_SCALE = {
  domain: ['regression', 'improvement', 'change'],
  range: ['#d62728', '#2ca02c', '#7f7f7f'],
};

export function panelName(analysis: SeriesAnalysis): string {
  const metric = analysis.series.metric;
  return metric === null
    ? analysis.series.cell
    : `${analysis.series.cell.replace('@', ' @ ')} (${perUnitLabel(METRICS[metric].unit, analysis.series.per)})`;
}

export function short(commit: string): string {
  return /^[0-9a-f]{12,}$/.test(commit) ? commit.slice(0, SHORT_SHA) : commit;
}

export function pointRows(analysis: SeriesAnalysis): Record<string, unknown>[] {
  const panel = panelName(analysis);
  const starts = [0, ...analysis.changes.map((change) => change.index)];
  const values = analysis.series.points.map((point) => point.value);
  const overall = values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);
  const means = [analysis.changes[0]?.meanBefore, ...analysis.changes.map((change) => change.meanAfter)];
  return analysis.series.points.map((point, index) => {
    const segment = starts.filter((start) => start <= index).length - 1;
    return {
      type: 'point',
      panel,
      index,
      commit: short(point.commit),
      value: point.value,
      // No change point: the whole series is one segment, drawn at its mean.
      segmentMean: analysis.changes.length === 0 ? overall : (means[segment] ?? null),
    };
  });
}

export function changeRows(analysis: SeriesAnalysis): Record<string, unknown>[] {
  const panel = panelName(analysis);
  return analysis.changes.map((change) => ({
    type: 'change',
    panel,
    // Between the last point before and the first after.
    at: change.index - 0.5,
    kind: change.kind,
    label: `${change.change >= 0 ? '+' : ''}${(change.change * 100).toFixed(2)}%`,
    range: `${short(change.lastBefore.commit)}..${short(change.firstAfter.commit)}`,
    pValue: change.pValue,
  }));
}

/**
 * The metric a history is read by: instructions for an instruction suite, else throughput; the
 * others (all threads' instructions, latency, CPU time) would draw a near copy of each panel.
 */
export function chartedMetric(analyses: readonly SeriesAnalysis[]): string | null {
  const metrics = new Set(analyses.map((analysis) => analysis.series.metric));
  if (metrics.has('instructions')) return 'instructions';
  if (metrics.has('tps')) return 'tps';
  return analyses[0]?.series.metric ?? null;
}

/** The series to draw: those whose newest change point is newest first (what an alert is about), at most HISTORY_MAX_PANELS. */
export function panelsShown(analyses: readonly SeriesAnalysis[]): SeriesAnalysis[] {
  const age = (analysis: SeriesAnalysis): number => {
    const newest = analysis.changes.at(-1);
    return newest === undefined ? Number.POSITIVE_INFINITY : analysis.series.points.length - newest.index;
  };
  const metric = chartedMetric(analyses);
  return analyses
    .filter((analysis) => analysis.series.points.length > 0 && analysis.series.metric === metric)
    .map((analysis, order) => ({ analysis, order, age: age(analysis) }))
    .sort((a, b) => a.age - b.age || a.order - b.order)
    .slice(0, HISTORY_MAX_PANELS)
    .map((item) => item.analysis);
}

/**
 * The layers of a history chart: every run a point (linked to its run when `linked`, for the
 * history page), the segment means as steps, each change point a rule. One place for both charts.
 */
export function historyLayers(options: { linked: boolean } = { linked: false }): unknown[] {
  const x = {
    field: 'index',
    type: 'quantitative',
    title: 'run (oldest first)',
    axis: { tickMinStep: 1, format: 'd' },
  };
  const y = { field: 'value', type: 'quantitative', title: null, scale: { zero: false } };
  return [
    {
      transform: [{ filter: "datum.type == 'point'" }],
      mark: { type: 'point', filled: true, size: 40, color: '#4c78a8' },
      encoding: {
        x,
        y,
        ...(options.linked ? { href: { field: 'run', type: 'nominal' } } : {}),
        tooltip: [
          { field: 'commit', type: 'nominal' },
          { field: 'value', type: 'quantitative', format: ',.2f', title: 'median' },
        ],
      },
    },
    {
      transform: [{ filter: "datum.type == 'point' && datum.segmentMean != null" }],
      mark: { type: 'line', interpolate: 'step-after', color: '#555555', strokeDash: [4, 2] },
      encoding: { x, y: { field: 'segmentMean', type: 'quantitative' } },
    },
    {
      transform: [{ filter: "datum.type == 'change'" }],
      mark: { type: 'rule', strokeWidth: 2 },
      encoding: {
        x: { field: 'at', type: 'quantitative' },
        color: { field: 'kind', type: 'nominal', scale: KIND_SCALE, title: 'change point' },
        tooltip: [
          { field: 'range', type: 'nominal', title: 'commits' },
          { field: 'label', type: 'nominal', title: 'change' },
          { field: 'pValue', type: 'quantitative', format: '.2g', title: 'p' },
        ],
      },
    },
  ];
}

/** Null when no series has a point. */
export function historySpec(analyses: readonly SeriesAnalysis[], subtitle: string): TopLevelSpec | null {
  const shown = panelsShown(analyses);
  if (shown.length === 0) return null;
  const points = shown.flatMap(pointRows);
  const changes = shown.flatMap(changeRows);
  const panels = distinctInOrder(points.map((row) => String(row.panel)));
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: { text: HISTORY_TITLE, subtitle },
    config: CHART_CONFIG,
    data: { values: [...points, ...changes] },
    facet: { field: 'panel', type: 'nominal', sort: panels, title: null },
    columns: Math.min(PANEL_COLUMNS, panels.length),
    spec: { width: 180, height: 120, layer: historyLayers() },
    resolve: { scale: { y: 'independent' } },
  } as unknown as TopLevelSpec;
}
