// What a history already measured at two commits, for bisect's ends: every repetition of a
// metric in each chosen cell, from every run of that commit. Pure.
import type { MetricName } from '../compare/metrics.js';
import { HistoryError } from '../errors.js';
import { suiteHash } from '../suite/suite-hash.js';
import type { Suite } from '../suite/suite-schema.js';
import type { HistoryFile } from './history-schema.js';

export type CellValues = Record<string, number[]>;

/** The values of one commit, or undefined when the history has no run of it with every cell. */
export function commitValues(
  file: HistoryFile,
  commit: string,
  cells: readonly string[],
  metric: MetricName,
): CellValues | undefined {
  const metricIndex = file.metrics.indexOf(metric);
  if (metricIndex === -1) return undefined;
  // A commit appended with --commit may be abbreviated; the ends are full hashes.
  const entries = file.entries.filter((entry) => commit.startsWith(entry.commit));
  const values: CellValues = {};
  for (const cell of cells) {
    const cellIndex = file.cells.indexOf(cell);
    const measured = entries.flatMap((entry) => entry.values[cellIndex]?.[metricIndex] ?? []);
    if (cellIndex === -1 || measured.length === 0) return undefined;
    values[cell] = measured;
  }
  return values;
}

export interface HistoryReferences {
  readonly good?: CellValues;
  readonly bad?: CellValues;
}

/**
 * The ends' values from a history of the same suite definition (another definition measured
 * something else); an end the history has no run of is left out, to be measured.
 */
export function historyReferences(
  file: HistoryFile,
  where: string,
  options: { suite: Suite; good: string; bad: string; cells: readonly string[]; metric: MetricName },
): HistoryReferences {
  if (file.suiteHash !== suiteHash(options.suite)) {
    throw new HistoryError(
      `${where} was measured with another definition of suite ${options.suite.name}: its values cannot stand for this bisection's ends`,
    );
  }
  const good = commitValues(file, options.good, options.cells, options.metric);
  const bad = commitValues(file, options.bad, options.cells, options.metric);
  return { ...(good === undefined ? {} : { good }), ...(bad === undefined ? {} : { bad }) };
}
