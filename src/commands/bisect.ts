// The `bisect` command: on a git checkout of the server's source, find the first commit between
// --good and --bad where a cell's value changed, by building and measuring commits in the middle of
// the range still in doubt (src/bisect/ decides which, and good or bad; this module does the git,
// the builds, the runs and the files).
//
// Everything is checked before anything is written or built. Then each step checks a commit out
// (detached), builds it into one install prefix with one build directory (incremental, ccache when
// available), runs the suite's selected cells on it and records the result in the state file, which
// a second invocation resumes. A commit that does not build, or whose server cannot be measured, is
// skipped, as `git bisect run` does with exit 125. Whatever happens, the checkout goes back to where
// it was and no server is left running (each build and run cleans up after itself).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

import {
  type AllEnds,
  DEFAULT_MAX_REPETITIONS,
  judgeAllEnds,
  judgeCommit,
} from '../bisect/bisect-classify.js';
import { estimateSteps, nextStep, searchRange, untested } from '../bisect/bisect-search.js';
import { parseMaxRepetitions } from '../suite/repetitions.js';
import {
  type BisectReferences,
  chosenCells,
  chosenMetric,
  referenceValues,
} from '../bisect/bisect-inputs.js';
import {
  type BisectInputs,
  type BisectState,
  type CellValues,
  endValues,
  inputDifferences,
  type MeasuredCommit,
  newState,
  searchCalls,
  searchResult,
  withMeasured,
} from '../bisect/bisect-state.js';
import { readBisectState, writeBisectState } from '../bisect/bisect-state-file.js';
import {
  bisectReport,
  bisectSummary,
  describeEnds,
  describeValues,
  oneLine,
  rangeLine,
  shortSha,
  stepLine,
} from '../bisect/bisect-text.js';
import { appendValues, cellValuesOf, fewestRepetitions } from '../bisect/bisect-values.js';
import { checkDirectories } from '../builder/build-plan.js';
import { resolveCompiler } from '../builder/compilers.js';
import {
  ancestryPath,
  checkoutDetached,
  checkoutHead,
  commitSubject,
  currentHead,
  describeHead,
  dirtyFiles,
  type GitHead,
  gitTopLevel,
  isAncestor,
  resolveCommit,
} from '../builder/git.js';
import { detectSourceTree } from '../builder/source-tree.js';
import { METRICS, type MetricName } from '../compare/metrics.js';
import { BenchmarkError, BuildError, errorMessage, InputError, ServerError } from '../errors.js';
import { historyReferences } from '../history/history-references.js';
import { suiteHash } from '../baseline/hash.js';
import { findSuiteHistory } from '../history/history-store.js';
import { formatDuration, plural } from '../format.js';
import { BISECT_TITLE, bisectSpec } from '../report/specs/bisect.js';
import { writeCharts } from '../report/write-charts.js';
import type { RunConfig } from '../run/run-config.js';
import { parseOptionAssignments } from '../server/options.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { parseLockTimeout } from '../shell/machine-lock.js';
import { packageVersion } from '../shell/package-root.js';
import { loadSuite } from '../suite/load-suite.js';
import { cellName, selectCells } from '../suite/select-cells.js';
import type { Cell, Suite } from '../suite/suite-schema.js';
import { type BuildFlags, buildCommand, type CommonBuildRequest, commonBuildRequest } from './build.js';
import { runCommand } from './run.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

/** Bisect's options as the user wrote them. */
export interface BisectFlags extends BuildFlags {
  source: string;
  good: string;
  bad: string;
  cell?: string[];
  metric?: string;
  suite: string;
  maxRepetitions: string;
  compiler: string;
  /** Default: SOURCE.bisect-server, beside the checkout (a prefix inside it would be refused). */
  prefix?: string;
  buildDir?: string;
  set?: string[];
  state: string;
  outDir: string;
  lockTimeout?: string;
  /** A history directory whose runs of --good and --bad stand for the ends (they are not measured again). */
  history?: string;
  testbed?: string;
}

