// Accepting an intended regression (the action's `mode: accept`): a `/perf accept <reason>` comment
// on a pull request, or the acceptance label added to it, by someone with write access. What is
// accepted is what the sticky comment's publishing run measured and judged for the pull request's
// current head (github/comment-state.ts keeps it in the comment): that commit, that suite, the
// things that failed the gate. Then, for each suite whose comment is for the head and fails:
//   - the comment gets the acceptance under its headline (who, when, why, what), its state the
//     acceptance, so a publishing run of the same commit keeps it and one of a newer head says it
//     did not carry over (commands/publish.ts);
//   - the status the publishing run set on that commit turns to success, saying who accepted;
//   - the acceptance is appended to the history branch's ledger (history/acceptance-ledger.ts);
//   - a reply says what was accepted, or why nothing was.
// Nothing is accepted for a commit other than the head, a verdict published after the comment was
// written or the label added (GitHub's times), a head still awaiting approval, a comment without a
// reason, or by someone without write access. The status is set before the comment says so, and
// asking again for a commit accepted already sets it again: a failure half-way is repaired by
// asking again. It runs no code of the pull request, and reads nothing of it but its number, head
// and title.
import type { Acceptance } from '../compare/acceptance.js';
import { errorMessage } from '../errors.js';
import { WRITE_ACCESS } from '../github/approval.js';
import { labelEvents, permissionOf, pullRequestFacts } from '../github/approval-check.js';
import { updateBranchFile } from '../github/branch-file.js';
import type { GitHubClient } from '../github/client.js';
import { type CommentState, readCommentState } from '../github/comment-state.js';
import { acceptedStatus, setCommitStatus } from '../github/commit-status.js';
import { GitHubError, gitHubMessage } from '../github/github-errors.js';
import { commentAuthorLogin, listOurComments, type OurComment } from '../github/sticky-comment.js';
import { ACCEPTANCE_LEDGER_PATH, appendToLedger, MAX_LEDGER_BYTES } from '../history/acceptance-ledger.js';
import type { Logger } from '../shell/logger.js';
import {
  ACCEPT_COMMAND,
  acceptCommandReason,
  acceptedBody,
  refusal,
  replyText,
  type SuiteAcceptance,
} from './accept-text.js';

export { ACCEPT_COMMAND, acceptCommandReason } from './accept-text.js';
export type { SuiteAcceptance } from './accept-text.js';
export const DEFAULT_ACCEPT_LABEL = 'perf-accepted';
const SUITE_MARKER_PREFIX = '<!-- mysql-perf-gate:suite=';

export interface AcceptRequest {
  readonly owner: string;
  readonly repo: string;
  readonly pullRequest: number;
  /** Who commented or labelled (the event's, never the pull request's). */
  readonly actor: string;
  readonly source: 'comment' | 'label';
  /** The comment's body (source comment); ignored for a label. */
  readonly body: string;
  /** The comment, or the pull request for a label. */
  readonly url: string;
  /**
   * When the comment was written (ISO, GitHub's): a verdict published later is not accepted. For
   * a label, GitHub's time of the latest `labeled` event of `label` by the actor is asked instead.
   */
  readonly at: string;
  /** A label's event: the label added. */
  readonly label?: string;
  /** A label's event: the head when the label was added (it must still be the head). */
  readonly labelledHead?: string;
  /** The branch that keeps the nightly histories, and now the acceptances' ledger. */
  readonly historyBranch: string;
  /** This run, linked from the ledger's commit message. */
  readonly runUrl: string;
}

export type AcceptOutcome =
  | { readonly kind: 'ignored'; readonly why: string }
  | { readonly kind: 'refused'; readonly why: string; readonly replyUrl: string }
  | {
      readonly kind: 'done';
      readonly suites: readonly SuiteAcceptance[];
      /** Why the ledger was not written, when it was not. */
      readonly ledgerWarning: string | null;
      readonly replyUrl: string;
    };

/** The comment's body now. */
async function commentBody(
  octokit: GitHubClient,
  request: AcceptRequest,
  comment: OurComment,
): Promise<string> {
  try {
    const { data } = await octokit.rest.issues.getComment({
      owner: request.owner,
      repo: request.repo,
      comment_id: comment.id,
    });
    return data.body ?? '';
  } catch (error) {
    throw new GitHubError(`could not read the comment ${comment.url}: ${gitHubMessage(error)}`, {
      cause: error,
    });
  }
}

