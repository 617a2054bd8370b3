// What to do after reading the verdict: the commands that measure and judge the same comparison
// again on one's own machine, and, when a regression lies between two known commits, the bisect
// command that finds the commit. Built from what the verdict and the results record (each side's
// source commit, compiler and build type, the options it started with, the judge's settings), so
// the commands say only what the run knew. Pure: the commands are data, shell-quoted here once
// (shell-words.ts); every renderer shows them verbatim in a code block of its medium.
import { JUDGE_DEFAULTS } from '../../compare/judge-defaults.js';
import { GRADED_METRICS } from '../../compare/operation-gate.js';
import type { CellComparison, Verdict } from '../../compare/verdict-schema.js';
import { valgrindServerOptions } from '../../cost/valgrind-options.js';
import type { ServerFacts } from '../../results/results-schema.js';
import type { ReportInput } from '../report-input.js';
import { shellCommand } from './shell-words.js';

export interface NextSteps {
  /** Shell lines that measure and judge the same comparison again, run from the server's checkout. */
  readonly reproduce: readonly string[];
  /** Whether the reproduce lines build from a checkout of the server (else they name binaries). */
  readonly fromCheckout: boolean;
  /** What the reproduce lines could not know and the reader must fill in or mind. */
  readonly notes: readonly string[];
  /** The bisect command, when a gating cell regressed between two known commits; else null. */
  readonly bisect: readonly string[] | null;
}

const TOOL = 'mysql-perf-gate';

/** "gcc 12.2.0" → "gcc-12", "clang 16.0.6" → "clang-16": the builder's spelling; null otherwise. */
export function compilerSpec(label: string): string | null {
  const match = /^(gcc|clang) (\d+)\b/.exec(label);
  return match === null ? null : `${match[1]}-${match[2]}`;
}

/** Whether the run set this option itself, as it does under valgrind: it will again. */
function addedByTheRun(facts: ServerFacts, name: string, value: string, counted: boolean): boolean {
  if (!counted) return false;
  const others = Object.fromEntries(Object.entries(facts.options).filter(([other]) => other !== name));
  try {
    return valgrindServerOptions(facts.flavor, others, true)[name] === value;
  } catch {
    return false;
  }
}

/** The options one side started with beyond the suite's own and the run's: --set and per-side sets. */
function extraOptions(input: ReportInput, side: 'base' | 'head'): Map<string, string> {
  const suiteOptions = input.suite.serverOptions;
  const { facts } = input[side];
  const counted = input.verdict.cells.some((cell) => cell.metric === 'instructions');
  const own = Object.entries(facts.options).filter(
    ([name, value]) => (suiteOptions[name] ?? '') !== value && !addedByTheRun(facts, name, value, counted),
  );
  return new Map(own);
}

/** --set for the options both sides share, --base-set / --head-set for the rest. */
function setFlags(input: ReportInput, sides: readonly ('base' | 'head')[]): string[] {
  const [base, head] = [extraOptions(input, 'base'), extraOptions(input, 'head')];
  if (sides.length === 1) {
    const only = sides[0] === 'base' ? base : head;
    return [...only].flatMap(([name, value]) => ['--set', `${name}=${value}`]);
  }
  const flags: string[] = [];
  for (const [name, value] of base) {
    if (head.get(name) === value) flags.push('--set', `${name}=${value}`);
    else flags.push('--base-set', `${name}=${value}`);
  }
  for (const [name, value] of head)
    if (base.get(name) !== value) flags.push('--head-set', `${name}=${value}`);
  return flags;
}

/** --set for the options both sides started with alike (bisect builds both ends the same way). */
function sharedSetFlags(input: ReportInput): string[] {
  const [base, head] = [extraOptions(input, 'base'), extraOptions(input, 'head')];
  return [...head]
    .filter(([name, value]) => base.get(name) === value)
    .flatMap(([name, value]) => ['--set', `${name}=${value}`]);
}

/** The build lines of one side, or its binary when it was not built by the tool (null: unknown). */
function sideServer(
  identity: Verdict['sides']['base'],
  name: 'base' | 'head',
  notes: string[],
): { lines: string[]; server: string } {
  const commit = identity.build?.sourceCommit ?? null;
  if (identity.build === undefined || commit === null) {
    return { lines: [], server: identity.binary };
  }
  const tree = `../perf-${name}`;
  const prefix = `${tree}.install`;
  const compiler = compilerSpec(identity.build.compiler);
  if (compiler === null)
    notes.push(`The ${name} side's compiler (${identity.build.compiler}) is given as the default.`);
  return {
    lines: [
      shellCommand(['git', 'worktree', 'add', '--detach', tree, commit]),
      shellCommand([
        TOOL,
        'build',
        '--source',
        tree,
        ...(compiler === null ? [] : ['--compiler', compiler]),
        '--build-type',
        identity.build.buildType,
        '--prefix',
        prefix,
      ]),
    ],
    server: prefix,
  };
}

