// The publishing half and acceptances (compare/acceptance.ts, given by commands/accept.ts): before
// posting, the sticky comment's state says whether a maintainer accepted a regression, and of which
// commit. Published again for that commit (a re-run), the acceptance stands while it covers what
// fails; for any other commit it does not carry over, and the comment says so. The state written
// with the new comment (github/comment-state.ts) is what the next acceptance reads.
import { type Acceptance, acceptanceOf, gateFailures, MAX_ACCEPTED_ITEMS } from '../compare/acceptance.js';
import type { Verdict } from '../compare/verdict-schema.js';
import type { GitHubClient } from '../github/client.js';
import { type CommentState, commentStateLine, readCommentState } from '../github/comment-state.js';
import { acceptedStatus, type CommitStatus, verdictStatus } from '../github/commit-status.js';
import { commentAuthorLogin, listOurComments } from '../github/sticky-comment.js';
import { commentMarker } from '../report/comment.js';
import { acceptanceBlock, acceptanceNote } from '../report/render/markdown/acceptance.js';
import type { Logger } from '../shell/logger.js';

export interface CommentPlace {
  readonly owner: string;
  readonly repo: string;
  readonly pullRequest: number;
  readonly suite: string;
}

/** The acceptance the suite's sticky comment keeps, if any (a comment that does not read: none). */
export async function keptAcceptance(
  octokit: GitHubClient,
  place: CommentPlace,
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
  return read.kind === 'state' ? read.state.acceptance : null;
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
