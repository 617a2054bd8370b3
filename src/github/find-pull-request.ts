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
// A fork can open a pull request whose head is the same commit as a pull request from a branch of
// this repository, so the commit alone does not say whose run it was: only a pull request whose head
// repository is the run's (`workflow_run.head_repository.full_name`, which GitHub writes) is the
// run's. A claim of another head repository's pull request at that commit is refused.
// `workflow_run.pull_requests` is not used: it is empty for pull requests from forks.
//
// A pull request pushed again since the run no longer has the measured commit as its head. When no
// pull request has it, one the look-ups still find (the commit is among its commits, or it comes
// from the run's head branch) is the run's, as long as it comes from the run's head repository:
// the verdict is then for the measured commit, and a newer head is pending its own measurement.
import type { GitHubClient } from './client.js';
import { GitHubError, gitHubMessage } from './github-errors.js';

export interface PullRequestQuery {
  readonly owner: string;
  readonly repo: string;
  /** The commit that was measured: the workflow run's head SHA. */
  readonly headSha: string;
  /** `owner/name` of the run's head repository (from the event): the pull request's must be it. */
  readonly headRepository: string;
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
  /** Its head now: the measured commit, or a newer one when it was pushed again since the run. */
  readonly headSha: string;
}

/** An open pull request at the commit, and its head repository (null when the fork was deleted). */
export interface PullRequestAt extends FoundPullRequest {
  readonly headRepository: string | null;
}

interface ListedPullRequest {
  readonly number: number;
  readonly state: string;
  readonly html_url: string;
  readonly head: { readonly sha: string; readonly repo: { readonly full_name: string } | null };
  readonly base: { readonly repo: { readonly full_name: string } };
}

/** Open and into this repository. */
function matches(pull: ListedPullRequest, query: PullRequestQuery): boolean {
  return (
    pull.state === 'open' &&
    pull.base.repo.full_name.toLowerCase() === `${query.owner}/${query.repo}`.toLowerCase()
  );
}

/** Every open pull request of the repository whose head is `query.headSha`, by number, any head repository. */
export async function openPullRequestsAt(
  octokit: GitHubClient,
  query: PullRequestQuery,
): Promise<PullRequestAt[]> {
  return (await openPullRequestsFound(octokit, query)).filter((pull) => pull.headSha === query.headSha);
}

/**
 * Every open pull request of the repository either look-up finds, by number, any head repository
 * and any head: the commit is among its commits, or it comes from the run's head branch.
 */
async function openPullRequestsFound(
  octokit: GitHubClient,
  query: PullRequestQuery,
): Promise<PullRequestAt[]> {
  const { owner, repo } = query;
  const found = new Map<number, PullRequestAt>();
  const keep = (pulls: readonly ListedPullRequest[]): void => {
    for (const pull of pulls) {
      if (!matches(pull, query)) continue;
      const headRepository = pull.head.repo?.full_name ?? null;
      found.set(pull.number, {
        number: pull.number,
        url: pull.html_url,
        headRepository,
        headSha: pull.head.sha,
      });
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

/** Repository names compare without case, as GitHub's do. */
export function sameName(a: string | null, b: string): boolean {
  return a !== null && a.toLowerCase() === b.toLowerCase();
}

function found(pull: PullRequestAt): FoundPullRequest {
  return { number: pull.number, url: pull.url, headSha: pull.headSha };
}

/** A claimed number: one of the run's pull requests, or the reason it is refused. */
function claimedOne(
  query: PullRequestQuery,
  all: readonly PullRequestAt[],
  runs: readonly PullRequestAt[],
): FoundPullRequest {
  const where = `${query.owner}/${query.repo}`;
  const source = query.claimSource === undefined ? '' : ` (from ${query.claimSource})`;
  const claimed = runs.find((pull) => pull.number === query.claimed);
  if (claimed !== undefined) return found(claimed);
  const other = all.find((pull) => pull.number === query.claimed);
  if (other !== undefined) {
    throw new GitHubError(
      `pull request #${query.claimed}${source} has head ${query.headSha} but comes from ` +
        `${other.headRepository ?? 'a deleted repository'}, not from ${query.headRepository}, whose run this is; not posting`,
    );
  }
  const heads = runs.length === 0 ? 'none has' : `${numbers(runs)} ${runs.length === 1 ? 'has' : 'have'}`;
  throw new GitHubError(
    `pull request #${query.claimed}${source} is not an open pull request of ${where} with head ` +
      `${query.headSha} from ${query.headRepository} (${heads} that head); not posting`,
  );
}

/**
 * The one open pull request whose head is the run's commit and whose head repository is the run's;
 * when none has that head any more, the one from the run's head repository that was pushed again
 * since (found by the commit or by the run's head branch). A claimed number must be among those;
 * with no claim, two or more are ambiguous.
 */
export async function findPullRequest(
  octokit: GitHubClient,
  query: PullRequestQuery,
): Promise<FoundPullRequest> {
  const listed = await openPullRequestsFound(octokit, query);
  const fromRun = listed.filter((pull) => sameName(pull.headRepository, query.headRepository));
  const atHead = fromRun.filter((pull) => pull.headSha === query.headSha);
  const all = listed.filter((pull) => pull.headSha === query.headSha);
  const runs = atHead.length > 0 ? atHead : fromRun;
  if (query.claimed !== undefined) return claimedOne(query, all, runs);
  const where = `${query.owner}/${query.repo}`;
  const [only, ...others] = runs;
  if (only === undefined) {
    throw new GitHubError(
      `no open pull request of ${where} from ${query.headRepository} has head ${query.headSha} ` +
        `or was pushed again since the run (closed, or the head branch is gone${all.length === 0 ? '' : `; ${numbers(all)} from elsewhere ${all.length === 1 ? 'has' : 'have'} it`}); not posting`,
    );
  }
  if (others.length > 0) {
    const have =
      atHead.length > 0 ? `have head ${query.headSha}` : `were pushed again since ${query.headSha}`;
    throw new GitHubError(
      `${runs.length} open pull requests of ${where} from ${query.headRepository} ${have} (${numbers(runs)}); ` +
        `name the one to post to${query.claimSource === undefined ? '' : ` in ${query.claimSource}`}`,
    );
  }
  return found(only);
}
