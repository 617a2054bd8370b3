// From the two sides' cells to the inputs the verdict judges: cells paired by name (a cell on one
// side only is an error), one input per cell and metric both sides measured, with its tolerance
// and whether its repetitions pair up by index. Pure.
import { InputError } from '../errors.js';
import type { CellResult } from '../results/results-schema.js';
import { cellName, type Suite, variantOf } from '../suite/suite-schema.js';
import type { CellInput } from './cell.js';
import { type Metric, metricsFor } from './metrics.js';
import { toleranceFor } from './tolerances.js';
import type { CompareOptions } from './verdict.js';

const key = cellName;

/** Pairs base and head cells; a cell on one side only is a mismatch, not a silent skip. */
export function pairCells(
  base: readonly CellResult[],
  head: readonly CellResult[],
): [CellResult, CellResult][] {
  const baseByKey = new Map(base.map((cell) => [key(cell), cell]));
  const headKeys = new Set(head.map(key));
  const missingInBase = head.filter((cell) => !baseByKey.has(key(cell))).map(key);
  const missingInHead = base.filter((cell) => !headKeys.has(key(cell))).map(key);
  if (missingInBase.length > 0 || missingInHead.length > 0) {
    const parts = [
      missingInBase.length > 0 ? `only the head has ${missingInBase.join(', ')}` : '',
      missingInHead.length > 0 ? `only the base has ${missingInHead.join(', ')}` : '',
    ].filter((part) => part !== '');
    throw new InputError(`base and head were not measured on the same cells: ${parts.join('; ')}`);
  }
  return head.map((cell) => {
    const match = baseByKey.get(key(cell));
    if (!match) throw new Error('unreachable: paired above');
    return [match, cell];
  });
}

/** Every repetition's value, or undefined when any repetition lacks the metric. */
function measured(
  cell: CellResult,
  value: (repetition: CellResult['repetitions'][number]) => number | undefined,
): number[] | undefined {
  const values = cell.repetitions.map(value);
  return values.every((entry): entry is number => entry !== undefined && Number.isFinite(entry))
    ? values
    : undefined;
}

/** The metrics judged: the suite's kind's, limited to `options.metrics` when given. */
function judgedMetrics(suite: Suite, options: CompareOptions): Metric[] {
  const { metrics } = options;
  return metricsFor(suite.metric).filter((metric) => metrics === undefined || metrics.includes(metric.name));
}

/** One input per paired cell and metric both sides measured. */
export function cellInputs(
  pairs: readonly [CellResult, CellResult][],
  suite: Suite,
  options: CompareOptions,
): CellInput[] {
  return pairs.flatMap(([baseCell, headCell]) =>
    judgedMetrics(suite, options).flatMap((metric): CellInput[] => {
      const baseValues = measured(baseCell, metric.value);
      const headValues = measured(headCell, metric.value);
      // A metric one side lacks (no perf counters there, results from an older version) is not judged.
      if (!baseValues || !headValues) return [];
      return [
        {
          workload: headCell.workload,
          threads: headCell.threads,
          ...variantOf(headCell),
          metric,
          base: baseValues,
          head: headValues,
          threshold: toleranceFor(headCell, metric.name, suite.tolerances, options.toleranceRules),
          ...(options.pairRepetitions === true && sameIndices(baseCell, headCell) ? { paired: true } : {}),
        },
      ];
    }),
  );
}

/** Whether two cells hold the same repetitions, by index, in the same order. */
function sameIndices(base: CellResult, head: CellResult): boolean {
  const indices = (cell: CellResult): string => cell.repetitions.map((repetition) => repetition.index).join();
  return indices(base) === indices(head);
}
