// The `bisect` command: on a git checkout of the server's source, find the first commit between
// --good and --bad where a cell's value changed, by building and measuring commits in the middle of
// the range still in doubt. src/bisect/ holds the search (bisection.ts runs it, step by step, into
// the state file); this module reads the options, checks everything, hands the engine the real
// checkout, build and run of one commit, and writes the report.
//
// Everything is checked before anything is written or built. Then each step checks a commit out
// (detached), builds it into one install prefix with one build directory (incremental, ccache when
// available) and runs the suite's selected cells on it. Whatever happens, the checkout goes back to
// where it was and no server is left running (each build and run cleans up after itself).
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { DEFAULT_MAX_REPETITIONS } from '../bisect/bisect-classify.js';
import {
  type BisectReferences,
  chosenCells,
  chosenMetric,
  referenceValues,
} from '../bisect/bisect-inputs.js';
import { type BisectInputs, type BisectState, newState } from '../bisect/bisect-state.js';
import { storedState } from '../bisect/bisect-state-file.js';
import { commitRange } from '../bisect/commit-range.js';
import { bisectReport } from '../bisect/bisect-report.js';
import { bisectSummary, shortSha } from '../bisect/bisect-text.js';
import { cellValuesOf } from '../bisect/bisect-values.js';
import { type BisectWork, runBisection } from '../bisect/bisection.js';
import { parseMaxRepetitions } from '../suite/repetitions.js';
import { checkDirectories } from '../builder/build-plan.js';
import { resolveCompiler } from '../builder/compilers.js';
import { checkoutDetached, checkoutHead, currentHead, describeHead, type GitHead } from '../builder/git.js';
import { detectSourceTree } from '../builder/source-tree.js';
import type { MetricName } from '../compare/metrics.js';
import { BenchmarkError, BuildError, errorMessage, InputError, ServerError } from '../errors.js';
import { historyReferences } from '../history/history-references.js';
import { suiteHash } from '../suite/suite-hash.js';
import { findSuiteHistory } from '../history/history-store.js';
import { BISECT_TITLE, bisectSpec } from '../report/specs/bisect.js';
import { writeCharts } from '../report/write-charts.js';
import type { RunConfig } from '../run/run-config.js';
import { parseOptionAssignments } from '../server/options.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { parseLockTimeout } from '../shell/lock-holder.js';
import { checkWritable } from '../shell/writable-dir.js';
import { packageVersion } from '../shell/package-root.js';
import { loadSuite } from '../suite/load-suite.js';
import { cellName, selectCells } from '../suite/select-cells.js';
import type { Cell, Suite } from '../suite/suite-schema.js';
import { type BuildFlags, buildCommand, type CommonBuildRequest, commonBuildRequest } from './build.js';
import { runCommand } from './run.js';
import { cliSpelling, type FlagSpelling, offSpelling, optionNames } from './spelling.js';

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
  /** Where bisect.json, its chart and each run's results go. */
  reportDir: string;
  lockTimeout?: string;
  /** A history directory whose runs of --good and --bad stand for the ends (they are not measured again). */
  history?: string;
  testbed?: string;
}

