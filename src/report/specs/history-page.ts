// The history page's charts: one per metric, a panel per cell (workload and threads), every run a
// point that links to the run, the segment means between change points as steps and each change
// point marked where it happened, coloured by whether it made things worse. Drawn by the reader's
// browser (report/history-page.ts): the PNG of the nightly's history chart is specs/history.ts. Pure.
import type { TopLevelSpec } from 'vega-lite';

import { METRICS, type MetricName } from '../../compare/metrics.js';
import type { SeriesAnalysis } from '../../history/changes.js';
import { CHART_CONFIG, distinctInOrder, VEGA_LITE_SCHEMA } from './common.js';
import { changeRows, historyLayers, pointRows } from './history.js';

const PANEL_COLUMNS = 3;

/**
 * A run's address when it is one a page may link to: http or https only. A history file crosses
 * from a branch, and its `run` field is any URL (`javascript:` included), so anything else is text.
 */
export function linkableUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Each point with its run's address: the page holds a row per point, so nothing else is added. */
function rowsWithRuns(analysis: SeriesAnalysis): Record<string, unknown>[] {
  return pointRows(analysis).map((row, index) => ({
    ...row,
    run: linkableUrl(analysis.series.points[index]?.run ?? null),
  }));
}

/** The metrics of the analyses, in their order (the history file's). */
export function pageMetrics(analyses: readonly SeriesAnalysis[]): MetricName[] {
  return distinctInOrder(
    analyses.flatMap((analysis) => (analysis.series.metric === null ? [] : [analysis.series.metric])),
  ) as MetricName[];
}

export function metricChartTitle(metric: MetricName): string {
  return METRICS[metric].label;
}

/** Every cell's series of one metric; null when none has a point. */
export function historyMetricSpec(
  analyses: readonly SeriesAnalysis[],
  metric: MetricName,
): TopLevelSpec | null {
  const shown = analyses.filter(
    (analysis) => analysis.series.metric === metric && analysis.series.points.length > 0,
  );
  if (shown.length === 0) return null;
  const points = shown.flatMap(rowsWithRuns);
  const changes = shown.flatMap(changeRows);
  const panels = distinctInOrder(points.map((row) => String(row.panel)));
  return {
    $schema: VEGA_LITE_SCHEMA,
    // No title: the page's caption above the chart names the metric.
    config: CHART_CONFIG,
    data: { values: [...points, ...changes] },
    facet: { field: 'panel', type: 'nominal', sort: panels, title: null },
    columns: Math.min(PANEL_COLUMNS, panels.length),
    spec: { width: 220, height: 130, layer: historyLayers({ linked: true }) },
    resolve: { scale: { y: 'independent' } },
  } as unknown as TopLevelSpec;
}
