// The `history append` command: one nightly run into its history (a directory for the CLI; the
// action keeps the same file on a branch), keyed by testbed, suite and server options.
import { checkWholeRun } from '../run/merge-shards.js';
import { existsSync } from 'node:fs';

import { suiteDifferences } from '../baseline/comparable.js';
import { parseCommit } from '../baseline/entry.js';

/** A commit a user or a workflow names (40 or 64 hex digits), checked. */
export { parseCommit } from '../baseline/entry.js';
import { InputError } from '../errors.js';
import { historyRun, type HistoryRun } from '../history/history-entry.js';
import {
  appendHistory,
  earlierDefinitions,
  type HistoryAppendOutcome as StoreOutcome,
  type StoredHistory,
} from '../history/history-store.js';
import { readResults } from '../results/results-file.js';
import type { Results } from '../results/results-schema.js';
import { exec } from '../shell/exec.js';
import { quickDeadline } from '../shell/deadline.js';
import { cliSpelling, optionNames } from './spelling.js';

/** The options as the user wrote them. */
/** A history of an earlier definition of the suite, and how that definition differs. */
export interface EarlierHistory extends StoredHistory {
  readonly differences: readonly string[];
}

export interface HistoryAppendFlags {
  dir: string;
  testbed?: string;
  commit?: string;
  commitDate?: string;
  runUrl?: string;
  replace?: boolean;
}

export interface HistoryAppendRequest {
  readonly resultsPath: string;
  readonly dir: string;
  readonly testbed: string | undefined;
  readonly commit: string | undefined;
  /** $GITHUB_SHA: the commit when neither --commit nor the results name one. */
  readonly fallbackCommit: string | undefined;
  /** undefined: look it up in the source tree the server was built from. */
  readonly commitDate: string | undefined;
  readonly runUrl: string | undefined;
  readonly replace: boolean;
}

export interface HistoryAppendOutcome extends StoreOutcome {
  readonly request: HistoryAppendRequest;
  readonly run: HistoryRun;
  /** When this run started a new history: those of earlier definitions of its suite. */
  readonly earlier: readonly EarlierHistory[];
}

/** A date git or a person wrote: ISO 8601 with a time zone; stored as given. */
export function parseCommitDate(text: string, source: string): string {
  const trimmed = text.trim();
  if (
    !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(trimmed) ||
    Number.isNaN(Date.parse(trimmed))
  ) {
    throw new InputError(
      `${source} is ${JSON.stringify(text)}, not an ISO 8601 date with a time zone (e.g. git log --format=%cI)`,
    );
  }
  return trimmed;
}

/** A link to the run: https only (it is rendered in issues and charts). */
export function parseRunUrl(text: string, source: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new InputError(`${source} is ${JSON.stringify(text)}, not a URL`);
  }
  if (url.protocol !== 'https:')
    throw new InputError(`${source} must be an https:// URL; got ${JSON.stringify(text)}`);
  return url.toString();
}

/** The workflow run's URL when running under GitHub Actions. */
function runUrlFromEnv(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: id } = env;
  if (!server || !repository || !id) return undefined;
  return parseRunUrl(
    `${server}/${repository}/actions/runs/${id}`,
    'the workflow run (GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID)',
  );
}

/** Flags → a checked request; nothing is read yet. */
export function historyAppendRequest(
  resultsPath: string,
  flags: HistoryAppendFlags,
  env: Readonly<Record<string, string | undefined>>,
): HistoryAppendRequest {
  const sha = env.GITHUB_SHA?.trim();
  return {
    resultsPath,
    dir: flags.dir,
    testbed: flags.testbed,
    commit: flags.commit === undefined ? undefined : parseCommit(flags.commit, '--commit'),
    fallbackCommit: sha ? parseCommit(sha, 'GITHUB_SHA') : undefined,
    commitDate:
      flags.commitDate === undefined ? undefined : parseCommitDate(flags.commitDate, '--commit-date'),
    runUrl: flags.runUrl === undefined ? runUrlFromEnv(env) : parseRunUrl(flags.runUrl, '--run-url'),
    replace: flags.replace === true,
  };
}

/** The commit's committer date from the checkout the server was built from, or null. */
async function commitDateFromSource(results: Results, commit: string): Promise<string | null> {
  const root = results.sides.head.build?.source.root;
  if (root === undefined || !existsSync(root)) return null;
  const shown = await exec('git', ['-C', root, 'show', '-s', '--format=%cI', commit, '--'], {
    check: false,
    deadline: quickDeadline(`git show ${commit}`),
  });
  const date = shown.stdout.trim();
  return shown.exitCode === 0 && date !== '' ? date : null;
}

/** Builds the entry from the results (every check happens here, before anything is written). */
export async function historyRunFor(results: Results, request: HistoryAppendRequest): Promise<HistoryRun> {
  const draft = historyRun(results, {
    commitDate: null,
    ...(request.commit === undefined ? {} : { commit: request.commit }),
    ...(request.fallbackCommit === undefined ? {} : { fallbackCommit: request.fallbackCommit }),
    ...(request.testbed === undefined ? {} : { testbed: request.testbed }),
    ...(request.runUrl === undefined ? {} : { run: request.runUrl }),
    names: optionNames(cliSpelling),
  });
  const commitDate = request.commitDate ?? (await commitDateFromSource(results, draft.entry.commit));
  return { ...draft, entry: { ...draft.entry, commitDate } };
}

export async function historyAppendCommand(request: HistoryAppendRequest): Promise<HistoryAppendOutcome> {
  const results = readResults(request.resultsPath, 'history append');
  checkWholeRun(results, request.resultsPath, 'a history entry');
  const run = await historyRunFor(results, request);
  const outcome = appendHistory(request.dir, results, run, {
    replace: request.replace,
    names: optionNames(cliSpelling),
  });
  const earlier = (outcome.file.entries.length === 1 ? earlierDefinitions(request.dir, run) : []).map(
    (stored) => ({ ...stored, differences: suiteDifferences(stored.file.suite, outcome.file.suite) }),
  );
  return { ...outcome, request, run, earlier };
}
