// From the two sides' cells to the inputs the verdict judges: cells paired by name (a cell on one
// side only is an error), one input per cell and metric, with its tolerance and whether its
// repetitions pair up by index. No cell of the input vanishes on the way: a repetition without the
// metric is left out by name and the cell judged on the rest when at least two a side remain;
// otherwise the cell is unjudged, with its reason (see sideValues). Pure.
import { InputError } from '../errors.js';
import { formatFigurePlain as formatNumber } from '../format.js';
import type { CellResult, Repetition } from '../results/results-schema.js';
import { cellName, type Suite, variantOf } from '../suite/suite-schema.js';
import type { Variant } from '../suite/variants.js';
import type { CellInput } from './cell.js';
import { type Metric, metricsFor } from './metrics.js';
import { yieldsMetric } from './operation-cells.js';
import { toleranceFor } from './tolerances.js';
import type { CompareOptions } from './verdict.js';

const key = cellName;

/** The fewest repetitions a side is judged on: one value has no spread to judge a change against. */
export const MIN_JUDGED_REPETITIONS = 2;

/** A cell and metric that could not be judged, and why in a sentence. */
export interface UnjudgedInput {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  readonly metric: Metric;
  readonly reason: string;
}

export interface CellInputs {
  readonly judged: CellInput[];
  readonly unjudged: UnjudgedInput[];
}

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

/** A repetition left out of a side, and why. */
interface LeftOut {
  readonly index: number;
  readonly why: string;
}

/**
 * One side's values of a metric. A repetition that lacks the metric (no counters in that window)
 * is left out: it shows nothing either way. A value the statistics cannot take (no transaction
 * completed, a value that is not above zero) is not left out: the window ran and measured
 * something no ratio can be taken of, perhaps the stall of a lifetime, so it blocks the cell.
 */
interface SideValues {
  readonly values: number[];
  readonly indices: number[];
  readonly missing: LeftOut[];
  readonly blocking: LeftOut[];
}

function sideValues(cell: CellResult, metric: Metric): SideValues {
  const side: SideValues = { values: [], indices: [], missing: [], blocking: [] };
  const offset = metric.offset ?? 0;
  for (const repetition of cell.repetitions) {
    const value = metric.value(repetition);
    if (repetition.report.transactions === 0) {
      side.blocking.push({ index: repetition.index, why: 'completed no transaction' });
    } else if (value === undefined) {
      side.missing.push({ index: repetition.index, why: `has no ${metric.source}` });
    } else if (!Number.isFinite(value) || !(value + offset > 0)) {
      side.blocking.push({ index: repetition.index, why: `measured ${formatValue(value)} ${metric.unit}` });
    } else {
      side.values.push(value);
      side.indices.push(repetition.index);
    }
  }
  return side;
}

function formatValue(value: number): string {
  return Number.isFinite(value) ? formatNumber(value) : String(value);
}

const COUNTERPART = 'lost its counterpart';

/** "head repetitions 1 and 2 have no callgrind counts; head repetition 3 …", grouped by why. */
function leftOutText(side: 'base' | 'head', leftOut: readonly LeftOut[]): string {
  const whys = [...new Set(leftOut.map((entry) => entry.why))];
  return whys
    .map((why) => {
      const indices = leftOut.filter((entry) => entry.why === why).map((entry) => entry.index);
      const many = indices.length > 1;
      const list = many
        ? `${indices.slice(0, -1).join(', ')} and ${String(indices.at(-1))}`
        : String(indices[0]);
      const verb = many
        ? why.replace(/^has /, 'have ').replace(/^lost its counterpart$/, 'lost their counterparts')
        : why;
      return `${side} repetition${many ? 's' : ''} ${list} ${verb}`;
    })
    .join('; ');
}

/** What both sides lack, the causes first, then the counterparts that went with them. */
function leftOutOfBoth(base: readonly LeftOut[], head: readonly LeftOut[]): string {
  const part = (counterpart: boolean): string[] =>
    [
      leftOutText(
        'base',
        base.filter((entry) => (entry.why === COUNTERPART) === counterpart),
      ),
      leftOutText(
        'head',
        head.filter((entry) => (entry.why === COUNTERPART) === counterpart),
      ),
    ].filter(Boolean);
  return [...part(false), ...part(true)].join('; ');
}

/** Whether any repetition of any cell, on either side, has the metric: whether the run measured it. */
function measuredAnywhere(cells: readonly CellResult[], metric: Metric): boolean {
  return cells.some((cell) =>
    cell.repetitions.some((repetition: Repetition) => metric.value(repetition) !== undefined),
  );
}

/** The metrics judged: the suite's kind's, limited to `options.metrics` when given. */
function judgedMetrics(suite: Suite, options: CompareOptions): Metric[] {
  const { metrics } = options;
  return metricsFor(suite.metric).filter((metric) => metrics === undefined || metrics.includes(metric.name));
}

/** Whether the suite turned the metric's source off: the stall metrics without per-second reports. */
export function sourceTurnedOff(suite: Suite, metric: Pick<Metric, 'name'>): boolean {
  return (
    (metric.name === 'stallSeconds' || metric.name === 'lowestSecondRatio') &&
    suite.reportIntervalSeconds === 0
  );
}

/** Whether the cell's workload yields the metric at all (no throughput from an operational cell). */
function yields(suite: Suite, cell: CellResult, metric: Metric): boolean {
  return yieldsMetric(suite, cell.workload, metric.name);
}

type Prepared = { readonly input: CellInput } | { readonly unjudged: UnjudgedInput } | undefined;