export const BISECT_DEFAULTS = {
  suite: 'instructions',
  compiler: 'gcc',
  state: 'bisect-state.json',
  reportDir: 'bisect-report',
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
  const suite = loadSuite(flags.suite, spell('suite'));
  const cells = chosenCells(suite, flags.cell ?? [], spell('cell'));
  const source = resolve(flags.source);
  const prefix = resolve(flags.prefix ?? `${source}.bisect-server`);
  return {
    source,
    good: flags.good.trim(),
    bad: flags.bad.trim(),
    suite,
    cells,
    metric: chosenMetric(suite, flags.metric, spell('metric'), cells),
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
    outDir: resolve(flags.reportDir),
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
  const stored = findSuiteHistory(
    dir,
    options.suite.name,
    testbed,
    suiteHash(options.suite),
    options.spell('testbed'),
  );
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
    runBisection(
      {
        state: prepared.state,
        resumed: prepared.resumed,
        statePath: options.statePath,
        goodSubject: prepared.goodSubject,
        maxRepetitions: options.maxRepetitions,
        endLabels: { good: options.spell('good'), bad: options.spell('bad') },
        throwIfInterrupted: () => {
          scope.throwIfInterrupted();
        },
      },
      realWork(options, prepared.head, logger, scope),
      logger,
    ),
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
  readonly goodSubject: string;
}

async function prepare(options: BisectOptions): Promise<Prepared> {
  const { spell } = options;
  const tree = await detectSourceTree(options.source);
  const { good, bad, goodSubject, candidates } = await commitRange(options.source, options, spell);
  await resolveCompiler(options.compiler, options.build.names.compiler);
  checkDirectories(tree.root, options.prefix, options.buildDir, options.build.names);
  checkWhereItWrites(options);
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
  const stored = storedState(options.statePath, inputs, optionNames(spell));
  const head = await currentHead(options.source);
  const state = stored ?? newState(inputs, candidates, packageVersion());
  return { head, state, resumed: stored !== undefined, goodSubject };
}

/**
 * The report, the state file, the build directory and the prefix's place must be writable before
 * the first build waits for the machine lock, not after it and its measurement.
 */
function checkWhereItWrites(options: BisectOptions): void {
  const { spell } = options;
  const names = options.build.names;
  // Nothing is made yet: a bisection refused by a later check leaves no directory behind.
  for (const [dir, option, value] of [
    [options.outDir, spell('out-dir'), options.outDir],
    [dirname(options.statePath), spell('state'), options.statePath],
    [options.buildDir, names['build-dir'], options.buildDir],
    [options.prefix, names.prefix, options.prefix],
  ] as const) {
    checkWritable({ dir, option, value, create: false });
  }
}

// ---- Building and measuring one commit, for the engine ----

/**
 * The real build and run of one commit: each build checks the commit out first (the first time,
 * arranging for the checkout to go back where it was), then builds it into the one prefix; each
 * run measures the selected cells on it. A build or configure error, or a server or sysbench that
 * fails, is the commit's, to be skipped; anything else ends the bisection.
 */
function realWork(options: BisectOptions, head: GitHead, logger: Logger, scope: CleanupScope): BisectWork {
  const { source, compiler, prefix, buildDir } = options;
  const runSuite = selectCells(options.suite, options.cells);
  let restoreCheckout: (() => Promise<void>) | undefined;
  return {
    async build(sha) {
      restoreCheckout ??= scope.add(`return ${source} to ${describeHead(head)}`, async () => {
        await checkoutHead(source, head);
        logger.info(`${source} is back on ${describeHead(head)}`);
      });
      await checkoutDetached(source, sha);
      try {
        await buildCommand({ ...options.build, source, compiler, prefix, buildDir, targets: [] }, logger);
      } catch (error) {
        if (!(error instanceof BuildError)) throw error;
        return { ok: false, error: errorMessage(error) };
      }
      return { ok: true };
    },
    async measure(sha, { run, repetitions }) {
      const runsDir = join(options.outDir, 'runs');
      mkdirSync(runsDir, { recursive: true });
      const config = runConfig(
        options,
        { ...runSuite, repetitions },
        join(runsDir, `${shortSha(sha)}-${run}.json`),
      );
      try {
        const outcome = await runCommand(config, logger);
        const values = cellValuesOf(outcome.results, options.cells.map(cellName), options.metric);
        return { ok: true, values, resultsFile: outcome.resultsPath };
      } catch (error) {
        if (error instanceof ServerError || error instanceof BenchmarkError) {
          return { ok: false, error: errorMessage(error) };
        }
        throw error;
      }
    },
  };
}

/** One run of `suite` on the prefix, as `run` does it by default, into `outPath`. */
function runConfig(options: BisectOptions, suite: Suite, outPath: string): RunConfig {
  return {
    suite,
    sides: [
      {
        name: 'head',
        server: options.prefix,
        options: {},
        labels: { server: options.spell('prefix'), options: options.spell('set') },
      },
    ],
    commonOptions: options.serverOptions,
    names: optionNames(options.spell),
    outPath,
    workDir: null,
    keepWorkDir: false,
    lockTimeout: options.lockTimeout,
    // As run does by default: instruction suites pinned, throughput ones not.
    pin: { mode: 'auto', label: options.spell('pin') },
    // One server per run: nothing to measure at once.
    parallelSides: {
      mode: 'off',
      label: options.spell('parallel-sides'),
      offLabel: offSpelling(options.spell, 'parallel-sides'),
    },
  };
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