export const BISECT_DEFAULTS = {
  suite: 'instructions',
  compiler: 'gcc',
  state: 'bisect-state.json',
  outDir: 'bisect-report',
  maxRepetitions: String(DEFAULT_MAX_REPETITIONS),
} as const;

export interface BisectOptions {
  /** The checkout, absolute. */
  readonly source: string;
  /** As the user wrote them (a hash, a tag, a branch); resolved to commits before anything runs. */
  readonly good: string;
  readonly bad: string;
  readonly suite: Suite;
  readonly cells: readonly Cell[];
  readonly metric: MetricName;
  /** Repetitions an ambiguous throughput-like commit may get before it is skipped. */
  readonly maxRepetitions: number;
  readonly build: CommonBuildRequest;
  readonly compiler: string;
  /** The one install prefix and build directory every step reuses; absolute. */
  readonly prefix: string;
  readonly buildDir: string;
  /** --set: NAME=VALUE for the server, after the suite's own serverOptions. */
  readonly serverOptions: Readonly<Record<string, string>>;
  readonly lockTimeout: RunConfig['lockTimeout'];
  readonly statePath: string;
  readonly outDir: string;
  readonly references?: BisectReferences;
  /** Where to read the ends' references from when `references` is not given. */
  readonly history?: { readonly dir: string; readonly testbed?: string };
  /** How errors name the options: `--good` on the command line. */
  readonly spell: FlagSpelling;
}

/** Flags → BisectOptions; every error names the flag. Git and the state file are checked by bisectCommand. */
export function bisectOptionsFromFlags(flags: BisectFlags, spell: FlagSpelling = cliSpelling): BisectOptions {
  for (const name of ['good', 'bad'] as const) {
    if (flags[name].trim() === '') throw new InputError(`${spell(name)} is empty: give a commit`);
  }
  const suite = loadSuite(flags.suite);
  const cells = chosenCells(suite, flags.cell ?? [], spell('cell'));
  const source = resolve(flags.source);
  const prefix = resolve(flags.prefix ?? `${source}.bisect-server`);
  return {
    source,
    good: flags.good.trim(),
    bad: flags.bad.trim(),
    suite,
    cells,
    metric: chosenMetric(suite, flags.metric, spell('metric')),
    maxRepetitions: parseMaxRepetitions(flags.maxRepetitions, suite, spell('max-repetitions')),
    build: commonBuildRequest(flags, spell),
    compiler: flags.compiler,
    prefix,
    buildDir: resolve(flags.buildDir ?? `${prefix}.build`),
    serverOptions: parseOptionAssignments(flags.set ?? [], spell('set')),
    lockTimeout: {
      ms: parseLockTimeout(flags.lockTimeout, spell('lock-timeout')),
      label: spell('lock-timeout'),
    },
    statePath: resolve(flags.state),
    outDir: resolve(flags.outDir),
    ...(flags.history === undefined
      ? {}
      : {
          history: { dir: flags.history, ...(flags.testbed === undefined ? {} : { testbed: flags.testbed }) },
        }),
    spell,
  };
}

/**
 * The ends' values: given, else from the history when it has runs of both ends (one end from the
 * history and the other measured here would compare two set-ups), else none: both are measured.
 */
function endReferences(options: BisectOptions, good: string, bad: string): BisectReferences | undefined {
  if (options.references !== undefined || options.history === undefined) return options.references;
  const { dir, testbed } = options.history;
  const stored = findSuiteHistory(dir, options.suite.name, testbed, suiteHash(options.suite));
  const found = historyReferences(stored.file, stored.path, {
    suite: options.suite,
    good,
    bad,
    cells: options.cells.map(cellName),
    metric: options.metric,
  });
  return found.good !== undefined && found.bad !== undefined ? found : undefined;
}

export interface WrittenBisectReport {
  readonly jsonPath: string;
  /** The chart, when anything was measured; undefined otherwise or when it could not be drawn. */
  readonly pngPath: string | undefined;
  readonly specPath: string | undefined;
  readonly warnings: readonly string[];
}

