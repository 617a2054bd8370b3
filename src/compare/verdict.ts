// From two sides' repetitions to a verdict. Pure: takes values, returns the verdict (warnings
// included) without logging or reading files.
import { crossFlavorWarning } from './config-groups.js';
import { InputError } from '../errors.js';
import type {
  CellResult,
  Environment,
  MergedRecord,
  Results,
  ServerFacts,
} from '../results/results-schema.js';
import { lookIndex, lookLevels, lookSchedule } from '../stats/alpha-spending.js';
import { benjaminiHochberg } from '../stats/fdr.js';
import { cellName, type Suite } from '../suite/suite-schema.js';
import type { Variant } from '../suite/variants.js';
import { type CellInput, cellTests, compareCell, type Settings } from './cell.js';
import { cellInputs, pairCells, type UnjudgedInput } from './cell-inputs.js';
import { serverDiff, variablesDiff } from './config-diff.js';
import { hasOperations, rankConfigDiff } from './settings-rank.js';
import { operationOf, withOperation } from './operation-cells.js';
import { fairnessSide, fairnessWarning } from '../results/fairness.js';
import { functionDeltas } from './function-deltas.js';
import { idleDisturbances, idleSideWarnings, withIdleSide } from './idle-side.js';
import { latencyDistributions } from './latency-distribution.js';
import { JUDGE_DEFAULTS } from './judge-defaults.js';
import { METRIC_NAMES, type MetricName } from './metrics.js';
import { mixSection, mixWarnings } from './mix-check.js';
import { stallSection } from './stall-cells.js';
import type { ToleranceRule } from './tolerances.js';
import {
  type CellComparison,
  type UnjudgedCell,
  VERDICT_SCHEMA_VERSION,
  type Verdict,
  type WorkSection,
} from './verdict-schema.js';
import { resourceSection, resourceWarnings } from './resources.js';
import { gatingCounts, overallVerdict } from './verdict-outcome.js';

export { failedOn, gatingCounts, overallVerdict, verdictExitCode } from './verdict-outcome.js';
import { type OperationOfCell, withWorkCauses, workSection } from './work-changes.js';
import {
  environmentWarnings,
  noGatingWarning,
  shardMachineWarnings,
  unjudgedGateWarnings,
  workWarnings,
} from './verdict-warnings.js';

export interface SideData {
  readonly facts: ServerFacts;
  /** This side's cells (their `side` field is ignored). */
  readonly cells: readonly CellResult[];
  readonly environment: Environment;
  /** Set when the side comes from results merged from shards: where each shard ran. */
  readonly merged?: MergedRecord;
}

export type InconclusivePolicy = 'pass' | 'fail';

export interface CompareOptions extends Settings {
  readonly toleranceRules: readonly ToleranceRule[];
  /** Metrics whose cells decide the verdict. */
  readonly gateMetrics: readonly MetricName[];
  /**
   * The user named the gate metrics (--gate, the input, the settings file, verdict.json's settings):
   * they decide alone. Otherwise the default gate, to which the runner check's grade may add the
   * operational cells' seconds (operation-gate.ts).
   */
  readonly gateNamed?: boolean;
  readonly inconclusivePolicy: InconclusivePolicy;
  /**
   * Repetitions per side at which an adaptive run judged its cells (results' `adaptive.looks`);
   * each cell is held to the share of alpha its look was given. Undefined: one look, all of alpha.
   */
  readonly looks?: readonly number[];
  /** A changed status counter (work per transaction) fails the gate. */
  readonly gateWork?: boolean;
  /**
   * The metrics judged, when not every metric the suite's kind measures: an older verdict.json is
   * judged again on the metrics its version knew (rejudge.ts).
   */
  readonly metrics?: readonly MetricName[];
  /**
   * The sides' repetitions pair up by index (an A/B run's own sides, run in lockstep on data the
   * same writes changed): counted metrics are judged repetition against repetition (cell.ts).
   */
  readonly pairRepetitions?: boolean;
}

export const DEFAULT_COMPARE_OPTIONS: CompareOptions = {
  alpha: JUDGE_DEFAULTS.alpha,
  confidence: 0.95,
  power: 0.8,
  resamples: 10_000,
  toleranceRules: [],
  gateMetrics: JUDGE_DEFAULTS.gateMetrics,
  inconclusivePolicy: JUDGE_DEFAULTS.inconclusivePolicy,
};

/** Adjusts p-values within each metric's family of cells. */
function adjustPerMetric(inputs: readonly CellInput[], pValues: readonly number[]): number[] {
  const adjusted = new Array<number>(pValues.length).fill(1);
  for (const name of METRIC_NAMES) {
    const indices = inputs.flatMap((input, index) => (input.metric.name === name ? [index] : []));
    const family = benjaminiHochberg(indices.map((index) => pValues[index] ?? 1));
    indices.forEach((index, position) => {
      adjusted[index] = family[position] ?? 1;
    });
  }
  return adjusted;
}

