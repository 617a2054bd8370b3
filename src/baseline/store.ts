// The one place baselines touch the disk: read, save (locked, atomic), list.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { BaselineError, errorMessage } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { readKindText } from '../shell/read-kind-file.js';
import { withFileLock } from '../shell/file-lock.js';
import type { Results } from '../results/results-schema.js';
import { appendEntry, createEntry, DEFAULT_KEEP } from './entry.js';
import { baselineKey, baselineRelativePath, type KeyOptions, sameKey, sanitizeName } from './key.js';
import { parseBaselineFile, serializeBaselineFile } from './parse-baseline.js';
import type { BaselineFile, BaselineKey } from './baseline-schema.js';
import { BOTH_NAMES } from '../option-names.js';

export function baselinePath(dir: string, key: BaselineKey): string {
  return join(dir, baselineRelativePath(key));
}

/**
 * Reads and validates one baseline file; every problem (a directory, another kind of file) is a
 * BaselineError naming the file, and `reader`, the command reading it, when it is of another kind.
 */
export function readBaselineFile(path: string, reader?: string): BaselineFile {
  const text = readKindText(path, 'baseline', {
    reader,
    unreadable: `cannot read baseline ${path}`,
    fail: (message, cause) => new BaselineError(message, { cause }),
  });
  return parseBaselineFile(text, path, reader);
}

/** The baseline file for a key, or null when none was saved yet. */
export function findBaseline(dir: string, key: BaselineKey): { path: string; file: BaselineFile } | null {
  const path = baselinePath(dir, key);
  return existsSync(path) ? { path, file: readBaselineFile(path) } : null;
}

export interface SaveOptions extends KeyOptions {
  readonly commit?: string;
  /** Entries kept, newest last; default 20. */
  readonly keep?: number;
  /** ISO time recorded as savedAt. */
  readonly savedAt: string;
}

export interface SaveOutcome {
  readonly path: string;
  readonly key: BaselineKey;
  /** Entries in the file after saving. */
  readonly entries: number;
  /** False when this run was already stored (the file was not rewritten). */
  readonly added: boolean;
  readonly dropped: number;
  readonly warnings: readonly string[];
}

/**
 * Appends one side of `results` to its baseline file under `dir`, creating it if needed. A file
 * that cannot be read or validated is never overwritten: the save fails and the file keeps its bytes.
 */
export function saveBaseline(dir: string, results: Results, options: SaveOptions): SaveOutcome {
  const key = baselineKey(results, options);
  const entry = createEntry(results, options);
  const keep = options.keep ?? DEFAULT_KEEP;
  const path = baselinePath(dir, key);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw new BaselineError(`cannot create baseline directory ${dirname(path)}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
  return withFileLock(
    path,
    () => {
      const existing = existsSync(path) ? readExisting(path, key) : null;
      const outcome = appendEntry(existing, key, entry, keep);
      if (outcome.added) writeAtomically(path, serializeBaselineFile(outcome.file));
      return {
        path,
        key: outcome.file.key,
        entries: outcome.file.entries.length,
        added: outcome.added,
        dropped: outcome.dropped,
        warnings: outcome.warnings,
      };
    },
    { what: 'save', makeError: (message, options) => new BaselineError(message, options) },
  );
}

function readExisting(path: string, key: BaselineKey): BaselineFile {
  let file: BaselineFile;
  try {
    file = readBaselineFile(path, 'baseline save');
  } catch (error) {
    if (!(error instanceof BaselineError)) throw error;
    throw new BaselineError(
      `${error.message}\nnothing was saved and ${path} was left as it is: repair it, or move it away to start a new history`,
      { cause: error },
    );
  }
  if (!sameKey(file.key, key)) {
    throw new BaselineError(
      `${path} holds the baseline of testbed ${JSON.stringify(file.key.testbed)}, suite ${file.key.suite}, options ${file.key.optionsHash}, ` +
        `not of testbed ${JSON.stringify(key.testbed)}, suite ${key.suite}, options ${key.optionsHash} (the names sanitize alike); ` +
        `nothing was saved: choose another testbed (${BOTH_NAMES.testbed})`,
    );
  }
  return file;
}

/** Readers see the old baseline or the new one, never half. */
function writeAtomically(path: string, text: string): void {
  try {
    writeFileAtomic(path, text);
  } catch (error) {
    throw new BaselineError(`cannot write baseline ${path}: ${errorMessage(error)}`, { cause: error });
  }
}

export interface StoredBaseline {
  readonly path: string;
  readonly file: BaselineFile;
}

export interface BaselineListing {
  readonly exists: boolean;
  /** Valid baseline files, by testbed directory then file name. */
  readonly found: readonly StoredBaseline[];
  /** One BaselineError message per file that could not be read or validated. */
  readonly problems: readonly string[];
}

/**
 * Every `<testbed>/*.json` under `dir` (or only one testbed's), read with `read`; a file it
 * refuses with `refused` (an error of the store's own class) is listed as a problem, not thrown.
 * Baselines and histories share this layout.
 */
export function listTestbedFiles<T>(
  dir: string,
  testbed: string | undefined,
  read: (path: string) => T,
  refused: (error: unknown) => error is Error,
): { exists: boolean; found: { path: string; file: T }[]; problems: string[] } {
  if (!existsSync(dir)) return { exists: false, found: [], problems: [] };
  const testbedDirs =
    testbed === undefined
      ? readdirSync(dir, { withFileTypes: true })
          .filter((item) => item.isDirectory())
          .map((item) => item.name)
          .sort()
      : [sanitizeName(testbed, 'testbed')].filter((name) => existsSync(join(dir, name)));
  const found: { path: string; file: T }[] = [];
  const problems: string[] = [];
  for (const testbedDir of testbedDirs) {
    const names = readdirSync(join(dir, testbedDir))
      .filter((name) => name.endsWith('.json'))
      .sort();
    for (const name of names) {
      const path = join(dir, testbedDir, name);
      try {
        found.push({ path, file: read(path) });
      } catch (error) {
        if (!refused(error)) throw error;
        problems.push(error.message);
      }
    }
  }
  return { exists: true, found, problems };
}

/** Every `<testbed>/*.json` under `dir`, or only those of one testbed. */
export function listBaselines(dir: string, testbed?: string): BaselineListing {
  return listTestbedFiles(dir, testbed, readBaselineFile, (error) => error instanceof BaselineError);
}
