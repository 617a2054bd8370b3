// Bisect's choices read from what the user wrote, checked against the suite: which cells, which
// metric, how many repetitions at most, and the reference values of the ends. Pure.
import { isMetricName, metricsFor, type MetricName } from '../compare/metrics.js';
import { yieldsMetric } from '../compare/operation-cells.js';
import { InputError } from '../errors.js';
import { cellName, suiteCellsNamed } from '../suite/select-cells.js';
import { type Cell, type Suite, suiteCells } from '../suite/suite-schema.js';
import { kindOf } from '../workload/kinds.js';
import type { BisectInputs, CellValues } from './bisect-state.js';

/** Values of the ends already measured elsewhere (a nightly history), per "workload@threads". */
export interface BisectReferences {
  readonly good?: CellValues;
  readonly bad?: CellValues;
}

/** The named cells; none named is the suite's only cell, or an error listing its cells. */
export function chosenCells(suite: Suite, names: readonly string[], label: string): Cell[] {
  if (names.length > 0) return suiteCellsNamed(suite, names, label);
  const all = suiteCells(suite);
  if (all.length === 1) return all;
  throw new InputError(
    `say which cell changed: ${label} WORKLOAD@THREADS (repeatable); suite ${suite.name}'s cells: ${all.map(cellName).join(', ')}`,
  );
}

/**
 * The metric to bisect on: the suite's own (instructions, or tps) unless the user chose one it
 * measures (one its kind of suite measures and a workload's kind yields). Operational cells (a
 * recovery, a cold start, a replica apply) have no throughput: in a throughput suite their
 * seconds are the default. The chosen cells must all yield the metric.
 */
export function chosenMetric(
  suite: Suite,
  given: string | undefined,
  label: string,
  cells: readonly Pick<Cell, 'workload'>[] = suite.workloads.map((workload) => ({ workload: workload.name })),
): MetricName {
  const measured = metricsFor(suite.metric)
    .map((metric) => metric.name)
    .filter((name) => suite.workloads.some((workload) => yieldsMetric(suite, workload.name, name)));
  if (given !== undefined && (!isMetricName(given) || !measured.includes(given))) {
    throw new InputError(
      `${label} ${given}: suite ${suite.name} (metric: ${suite.metric}) measures ${measured.join(', ')}`,
    );
  }
  const own: MetricName = suite.metric === 'instructions' ? 'instructions' : 'tps';
  const yieldedByAll = (name: MetricName): boolean =>
    cells.every((cell) => yieldsMetric(suite, cell.workload, name));
  const metric = given ?? (yieldedByAll(own) || !yieldedByAll('seconds') ? own : 'seconds');
  const lacking = cells.find((cell) => !yieldsMetric(suite, cell.workload, metric));
  if (lacking !== undefined) {
    const kind = kindOf(suite.workloads.find((workload) => workload.name === lacking.workload) ?? {}).name;
    throw new InputError(
      `${given === undefined ? label : `${label} ${given}`}: workload ${lacking.workload} (kind ${kind}) does not measure ${metric}; ` +
        `bisect cells that share a metric, and name it (${measured.join(', ')})`,
    );
  }
  return metric;
}

/** The references for the selected cells only; every selected cell must have finite values. */
export function referenceValues(
  references: BisectReferences | undefined,
  cells: readonly string[],
): BisectInputs['references'] {
  const pick = (end: 'good' | 'bad'): CellValues | undefined => {
    const given = references?.[end];
    if (given === undefined) return undefined;
    const picked: CellValues = {};
    for (const cell of cells) {
      const values = given[cell];
      if (values === undefined || values.length === 0 || !values.every(Number.isFinite)) {
        throw new InputError(`the ${end} end's reference values have no values for cell ${cell}`);
      }
      picked[cell] = [...values];
    }
    return picked;
  };
  const good = pick('good');
  const bad = pick('bad');
  return { ...(good === undefined ? {} : { good }), ...(bad === undefined ? {} : { bad }) };
}
