// Change points in a history: one series per cell and metric (a point per run: the median of its
// repetitions), E-Divisive means as Apache Otava finds them (../stats/change-points.ts), kept
// only when the step is at least a magnitude derived from the metric's tolerance. Pure.
import { METRICS, type MetricName } from '../compare/metrics.js';
import { toleranceFor, type ToleranceRule } from '../compare/tolerances.js';
import { detectChangePoints } from '../stats/change-points.js';
import { MAD_NORMAL_SCALE, mad, median } from '../stats/descriptive.js';
import { studentTTwoSidedP } from '../stats/student-t.js';
import type { Tolerances } from '../suite/suite-schema.js';
import { parseCellName, type HistoryFile } from './history-schema.js';
import { operationOf } from '../compare/operation-cells.js';
import type { OperationUnit } from '../results/operation-units.js';

/** Otava's defaults. */
export const DEFAULT_WINDOW = 50;
export const DEFAULT_MAX_P = 0.001;
/**
 * The smallest step reported is this fraction of the metric's tolerance: a nightly series sees a
 * step the pull-request gate would have let through (half its tolerance), since the series has
 * many more points than one A/B run has repetitions. Instruction counts (1% tolerance) report
 * steps from 0.5%.
 */
export const MAGNITUDE_OF_TOLERANCE = 0.5;

export interface SeriesPoint {
  /** The commit, or for --series the CSV's first column. */
  readonly commit: string;
  readonly commitDate: string | null;
  readonly run: string | null;
  /** The median of the run's repetitions. */
  readonly value: number;
  readonly repetitions: readonly number[];
}

export interface Series {
  /** "workload@threads", or the CSV file's name for --series. */
  readonly cell: string;
  readonly metric: MetricName | null;
  /** An operational cell's unit (a recovery, a start, an applied transaction); absent: per transaction. */
  readonly per?: OperationUnit;
  readonly points: readonly SeriesPoint[];
}

export interface ChangeSettings {
  readonly windowLength: number;
  readonly maxPValue: number;
  /** Overrides the magnitude derived from the tolerance (for every series). */
  readonly minMagnitude?: number;
  readonly toleranceFlags?: readonly ToleranceRule[];
}

export type ChangeKind = 'regression' | 'improvement' | 'change';

export interface DetectedChange {
  readonly cell: string;
  readonly metric: MetricName | null;
  /** The series' unit, when an operational cell's. */
  readonly per?: OperationUnit;
  /** Index of the first point after the change. */
  readonly index: number;
  readonly lastBefore: SeriesPoint;
  readonly firstAfter: SeriesPoint;
  readonly meanBefore: number;
  readonly meanAfter: number;
  /** meanAfter ÷ meanBefore − 1. */
  readonly change: number;
  readonly pValue: number;
  /** By the metric's direction; "change" when the series has no metric (--series). */
  readonly kind: ChangeKind;
}

export interface SeriesAnalysis {
  readonly series: Series;
  readonly minMagnitude: number;
  /** Night-to-night noise as a fraction of the level, from consecutive differences; null under 3 points. */
  readonly noise: number | null;
  /** The smallest step this series can show at the settings' p (and at least minMagnitude); null when too short. */
  readonly detectable: number | null;
  readonly changes: readonly DetectedChange[];
}

/** Every cell × metric of a history with at least one value, in the file's order. */
export function historySeries(file: HistoryFile): Series[] {
  return file.cells.flatMap((cell, cellIndex) =>
    file.metrics.flatMap((metric, metricIndex): Series[] => {
      const points = file.entries.flatMap((entry): SeriesPoint[] => {
        const values = entry.values[cellIndex]?.[metricIndex];
        if (values === null || values === undefined) return [];
        const { commit, commitDate, run } = entry;
        return [{ commit, commitDate, run, value: median(values), repetitions: values }];
      });
      const per = operationOf(file.suite, parseCellName(cell).workload)?.per;
      return points.length === 0 ? [] : [{ cell, metric, points, ...(per === undefined ? {} : { per }) }];
    }),
  );
}