/** The level a cell is held to: all of alpha, or its look's share when the run looked several times. */
function levelFor(input: CellInput, options: CompareOptions): number | undefined {
  if (options.looks === undefined || options.looks.length < 2) return undefined;
  const levels = lookLevels(options.alpha, options.looks);
  // The later look when the sides differ (a stored baseline's count is not the run's): looks
  // further on never get more of alpha than the first, so this errs on the strict side.
  const n = Math.max(input.base.length, input.head.length);
  return levels[lookIndex(options.looks, n)];
}

/** Every input's comparison, its p-values adjusted for the many cells tested at once. */
function judgeCells(inputs: readonly CellInput[], options: CompareOptions): CellComparison[] {
  const tests = inputs.map(cellTests);
  // Many cells are tested at once. Benjamini-Hochberg per metric: when nothing changed (an A/A
  // run) the chance of any false alarm stays at alpha, as with Holm, but a change that touches
  // every cell (a slower build) is not lost to a correction meant for one cell in twenty.
  const worse = adjustPerMetric(
    inputs,
    tests.map((test) => test.pWorse),
  );
  const better = adjustPerMetric(
    inputs,
    tests.map((test) => test.pBetter),
  );
  return inputs.map((input, index) => {
    const level = levelFor(input, options);
    return {
      ...compareCell(
        input,
        { pWorse: worse[index] ?? 1, pBetter: better[index] ?? 1, pWorseRaw: tests[index]?.pWorse ?? 1 },
        level === undefined ? options : { ...options, alpha: level },
        inputs.filter((other) => other.metric.name === input.metric.name).length,
      ),
      ...(level === undefined ? {} : { level }),
      gating: options.gateMetrics.includes(input.metric.name),
    };
  });
}

/**
 * Two sets of cells judged as the verdict judges base and head: paired by name, every metric, the
 * p-values adjusted within each metric (what the split of an aligned head judges, twice).
 */
export function judgePairs(
  base: readonly CellResult[],
  head: readonly CellResult[],
  suite: Suite,
  options: CompareOptions,
): CellComparison[] {
  return judgeCells(cellInputs(pairCells(base, head), suite, options).judged, options);
}

/**
 * The gating cells an A/B run has not decided yet, least decided first (the most repetitions
 * needed, then the largest p-value): the cells a run with a budget adds repetitions to. Judged as
 * compare judges them, on the repetitions so far.
 */
export function undecidedCells(
  cells: readonly CellResult[],
  suite: Suite,
  options: CompareOptions,
): { workload: string; threads: number; variant?: Variant }[] {
  const pairs = pairCells(
    cells.filter((cell) => cell.side === 'base'),
    cells.filter((cell) => cell.side === 'head'),
  );
  const paired = { ...options, pairRepetitions: true };
  // A cell the counts rule leaves undecided stays so however many repetitions come: that rule
  // only gets stricter with more of them. More repetitions help the cells the statistics judge.
  return judgeCells(cellInputs(pairs, suite, paired).judged, paired)
    .filter((cell) => cell.gating && cell.verdict === 'inconclusive' && cell.judgedBy === 'statistics')
    .sort(
      (a, b) => (b.repetitionsNeeded ?? Infinity) - (a.repetitionsNeeded ?? Infinity) || b.pValue - a.pValue,
    )
    .filter((cell, index, all) => all.findIndex((other) => cellName(other) === cellName(cell)) === index)
    .map(({ workload, threads, variant }) => ({ workload, threads, ...(variant ? { variant } : {}) }));
}

/**
 * The looks an A/B run judged its cells at, from its record of adding repetitions. The schedule
 * is worked out again from the plan and the most repetitions, so an edited list cannot lend a
 * cell more of alpha than the procedure gave it.
 */
export function looksOfRun(results: Pick<Results, 'adaptive' | 'suite' | 'cells'>): number[] | undefined {
  const { adaptive, suite } = results;
  const most = Math.max(...results.cells.map((cell) => cell.repetitions.length));
  if (adaptive === undefined) {
    if (most <= suite.repetitions) return undefined;
    throw new InputError(
      `cells have up to ${most} repetitions where the suite plans ${suite.repetitions}, and the results do not record how they were added: they cannot be judged as one run`,
    );
  }
  if (adaptive.planned !== suite.repetitions) {
    throw new InputError(
      `the run's record of added repetitions starts from ${adaptive.planned} repetitions, but its suite plans ${suite.repetitions}`,
    );
  }
  const looks = lookSchedule(suite.repetitions, Math.max(adaptive.most, suite.repetitions, most));
  if (looks.join() !== adaptive.looks.join()) {
    throw new InputError(
      `the run's record of added repetitions lists looks at ${adaptive.looks.join(', ')}, where its plan and most give ${looks.join(', ')}`,
    );
  }
  return looks;
}

/** An unjudged input as the verdict lists it. */
function unjudgedCell(input: UnjudgedInput, options: CompareOptions): UnjudgedCell {
  const { metric, ...cell } = input;
  return { ...cell, metric: metric.name, gating: options.gateMetrics.includes(metric.name) };
}