/** Why a cell cannot be judged on these sides' values, or undefined when it can. */
function unjudgedReason(base: SideValues, head: SideValues, metric: Metric): string | undefined {
  const blocking = [leftOutText('base', base.blocking), leftOutText('head', head.blocking)].filter(Boolean);
  if (blocking.length > 0) {
    return (
      `${blocking.join('; ')}: a repetition that measured nothing a ratio can be taken of cannot be judged, ` +
      'and leaving it out could hide a stall, so the cell is not judged'
    );
  }
  const none = (['base', 'head'] as const).filter((name) => ({ base, head })[name].values.length === 0);
  if (none.length === 2) return `neither side has ${metric.source} in any repetition`;
  if (none.length === 1) {
    const side = none[0] === 'base' ? base : head;
    return `the ${none[0] ?? ''} has no ${metric.source} in any of its ${side.missing.length} repetitions`;
  }
  const short = (['base', 'head'] as const).filter(
    (name) => ({ base, head })[name].values.length < MIN_JUDGED_REPETITIONS,
  );
  if (short.length === 0) return undefined;
  // What each side lacks, the causes before the counterparts they took with them.
  const causes = leftOutOfBoth(base.missing, head.missing);
  const counts = short.map((name) => {
    const side = { base, head }[name];
    return `${side.values.length} of the ${name}'s ${side.values.length + side.missing.length}`;
  });
  return (
    `only ${counts.join(' and ')} repetitions can be judged (${causes}); ` +
    `at least ${MIN_JUDGED_REPETITIONS} a side are needed to judge a change`
  );
}

/** Whether two cells hold the same repetitions, by index, in the same order. */
function sameIndices(base: CellResult, head: CellResult): boolean {
  const indices = (cell: CellResult): string => cell.repetitions.map((repetition) => repetition.index).join();
  return indices(base) === indices(head);
}

/** Both sides kept to the repetitions whose counterpart has a value too. */
function counterparts(base: SideValues, head: SideValues): [SideValues, SideValues] {
  const keep = (side: SideValues, other: SideValues): SideValues => {
    const kept: SideValues = { values: [], indices: [], missing: [...side.missing], blocking: side.blocking };
    side.indices.forEach((index, position) => {
      if (other.indices.includes(index)) {
        kept.values.push(side.values[position] ?? NaN);
        kept.indices.push(index);
      } else kept.missing.push({ index, why: COUNTERPART });
    });
    kept.missing.sort((a, b) => a.index - b.index);
    return kept;
  };
  return [keep(base, head), keep(head, base)];
}

function prepare(
  [baseCell, headCell]: [CellResult, CellResult],
  metric: Metric,
  context: { suite: Suite; options: CompareOptions; measured: boolean; gating: boolean; turnedOff: boolean },
): Prepared {
  const { suite, options } = context;
  if (!yields(suite, headCell, metric)) return undefined;
  const baseSide = sideValues(baseCell, metric);
  const headSide = sideValues(headCell, metric);
  const cell = { workload: headCell.workload, threads: headCell.threads, ...variantOf(headCell), metric };
  // A metric that does not gate is left out when the run did not measure it at all (no perf
  // counters), or a side lacks it in every repetition (results from an older version). A gating
  // one is judged or named in every cell, unless the suite turned its source off: the verdict
  // says so once (verdict-warnings.ts).
  if (context.gating ? context.turnedOff : !context.measured) return undefined;
  const oneSideLacksAll =
    baseSide.values.length + baseSide.blocking.length === 0 ||
    headSide.values.length + headSide.blocking.length === 0;
  if (oneSideLacksAll && !context.gating) return undefined;
  // Repetitions run in lockstep are judged against their counterparts: one whose counterpart was
  // left out goes too, so that every cell of the metric keeps the same kind of change.
  const lockstep = metric.counted && options.pairRepetitions === true && sameIndices(baseCell, headCell);
  const [base, head] = lockstep ? counterparts(baseSide, headSide) : [baseSide, headSide];
  const reason = unjudgedReason(base, head, metric);
  if (reason !== undefined) return { unjudged: { ...cell, reason } };
  const dropped = base.missing.length + head.missing.length > 0;
  const paired = lockstep;
  return {
    input: {
      ...cell,
      base: base.values,
      head: head.values,
      threshold: toleranceFor(headCell, metric.name, suite.tolerances, options.toleranceRules),
      ...(paired ? { paired: true } : {}),
      ...(dropped
        ? {
            dropped: {
              base: base.missing.map((entry) => entry.index),
              head: head.missing.map((entry) => entry.index),
              why: leftOutOfBoth(base.missing, head.missing),
            },
          }
        : {}),
    },
  };
}

/** One input per paired cell and metric, by cell; the cells that cannot be judged, each with why. */
export function cellInputs(
  pairs: readonly [CellResult, CellResult][],
  suite: Suite,
  options: CompareOptions,
): CellInputs {
  const cells = pairs.flat();
  const contexts = judgedMetrics(suite, options).map((metric) => ({
    metric,
    suite,
    options,
    measured: measuredAnywhere(cells, metric),
    turnedOff: sourceTurnedOff(suite, metric),
    gating: options.gateMetrics.includes(metric.name),
  }));
  const result: CellInputs = { judged: [], unjudged: [] };
  for (const pair of pairs) {
    for (const context of contexts) {
      const prepared = prepare(pair, context.metric, context);
      if (prepared === undefined) continue;
      if ('input' in prepared) result.judged.push(prepared.input);
      else result.unjudged.push(prepared.unjudged);
    }
  }
  return result;
}