export interface BisectOutcome {
  readonly state: BisectState;
  /** 0: the first bad commit was found; 1: the bisection could not decide. */
  readonly exitCode: 0 | 1;
  /** The result, how many commits were measured, and the table of them. */
  readonly summary: string;
  readonly report: WrittenBisectReport;
}

/**
 * Checks everything, then bisects (or resumes, or only reports a finished bisection), then writes
 * the report. Progress goes to `logger`; the checkout is back where it was when this returns or throws.
 */
export async function bisectCommand(options: BisectOptions, logger: Logger): Promise<BisectOutcome> {
  const prepared = await prepare(options);
  const state = await inCleanupScope(logger, (scope) =>
    new Bisection(options, prepared, logger, scope).run(),
  );
  const report = await writeBisectReport(options.outDir, state);
  for (const warning of report.warnings) logger.warning(warning);
  return {
    state,
    exitCode: state.result?.outcome === 'found' ? 0 : 1,
    summary: bisectSummary(state),
    report,
  };
}

// ---- Checks before anything is written ----

interface Prepared {
  readonly head: GitHead;
  readonly state: BisectState;
  readonly resumed: boolean;
}

async function prepare(options: BisectOptions): Promise<Prepared> {
  const { spell } = options;
  const tree = await detectSourceTree(options.source);
  const { good, bad, candidates } = await checkCheckout(options);
  await resolveCompiler(options.compiler);
  checkDirectories(tree.root, options.prefix, options.buildDir);
  const inputs: BisectInputs = {
    source: options.source,
    good,
    bad,
    suite: { name: options.suite.name, definition: options.suite },
    cells: options.cells.map(cellName),
    metric: options.metric,
    serverOptions: { ...options.serverOptions },
    compiler: options.compiler,
    build: { buildType: options.build.buildType, cmakeArgs: [...options.build.cmakeArgs] },
    references: referenceValues(endReferences(options, good, bad), options.cells.map(cellName)),
  };
  const stored = readBisectState(options.statePath);
  if (stored !== undefined) {
    const differences = inputDifferences(stored.inputs, inputs);
    if (differences.length > 0) {
      throw new InputError(
        `${spell('state')} ${options.statePath} belongs to another bisection (its ${differences.join(', ')} differ from this one's); remove it to start afresh, or pass another ${spell('state')}`,
      );
    }
  }
  const head = await currentHead(options.source);
  const state = stored ?? newState(inputs, candidates, packageVersion());
  return { head, state, resumed: stored !== undefined };
}

/** The checkout is one, without local changes; --good and --bad are commits, in that order. */
async function checkCheckout(
  options: BisectOptions,
): Promise<{ good: string; bad: string; candidates: BisectState['candidates'] }> {
  const { source, spell } = options;
  if ((await gitTopLevel(source)) === undefined) {
    throw new InputError(
      `${spell('source')} ${source} is not a git checkout: bisect checks commits out, so it needs a clone of the server's repository`,
    );
  }
  const dirty = await dirtyFiles(source);
  if (dirty.length > 0) {
    const shown = dirty.slice(0, 5).join(', ') + (dirty.length > 5 ? ` and ${dirty.length - 5} more` : '');
    throw new InputError(
      `${spell('source')} ${source} has local changes to tracked files (${shown}); commit or stash them first: bisect checks other commits out`,
    );
  }
  const [good, bad] = await Promise.all(
    (['good', 'bad'] as const).map(async (name) => {
      const sha = await resolveCommit(source, options[name]);
      if (sha === undefined) {
        throw new InputError(`${spell(name)} ${options[name]}: no such commit in ${source}`);
      }
      return sha;
    }),
  );
  if (good === undefined || bad === undefined) throw new Error('both ends are resolved');
  if (!(await isAncestor(source, good, bad))) {
    throw new InputError(
      `${spell('good')} ${options.good} is not an ancestor of ${spell('bad')} ${options.bad}: the good commit must come before the bad one (are they swapped?)`,
    );
  }
  const candidates = await ancestryPath(source, good, bad);
  if (candidates.length === 0) {
    throw new InputError(
      `no commits between ${spell('good')} ${options.good} and ${spell('bad')} ${options.bad}: they are the same commit`,
    );
  }
  return { good, bad, candidates };
}

