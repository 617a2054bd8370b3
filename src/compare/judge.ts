// The one judge: from results and a base (the results' own base side, or a stored baseline) to the
// complete verdict, warnings included. `compare` and the publishing half both call it, so a
// verdict judged from the same data says the same thing wherever it was judged. Pure.
import { checkComparable } from '../baseline/comparable.js';
import { baselineSide, newestEntry } from '../baseline/entry.js';
import type { BaselineEntry, BaselineFile } from '../baseline/baseline-schema.js';
import { InputError } from '../errors.js';
import type { Results } from '../results/results-schema.js';
import { shardAloneWarning } from '../run/merge-shards.js';
import type { Suite } from '../suite/suite-schema.js';
import { dataChecksumWarnings } from './data-checksums.js';
import type { MetricName } from './metrics.js';
import { buildVerdict, type CompareOptions, looksOfRun, type SideData } from './verdict.js';
import { variantSettings } from './variant-settings.js';
import { type VariantBase, variantSides } from './variant-sides.js';
import {
  type GradedMachines,
  gradedGate,
  gradedGateLine,
  ungatedOperationWarnings,
} from './operation-gate.js';
import { hasOperations, rankConfigDiff } from './settings-rank.js';
import { settingsSplit } from './settings-split.js';
import { type ConfigDifference, type LineSection, type SettingsSplit, Verdict } from './verdict-schema.js';
import { bothSpellings } from '../option-names.js';

/** Where the base side comes from. */
export type BaseRequest =
  /** The A/B results' own base side. */
  | { readonly kind: 'ab' }
  /** The newest entry of a stored baseline; `force` compares across suites or machines with a warning. */
  | { readonly kind: 'baseline'; readonly file: BaselineFile; readonly force: boolean }
  /** The run's own cells under one value of a variant dimension, against the other values (--against-variant). */
  | ({
      readonly kind: 'variant';
      /** How the user named the option (`--against-variant`), for errors; when a verdict is judged again, none. */
      readonly option?: string;
    } & VariantBase);

export interface JudgeRequest {
  readonly results: Results;
  /** The results file as the verdict names it (baseSource.path of an A/B verdict). */
  readonly resultsPath: string;
  readonly base: BaseRequest;
  /** The stored baseline's path as the verdict names it (baseSource.path). */
  readonly baselinePath?: string;
  readonly options: CompareOptions;
}

/** The verdict and every measurement behind it: what the reports are made from. */
export interface Judgement {
  readonly verdict: Verdict;
  /** The base side's measurements: the A/B file's base side, or the baseline's newest entry. */
  readonly base: SideData;
  readonly head: SideData;
  readonly suite: Suite;
  /** A stored baseline's entries, oldest first (the newest is the base); empty for an A/B run. */
  readonly history: readonly BaselineEntry[];
}

/** One side of a results file, as the verdict takes it. */
export function sideOf(results: Results, side: 'base' | 'head'): SideData {
  const facts = results.sides[side];
  if (!facts) throw new InputError(`${side} side missing`);
  return {
    facts,
    cells: results.cells.filter((cell) => cell.side === side),
    environment: results.environment,
    ...(results.merged ? { merged: results.merged } : {}),
  };
}

interface ChosenBase {
  readonly side: SideData;
  readonly source: Verdict['baseSource'];
  readonly warnings: readonly string[];
  readonly history: readonly BaselineEntry[];
  /** Set when the head is not the results' head side as it is (a comparison across variants). */
  readonly head?: SideData;
  /** What differs besides the code when both sides are one server (the variants' settings). */
  readonly configDiff?: ConfigDifference[];
}

function chooseBase(request: JudgeRequest): ChosenBase {
  const { results, base } = request;
  if (base.kind === 'variant') return variantBase(request, base);
  if (base.kind === 'baseline') {
    const entry = newestEntry(base.file);
    const warnings = checkComparable(entry, results, { force: base.force });
    const side = baselineSide(entry);
    return {
      side: { facts: side.facts, cells: side.cells, environment: side.environment },
      source: { kind: 'baseline', path: request.baselinePath ?? 'baseline.json', savedAt: side.savedAt },
      warnings,
      history: base.file.entries,
    };
  }
  if (results.mode !== 'ab' || !results.sides.base) {
    throw new InputError(
      `${request.resultsPath} measured one server; give a stored baseline to compare it with (${bothSpellings('baseline')}), or measure base and head side by side (${bothSpellings('base')} and ${bothSpellings('head')})`,
    );
  }
  return {
    side: sideOf(results, 'base'),
    source: { kind: 'ab', path: request.resultsPath, savedAt: null },
    warnings: [],
    history: [],
  };
}

/** Base and head from one run's head side: the cells under `base.value` against the others. */
function variantBase(request: JudgeRequest, base: VariantBase & { readonly option?: string }): ChosenBase {
  const sides = variantSides(request.results, base, base.option ?? 'the variant compared against');
  const side = sideOf(request.results, 'head');
  const settings = variantSettings(request.results, base);
  return {
    side: { ...side, cells: sides.base },
    head: { ...side, cells: sides.head },
    source: {
      kind: 'variant',
      path: request.resultsPath,
      savedAt: null,
      variant: { dimension: base.dimension, value: base.value },
    },
    warnings: settings.warnings,
    history: [],
    configDiff: settings.differences,
  };
}

