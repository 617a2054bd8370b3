// The publishing half and acceptances (compare/acceptance.ts, given by commands/accept.ts): before
// posting, the sticky comment's state says whether a maintainer accepted a regression, and of which
// commit. Published again for that commit (a re-run), the acceptance stands while it covers what
// fails; for any other commit it does not carry over, and the comment says so. The state written
// with the new comment (github/comment-state.ts) is what the next acceptance reads.
import { type Acceptance, acceptanceOf, gateFailures, MAX_ACCEPTED_ITEMS } from '../compare/acceptance.js';
import type { Verdict } from '../compare/verdict-schema.js';
import { WRITE_ACCESS } from '../github/approval.js';
import { labelEvents, permissionOf } from '../github/approval-check.js';
import type { GitHubClient } from '../github/client.js';
import { gitHubMessage } from '../github/github-errors.js';
import { type CommentState, commentStateLine, readCommentState } from '../github/comment-state.js';
import { acceptedStatus, type CommitStatus, verdictStatus } from '../github/commit-status.js';
import { commentAuthorLogin, listOurComments } from '../github/sticky-comment.js';
import { commentMarker } from '../report/comment.js';
import { acceptanceBlock, acceptanceNote } from '../report/render/markdown/acceptance.js';
import type { Logger } from '../shell/logger.js';
import { acceptCommandReason } from './accept-text.js';

export interface CommentPlace {
  readonly owner: string;
  readonly repo: string;
  readonly pullRequest: number;
  readonly suite: string;
}

/**
 * The acceptance the suite's sticky comment keeps, if any (a comment that does not read: none).
 * One of the measured commit would make its status success, so it is checked against its source
 * first (verifiedAcceptance); one of another commit only says it did not carry over.
 */
export async function keptAcceptance(
  octokit: GitHubClient,
  place: CommentPlace & { readonly sha: string },
  logger: Logger,
): Promise<Acceptance | null> {
  const login = await commentAuthorLogin(octokit);
  const [comment] = await listOurComments(
    octokit,
    { owner: place.owner, repo: place.repo, issueNumber: place.pullRequest },
    login,
    commentMarker(place.suite),
  );
  if (comment === undefined) return null;
  const read = readCommentState(comment.body);
  if (read.kind === 'invalid')
    logger.warning(`${comment.url}: ${read.why}; any acceptance in it is not read`);
  const kept = read.kind === 'state' ? read.state.acceptance : null;
  if (kept === null || kept.sha !== place.sha.toLowerCase()) return kept;
  const doubt = await acceptanceDoubt(octokit, place, kept);
  if (doubt === null) return kept;
  logger.warning(`the acceptance kept in ${comment.url} is not applied: ${doubt}`);
  return null;
}

/**
 * Why the acceptance is not what it says, or null when its source agrees: the user can write to
 * the repository, and the comment it names is theirs, asks for it and was written when it says
 * (or, for the label, a `labeled` event of theirs at that time). Any other comment written by
 * the same token could hold a state line; only a writer's own request stands behind one.
 */
async function acceptanceDoubt(
  octokit: GitHubClient,
  place: CommentPlace,
  acceptance: Acceptance,
): Promise<string | null> {
  const { owner, repo } = place;
  const sameTime = (at: string | undefined): boolean =>
    at !== undefined && Date.parse(at) === Date.parse(acceptance.at);
  try {
    if (!WRITE_ACCESS.includes(await permissionOf(octokit, place, acceptance.by))) {
      return `@${acceptance.by} cannot write to ${owner}/${repo}`;
    }
    if (acceptance.source === 'label') {
      const found = (await labelEvents(octokit, place)).some(
        (event) => event.event === 'labeled' && event.actor === acceptance.by && sameTime(event.at),
      );
      return found ? null : `no label added by @${acceptance.by} at ${acceptance.at}`;
    }
    const id = /#issuecomment-(\d+)$/.exec(acceptance.url)?.[1];
    if (id === undefined) return `${acceptance.url} is not a comment`;
    const { data } = await octokit.rest.issues.getComment({ owner, repo, comment_id: Number(id) });
    const agrees =
      data.user?.login === acceptance.by &&
      sameTime(data.created_at) &&
      data.issue_url.endsWith(`/issues/${place.pullRequest}`) &&
      acceptCommandReason(data.body ?? '') === acceptance.reason;
    return agrees ? null : `the comment ${acceptance.url} is not @${acceptance.by}'s request for it`;
  } catch (error) {
    return `its source could not be read (${gitHubMessage(error)})`;
  }
}

