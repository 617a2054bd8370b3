// The `baseline save` command: append one side of a results file (every repetition, the server's
// facts, the machine, the commit) to its stored baseline, keyed by testbed, suite and options.
import { checkWholeRun } from '../run/merge-shards.js';
import { checkKeep, parseCommit } from '../baseline/entry.js';

/** Entries kept per baseline by default (`--keep`). */
export { DEFAULT_KEEP } from '../baseline/entry.js';
import { saveBaseline, type SaveOutcome } from '../baseline/store.js';
import { InputError } from '../errors.js';
import { readResults } from '../results/results-file.js';
import type { SideName } from '../results/results-schema.js';

/** The options as the user wrote them. */
export interface BaselineSaveFlags {
  dir: string;
  testbed?: string;
  commit?: string;
  side: SideName;
  keep: string;
}

export interface BaselineSaveRequest {
  readonly resultsPath: string;
  readonly dir: string;
  /** Default: the hardware fingerprint of the results. */
  readonly testbed: string | undefined;
  readonly commit: string | undefined;
  readonly side: SideName;
  readonly keep: number;
  readonly savedAt: string;
}

export interface BaselineSaveOutcome extends SaveOutcome {
  readonly request: BaselineSaveRequest;
}

function parseKeep(text: string): number {
  const keep = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(keep))
    throw new InputError(`--keep must be a whole number of entries, 1 or more; got "${text}"`);
  return checkKeep(keep, '--keep');
}

/** The commit measured: --commit, else $GITHUB_SHA, else none. */
function commitFrom(
  flags: BaselineSaveFlags,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  if (flags.commit !== undefined) return parseCommit(flags.commit, '--commit');
  const sha = env.GITHUB_SHA;
  return sha === undefined || sha.trim() === '' ? undefined : parseCommit(sha, 'GITHUB_SHA');
}

/** Flags → a checked request; nothing is read yet. */
export function baselineSaveRequest(
  resultsPath: string,
  flags: BaselineSaveFlags,
  env: Readonly<Record<string, string | undefined>>,
  now: Date,
): BaselineSaveRequest {
  return {
    resultsPath,
    dir: flags.dir,
    testbed: flags.testbed,
    keep: parseKeep(flags.keep),
    commit: commitFrom(flags, env),
    side: flags.side,
    savedAt: now.toISOString(),
  };
}

export function baselineSaveCommand(request: BaselineSaveRequest): BaselineSaveOutcome {
  const results = readResults(request.resultsPath, 'baseline save');
  checkWholeRun(results, request.resultsPath, 'a baseline');
  const outcome = saveBaseline(request.dir, results, {
    ...(request.testbed === undefined ? {} : { testbed: request.testbed }),
    ...(request.commit === undefined ? {} : { commit: request.commit }),
    side: request.side,
    keep: request.keep,
    savedAt: request.savedAt,
  });
  return { ...outcome, request };
}