async function setAcceptedStatus(
  octokit: GitHubClient,
  request: AcceptRequest,
  state: CommentState,
  acceptance: Acceptance,
): Promise<void> {
  const target = {
    owner: request.owner,
    repo: request.repo,
    sha: state.sha,
    context: state.context,
    targetUrl: acceptance.url,
  };
  await setCommitStatus(octokit, target, acceptedStatus(acceptance));
}

async function acceptOne(
  octokit: GitHubClient,
  request: AcceptRequest,
  comment: OurComment,
  state: CommentState,
  reason: string,
  at: string,
): Promise<Acceptance> {
  const acceptance: Acceptance = {
    sha: state.sha,
    suite: state.suite,
    by: request.actor,
    reason,
    at,
    source: request.source,
    url: request.url,
    failures: state.failures ?? [],
  };
  // A publishing run of a newer head may have rewritten the comment since it was listed: then its
  // verdict is not the one accepted, and writing the old body back would lose the new one.
  if ((await commentBody(octokit, request, comment)) !== comment.body) {
    throw new GitHubError(
      `the comment ${comment.url} changed while the acceptance was read (a newer verdict?): nothing was accepted; look at it and ask again`,
    );
  }
  // The status first: a comment that says "accepted" over a status that is not would be a lie.
  await setAcceptedStatus(octokit, request, state, acceptance);
  try {
    await octokit.rest.issues.updateComment({
      owner: request.owner,
      repo: request.repo,
      comment_id: comment.id,
      body: acceptedBody(comment.body, state, acceptance),
    });
  } catch (error) {
    throw new GitHubError(
      `could not update the comment ${comment.url} (its status is success already; ask again to finish): ` +
        `${gitHubMessage(error)}; the job needs \`permissions: pull-requests: write\``,
      { cause: error },
    );
  }
  return acceptance;
}

async function reply(octokit: GitHubClient, request: AcceptRequest, text: string): Promise<string> {
  try {
    const { data } = await octokit.rest.issues.createComment({
      owner: request.owner,
      repo: request.repo,
      issue_number: request.pullRequest,
      body: text,
    });
    return data.html_url;
  } catch (error) {
    throw new GitHubError(
      `could not reply on ${request.owner}/${request.repo}#${request.pullRequest}: ${gitHubMessage(error)}; ` +
        'the job needs `permissions: pull-requests: write`',
      { cause: error },
    );
  }
}

/** Appends the acceptances to the ledger; a failure is a warning (the status and comment stand). */
async function recordInLedger(
  octokit: GitHubClient,
  request: AcceptRequest,
  accepted: readonly Acceptance[],
  title: string,
): Promise<string | null> {
  const where = `${request.historyBranch}:${ACCEPTANCE_LEDGER_PATH}`;
  try {
    await updateBranchFile(octokit, {
      owner: request.owner,
      repo: request.repo,
      branch: request.historyBranch,
      path: ACCEPTANCE_LEDGER_PATH,
      maxBytes: MAX_LEDGER_BYTES,
      message: `acceptance: #${request.pullRequest} at ${accepted[0]?.sha.slice(0, 12) ?? ''} by ${request.actor} (${request.runUrl})`,
      update: (current) =>
        accepted.reduce<string | null>(
          (text, acceptance) =>
            appendToLedger(text, { pullRequest: request.pullRequest, title, acceptance }, where) ?? text,
          current,
        ),
    });
    return null;
  } catch (error) {
    return `not recorded in ${where}: ${errorMessage(error)}`;
  }
}

/**
 * GitHub's time of the label's latest `labeled` event by the actor: when it was added, which the
 * event itself does not say (the job may start much later). Null when no event says.
 */
async function labelledAt(octokit: GitHubClient, request: AcceptRequest): Promise<string | null> {
  const added = (await labelEvents(octokit, request)).filter(
    (event) => event.event === 'labeled' && event.label === request.label && event.actor === request.actor,
  );
  return added.at(-1)?.at ?? null;
}

