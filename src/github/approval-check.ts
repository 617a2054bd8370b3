// Asks GitHub what github/approval.ts decides from: the pull request as it is now (its head, its
// head repository, its labels, its author), its reviews, who added the fork label, and the
// permission of each user whose approval would count. Both halves ask through here: the measuring
// half's approval job (commands/approval.ts) before anything runs on the measuring runner, the
// publishing half (commands/publish.ts) before a verdict is posted. Nothing here comes from the
// measuring run's artifact. Whether the head is a fork's is the head repository the event names,
// and the pull request's head repository must be that one: a fork's run never counts as a branch of
// this repository because a pull request from such a branch has the same head commit.
import {
  type Approval,
  approvalCandidates,
  type ApprovalFacts,
  decideApproval,
  type LabelEventFacts,
  type Permissions,
  type PullRequestFacts,
  type RequireApproval,
  sameRepository,
} from './approval.js';
import type { GitHubClient } from './client.js';
import { sameName } from './find-pull-request.js';
import { GitHubError, gitHubMessage, httpStatus } from './github-errors.js';

export interface ApprovalQuery {
  readonly owner: string;
  readonly repo: string;
  readonly pullRequest: number;
  readonly measuredSha: string;
  /** `owner/name` of the measuring run's head repository, from the workflow_run event. */
  readonly headRepository: string;
  readonly forkLabel: string;
  readonly requireApproval: RequireApproval;
  /** Logins whose pull requests need no approval (the repository's list, never the pull request's). */
  readonly trustedAuthors: readonly string[];
  /** Who set the measurement off, from the event (see ApprovalFacts.triggeredBy). */
  readonly triggeredBy: readonly string[];
}

export interface CheckedApproval {
  readonly approval: Approval;
  readonly pull: PullRequestFacts;
}

function failure(
  what: string,
  query: Pick<ApprovalQuery, 'owner' | 'repo' | 'pullRequest'>,
  error: unknown,
): GitHubError {
  return new GitHubError(
    `could not read ${what} of ${query.owner}/${query.repo}#${query.pullRequest}: ${gitHubMessage(error)}; ` +
      'the token needs `permissions: pull-requests: read`',
    { cause: error },
  );
}

/** The pull request as it is now. */
export async function pullRequestFacts(
  octokit: GitHubClient,
  query: Pick<ApprovalQuery, 'owner' | 'repo' | 'pullRequest'>,
): Promise<PullRequestFacts> {
  try {
    const { data } = await octokit.rest.pulls.get({
      owner: query.owner,
      repo: query.repo,
      pull_number: query.pullRequest,
    });
    return {
      number: data.number,
      headSha: data.head.sha,
      // Null on GitHub when the fork was deleted, whatever the typings say.
      headRepo: (data.head.repo as { full_name: string } | null)?.full_name ?? null,
      baseRepo: data.base.repo.full_name,
      labels: data.labels.map((label) => label.name),
      // A deleted account's pull request has no user, whatever the typings say.
      author: (data.user as { login: string } | null)?.login ?? null,
      title: data.title,
    };
  } catch (error) {
    throw failure('the pull request', query, error);
  }
}

/** Every review, oldest first. */
async function reviews(octokit: GitHubClient, query: ApprovalQuery): Promise<ApprovalFacts['reviews']> {
  try {
    const listed = await octokit.paginate(octokit.rest.pulls.listReviews, {
      owner: query.owner,
      repo: query.repo,
      pull_number: query.pullRequest,
      per_page: 100,
    });
    return listed.map((review) => ({
      user: review.user?.login ?? null,
      state: review.state,
      commitId: review.commit_id,
    }));
  } catch (error) {
    throw failure('the reviews', query, error);
  }
}

/** The paths the pull request changes (a renamed file's old path too), as far as GitHub lists them. */
export async function changedPaths(
  octokit: GitHubClient,
  query: Pick<ApprovalQuery, 'owner' | 'repo' | 'pullRequest'>,
): Promise<string[]> {
  try {
    const listed = await octokit.paginate(octokit.rest.pulls.listFiles, {
      owner: query.owner,
      repo: query.repo,
      pull_number: query.pullRequest,
      per_page: 100,
    });
    return listed.flatMap((file) =>
      file.previous_filename === undefined ? [file.filename] : [file.filename, file.previous_filename],
    );
  } catch (error) {
    throw new GitHubError(
      `could not read the files of ${query.owner}/${query.repo}#${query.pullRequest}: ${gitHubMessage(error)}; ` +
        'the token needs `permissions: pull-requests: read`',
      { cause: error },
    );
  }
}