/** Relative night-to-night noise: 1.4826·MAD of consecutive differences ÷ √2 ÷ the median level. */
export function seriesNoise(values: readonly number[]): number | null {
  if (values.length < 3) return null;
  const level = median(values);
  if (level === 0) return null;
  const differences = values.slice(1).map((value, index) => value - (values[index] ?? value));
  return (MAD_NORMAL_SCALE * mad(differences)) / Math.SQRT2 / Math.abs(level);
}

/** The t with `df` degrees of freedom whose two-sided p is `p` (bisection; t below 1e6). */
export function criticalT(p: number, df: number): number {
  let low = 0;
  let high = 1e6;
  for (let step = 0; step < 200; step += 1) {
    const middle = (low + high) / 2;
    if (studentTTwoSidedP(middle, df) > p) low = middle;
    else high = middle;
  }
  return high;
}

/**
 * The smallest relative step Otava's t-test calls significant at `p` between two segments of n
 * points each (n: half the window, or half the series), at this noise.
 */
export function detectableStep(
  noise: number | null,
  length: number,
  settings: ChangeSettings,
): number | null {
  const n = Math.min(Math.floor(settings.windowLength / 2), Math.floor(length / 2));
  if (noise === null || n < 2) return null;
  return criticalT(settings.maxPValue, 2 * n - 2) * noise * Math.sqrt(2 / n);
}

function kindOf(metric: MetricName | null, change: number): ChangeKind {
  if (metric === null) return 'change';
  const worse = METRICS[metric].worse === 'higher' ? change > 0 : change < 0;
  return worse ? 'regression' : 'improvement';
}

/** The magnitude below which a step is not reported: from the tolerance, unless overridden. */
export function minMagnitudeFor(
  series: Series,
  tolerances: Tolerances | null,
  settings: ChangeSettings,
): number {
  if (settings.minMagnitude !== undefined) return settings.minMagnitude;
  if (series.metric === null || tolerances === null) return 0;
  const tolerance = toleranceFor(
    parseCellName(series.cell),
    series.metric,
    tolerances,
    settings.toleranceFlags ?? [],
  );
  return tolerance * MAGNITUDE_OF_TOLERANCE;
}

export function analyzeSeries(
  series: Series,
  tolerances: Tolerances | null,
  settings: ChangeSettings,
): SeriesAnalysis {
  const values = series.points.map((point) => point.value);
  const minMagnitude = minMagnitudeFor(series, tolerances, settings);
  const noise = seriesNoise(values);
  const step = detectableStep(noise, values.length, settings);
  const points =
    values.length < 2
      ? []
      : detectChangePoints(values, {
          windowLength: settings.windowLength,
          maxPValue: settings.maxPValue,
          minMagnitude,
        });
  const pointAt = (index: number): SeriesPoint => {
    const point = series.points[index];
    if (point === undefined) throw new RangeError(`no point ${index} in a series of ${series.points.length}`);
    return point;
  };
  const changes = points.map((point): DetectedChange => ({
    cell: series.cell,
    metric: series.metric,
    ...(series.per === undefined ? {} : { per: series.per }),
    index: point.index,
    lastBefore: pointAt(point.index - 1),
    firstAfter: pointAt(point.index),
    meanBefore: point.meanBefore,
    meanAfter: point.meanAfter,
    change: point.relativeChange,
    pValue: point.pValue,
    kind: kindOf(series.metric, point.relativeChange),
  }));
  return {
    series,
    minMagnitude,
    noise,
    detectable: step === null ? null : Math.max(step, minMagnitude),
    changes,
  };
}

export function analyzeHistory(file: HistoryFile, settings: ChangeSettings): SeriesAnalysis[] {
  return historySeries(file).map((series) => analyzeSeries(series, file.suite.tolerances, settings));
}

/** Whether a change point falls among the newest `recent` runs of its series (all when undefined). */
export function isRecent(change: DetectedChange, runs: number, recent: number | undefined): boolean {
  return recent === undefined || change.index >= runs - recent;
}
