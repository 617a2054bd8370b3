// The sticky pull-request comment: one comment per suite, found again by its hidden marker line and
// edited in place, so a pull request that is pushed ten times shows one up-to-date report rather
// than ten stale ones.
//
// Whose comments count as "ours": only comments written by the identity behind the token, so a
// reviewer who quotes the report (marker included) never has their comment overwritten. That
// identity is found with GET /user, which works for personal access tokens. The GITHUB_TOKEN of an
// action is an installation token and GET /user answers 403 ("Resource not accessible by
// integration"); the comments such a token writes are authored by `github-actions[bot]`, so that
// login is the fallback. A GitHub App's token writes as `<app-slug>[bot]`: pass it as `authorLogin`.
import type { GitHubClient } from './client.js';
import { createOnce, NO_RETRY } from './create-once.js';
import { GitHubError, gitHubMessage, httpStatus, serverSideHint } from './github-errors.js';

/** The author of comments written with an action's GITHUB_TOKEN. */
export const ACTIONS_BOT_LOGIN = 'github-actions[bot]';

export interface StickyCommentTarget {
  readonly owner: string;
  readonly repo: string;
  readonly issueNumber: number;
  /** The comment's first line, e.g. `<!-- mysql-perf-gate:suite=quick -->` (see commentMarker). */
  readonly marker: string;
  /** The whole comment; it must start with `marker` or it could never be found again. */
  readonly body: string;
  /** Whose comments to consider; found from the token when omitted (see the file header). */
  readonly authorLogin?: string;
}

export interface StickyCommentResult {
  readonly id: number;
  readonly url: string;
  readonly action: 'created' | 'updated';
}

// Not `pull_request_target`: it would build and run a fork's code with a write token. The fork's
// pull request is measured read-only and commented on by a second workflow that never runs it.
const PERMISSION_HINT =
  'give the workflow `permissions: pull-requests: write`; pull requests from forks get a read-only ' +
  'token: measure on `pull_request` and upload the artifact, then post from a `workflow_run` ' +
  "workflow with the action's `mode: publish`";

/** The login the token writes comments as; see the file header for the GITHUB_TOKEN fallback. */
export async function commentAuthorLogin(octokit: GitHubClient): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return data.login;
  } catch (error) {
    const status = httpStatus(error);
    // 403: an installation token (GITHUB_TOKEN) may not read /user. 404 is how GitHub Enterprise
    // answers the same question for some token kinds.
    if (status === 403 || status === 404) return ACTIONS_BOT_LOGIN;
    throw new GitHubError(
      `could not find out which user the GitHub token belongs to (${gitHubMessage(error)}); ` +
        'check that the `github-token` input holds a valid token',
      { cause: error },
    );
  }
}

/** Our comment that starts with `marker`, paging through every comment on the issue. */
async function findStickyComment(
  octokit: GitHubClient,
  target: StickyCommentTarget,
  login: string,
): Promise<{ id: number; html_url: string } | undefined> {
  let found: { id: number; html_url: string } | undefined;
  await octokit.paginate(
    octokit.rest.issues.listComments,
    { owner: target.owner, repo: target.repo, issue_number: target.issueNumber, per_page: 100 },
    (response, done) => {
      // The oldest matching comment wins: it is the one linked from earlier notifications.
      found = response.data.find(
        (comment) => comment.user?.login === login && (comment.body ?? '').startsWith(target.marker),
      );
      if (found !== undefined) done();
      return [];
    },
  );
  return found;
}

/** One of our comments: written by the token's identity, starting with the marker's prefix. */
export interface OurComment {
  readonly id: number;
  readonly url: string;
  readonly body: string;
}

/**
 * Every comment on the issue that `login` wrote and that starts with `prefix` (e.g. every suite's
 * sticky comment, `<!-- mysql-perf-gate:suite=`), oldest first.
 */
export async function listOurComments(
  octokit: GitHubClient,
  target: Pick<StickyCommentTarget, 'owner' | 'repo' | 'issueNumber'>,
  login: string,
  prefix: string,
): Promise<OurComment[]> {
  try {
    const listed = await octokit.paginate(octokit.rest.issues.listComments, {
      owner: target.owner,
      repo: target.repo,
      issue_number: target.issueNumber,
      per_page: 100,
    });
    return listed
      .filter((comment) => comment.user?.login === login && (comment.body ?? '').startsWith(prefix))
      .map((comment) => ({ id: comment.id, url: comment.html_url, body: comment.body ?? '' }));
  } catch (error) {
    throw new GitHubError(
      `could not list the comments of ${target.owner}/${target.repo}#${target.issueNumber}: ${gitHubMessage(error)}; ` +
        'the token needs `permissions: pull-requests: read`',
      { cause: error },
    );
  }
}

function writeFailure(error: unknown, what: string, target: StickyCommentTarget): GitHubError {
  const status = httpStatus(error);
  const where = `${target.owner}/${target.repo}#${target.issueNumber}`;
  const hint =
    status === 403 || status === 404 ? PERMISSION_HINT : (serverSideHint(error) ?? "see GitHub's message");
  return new GitHubError(`could not ${what} on ${where}: ${gitHubMessage(error)}; ${hint}`, {
    cause: error,
  });
}

/** Edits our comment carrying `marker` in place, or creates it when there is none yet. */
export async function upsertStickyComment(
  octokit: GitHubClient,
  target: StickyCommentTarget,
): Promise<StickyCommentResult> {
  if (!target.body.startsWith(target.marker)) {
    // A body without its marker would be posted again as a new comment on every run.
    throw new GitHubError('the comment body must start with its marker line; this is a bug');
  }
  const login = target.authorLogin ?? (await commentAuthorLogin(octokit));
  let existing: { id: number; html_url: string } | undefined;
  try {
    existing = await findStickyComment(octokit, target, login);
  } catch (error) {
    throw writeFailure(error, 'list the comments', target);
  }
  const { owner, repo } = target;
  if (existing !== undefined) {
    try {
      const { data } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: existing.id,
        body: target.body,
      });
      return { id: data.id, url: data.html_url, action: 'updated' };
    } catch (error) {
      // Deleted between listing and editing: post a fresh one below rather than fail the run.
      if (httpStatus(error) !== 404) throw writeFailure(error, 'update the comment', target);
    }
  }
  try {
    const made = await createOnce(
      () => findStickyComment(octokit, target, login),
      async () =>
        (
          await octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: target.issueNumber,
            body: target.body,
            request: NO_RETRY,
          })
        ).data,
      { secondMs: octokit.secondMs },
    );
    return { id: made.id, url: made.html_url, action: 'created' };
  } catch (error) {
    throw writeFailure(error, 'comment', target);
  }
}