/** What the verdict says about one side's server: enough to tell which build it was. */
export function sideIdentity(facts: ServerFacts): Verdict['sides']['base'] {
  return {
    flavor: facts.flavor,
    version: facts.version,
    versionFunction: facts.versionFunction,
    compiler: facts.compiler,
    binary: facts.binary,
    ...(facts.build
      ? {
          build: {
            compiler: `${facts.build.compiler.id} ${facts.build.compiler.version}`,
            buildType: facts.build.buildType,
            sourceCommit: facts.build.source.gitCommit,
          },
        }
      : {}),
  };
}

/**
 * The fairness check's warning, its options named as both front ends call them (`base-set`): a
 * verdict's warnings do not depend on who judged it.
 */
function unfairWarning(base: ServerFacts, head: ServerFacts): string[] {
  const warning = fairnessWarning(fairnessSide(base, 'base-set'), fairnessSide(head, 'head-set'));
  return warning === undefined ? [] : [warning];
}

/**
 * Every cell judged and every one that could not be, each operational cell with its operation, a
 * disturbed one with its idle side, and a regressed operational cell with the work that explains it.
 */
function verdictCells(
  inputs: ReturnType<typeof cellInputs>,
  options: CompareOptions,
  context: {
    readonly disturbed: ReturnType<typeof idleDisturbances>;
    readonly operation: OperationOfCell;
    readonly work: WorkSection;
  },
): { readonly cells: CellComparison[]; readonly unjudged: UnjudgedCell[] } {
  const judged = withIdleSide(judgeCells(inputs.judged, options), context.disturbed);
  return {
    cells: withWorkCauses(withOperation(judged, context.operation), context.work),
    unjudged: withOperation(
      inputs.unjudged.map((input) => unjudgedCell(input, options)),
      context.operation,
    ),
  };
}

export function buildVerdict(
  base: SideData,
  head: SideData,
  suite: Suite,
  baseSource: Verdict['baseSource'],
  options: CompareOptions,
): Verdict {
  const pairs = pairCells(base.cells, head.cells);
  // A cell measured while the other side's server worked is not judged on its figures.
  const disturbed = idleDisturbances(pairs);
  const operation = (workload: string) => operationOf(suite, workload);
  const work = workSection(pairs, { base: base.facts, head: head.facts }, operation);
  const { cells, unjudged } = verdictCells(cellInputs(pairs, suite, options), options, {
    disturbed,
    operation,
    work,
  });
  const counts = gatingCounts(cells, unjudged);
  const sides = { base: sideIdentity(base.facts), head: sideIdentity(head.facts) };
  const crossFlavor = crossFlavorWarning(sides);
  // An operational cell's CPU is judged per its unit (cpuTimeUs); its figures are not a client's.
  const clientPairs = pairs.filter(([, cell]) => operation(cell.workload) === undefined);
  const resources =
    clientPairs.length === 0
      ? undefined
      : resourceSection(clientPairs, { base: base.facts, head: head.facts }, suite);
  const mix = mixSection(pairs);
  const stalls = stallSection(pairs, cells, suite);
  return {
    schemaVersion: VERDICT_SCHEMA_VERSION,
    verdict: workFails(work, options) ? 'fail' : overallVerdict(counts),
    baseSource,
    suite: suite.name,
    counts,
    cells,
    unjudged,
    configDiff: rankConfigDiff(variablesDiff(base.facts.variables, head.facts.variables), work, {
      operations: hasOperations({ cells, unjudged }),
    }),
    serverDiff: serverDiff(base.facts, head.facts),
    sides,
    settings: {
      alpha: options.alpha,
      gateMetrics: [...options.gateMetrics],
      confidence: options.confidence,
      inconclusivePolicy: options.inconclusivePolicy,
      ...(options.looks && options.looks.length > 1 ? { looks: [...options.looks] } : {}),
      ...(options.gateWork ? { gateWork: true } : {}),
    },
    warnings: [
      ...(crossFlavor === undefined ? [] : [crossFlavor]),
      ...unfairWarning(base.facts, head.facts),
      ...environmentWarnings(base.environment, head.environment),
      ...shardMachineWarnings(base, head),
      ...noGatingWarning(cells, suite, options),
      ...(cells.some((cell) => cell.gating) ? unjudgedGateWarnings(cells, suite, options) : []),
      ...workWarnings(work, options),
      ...resourceWarnings(resources),
      ...mixWarnings(mix),
      ...idleSideWarnings(disturbed),
    ],
    functionDeltas: functionDeltas(pairs, cells, operation),
    latency: latencyDistributions(pairs, cells, suite.metric),
    work,
    ...(resources === undefined ? {} : { resources }),
    ...(mix.length > 0 ? { mix } : {}),
    ...(stalls === undefined ? {} : { stalls }),
  };
}

/** Under --gate-work, a counter that changed per transaction fails the gate. */
function workFails(work: WorkSection, options: CompareOptions): boolean {
  return options.gateWork === true && work.status === 'compared' && work.summary !== 'same-work';
}