// ---- The bisection ----

type Decision =
  | { readonly call: 'good' | 'bad' | 'skipped'; readonly reason: string }
  | { readonly call: 'more'; readonly reason: string };

/** What to build and measure, and what it is to the search. */
interface Target {
  readonly sha: string;
  readonly subject: string;
  readonly role: MeasuredCommit['role'];
}

/** Thrown by a run that could not measure the commit (its server or sysbench failed): a skip. */
class CannotMeasure extends Error {}

class Bisection {
  private state: BisectState;
  private restoreCheckout: (() => Promise<void>) | undefined;
  private readonly counted: boolean;
  private readonly runSuite: Suite;

  constructor(
    private readonly options: BisectOptions,
    private readonly prepared: Prepared,
    private readonly logger: Logger,
    private readonly scope: CleanupScope,
  ) {
    this.state = prepared.state;
    this.counted = METRICS[options.metric].counted;
    this.runSuite = selectCells(options.suite, options.cells);
  }

  async run(): Promise<BisectState> {
    const { statePath } = this.options;
    if (this.state.result !== null) {
      this.logger.info(`the bisection in ${statePath} is finished; its result again, without measuring:`);
      return this.state;
    }
    if (this.prepared.resumed) {
      const done = plural(this.state.measured.length, 'commit', 'commits');
      this.logger.info(`resuming the bisection in ${statePath}: ${done} measured already`);
    }
    this.save(this.state);
    const ends = await this.settleEnds();
    if (ends !== undefined) await this.search(ends);
    return this.state;
  }

  private get cells(): readonly string[] {
    return this.state.inputs.cells;
  }

  private save(state: BisectState): void {
    this.state = state;
    writeBisectState(this.options.statePath, state);
  }

  private finish(result: NonNullable<BisectState['result']>): void {
    this.save({ ...this.state, result });
  }

  /**
   * Measures the ends that have no reference values, then checks that they differ beyond the
   * noise, measuring throughput-like ends again while they do not and may have more repetitions.
   * Returns their judgement, or undefined when the bisection ended (the result says why).
   */
  private async settleEnds(): Promise<AllEnds | undefined> {
    const { inputs } = this.state;
    for (const end of ['good', 'bad'] as const) {
      if (inputs.references[end] !== undefined) continue;
      if (this.state.measured.some((commit) => commit.role === `${end}-end`)) continue;
      const sha = inputs[end];
      const subject = await commitSubject(this.options.source, sha);
      this.logger.info(`measuring the ${end} end: ${shortSha(sha)} ${subject}`);
      if (!(await this.measureEnd({ sha, subject, role: `${end}-end` }))) return undefined;
    }
    for (;;) {
      const { good = {}, bad = {} } = endValues(this.state);
      const ends = judgeAllEnds(good, bad, this.cells, this.counted);
      if (ends.distinct) {
        this.logger.info(`the ends differ: ${describeEnds(ends)}`);
        return ends;
      }
      const again = this.counted ? [] : this.endsToRepeat();
      if (again.length === 0) {
        const reason = `the good and the bad end are indistinguishable: ${ends.reason}`;
        this.finish({ outcome: 'undecided', reason, suspects: [] });
        return undefined;
      }
      this.logger.info(`the ends are not distinguishable yet (${ends.reason}); measuring them again`);
      for (const commit of again) if (!(await this.measureEnd(commit, commit))) return undefined;
    }
  }

  /** Measured ends that may have more repetitions. */
  private endsToRepeat(): MeasuredCommit[] {
    return this.state.measured.filter(
      (commit) =>
        commit.role !== 'candidate' &&
        commit.call !== 'skipped' &&
        fewestRepetitions(commit.values, this.cells) < this.options.maxRepetitions,
    );
  }

