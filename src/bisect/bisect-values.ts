// A run's values of the bisected metric, per selected cell, as the state records them. Pure.
import { METRICS, type MetricName } from '../compare/metrics.js';
import { GateError } from '../errors.js';
import type { Results } from '../results/results-schema.js';
import type { CellValues } from './bisect-state.js';
import { cellName } from '../suite/suite-schema.js';

/** Each cell's repetition values (METRICS[metric].value) from a one-server run's results. */
export function cellValuesOf(results: Results, cells: readonly string[], metric: MetricName): CellValues {
  const values: CellValues = {};
  for (const name of cells) {
    const cell = results.cells.find((candidate) => candidate.side === 'head' && cellName(candidate) === name);
    const list = cell?.repetitions.map((repetition) => METRICS[metric].value(repetition)) ?? [];
    const finite = list.filter((value): value is number => value !== undefined && Number.isFinite(value));
    if (finite.length === 0 || finite.length < list.length) {
      throw new GateError(
        `the run measured no ${metric} for ${name}${cell === undefined ? ' (the cell is missing from its results)' : ' in some repetitions'}; choose a metric the suite measures`,
      );
    }
    values[name] = finite;
  }
  return values;
}

/** `more` appended to `values`, cell by cell. */
export function appendValues(values: CellValues, more: CellValues): CellValues {
  const merged: CellValues = { ...values };
  for (const [cell, list] of Object.entries(more)) merged[cell] = [...(merged[cell] ?? []), ...list];
  return merged;
}

/** The fewest repetitions any cell has (0 for none): what --max-repetitions is compared with. */
export function fewestRepetitions(values: CellValues, cells: readonly string[]): number {
  return cells.length === 0 ? 0 : Math.min(...cells.map((cell) => values[cell]?.length ?? 0));
}
