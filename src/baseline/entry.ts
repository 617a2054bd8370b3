// Results → a baseline entry; the bounded history; an entry → the base side compare needs. Pure.
import { BaselineError, InputError } from '../errors.js';
import type { CellResult, Environment, Results, ServerFacts, SideName } from '../results/results-schema.js';
import type { Suite } from '../suite/suite-schema.js';
import { suiteHash } from '../suite/suite-hash.js';
import { optionsHash } from './hash.js';
import { sideFacts } from './key.js';
import {
  BASELINE_SCHEMA_VERSION,
  type BaselineEntry,
  type BaselineFile,
  type BaselineKey,
} from './baseline-schema.js';

/** Entries a baseline file keeps unless told otherwise: enough for a trend and change points. */
export const DEFAULT_KEEP = 20;

export interface EntryOptions {
  /** Side of the results to store; default head. */
  readonly side?: SideName;
  /** Commit measured (already checked with parseCommit). */
  readonly commit?: string;
  /** ISO time of saving. */
  readonly savedAt: string;
}

/** A commit SHA as given (--commit or GITHUB_SHA): 7 to 64 hex digits, stored lower-case. */
export function parseCommit(text: string, source: string): string {
  const commit = text.trim();
  if (!/^[0-9a-fA-F]{7,64}$/.test(commit)) {
    throw new InputError(
      `${source} is ${JSON.stringify(text)}, not a commit SHA (7 to 64 hex digits, e.g. from git rev-parse HEAD)`,
    );
  }
  return commit.toLowerCase();
}

/** The number of entries to keep (--keep): a whole number from 1 up. */
export function checkKeep(keep: number, source: string): number {
  if (!Number.isSafeInteger(keep) || keep < 1) {
    throw new InputError(`${source} must be a whole number of entries, 1 or more; got ${String(keep)}`);
  }
  return keep;
}

export function createEntry(results: Results, options: EntryOptions): BaselineEntry {
  const side = options.side ?? 'head';
  const facts = sideFacts(results, side);
  const cells = results.cells.filter((cell) => cell.side === side);
  if (cells.length === 0) {
    throw new InputError(`the results have no measured cells for the ${side} side; nothing to store`);
  }
  return {
    savedAt: options.savedAt,
    ...(options.commit === undefined ? {} : { commit: options.commit }),
    side,
    run: {
      startedAt: results.startedAt,
      finishedAt: results.finishedAt,
      mode: results.mode,
      toolVersion: results.tool.version,
    },
    suiteHash: suiteHash(results.suite),
    optionsHash: optionsHash(facts.options),
    environment: results.environment,
    suite: results.suite,
    facts,
    cells: cells.map(trimFunctions),
  };
}

/**
 * Functions kept per instruction cell in a baseline entry. A results file keeps every function
 * (about 1,500 for a point select, 1 MB for the instructions suite); a history of twenty entries
 * does not need the long tail, and the function diff shows the largest changes only.
 */
export const BASELINE_FUNCTIONS = 300;

function trimFunctions(cell: CellResult): CellResult {
  if (!cell.functions || cell.functions.length <= BASELINE_FUNCTIONS) return cell;
  // Largest first already (see FunctionTally); sorted again in case an older file was not.
  const sorted = [...cell.functions].sort((a, b) => b.perTransaction - a.perTransaction);
  const functions = sorted.slice(0, BASELINE_FUNCTIONS);
  return { ...cell, functions, functionsBelow: functions.at(-1)?.perTransaction ?? 0 };
}

/**
 * An entry without its latency histograms: a verdict reads the newest entry's only, and each
 * repetition's histogram is some 10 KB (the standard suite's entry would grow by about 1.8 MB).
 */
function withoutHistograms(entry: BaselineEntry): BaselineEntry {
  if (!entry.cells.some((cell) => cell.repetitions.some((repetition) => repetition.report.histogram)))
    return entry;
  return {
    ...entry,
    cells: entry.cells.map((cell) => ({
      ...cell,
      repetitions: cell.repetitions.map((repetition) => {
        const report = { ...repetition.report };
        delete report.histogram;
        return { ...repetition, report };
      }),
    })),
  };
}

export interface AppendOutcome {
  readonly file: BaselineFile;
  /** False when the same run (start, finish, side, host) was already stored: nothing changes. */
  readonly added: boolean;
  /** Oldest entries dropped to keep the bound. */
  readonly dropped: number;
  /** Breaks in the series a trend reader must know about (suite definition or hardware changed). */
  readonly warnings: readonly string[];
}

function sameRun(a: BaselineEntry, b: BaselineEntry): boolean {
  return (
    a.side === b.side &&
    a.run.startedAt === b.run.startedAt &&
    a.run.finishedAt === b.run.finishedAt &&
    a.environment.hostname === b.environment.hostname
  );
}

/** Appends `entry` as the newest and drops the oldest beyond `keep`. The caller checked the key. */
export function appendEntry(
  existing: BaselineFile | null,
  key: BaselineKey,
  entry: BaselineEntry,
  keep: number = DEFAULT_KEEP,
): AppendOutcome {
  checkKeep(keep, 'keep');
  const previous = existing?.entries ?? [];
  if (existing !== null && previous.some((stored) => sameRun(stored, entry))) {
    return { file: existing, added: false, dropped: 0, warnings: [] };
  }
  const warnings: string[] = [];
  const newest = previous.at(-1);
  // The previous suite is hashed again: parsed with today's defaults, a field added since it was
  // saved is no break.
  const previousHash = newest === undefined ? entry.suiteHash : suiteHash(newest.suite);
  if (previousHash !== entry.suiteHash) {
    warnings.push(
      `the definition of suite ${entry.suite.name} changed since the previous entry (hash ${previousHash} → ${entry.suiteHash}): the history has a break here`,
    );
  }
  if (newest !== undefined && newest.environment.fingerprint !== entry.environment.fingerprint) {
    warnings.push(
      `the hardware changed since the previous entry (fingerprint ${newest.environment.fingerprint} → ${entry.environment.fingerprint}): the history has a break here`,
    );
  }
  const all = [...previous.map(withoutHistograms), entry];
  const dropped = Math.max(0, all.length - keep);
  return {
    file: {
      schemaVersion: BASELINE_SCHEMA_VERSION,
      key: existing?.key ?? key,
      entries: all.slice(dropped),
    },
    added: true,
    dropped,
    warnings,
  };
}

export function newestEntry(file: BaselineFile): BaselineEntry {
  const newest = file.entries.at(-1);
  // The schema requires at least one entry; this only guards a file built by hand in code.
  if (newest === undefined) throw new BaselineError('the baseline has no entries');
  return newest;
}

/** What compare takes as its base side when the base comes from a stored baseline. */
export interface BaselineSide {
  readonly facts: ServerFacts;
  /** The stored cells with every repetition, relabelled as side "base". */
  readonly cells: CellResult[];
  readonly environment: Environment;
  readonly suite: Suite;
  readonly savedAt: string;
  readonly commit?: string;
}

export function baselineSide(entry: BaselineEntry): BaselineSide {
  return {
    facts: entry.facts,
    cells: entry.cells.map((cell) => ({ ...cell, side: 'base' })),
    environment: entry.environment,
    suite: entry.suite,
    savedAt: entry.savedAt,
    ...(entry.commit === undefined ? {} : { commit: entry.commit }),
  };
}
