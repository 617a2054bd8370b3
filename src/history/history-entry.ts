// Results → one history entry; adding it to a history file in its place. Pure.
import { HistoryError, InputError } from '../errors.js';
import { baselineKey, sameKey, sanitizeName, sideFacts } from '../baseline/key.js';
import { suiteDifferences } from '../baseline/comparable.js';
import { suiteHash } from '../suite/suite-hash.js';
import type { BaselineKey } from '../baseline/baseline-schema.js';
import { metricsFor, METRICS, type MetricName } from '../compare/metrics.js';
import { yieldsMetric } from '../compare/operation-cells.js';
import type { Suite } from '../suite/suite-schema.js';
import type { CellResult, Results, ServerFacts } from '../results/results-schema.js';
import {
  cellName,
  HISTORY_SCHEMA_VERSION,
  HistoryFile as HistoryFileSchema,
  type HistoryEntry,
  type HistoryFile,
  MAX_TEXT,
} from './history-schema.js';
import { BOTH_NAMES, type OptionNames } from '../option-names.js';

/** Significant digits kept per value: a 0.01% step stays visible, the file stays small. */
export const SIGNIFICANT_DIGITS = 7;

export interface HistoryEntryOptions {
  /** The commit measured (checked); default the commit the server was built from. */
  readonly commit?: string;
  /** When neither was given nor recorded: the workflow's commit ($GITHUB_SHA). */
  readonly fallbackCommit?: string;
  /** The commit's date (ISO); null when unknown. */
  readonly commitDate: string | null;
  /** A link to the run (the workflow run's URL). */
  readonly run?: string;
  readonly testbed?: string;
  /** How the user named the options (`--commit`), for errors; both front ends' names when not given. */
  readonly names?: Pick<OptionNames, 'commit'>;
}

export interface HistoryRun {
  readonly key: BaselineKey;
  readonly suiteHash: string;
  readonly cells: readonly string[];
  readonly metrics: readonly MetricName[];
  readonly entry: HistoryEntry;
  /**
   * Cells and metrics some repetitions of which lack the value: kept with the values there are (or
   * none), and named here so that the command says so rather than a series thinning in silence.
   */
  readonly gaps: readonly string[];
}

function round(value: number): number {
  return Number(value.toPrecision(SIGNIFICANT_DIGITS));
}