/**
 * The label events of the pull request, oldest first: the approval asks only when the fork label
 * is on; an acceptance by label asks when its label was added (commands/accept.ts).
 */
export async function labelEvents(
  octokit: GitHubClient,
  query: Pick<ApprovalQuery, 'owner' | 'repo' | 'pullRequest'>,
): Promise<LabelEventFacts[]> {
  try {
    const listed = await octokit.paginate(octokit.rest.issues.listEvents, {
      owner: query.owner,
      repo: query.repo,
      issue_number: query.pullRequest,
      per_page: 100,
    });
    return listed
      .filter((event) => event.event === 'labeled' || event.event === 'unlabeled')
      .map((event) => ({
        event: event.event,
        // A deleted account's events have no actor, whatever the typings say.
        label: (event as { label?: { name: string } | null }).label?.name ?? null,
        actor: (event.actor as { login: string } | null)?.login ?? null,
        at: event.created_at,
      }));
  } catch (error) {
    throw failure('the events', query, error);
  }
}

/** A user's permission on the repository (its role name where GitHub gives one); none when not a collaborator. */
export async function permissionOf(
  octokit: GitHubClient,
  query: { readonly owner: string; readonly repo: string },
  username: string,
): Promise<string> {
  try {
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
      owner: query.owner,
      repo: query.repo,
      username,
    });
    return data.role_name || data.permission;
  } catch (error) {
    if (httpStatus(error) === 404) return 'none';
    throw new GitHubError(
      `could not read the permission of ${username} on ${query.owner}/${query.repo}: ${gitHubMessage(error)}`,
      { cause: error },
    );
  }
}

/** Whether the measured head of the pull request may be published (see github/approval.ts). */
export async function checkApproval(octokit: GitHubClient, query: ApprovalQuery): Promise<CheckedApproval> {
  const pull = await pullRequestFacts(octokit, query);
  if (!sameName(pull.headRepo, query.headRepository)) {
    throw new GitHubError(
      `${query.owner}/${query.repo}#${query.pullRequest} comes from ${pull.headRepo ?? 'a deleted repository'}, ` +
        `not from ${query.headRepository}, whose run this is; not publishing`,
    );
  }
  const base = {
    measuredSha: query.measuredSha,
    pull,
    forkLabel: query.forkLabel,
    requireApproval: query.requireApproval,
    trustedAuthors: query.trustedAuthors,
    triggeredBy: query.triggeredBy,
    reviews: [],
    labelEvents: [],
  };
  if (query.requireApproval === 'never' || sameRepository(pull)) {
    return { approval: decideApproval(base, new Map()), pull };
  }
  // The author's route is decided before reviews and labels are read: an author who may write, or
  // a trusted one, approves whatever they say, so asking for them would only cost requests.
  const known = await permissionsOf(octokit, query, approvalCandidates(base), new Map());
  const byAuthor = decideApproval(base, known);
  if (byAuthor.kind === 'approved') return { approval: byAuthor, pull };
  const facts: ApprovalFacts = {
    ...base,
    reviews: await reviews(octokit, query),
    labelEvents: pull.labels.includes(query.forkLabel) ? await labelEvents(octokit, query) : [],
  };
  const permissions = await permissionsOf(octokit, query, approvalCandidates(facts), known);
  return { approval: decideApproval(facts, permissions), pull };
}

/** `known` and the permission of each of `users` it lacks, each asked once. */
async function permissionsOf(
  octokit: GitHubClient,
  query: ApprovalQuery,
  users: readonly string[],
  known: Permissions,
): Promise<Permissions> {
  const permissions = new Map(known);
  for (const user of users) {
    if (!permissions.has(user)) permissions.set(user, await permissionOf(octokit, query, user));
  }
  return permissions;
}
