// Which of the nightly's new regressions a maintainer accepted on a pull request: the acceptances'
// ledger read from the history branch (history/acceptance-ledger.ts), then, for the acceptances
// whose accepted change fits a change point, the pull request asked whether it was merged and
// where (GET the pull request), and GitHub asked whether that merge commit lies in the change's
// commit range (the compare API). The decision is history/accepted-changes.ts's; this gathers what
// it needs. Nothing here fails the nightly: a ledger that cannot be read or does not parse, or a
// question the API does not answer, is a warning, and the change alerts as it would without it.
import { GateError, errorMessage } from '../errors.js';
import { readBranchFile } from '../github/branch-file.js';
import type { GitHubClient } from '../github/client.js';
import { gitHubMessage } from '../github/github-errors.js';
import {
  ACCEPTANCE_LEDGER_PATH,
  type LedgerEntry,
  MAX_LEDGER_BYTES,
  parseLedger,
} from '../history/acceptance-ledger.js';
import {
  acceptanceCandidates,
  type AcceptedChange,
  acceptedLine,
  changeTolerance,
  type CompareStatus,
  explainChange,
  mergeInRange,
  type MergePlace,
} from '../history/accepted-changes.js';
import type { DetectedChange } from '../history/changes.js';
import type { HistoryFile } from '../history/history-schema.js';
import type { ToleranceRule } from '../compare/tolerances.js';
import type { Logger } from '../shell/logger.js';
import { formatChangePercentPlain } from '../format.js';

/** Where the ledger is: the history branch, which keeps it beside the histories. */
export interface AcceptanceLookup {
  readonly owner: string;
  readonly repo: string;
  readonly branch: string;
}

/** The ledger's entries; none, with a warning, when it cannot be read or does not parse. */
async function ledgerEntries(
  client: GitHubClient,
  lookup: AcceptanceLookup,
  logger: Logger,
): Promise<readonly LedgerEntry[]> {
  const where = `${lookup.branch}:${ACCEPTANCE_LEDGER_PATH}`;
  try {
    const file = await readBranchFile(client, {
      owner: lookup.owner,
      repo: lookup.repo,
      branch: lookup.branch,
      path: ACCEPTANCE_LEDGER_PATH,
      maxBytes: MAX_LEDGER_BYTES,
    });
    return parseLedger(file?.content ?? null, where).entries;
  } catch (error) {
    if (!(error instanceof GateError)) throw error;
    logger.warning(`${errorMessage(error)}; no acceptance is applied to the regressions`);
    return [];
  }
}

/** `ask`, asked once per key: the same pull request or range comes up for several cells. */
function memo<K, V>(ask: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const known = new Map<K, Promise<V>>();
  return (key) => {
    const cached = known.get(key);
    if (cached !== undefined) return cached;
    const asked = ask(key);
    known.set(key, asked);
    return asked;
  };
}

/** What GitHub's compare API said of a range, or why it could not be asked. */
type Comparison = { readonly status: CompareStatus } | { readonly why: string };

interface GitHubAnswers {
  /** The pull request's merge commit (its place not yet known), or why there is none. */
  readonly merge: (pullRequest: number) => Promise<MergePlace>;
  /** `head` against `base` ('ahead': head descends from base), or why it could not be asked. */
  readonly compare: (range: { readonly base: string; readonly head: string }) => Promise<Comparison>;
}

function gitHubAnswers(client: GitHubClient, lookup: AcceptanceLookup, logger: Logger): GitHubAnswers {
  const repository = { owner: lookup.owner, repo: lookup.repo };
  const merge = memo(async (pullRequest: number): Promise<MergePlace> => {
    try {
      const { data } = await client.rest.pulls.get({ ...repository, pull_number: pullRequest });
      // An open pull request has a merge_commit_sha too (its test merge): merged_at decides.
      if (data.merged_at === null) return { kind: 'not-merged' };
      if (data.merge_commit_sha === null) return { kind: 'unknown', why: 'merged, without a merge commit' };
      return { kind: 'merged', commit: data.merge_commit_sha, inRange: false };
    } catch (error) {
      const why = `could not read the pull request: ${gitHubMessage(error)}`;
      logger.warning(`#${pullRequest}: ${why}; its acceptance is not applied`);
      return { kind: 'unknown', why };
    }
  });
  const compareRange = memo(async (range: string): Promise<Comparison> => {
    const [base = '', head = ''] = range.split('...');
    try {
      const { data } = await client.rest.repos.compareCommits({ ...repository, base, head, per_page: 1 });
      return { status: data.status };
    } catch (error) {
      const why = `could not compare ${base.slice(0, 12)}...${head.slice(0, 12)}: ${gitHubMessage(error)}`;
      logger.warning(`${why}; an acceptance merged there is not applied`);
      return { why };
    }
  });
  return { merge, compare: ({ base, head }) => compareRange(`${base}...${head}`) };
}

/** Where `pullRequest`'s merge commit lies against `change`'s range. */
async function placeOf(
  answers: GitHubAnswers,
  change: DetectedChange,
  pullRequest: number,
): Promise<MergePlace> {
  const merge = await answers.merge(pullRequest);
  if (merge.kind !== 'merged') return merge;
  const since = await answers.compare({ base: change.lastBefore.commit, head: merge.commit });
  if ('why' in since) return { kind: 'unknown', why: since.why };
  // Not after the last commit before: outside, whatever the first commit after says.
  if (since.status !== 'ahead') return merge;
  const until = await answers.compare({ base: merge.commit, head: change.firstAfter.commit });
  if ('why' in until) return { kind: 'unknown', why: until.why };
  return { ...merge, inRange: mergeInRange(since.status, until.status) };
}

/**
 * The regressions among `regressions` an acceptance explains, each logged with who accepted it and
 * why; the others are logged with why no acceptance did, when one named their cell and metric.
 */
export async function acceptedRegressions(
  client: GitHubClient,
  lookup: AcceptanceLookup,
  file: HistoryFile,
  toleranceFlags: readonly ToleranceRule[],
  regressions: readonly DetectedChange[],
  logger: Logger,
): Promise<AcceptedChange[]> {
  if (regressions.length === 0) return [];
  const entries = await ledgerEntries(client, lookup, logger);
  if (entries.length === 0) return [];
  const answers = gitHubAnswers(client, lookup, logger);
  const accepted: AcceptedChange[] = [];
  for (const change of regressions) {
    const tolerance = changeTolerance(change, file.suite.tolerances, toleranceFlags);
    const { candidates, notes } = acceptanceCandidates(change, entries, { suite: file.key.suite, tolerance });
    const places = new Map<number, MergePlace>();
    for (const { entry } of candidates) {
      if (!places.has(entry.pullRequest)) {
        places.set(entry.pullRequest, await placeOf(answers, change, entry.pullRequest));
      }
    }
    const explanation = explainChange(
      change,
      candidates,
      (pullRequest) => places.get(pullRequest) ?? { kind: 'unknown', why: 'not asked' },
      notes,
    );
    if (explanation.kind === 'accepted') {
      logger.info(acceptedLine(explanation.accepted));
      accepted.push(explanation.accepted);
    } else if (explanation.notes.length > 0) {
      logger.info(
        `${change.cell} ${change.metric ?? 'value'} ${formatChangePercentPlain(change.change)}: no acceptance explains it (${explanation.notes.join('; ')})`,
      );
    }
  }
  return accepted;
}