/** Under a failing verdict nobody accepted: how to accept it, when the slowdown is intended. */
export const ACCEPT_HINT =
  '<sub>An intended slowdown? Someone with write access can accept it for this commit only by ' +
  'commenting `/perf accept <why>`; a new push is judged afresh.</sub>';

export interface AcceptedParts {
  /** Markdown lines for under the headline: the acceptance, or why it does not apply. */
  readonly lead: readonly string[];
  readonly status: CommitStatus;
  /** The comment's hidden state line. */
  readonly stateLine: string;
  /** The acceptance that makes the gate pass, when one does. */
  readonly accepted: Acceptance | null;
}

/** What the comment, the status and the state say for `verdict` of `sha`, given a kept acceptance. */
export function acceptedParts(
  verdict: Verdict,
  failing: boolean,
  kept: Acceptance | null,
  place: { readonly sha: string; readonly context: string; readonly at: string },
): AcceptedParts {
  const outcome = kept === null ? null : acceptanceOf(kept, verdict, place.sha);
  const failures = failing ? gateFailures(verdict) : [];
  // A failing verdict with nothing listed as failing is never covered: nothing says what failed.
  const accepted = failing && failures.length > 0 && outcome?.kind === 'accepted' ? outcome.acceptance : null;
  const state: CommentState = {
    v: 1,
    sha: place.sha.toLowerCase(),
    suite: verdict.suite,
    at: place.at,
    context: place.context,
    gate: failing ? 'fail' : 'pass',
    failures: failures.length > 0 && failures.length <= MAX_ACCEPTED_ITEMS ? failures : failing ? null : [],
    failureCount: failures.length,
    acceptance: accepted,
  };
  const note = outcome === null || accepted !== null ? null : acceptanceNote(outcome, place.sha);
  const hint = failing && accepted === null && state.failures !== null ? [ACCEPT_HINT] : [];
  return {
    lead:
      accepted !== null
        ? [acceptanceBlock(accepted, place.context)]
        : [...(note === null ? [] : [note]), ...hint],
    status: accepted !== null ? acceptedStatus(accepted) : verdictStatus(verdict, failing),
    stateLine: commentStateLine(state),
    accepted,
  };
}

/** The parts for `verdict` of the measured commit, given what the suite's comment keeps. */
export async function acceptanceParts(
  octokit: GitHubClient,
  logger: Logger,
  verdict: Verdict,
  failing: boolean,
  place: CommentPlace & { readonly sha: string; readonly context: string },
): Promise<AcceptedParts> {
  const kept = await keptAcceptance(octokit, place, logger);
  const parts = acceptedParts(verdict, failing, kept, { ...place, at: new Date().toISOString() });
  if (parts.accepted !== null) {
    logger.info(
      `the regression at ${place.sha} stays accepted by ${parts.accepted.by}: it covers what fails`,
    );
  }
  return parts;
}

/** The state line of a comment that awaits approval: nothing to accept yet. */
export function awaitingStateLine(place: {
  readonly sha: string;
  readonly suite: string;
  readonly context: string;
  readonly at: string;
}): string {
  return commentStateLine({
    v: 1,
    sha: place.sha.toLowerCase(),
    suite: place.suite,
    at: place.at,
    context: place.context,
    gate: 'awaiting',
    failures: [],
    failureCount: 0,
    acceptance: null,
  });
}
