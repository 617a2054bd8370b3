// Which pull request a measured commit belongs to, asked of GitHub rather than taken from the
// measuring run. A publishing workflow (`workflow_run`) gets the run's head SHA from the event,
// which GitHub writes; a pull-request number found in the uploaded artifact, or anywhere else the
// pull request's own code could have put it, is only a claim, and is checked against that SHA.
//
// Two look-ups, because neither finds every pull request:
//   - GET /repos/{owner}/{repo}/commits/{sha}/pulls finds pull requests from branches of this
//     repository, but answers an empty list for a commit that exists only in a fork;
//   - GET /repos/{owner}/{repo}/pulls?head=<owner>:<branch> finds a fork's pull request by the head
//     repository's owner and branch (from the event's `workflow_run.head_repository` and
//     `head_branch`). Only this repository's pull requests are listed, and each is kept only when
//     its head is the run's SHA, so a branch name chosen by the fork cannot lead elsewhere.
// `workflow_run.pull_requests` is not used: it is empty for pull requests from forks.
import type { GitHubClient } from './client.js';
import { GitHubError, gitHubMessage } from './github-errors.js';

export interface PullRequestQuery {
  readonly owner: string;
  readonly repo: string;
  /** The commit that was measured: the workflow run's head SHA. */
  readonly headSha: string;
  /** `<head repository owner>:<head branch>`, for a pull request from a fork. */
  readonly headLabel?: string;
  /** A number someone claims the pull request has; refused unless it is one of those found. */
  readonly claimed?: number;
  /** Where a claim comes from, for the messages: e.g. `pull-request.txt of the artifact`. */
  readonly claimSource?: string;
}

export interface FoundPullRequest {
  readonly number: number;
  readonly url: string;
}

interface ListedPullRequest {
  readonly number: number;
  readonly state: string;
  readonly html_url: string;
  readonly head: { readonly sha: string };
  readonly base: { readonly repo: { readonly full_name: string } };
}

/** Open, into this repository, and at exactly the run's head commit. */
function matches(pull: ListedPullRequest, query: PullRequestQuery): boolean {
  return (
    pull.state === 'open' &&
    pull.head.sha === query.headSha &&
    pull.base.repo.full_name.toLowerCase() === `${query.owner}/${query.repo}`.toLowerCase()
  );
}

/** Every open pull request of the repository whose head is `query.headSha`, by number. */
export async function openPullRequestsAt(
  octokit: GitHubClient,
  query: PullRequestQuery,
): Promise<FoundPullRequest[]> {
  const { owner, repo } = query;
  const found = new Map<number, FoundPullRequest>();
  const keep = (pulls: readonly ListedPullRequest[]): void => {
    for (const pull of pulls) {
      if (matches(pull, query)) found.set(pull.number, { number: pull.number, url: pull.html_url });
    }
  };
  try {
    keep(
      await octokit.paginate(octokit.rest.repos.listPullRequestsAssociatedWithCommit, {
        owner,
        repo,
        commit_sha: query.headSha,
        per_page: 100,
      }),
    );
    if (query.headLabel !== undefined) {
      keep(
        await octokit.paginate(octokit.rest.pulls.list, {
          owner,
          repo,
          state: 'open',
          head: query.headLabel,
          per_page: 100,
        }),
      );
    }
  } catch (error) {
    throw new GitHubError(
      `could not list the pull requests of ${owner}/${repo} at ${query.headSha}: ${gitHubMessage(error)}; ` +
        'the token needs `permissions: pull-requests: read` (write, to comment)',
      { cause: error },
    );
  }
  return [...found.values()].sort((a, b) => a.number - b.number);
}

function numbers(pulls: readonly FoundPullRequest[]): string {
  return pulls.map((pull) => `#${pull.number}`).join(', ');
}

/**
 * The one open pull request whose head is the run's commit. A claimed number must be among those
 * found; with no claim, two or more pull requests at the same commit are ambiguous.
 */
export async function findPullRequest(
  octokit: GitHubClient,
  query: PullRequestQuery,
): Promise<FoundPullRequest> {
  const found = await openPullRequestsAt(octokit, query);
  const where = `${query.owner}/${query.repo}`;
  const source = query.claimSource === undefined ? '' : ` (from ${query.claimSource})`;
  if (query.claimed !== undefined) {
    const claimed = found.find((pull) => pull.number === query.claimed);
    if (claimed !== undefined) return claimed;
    const heads =
      found.length === 0 ? 'none has' : `${numbers(found)} ${found.length === 1 ? 'has' : 'have'}`;
    throw new GitHubError(
      `pull request #${query.claimed}${source} is not an open pull request of ${where} with head ` +
        `${query.headSha} (${heads} that head); not posting`,
    );
  }
  const [only, ...others] = found;
  if (only === undefined) {
    throw new GitHubError(
      `no open pull request of ${where} has head ${query.headSha} (closed, or pushed again since the run); not posting`,
    );
  }
  if (others.length > 0) {
    throw new GitHubError(
      `${found.length} open pull requests of ${where} have head ${query.headSha} (${numbers(found)}); ` +
        `name the one to post to${query.claimSource === undefined ? '' : ` in ${query.claimSource}`}`,
    );
  }
  return only;
}