/** One suite's comment: accepted; its status set again when accepted already; or why not. */
async function acceptSuite(
  octokit: GitHubClient,
  request: AcceptRequest,
  comment: OurComment,
  state: CommentState,
  asked: { readonly headSha: string; readonly at: string; readonly reason: string },
): Promise<SuiteAcceptance> {
  const why = refusal(state, { ...asked, source: request.source, ...labelledHead(request) });
  if (why === null) {
    const accepted = await acceptOne(octokit, request, comment, state, asked.reason, asked.at);
    return { suite: state.suite, accepted, why: '' };
  }
  if (state.acceptance !== null && state.sha === asked.headSha) {
    // Accepted already: its status again, in case setting it failed or another run overwrote it.
    await setAcceptedStatus(octokit, request, state, state.acceptance);
    return { suite: state.suite, accepted: null, why: `${why} (its status is success again)` };
  }
  return { suite: state.suite, accepted: null, why };
}

const labelledHead = (request: AcceptRequest): { labelledHead?: string } =>
  request.labelledHead === undefined ? {} : { labelledHead: request.labelledHead };

/** Checks who asks and what the head's comments say, accepts what may be, and replies. */
export async function acceptCommand(
  request: AcceptRequest,
  octokit: GitHubClient,
  logger: Logger,
): Promise<AcceptOutcome> {
  const reason = request.source === 'label' ? '' : acceptCommandReason(request.body);
  if (reason === null) return { kind: 'ignored', why: `the comment does not start with ${ACCEPT_COMMAND}` };
  const permission = await permissionOf(octokit, request, request.actor);
  if (!WRITE_ACCESS.includes(permission)) {
    const why = `@${request.actor} cannot accept a regression: that takes write access to ${request.owner}/${request.repo} (theirs: ${permission})`;
    return { kind: 'refused', why, replyUrl: await reply(octokit, request, `${why}.`) };
  }
  if (request.source === 'comment' && reason === '') {
    const why = `give the reason: \`${ACCEPT_COMMAND} <why this slowdown is intended>\``;
    return { kind: 'refused', why, replyUrl: await reply(octokit, request, `@${request.actor}: ${why}.`) };
  }
  const at = request.source === 'label' ? await labelledAt(octokit, request) : request.at;
  if (at === null) {
    const why = `no event says when @${request.actor} added the label ${request.label ?? ''}`;
    return { kind: 'refused', why, replyUrl: await reply(octokit, request, `${why}: nothing was accepted.`) };
  }
  const pull = await pullRequestFacts(octokit, request);
  const login = await commentAuthorLogin(octokit);
  const comments = await listOurComments(
    octokit,
    { owner: request.owner, repo: request.repo, issueNumber: request.pullRequest },
    login,
    SUITE_MARKER_PREFIX,
  );
  const suites: SuiteAcceptance[] = [];
  for (const comment of comments) {
    const read = readCommentState(comment.body);
    if (read.kind !== 'state') {
      logger.info(
        `${comment.url}: no verdict to accept (${read.kind === 'none' ? 'it keeps no state' : read.why})`,
      );
      continue;
    }
    try {
      const done = await acceptSuite(octokit, request, comment, read.state, {
        headSha: pull.headSha,
        at,
        reason,
      });
      if (done.accepted !== null) {
        logger.info(
          `${done.suite}: accepted at ${read.state.sha} by ${request.actor}; status ${read.state.context} success`,
        );
      }
      suites.push(done);
    } catch (error) {
      logger.error(`${read.state.suite}: ${errorMessage(error)}`);
      suites.push({ suite: read.state.suite, accepted: null, why: errorMessage(error), failed: true });
    }
  }
  if (suites.length === 0) {
    const why = 'this pull request has no published verdict to accept (the publishing workflow writes one)';
    return { kind: 'refused', why, replyUrl: await reply(octokit, request, `@${request.actor}: ${why}.`) };
  }
  const accepted = suites.flatMap((suite) => (suite.accepted === null ? [] : [suite.accepted]));
  const ledgerWarning =
    accepted.length === 0 ? null : await recordInLedger(octokit, request, accepted, pull.title ?? '');
  if (ledgerWarning !== null) logger.warning(ledgerWarning);
  return {
    kind: 'done',
    suites,
    ledgerWarning,
    replyUrl: await reply(octokit, request, replyText(request.actor, suites, ledgerWarning)),
  };
}