  /** Builds and measures an end (once more, after `previous`); false, the bisection over, when it cannot be. */
  private async measureEnd(target: Target, previous?: MeasuredCommit): Promise<boolean> {
    const end = target.role === 'good-end' ? 'good' : 'bad';
    const reason = `the ${end} end (${this.options.spell(end)})`;
    const measured = await this.measureCommit(target, () => ({ call: end, reason }), previous);
    this.save(withMeasured(this.state, measured));
    if (measured.call === 'skipped') {
      const why = `the ${end} end ${shortSha(target.sha)} ${measured.reason}`;
      this.finish({ outcome: 'undecided', reason: why, suspects: [] });
      return false;
    }
    return true;
  }

  /** Measures the candidate nearest the middle of the range until the first bad commit is known. */
  private async search(ends: AllEnds): Promise<void> {
    const count = this.state.candidates.length;
    if (this.state.estimatedSteps === null) {
      const calls = searchCalls(this.state);
      const estimatedSteps = estimateSteps(untested(searchRange(count, calls), calls).length);
      this.save({ ...this.state, estimatedSteps });
    }
    for (;;) {
      this.scope.throwIfInterrupted();
      const step = nextStep(count, searchCalls(this.state));
      if (step.kind !== 'measure') {
        this.finish(searchResult(this.state, step));
        return;
      }
      const candidate = this.state.candidates[step.index];
      if (candidate === undefined) throw new Error(`no candidate ${step.index}`);
      const number = this.state.measured.filter((commit) => commit.role === 'candidate').length + 1;
      this.logger.info(stepLine(number, this.state.estimatedSteps ?? 0, candidate.sha, candidate.subject));
      this.logger.info(rangeLine(this.state, step.range));
      const decide = (values: CellValues): Decision =>
        judgeCommit(ends.cells, values, this.counted, this.options.maxRepetitions);
      const measured = await this.measureCommit({ ...candidate, role: 'candidate' }, decide);
      this.logger.info(`${shortSha(candidate.sha)} is ${measured.call}: ${measured.reason}`);
      this.save(withMeasured(this.state, measured));
    }
  }

  /**
   * Checks the target out, builds it, and runs the cells on it until `decide` calls it (an
   * ambiguous commit is run again, its repetitions appended); a commit that does not build or
   * cannot be measured is skipped. Continues `previous` when given (an end measured again).
   */
  private async measureCommit(
    target: Target,
    decide: (values: CellValues) => Decision,
    previous?: MeasuredCommit,
  ): Promise<MeasuredCommit> {
    const built = await this.buildAt(target.sha);
    let values: CellValues = previous?.values ?? {};
    const resultsFiles = [...(previous?.resultsFiles ?? [])];
    let measureSeconds = previous?.measureSeconds ?? null;
    const record = (call: MeasuredCommit['call'], reason: string): MeasuredCommit => ({
      ...target,
      values,
      call,
      reason,
      buildSeconds: (previous?.buildSeconds ?? 0) + built.seconds,
      measureSeconds,
      resultsFiles,
      measuredAt: new Date().toISOString(),
    });
    if (!built.ok) return record('skipped', built.reason);
    for (;;) {
      const have = fewestRepetitions(values, this.cells);
      const repetitions = resultsFiles.length === 0 ? this.runSuite.repetitions : this.extraRepetitions(have);
      let run: Measured;
      try {
        run = await this.measureRun(target.sha, resultsFiles.length + 1, repetitions);
      } catch (error) {
        if (error instanceof CannotMeasure) return record('skipped', error.message);
        throw error;
      }
      values = appendValues(values, run.values);
      resultsFiles.push(run.resultsFile);
      measureSeconds = (measureSeconds ?? 0) + run.seconds;
      this.logger.info(`measured: ${describeValues(values, this.cells)}`);
      const decision = decide(values);
      if (decision.call !== 'more') return record(decision.call, decision.reason);
      this.logger.info(`ambiguous, measuring again: ${decision.reason}`);
    }
  }

  /** A further run's repetitions: the suite's, no more than the maximum allows, at least 2. */
  private extraRepetitions(have: number): number {
    return Math.max(2, Math.min(this.runSuite.repetitions, this.options.maxRepetitions - have));
  }