/** What the stall gate (a suite's stallGate) adds to the gating metrics. */
export const STALL_GATE_METRIC: MetricName = 'stallSeconds';

/**
 * The options a suite's cells are judged with: the gating metrics asked for (--gate, the action's
 * input, verdict.json's settings) and, where the suite gates on stalls (`stallGate`), its stall
 * seconds.
 */
export function suiteGate(options: CompareOptions, suite: Pick<Suite, 'stallGate'>): CompareOptions {
  const judged = options.metrics === undefined || options.metrics.includes(STALL_GATE_METRIC);
  if (!suite.stallGate || !judged || options.gateMetrics.includes(STALL_GATE_METRIC)) return options;
  return { ...options, gateMetrics: [...options.gateMetrics, STALL_GATE_METRIC] };
}

/**
 * The one place that decides which metrics gate: the suite's (its stall seconds, `suiteGate`),
 * then the operational cells' seconds and apply rate where the runner check graded every side's
 * machine A or B (`gradedGate`). Compare, publish and a run that adds repetitions to undecided
 * cells all take their gate from here, so a cell the verdict gates on is one the run extends.
 */
export function judgingGate(
  options: CompareOptions,
  suite: Pick<Suite, 'stallGate' | 'workloads'>,
  machines: GradedMachines,
): ReturnType<typeof gradedGate> {
  return gradedGate(suiteGate(options, suite), machines, suite);
}

/**
 * The complete verdict: every cell judged, the differences between the sides, and the warnings of
 * the results (one shard alone), of the base (a baseline from elsewhere) and of the judging.
 */
export function judge(request: JudgeRequest): Judgement {
  const { results } = request;
  const base = chooseBase(request);
  const head = base.head ?? sideOf(results, 'head');
  // Against its own base or a stored baseline alike: the head's repetitions were chosen from the data.
  // An A/B run's own sides ran in lockstep: repetition i of each found the data the same writes left.
  const pairRepetitions = request.base.kind === 'ab';
  const graded = judgingGate(
    { ...request.options, looks: looksOfRun(results), pairRepetitions },
    results.suite,
    { base: base.side.environment, head: head.environment },
  );
  const options = graded.options;
  const built = buildVerdict(base.side, head, results.suite, base.source, options);
  const gradedLine = gradedGateLine(
    graded.decision,
    [...built.cells.map((cell) => cell.metric), ...built.unjudged.map((cell) => cell.metric)],
    options.gateMetrics,
  );
  const split = alignedSplit(request, { base: base.side, head, cells: built.cells, options });
  const warnings = [
    ...shardAloneWarning(results),
    ...dataChecksumWarnings(results),
    ...base.warnings,
    ...built.warnings,
    ...ungatedOperationWarnings(built.cells),
    ...split.warnings,
  ];
  const configDiff =
    base.configDiff === undefined
      ? built.configDiff
      : rankConfigDiff(base.configDiff, built.work, { operations: hasOperations(built) });
  return {
    verdict: Verdict.parse({
      ...built,
      ...(gradedLine === undefined ? {} : { settings: { ...built.settings, gradedGate: gradedLine } }),
      configDiff,
      warnings,
      ...(split.split ? { split: split.split } : {}),
    }),
    base: base.side,
    head,
    suite: results.suite,
    history: base.history,
  };
}

/**
 * The split of each gating cell into settings and code, when the run measured an aligned head;
 * only against the run's own base, the one the head was aligned to.
 */
function alignedSplit(
  request: JudgeRequest,
  judged: {
    readonly base: SideData;
    readonly head: SideData;
    readonly cells: Verdict['cells'];
    readonly options: CompareOptions;
  },
): { readonly split?: SettingsSplit; readonly warnings: string[] } {
  const { alignment, suite } = request.results;
  if (alignment === undefined) return { warnings: [] };
  if (request.base.kind !== 'ab') {
    return {
      warnings: [
        `the run measured the head with the base's settings too (${bothSpellings('align-settings')}); that split is ` +
          "against the run's own base side, so it is left out when comparing with another base",
      ],
    };
  }
  const split = settingsSplit(
    alignment,
    { base: judged.base.cells, head: judged.head.cells },
    { cells: judged.cells, suite, options: judged.options },
  );
  const warnings = split.notTaken.map(
    (line) => `the aligned head did not take a setting of the base's: ${line}; its split counts it as code`,
  );
  return { split, warnings };
}

/** The judgement with the cost of the changed lines added (absent: unchanged). */
export function withLines(judgement: Judgement, lines: LineSection | undefined): Judgement {
  if (lines === undefined) return judgement;
  return { ...judgement, verdict: Verdict.parse({ ...judgement.verdict, lines }) };
}
