// The one place histories touch the disk (the CLI's --dir): read, append (locked, atomic), list.
// The layout is the baselines': `<testbed>/<suite>-<optionsHash>.json`.
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import { errorMessage, HistoryError } from '../errors.js';
import { listTestbedFiles } from '../baseline/store.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { withFileLock } from '../shell/file-lock.js';
import { readKindText } from '../shell/read-kind-file.js';
import type { Results } from '../results/results-schema.js';
import { appendToHistory, type AppendAction, historyRelativePath, type HistoryRun } from './history-entry.js';
import { MAX_HISTORY_BYTES, type HistoryFile } from './history-schema.js';
import { parseHistoryText, serializeHistory } from './history-text.js';
import { BOTH_NAMES, type OptionNames } from '../option-names.js';

/** Two nightly jobs appending at once wait for each other this long rather than fail. */
const LOCK_WAIT_MS = 60_000;

export function historyPath(dir: string, run: Pick<HistoryRun, 'key' | 'suiteHash'>): string {
  return join(dir, historyRelativePath(run));
}

/**
 * Other histories of the same testbed, suite and options under `dir`: those of earlier
 * definitions of the suite, which a changed suite leaves behind.
 */
export function earlierDefinitions(dir: string, run: Pick<HistoryRun, 'key' | 'suiteHash'>): StoredHistory[] {
  const path = historyPath(dir, run);
  const prefix = basename(path).slice(0, -`${run.suiteHash}.json`.length);
  if (!existsSync(dirname(path))) return [];
  return readdirSync(dirname(path))
    .filter((name) => name.startsWith(prefix) && join(dirname(path), name) !== path && name.endsWith('.json'))
    .flatMap((name) => {
      try {
        return [{ path: join(dirname(path), name), file: readHistoryFile(join(dirname(path), name)) }];
      } catch {
        return [];
      }
    });
}

/**
 * Reads and validates a history file; every problem (a directory, another kind of file) is a
 * HistoryError naming the file, and `reader`, the command reading it, when it is of another kind.
 */
export function readHistoryFile(path: string, reader?: string): HistoryFile {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    throw new HistoryError(`cannot read history ${path}: ${errorMessage(error)}`, { cause: error });
  }
  if (size > MAX_HISTORY_BYTES) {
    throw new HistoryError(
      `${path} is ${size} bytes, over the ${MAX_HISTORY_BYTES}-byte cap for a history file`,
    );
  }
  const text = readKindText(path, 'history', {
    reader,
    unreadable: `cannot read history ${path}`,
    fail: (message, cause) => new HistoryError(message, { cause }),
  });
  return parseHistoryText(text, path, reader);
}

export interface HistoryAppendOutcome {
  readonly path: string;
  readonly action: AppendAction;
  readonly index: number;
  readonly file: HistoryFile;
}

/**
 * Adds a run to its history under `dir`. A file that cannot be read is never overwritten; two
 * appends at once take turns (a lock beside the file), so neither is lost.
 */
export function appendHistory(
  dir: string,
  results: Results,
  run: HistoryRun,
  options: { readonly replace?: boolean; readonly names?: Pick<OptionNames, 'replace' | 'testbed'> } = {},
): HistoryAppendOutcome {
  const path = historyPath(dir, run);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new HistoryError(`cannot create history directory ${dirname(path)}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  const makeError = (message: string, cause?: ErrorOptions): HistoryError => new HistoryError(message, cause);
  return withFileLock(
    path,
    () => {
      const existing = existsSync(path) ? readHistoryFile(path, 'history append') : null;
      const outcome = appendToHistory(existing, results, run, { ...options, where: path });
      try {
        writeFileAtomic(path, serializeHistory(outcome.file));
      } catch (error) {
        throw new HistoryError(`cannot write history ${path}: ${errorMessage(error)}`, { cause: error });
      }
      return { path, ...outcome };
    },
    { what: 'append', waitMs: LOCK_WAIT_MS, makeError },
  );
}

export interface StoredHistory {
  readonly path: string;
  readonly file: HistoryFile;
}

export interface HistoryListing {
  readonly exists: boolean;
  readonly found: readonly StoredHistory[];
  /** One message per file that could not be read or validated. */
  readonly problems: readonly string[];
}

/** Every `<testbed>/*.json` under `dir`, or only one testbed's. */
export function listHistories(dir: string, testbed?: string): HistoryListing {
  return listTestbedFiles(dir, testbed, readHistoryFile, (error) => error instanceof HistoryError);
}

/**
 * The one history of a suite under `dir` (of one testbed when given), for bisect's reference
 * values; an error naming what is there when there is none, or more than one to choose from.
 */
export function findSuiteHistory(
  dir: string,
  suite: string,
  testbed?: string,
  definition?: string,
  testbedLabel: string = BOTH_NAMES.testbed,
): StoredHistory {
  const listing = listHistories(dir, testbed);
  // A suite changed since leaves histories of its earlier definitions: only this one's counts.
  const found = listing.found.filter(
    (item) =>
      item.file.key.suite === suite && (definition === undefined || item.file.suiteHash === definition),
  );
  const where = `${dir}${testbed === undefined ? '' : ` (testbed ${testbed})`}`;
  if (found.length === 1 && found[0] !== undefined) return found[0];
  if (found.length === 0) {
    const held = [...new Set(listing.found.map((item) => item.file.key.suite))];
    throw new HistoryError(
      `no history of suite ${suite} under ${where} (it holds: ${held.length === 0 ? 'none' : held.join(', ')})`,
    );
  }
  const choices = found.map(
    (item) => `testbed ${item.file.key.testbed}, options ${item.file.key.optionsHash}`,
  );
  throw new HistoryError(
    `${found.length} histories of suite ${suite} under ${where} (${choices.join('; ')}): name the testbed with ${testbedLabel}`,
  );
}