  /** Checks `sha` out; the first time, arranges for the checkout to go back where it was. */
  private async checkout(sha: string): Promise<void> {
    const { source } = this.options;
    const { head } = this.prepared;
    this.restoreCheckout ??= this.scope.add(`return ${source} to ${describeHead(head)}`, async () => {
      await checkoutHead(source, head);
      this.logger.info(`${source} is back on ${describeHead(head)}`);
    });
    await checkoutDetached(source, sha);
  }

  /** Checks `sha` out and builds it; a build or configure error is a failed attempt, not an error. */
  private async buildAt(sha: string): Promise<BuildAttempt> {
    this.scope.throwIfInterrupted();
    await this.checkout(sha);
    const { options } = this;
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    const { source, compiler, prefix, buildDir } = options;
    try {
      await buildCommand({ ...options.build, source, compiler, prefix, buildDir, targets: [] }, this.logger);
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      const reason = `does not build: ${oneLine(errorMessage(error))}`;
      this.logger.info(`${shortSha(sha)} ${reason}`);
      return { ok: false, seconds: seconds(), reason };
    }
    this.logger.info(`built ${shortSha(sha)} in ${formatDuration(seconds())}`);
    return { ok: true, seconds: seconds() };
  }

  /** One run of the selected cells on the prefix; CannotMeasure when its server or sysbench failed. */
  private async measureRun(sha: string, run: number, repetitions: number): Promise<Measured> {
    this.scope.throwIfInterrupted();
    const { options } = this;
    const runsDir = join(options.outDir, 'runs');
    mkdirSync(runsDir, { recursive: true });
    const config: RunConfig = {
      suite: { ...this.runSuite, repetitions },
      sides: [
        {
          name: 'head',
          serverPath: options.prefix,
          options: {},
          labels: { server: options.spell('prefix'), options: options.spell('set') },
        },
      ],
      commonOptions: options.serverOptions,
      commonOptionsLabel: options.spell('set'),
      outPath: join(runsDir, `${shortSha(sha)}-${run}.json`),
      workDir: null,
      keepWorkDir: false,
      lockTimeout: options.lockTimeout,
      // As run does by default: instruction suites pinned, throughput ones not.
      pin: { mode: 'auto', label: '--pin' },
      // One server per run: nothing to measure at once.
      parallelSides: { mode: 'off', label: '--parallel-sides' },
    };
    const started = performance.now();
    try {
      const outcome = await runCommand(config, this.logger);
      const values = cellValuesOf(outcome.results, this.cells, options.metric);
      return { values, resultsFile: outcome.resultsPath, seconds: (performance.now() - started) / 1000 };
    } catch (error) {
      if (error instanceof ServerError || error instanceof BenchmarkError) {
        throw new CannotMeasure(`could not be measured: ${oneLine(errorMessage(error))}`);
      }
      throw error;
    }
  }
}

type BuildAttempt =
  | { readonly ok: true; readonly seconds: number }
  | { readonly ok: false; readonly seconds: number; readonly reason: string };

interface Measured {
  readonly values: CellValues;
  readonly resultsFile: string;
  readonly seconds: number;
}

// ---- The report ----

/** bisect.json, and the chart as bisect.vl.json, bisect.svg and bisect.png, in `outDir`. */
export async function writeBisectReport(outDir: string, state: BisectState): Promise<WrittenBisectReport> {
  mkdirSync(outDir, { recursive: true });
  const jsonPath = join(outDir, 'bisect.json');
  writeFileAtomic(jsonPath, `${JSON.stringify(bisectReport(state), null, 2)}\n`);
  const spec = bisectSpec(state);
  if (spec === null) return { jsonPath, pngPath: undefined, specPath: undefined, warnings: [] };
  const written = await writeCharts(outDir, [{ name: 'bisect', title: BISECT_TITLE, spec }]);
  return {
    jsonPath,
    pngPath: written.charts[0]?.pngPath,
    specPath: join(outDir, 'bisect.vl.json'),
    warnings: [...written.warnings, ...written.undrawn.map((chart) => chart.warning)],
  };
}
