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
// written, a head still awaiting approval, or by someone without write access. It runs no code of
// the pull request, and reads nothing of it but its number, head and title.
import { type Acceptance, acceptanceReason } from '../compare/acceptance.js';
import { errorMessage } from '../errors.js';
import { WRITE_ACCESS } from '../github/approval.js';
import { permissionOf, pullRequestFacts } from '../github/approval-check.js';
import { updateBranchFile } from '../github/branch-file.js';
import type { GitHubClient } from '../github/client.js';
import { type CommentState, commentStateLine, readCommentState } from '../github/comment-state.js';
import { acceptedStatus, setCommitStatus } from '../github/commit-status.js';
import { GitHubError, gitHubMessage } from '../github/github-errors.js';
import { commentAuthorLogin, listOurComments, type OurComment } from '../github/sticky-comment.js';
import { ACCEPTANCE_LEDGER_PATH, appendToLedger, MAX_LEDGER_BYTES } from '../history/acceptance-ledger.js';
import { escapeMarkdown } from '../report/markdown.js';
import { acceptanceBlock, failureMarkdown } from '../report/render/markdown/acceptance.js';
import type { Logger } from '../shell/logger.js';

/** The command a comment starts with. */
export const ACCEPT_COMMAND = '/perf accept';
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
  /** When the comment was written or the label added (ISO): a verdict published later is not accepted. */
  readonly at: string;
  /** A label's event: the head when the label was added (it must still be the head). */
  readonly labelledHead?: string;
  /** The branch that keeps the nightly histories, and now the acceptances' ledger. */
  readonly historyBranch: string;
  /** This run, linked from the ledger's commit message. */
  readonly runUrl: string;
}

/** One suite's comment: accepted, or why not. */
export interface SuiteAcceptance {
  readonly suite: string;
  readonly accepted: Acceptance | null;
  readonly why: string;
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

/**
 * The reason a comment gives: its text after `/perf accept` on its first non-blank line, and
 * anything below it; null when the comment is not an acceptance at all.
 */
export function acceptCommandReason(body: string): string | null {
  const text = body.replace(/^\s+/u, '');
  if (!text.startsWith(ACCEPT_COMMAND)) return null;
  const rest = text.slice(ACCEPT_COMMAND.length);
  if (rest !== '' && !/^\s/u.test(rest)) return null; // `/perf accepted`, `/perf acceptance`
  return acceptanceReason(rest);
}

/** Whether `state` may be accepted now, and if not, why (a sentence's end). */
function refusal(state: CommentState, headSha: string, request: AcceptRequest): string | null {
  const short = state.sha.slice(0, 12);
  if (state.sha !== headSha) {
    return `its verdict is for ${short}, and the head is now ${headSha.slice(0, 12)}: the new head's verdict comes first`;
  }
  if (request.labelledHead !== undefined && request.labelledHead !== headSha) {
    return `the label was added at ${request.labelledHead.slice(0, 12)}, and the head is now ${headSha.slice(0, 12)}`;
  }
  if (state.gate === 'awaiting') return `${short} awaits approval: it has no verdict to accept`;
  if (state.gate === 'pass') return `${short} passes: there is nothing to accept`;
  if (state.acceptance !== null) return `${short} was accepted already, by @${state.acceptance.by}`;
  if (state.failures === null) {
    return `${state.failureCount} things fail at ${short}, too many to accept in one comment`;
  }
  if (Date.parse(state.at) > Date.parse(request.at))
    return `its verdict was published after the ${request.source}: look at it first`;
  return null;
}

/** The comment's body with the acceptance under its headline and its state updated. */
function acceptedBody(comment: OurComment, state: CommentState, acceptance: Acceptance): string {
  const withoutState = comment.body.replace(/\n?<!-- mysql-perf-gate:state [^\n]*-->\s*$/u, '');
  const lines = withoutState.split('\n');
  const headline = lines.findIndex((line) => line.startsWith('## '));
  const at = headline < 0 ? 1 : headline + 1;
  lines.splice(at, 0, '', acceptanceBlock(acceptance, state.context));
  return `${lines.join('\n')}\n${commentStateLine({ ...state, acceptance })}`;
}

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

async function acceptOne(
  octokit: GitHubClient,
  request: AcceptRequest,
  comment: OurComment,
  state: CommentState,
  reason: string,
): Promise<Acceptance> {
  const acceptance: Acceptance = {
    sha: state.sha,
    suite: state.suite,
    by: request.actor,
    reason,
    at: request.at,
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
  try {
    await octokit.rest.issues.updateComment({
      owner: request.owner,
      repo: request.repo,
      comment_id: comment.id,
      body: acceptedBody(comment, state, acceptance),
    });
  } catch (error) {
    throw new GitHubError(
      `could not update the comment ${comment.url}: ${gitHubMessage(error)}; the job needs \`permissions: pull-requests: write\``,
      { cause: error },
    );
  }
  await setCommitStatus(
    octokit,
    {
      owner: request.owner,
      repo: request.repo,
      sha: state.sha,
      context: state.context,
      targetUrl: request.url,
    },
    acceptedStatus(acceptance),
  );
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

function replyText(
  request: AcceptRequest,
  suites: readonly SuiteAcceptance[],
  ledgerWarning: string | null,
): string {
  const lines = suites.map((suite) =>
    suite.accepted === null
      ? `- ${escapeMarkdown(suite.suite)}: not accepted: ${escapeMarkdown(suite.why)}.`
      : `- ${escapeMarkdown(suite.suite)}: accepted at \`${suite.accepted.sha.slice(0, 12)}\`: ` +
        `${suite.accepted.failures.slice(0, 10).map(failureMarkdown).join('; ')}. ` +
        'Its status is now success, for this commit only.',
  );
  const any = suites.some((suite) => suite.accepted !== null);
  return [
    any ? `☑️ @${request.actor}: accepted.` : `@${request.actor}: nothing was accepted.`,
    '',
    ...lines,
    ...(ledgerWarning === null ? [] : ['', `⚠️ ${escapeMarkdown(ledgerWarning)}`]),
  ].join('\n');
}

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
    const { state } = read;
    const why = refusal(state, pull.headSha, request);
    if (why !== null) {
      suites.push({ suite: state.suite, accepted: null, why });
      continue;
    }
    const accepted = await acceptOne(octokit, request, comment, state, reason);
    logger.info(
      `${state.suite}: accepted at ${state.sha} by ${request.actor}; status ${state.context} success`,
    );
    suites.push({ suite: state.suite, accepted, why: '' });
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
    replyUrl: await reply(octokit, request, replyText(request, suites, ledgerWarning)),
  };
}
