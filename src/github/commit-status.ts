// The commit status the publishing half sets on the measured head: the check maintainers make
// required. success on a pass, failure on a fail (the worst cell in the description), pending while
// a fork's head awaits approval, error when the artifact is refused. The states and descriptions
// are pure; setCommitStatus posts one.
import type { Acceptance } from '../compare/acceptance.js';
import type { CellComparison, Verdict } from '../compare/verdict-schema.js';
import { formatChangePercentPlain, formatTolerance, plural } from '../format.js';
import type { GitHubClient } from './client.js';
import { GitHubError, gitHubMessage } from './github-errors.js';
import { variantLabel } from '../suite/variants.js';

/** GitHub's limit on a status description. */
export const STATUS_DESCRIPTION_LIMIT = 140;

export const DEFAULT_STATUS_CONTEXT = 'mysql-perf-gate';

export type StatusState = 'success' | 'failure' | 'pending' | 'error';

export interface CommitStatus {
  readonly state: StatusState;
  readonly description: string;
}

/** `text` on one line, cut to the limit with an ellipsis. */
export function statusText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= STATUS_DESCRIPTION_LIMIT ? line : `${line.slice(0, STATUS_DESCRIPTION_LIMIT - 1)}…`;
}

/** The gating regression with the largest change, else any regression's. */
export function worstCell(verdict: Verdict): CellComparison | undefined {
  const all = verdict.cells.filter((cell) => cell.verdict === 'regression');
  const gating = all.filter((cell) => cell.gating);
  return [...(gating.length > 0 ? gating : all)].sort((a, b) => Math.abs(b.change) - Math.abs(a.change))[0];
}

/** The status a judged verdict sets: `failing` says whether it fails the gate (inconclusive may). */
export function verdictStatus(verdict: Verdict, failing: boolean): CommitStatus {
  const worst = worstCell(verdict);
  const regressions =
    plural(verdict.counts.regression, 'regression', 'regressions') +
    (verdict.counts.unjudged > 0 ? `, ${verdict.counts.unjudged} not judged` : '');
  if (!failing) {
    return {
      state: 'success',
      description: statusText(`${verdict.verdict}: ${regressions} in ${verdict.suite}`),
    };
  }
  const cell =
    worst === undefined
      ? ''
      : `; worst ${worst.workload.slice(0, 40)}@${worst.threads}${worst.variant === undefined ? '' : `[${variantLabel(worst.variant).slice(0, 40)}]`} ${worst.metric} ` +
        `${formatChangePercentPlain(worst.change)} (tolerance ${formatTolerance(worst.threshold)})`;
  return { state: 'failure', description: statusText(`${verdict.verdict}: ${regressions}${cell}`) };
}

/** The status of a failing verdict a maintainer accepted (compare/acceptance.ts): success, and who and why. */
export function acceptedStatus(acceptance: Acceptance): CommitStatus {
  const what = plural(acceptance.failures.length, 'failure', 'failures');
  const why = acceptance.reason === '' ? '' : `: ${acceptance.reason}`;
  return { state: 'success', description: statusText(`accepted by @${acceptance.by} (${what})${why}`) };
}

export function awaitingStatus(sha: string): CommitStatus {
  return {
    state: 'pending',
    description: statusText(`awaiting approval of ${sha.slice(0, 12)} by a maintainer`),
  };
}

export function refusedStatus(reason: string): CommitStatus {
  return { state: 'error', description: statusText(reason) };
}

export interface StatusTarget {
  readonly owner: string;
  readonly repo: string;
  readonly sha: string;
  readonly context: string;
  /** The publishing run. */
  readonly targetUrl: string;
}

export async function setCommitStatus(
  octokit: GitHubClient,
  target: StatusTarget,
  status: CommitStatus,
): Promise<void> {
  try {
    await octokit.rest.repos.createCommitStatus({
      owner: target.owner,
      repo: target.repo,
      sha: target.sha,
      state: status.state,
      context: target.context,
      description: status.description,
      target_url: target.targetUrl,
    });
  } catch (error) {
    throw new GitHubError(
      `could not set the status ${target.context} on ${target.sha}: ${gitHubMessage(error)}; ` +
        'the job needs `permissions: statuses: write`',
      { cause: error },
    );
  }
}