/** The judge's settings that differ from its defaults, as compare's flags. */
function judgeFlags(verdict: Verdict): string[] {
  const { settings } = verdict;
  const flags: string[] = [];
  if (settings.alpha !== JUDGE_DEFAULTS.alpha) flags.push('--alpha', String(settings.alpha));
  // Seconds the runner check's grade let gate were not named: the machine measuring again decides.
  const gate =
    settings.gradedGate?.named === false
      ? settings.gateMetrics.filter((metric) => !GRADED_METRICS.includes(metric))
      : settings.gateMetrics;
  if (gate.join(',') !== JUDGE_DEFAULTS.gateMetrics.join(',')) flags.push('--gate', gate.join(','));
  if (settings.inconclusivePolicy !== JUDGE_DEFAULTS.inconclusivePolicy)
    flags.push('--inconclusive', settings.inconclusivePolicy);
  if (settings.gateWork === true) flags.push('--gate-work');
  return flags;
}

/** The most repetitions per side an undecided gating cell asks for, when more than it had. */
function repetitionsWanted(verdict: Verdict): number | null {
  const wanted = verdict.cells
    .filter((cell) => cell.gating && cell.verdict === 'inconclusive')
    .map((cell) => cell.repetitionsNeeded ?? 0)
    .filter((needed) => needed > 0);
  return wanted.length === 0 ? null : Math.max(...wanted);
}

function runLines(verdict: Verdict, input: ReportInput, notes: string[]): string[] {
  const suite = ['--suite', verdict.suite];
  const out = ['--out', 'perf/results.json'];
  if (verdict.baseSource.kind !== 'ab') {
    const head = sideServer(verdict.sides.head, 'head', notes);
    notes.push(
      verdict.baseSource.kind === 'baseline'
        ? `The base was the stored baseline ${verdict.baseSource.path}; compare against a copy of it.`
        : 'The base cells were the suite variant named in the verdict; the suite file runs both.',
    );
    return [
      ...head.lines,
      shellCommand([TOOL, 'run', '--server', head.server, ...suite, ...setFlags(input, ['head']), ...out]),
      shellCommand([
        TOOL,
        'compare',
        'perf/results.json',
        ...(verdict.baseSource.kind === 'baseline' ? ['--baseline', verdict.baseSource.path] : []),
        ...judgeFlags(verdict),
        '--report-dir',
        'perf/report',
      ]),
    ];
  }
  const base = sideServer(verdict.sides.base, 'base', notes);
  const head = sideServer(verdict.sides.head, 'head', notes);
  const wanted = repetitionsWanted(verdict);
  return [
    ...base.lines,
    ...head.lines,
    shellCommand([
      TOOL,
      'run',
      '--base',
      base.server,
      '--head',
      head.server,
      ...suite,
      ...setFlags(input, ['base', 'head']),
      ...(verdict.split === undefined ? [] : ['--align-settings']),
      ...(wanted === null ? [] : ['--max-repetitions', String(wanted)]),
      ...out,
    ]),
    shellCommand([
      TOOL,
      'compare',
      'perf/results.json',
      ...judgeFlags(verdict),
      '--report-dir',
      'perf/report',
    ]),
  ];
}

/** The cell as bisect names it: workload@threads. */
function cellSpec(cell: CellComparison): string {
  return `${cell.workload}@${cell.threads}`;
}

function bisectLines(verdict: Verdict, input: ReportInput): string[] | null {
  const regressed = verdict.cells.filter(
    (cell) => cell.gating && cell.verdict === 'regression' && cell.variant === undefined,
  );
  const good = verdict.sides.base.build?.sourceCommit ?? null;
  const bad = verdict.sides.head.build?.sourceCommit ?? null;
  const first = regressed[0];
  if (
    verdict.baseSource.kind !== 'ab' ||
    first === undefined ||
    good === null ||
    bad === null ||
    good === bad
  )
    return null;
  const cells = regressed.filter((cell) => cell.metric === first.metric);
  const compiler = compilerSpec(verdict.sides.head.build?.compiler ?? '');
  return [
    shellCommand([
      TOOL,
      'bisect',
      '--source',
      '.',
      '--good',
      good,
      '--bad',
      bad,
      '--suite',
      verdict.suite,
      ...cells.flatMap((cell) => ['--cell', cellSpec(cell)]),
      '--metric',
      first.metric,
      ...(compiler === null ? [] : ['--compiler', compiler]),
      ...sharedSetFlags(input),
    ]),
  ];
}

/** The servers not built from a known commit: their paths mean something only where they ran. */
function binaryNotes(verdict: Verdict): string[] {
  const sides = verdict.baseSource.kind === 'ab' ? (['base', 'head'] as const) : (['head'] as const);
  const unbuilt = [
    ...new Set(
      sides
        .filter((side) => (verdict.sides[side].build?.sourceCommit ?? null) === null)
        .map((side) => verdict.sides[side].binary),
    ),
  ];
  return unbuilt.map(
    (binary) =>
      `${binary} is a path on the machine that measured: the server there was not built from a known commit.`,
  );
}

export function nextStepsOf(verdict: Verdict, input: ReportInput | null): NextSteps {
  // A verdict read alone does not say what options each side started with: commands without them
  // would measure something else, so none are given.
  if (input === null) return { reproduce: [], fromCheckout: false, notes: [], bisect: null };
  const notes = binaryNotes(verdict);
  const reproduce = runLines(verdict, input, notes);
  const fromCheckout = reproduce.some((line) => line.startsWith('git '));
  return { reproduce, fromCheckout, notes, bisect: bisectLines(verdict, input) };
}