/** Free text from a results file, cut to what the history's schema takes. */
function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1)}…`;
}

function compilerOf(facts: ServerFacts): string | null {
  if (facts.build) return cut(facts.build.compiler.versionLine);
  return facts.compiler.known ? cut(facts.compiler.name) : null;
}

function commitOf(
  facts: ServerFacts,
  given: string | undefined,
  fallback: string | undefined,
  label: string,
): string {
  const built = facts.build?.source.gitCommit ?? undefined;
  const commit = given ?? built ?? fallback;
  if (commit === undefined) {
    throw new InputError(
      `the results do not say which commit was measured (the server was not built by mysql-perf-gate from a git checkout): pass ${label} SHA`,
    );
  }
  if (given === undefined && built !== undefined && facts.build?.source.gitDirty === true) {
    throw new InputError(
      `the server was built from ${commit.slice(0, 12)} with uncommitted changes, so it is not that commit: commit them, or pass ${label} SHA to record it anyway`,
    );
  }
  return commit;
}

/**
 * Each metric's repetition values for one cell: the repetitions that have it (a repetition
 * without it is left out, and `gaps` names it), or null when none has, or when the cell's workload
 * does not yield it (no throughput from a recovery: its report's rate is units over its seconds;
 * no seconds of an operation from a client workload).
 */
function cellValues(suite: Suite, cell: CellResult, metrics: readonly MetricName[]): (number[] | null)[] {
  return metrics.map((name) => {
    if (!yieldsMetric(suite, cell.workload, name)) return null;
    const values = cell.repetitions
      .map((repetition) => METRICS[name].value(repetition))
      .filter((value): value is number => value !== undefined && Number.isFinite(value));
    return values.length > 0 ? values.map(round) : null;
  });
}

/** "oltp_point_select@1 instructions: 2 of 3 repetitions", for each cell and kept metric short of some. */
function gapsOf(
  suite: Suite,
  cells: readonly CellResult[],
  measured: readonly (number[] | null)[][],
  kept: readonly number[],
  metrics: readonly MetricName[],
): string[] {
  return cells.flatMap((cell, index) =>
    kept.flatMap((metricIndex) => {
      const name = metrics[metricIndex];
      // A metric the cell's workload does not yield is no gap: the series is another cell's.
      if (name === undefined || !yieldsMetric(suite, cell.workload, name)) return [];
      const values = measured[index]?.[metricIndex] ?? null;
      const have = values?.length ?? 0;
      return have === cell.repetitions.length
        ? []
        : [
            `${cellName(cell)} ${metrics[metricIndex] ?? ''}: ${have} of ${cell.repetitions.length} repetitions have it`,
          ];
    }),
  );
}

/** The history entry of a run's head side (a single run's only side). */
export function historyRun(results: Results, options: HistoryEntryOptions): HistoryRun {
  const facts = sideFacts(results, 'head');
  const cells = results.cells.filter((cell) => cell.side === 'head');
  if (cells.length === 0) throw new InputError('the results have no measured cells; nothing to add');
  const metrics = metricsFor(results.suite.metric)
    .filter((metric) => !metric.fromHistogram)
    .map((metric) => metric.name);
  const measured = cells.map((cell) => cellValues(results.suite, cell, metrics));
  const kept = metrics.filter((_, index) => measured.some((cell) => cell[index] !== null));
  if (kept.length === 0)
    throw new InputError("the results measured none of the suite's metrics; nothing to add");
  const keptIndex = kept.map((name) => metrics.indexOf(name));
  return {
    key: baselineKey(results, options.testbed === undefined ? {} : { testbed: options.testbed }),
    suiteHash: suiteHash(results.suite),
    cells: cells.map(cellName),
    metrics: kept,
    entry: {
      commit: commitOf(facts, options.commit, options.fallbackCommit, (options.names ?? BOTH_NAMES).commit),
      commitDate: options.commitDate,
      runAt: results.startedAt,
      run: options.run ?? null,
      version: cut(facts.versionFunction),
      compiler: compilerOf(facts),
      values: measured.map((cell) => keptIndex.map((index) => cell[index] ?? null)),
    },
    gaps: gapsOf(results.suite, cells, measured, keptIndex, metrics),
  };
}

/**
 * A history's file, relative to the history directory or the branch:
 * `<testbed>/<suite>-<options hash>-<suite hash>.json`. The suite's definition is part of the name,
 * so a changed suite starts a new series rather than continuing one it does not belong to.
 */
export function historyRelativePath(run: Pick<HistoryRun, 'key' | 'suiteHash'>): string {
  const { key } = run;
  return `${sanitizeName(key.testbed, 'testbed')}/${sanitizeName(key.suite, 'suite')}-${key.optionsHash}-${run.suiteHash}.json`;
}

/**
 * Where a history's page goes on the charts branch: `history/<testbed>/<suite>-<optionsHash>`,
 * one folder per testbed, suite and server options, whose index.html the nightly rewrites.
 */
export function historyPageDirectory(key: HistoryRun['key']): string {
  return `history/${sanitizeName(key.testbed, 'testbed')}/${sanitizeName(key.suite, 'suite')}-${key.optionsHash}`;
}

/** Where an entry goes: commit date (or run time when unknown), then run time. */
function orderKey(entry: HistoryEntry): string {
  return `${new Date(entry.commitDate ?? entry.runAt).toISOString()} ${new Date(entry.runAt).toISOString()}`;
}

function sameRun(a: HistoryEntry, b: HistoryEntry): boolean {
  return a.commit === b.commit && (a.runAt === b.runAt || (a.run !== null && a.run === b.run));
}

/** Re-aligns an entry's values from its own cells and metrics to the file's. */
function align(run: HistoryRun, cells: readonly string[], metrics: readonly MetricName[]): HistoryEntry {
  const values = cells.map((cell) => {
    const from = run.cells.indexOf(cell);
    const measured = from === -1 ? null : run.entry.values[from];
    if (measured === null || measured === undefined) return null;
    return metrics.map((metric) => {
      const at = run.metrics.indexOf(metric);
      return at === -1 ? null : (measured[at] ?? null);
    });
  });
  return { ...run.entry, values };
}

/** Widens every entry to new columns (cells or metrics seen for the first time), nulls where absent. */
function widen(file: HistoryFile, cells: string[], metrics: MetricName[]): HistoryEntry[] {
  return file.entries.map((entry) =>
    align(
      { key: file.key, suiteHash: file.suiteHash, cells: file.cells, metrics: file.metrics, entry, gaps: [] },
      cells,
      metrics,
    ),
  );
}

export type AppendAction = 'added' | 'replaced';

export interface AppendOutcome {
  readonly file: HistoryFile;
  readonly action: AppendAction;
  /** Position of the entry in the file, 0-based. */
  readonly index: number;
}

function checkSameSeries(
  file: HistoryFile,
  run: HistoryRun,
  results: Results,
  where: string,
  testbedLabel: string,
): void {
  if (!sameKey(file.key, run.key)) {
    throw new HistoryError(
      `${where} holds the history of testbed ${JSON.stringify(file.key.testbed)}, suite ${file.key.suite}, options ${file.key.optionsHash}, ` +
        `not of testbed ${JSON.stringify(run.key.testbed)}, suite ${run.key.suite}, options ${run.key.optionsHash}; nothing was added`,
    );
  }
  if (file.suiteHash !== run.suiteHash) {
    const differences = suiteDifferences(file.suite, results.suite).slice(0, 5).join('; ');
    throw new HistoryError(
      `the suite ${results.suite.name} was changed since ${where} was started (${differences}), so its numbers would not continue the series; ` +
        `nothing was added: keep the history of the new definition in another directory or under another ${testbedLabel}`,
    );
  }
}

/**
 * Adds a run to a history (null: a new one). The same run twice (same commit and start time, or
 * same commit and run link) is refused unless `replace`, so a series never counts a run twice.
 */
export function appendToHistory(
  file: HistoryFile | null,
  results: Results,
  run: HistoryRun,
  options: {
    readonly replace?: boolean;
    readonly where: string;
    /** How the user named the options, for errors; both front ends' names when not given. */
    readonly names?: Pick<OptionNames, 'replace' | 'testbed'>;
  },
): AppendOutcome {
  if (file !== null)
    checkSameSeries(file, run, results, options.where, (options.names ?? BOTH_NAMES).testbed);
  const cells = [...(file?.cells ?? []), ...run.cells.filter((cell) => !file?.cells.includes(cell))];
  const metrics = [
    ...(file?.metrics ?? []),
    ...run.metrics.filter((metric) => !file?.metrics.includes(metric)),
  ];
  const entries = file === null ? [] : widen(file, cells, metrics);
  const entry = align(run, cells, metrics);
  const existing = entries.findIndex((other) => sameRun(other, entry));
  if (existing !== -1 && options.replace !== true) {
    throw new HistoryError(
      `${options.where} already has this run of ${entry.commit.slice(0, 12)} (started ${entries[existing]?.runAt ?? entry.runAt}); ` +
        `nothing was added: pass ${(options.names ?? BOTH_NAMES).replace} to replace it`,
    );
  }
  const rest = existing === -1 ? entries : entries.filter((_, index) => index !== existing);
  const at = rest.findIndex((other) => orderKey(other) > orderKey(entry));
  const index = at === -1 ? rest.length : at;
  rest.splice(index, 0, entry);
  const appended: HistoryFile = {
    schemaVersion: HISTORY_SCHEMA_VERSION,
    key: run.key,
    suite: results.suite,
    suiteHash: run.suiteHash,
    cells,
    metrics,
    entries: rest,
  };
  // What is written must read back: a bad entry would make the file unreadable for every later night.
  const checked = HistoryFileSchema.safeParse(appended);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new HistoryError(
      `this run cannot be added to ${options.where}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}; nothing was written`,
    );
  }
  return { action: existing === -1 ? 'added' : 'replaced', index, file: appended };
}
