// Comparing two commits, for the GitHub mock (github-mock.ts): where a commit lies against another
// on the default branch (`GET /repos/{owner}/{repo}/compare/{base}...{head}`), which the nightly
// asks to place a pull request's merge commit in a change point's range. The default branch is a
// line of commits a test sets (`mainline`, oldest first); a commit not on it answers 404, as an
// unknown commit does on GitHub. Routed and validated against GitHub's OpenAPI description like
// the core's operations.
import type { Context } from 'openapi-backend';

import type { JsonObject, Reply } from './github-mock.js';

export const COMPARE_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/repos/{owner}/{repo}/compare/{basehead}': ['get'],
};

export const COMPARE_IMPLEMENTED = ['repos/compare-commits-with-basehead'];

/** The state the comparison reads, part of GitHubMock. */
export interface CompareState {
  /** The default branch's commits, oldest first: each one's parent is the one before it. */
  readonly mainline: string[];
}

export interface CompareContext {
  readonly repoApi: string;
  guard(context: Context, write: boolean): Reply | undefined;
  text(context: Context, name: string): string;
  query(context: Context, name: string): string | undefined;
  error(status: number, message: string): Reply;
}

const TIME = '2025-01-02T03:04:05Z';
/** GitHub's most commits in one comparison's page. */
const MAX_PER_PAGE = 250;

export function compareState(): CompareState {
  return { mainline: [] };
}

/** A commit as a comparison lists it (the `commit` schema). */
function commitJson(repoApi: string, sha: string, parent: string | undefined): JsonObject {
  const person = { name: 'Alice', email: 'alice@example.com', date: TIME };
  return {
    url: `${repoApi}/commits/${sha}`,
    sha,
    node_id: Buffer.from(`Commit:${sha}`).toString('base64'),
    html_url: `https://github.com/octo-org/server/commit/${sha}`,
    comments_url: `${repoApi}/commits/${sha}/comments`,
    commit: {
      url: `${repoApi}/git/commits/${sha}`,
      author: person,
      committer: person,
      message: `commit ${sha.slice(0, 7)}`,
      comment_count: 0,
      tree: { sha: 'f'.repeat(40), url: `${repoApi}/git/trees/${'f'.repeat(40)}` },
    },
    author: null,
    committer: null,
    parents: parent === undefined ? [] : [{ sha: parent, url: `${repoApi}/commits/${parent}` }],
  };
}

/** The handlers of COMPARE_IMPLEMENTED over `state`. */
export function compareHandlers(
  state: CompareState,
  compare: CompareContext,
): Record<string, (context: Context) => Reply> {
  // A full SHA, or an abbreviation of at least 7 characters, as GitHub takes either.
  const indexOf = (sha: string): number =>
    sha.length < 7 ? -1 : state.mainline.findIndex((commit) => commit.startsWith(sha));
  const commitAt = (index: number): JsonObject => {
    const sha = state.mainline[index] ?? '';
    return commitJson(compare.repoApi, sha, state.mainline[index - 1]);
  };
  return {
    'repos/compare-commits-with-basehead': (context) => {
      const denied = compare.guard(context, false);
      if (denied) return denied;
      const basehead = compare.text(context, 'basehead');
      const [base = '', head = ''] = basehead.split('...');
      const from = indexOf(base);
      const to = indexOf(head);
      if (from < 0 || to < 0) return compare.error(404, 'Not Found');
      const ahead = Math.max(0, to - from);
      const perPage = Math.min(MAX_PER_PAGE, Number(compare.query(context, 'per_page') ?? MAX_PER_PAGE));
      const html = `https://github.com/octo-org/server/compare/${basehead}`;
      return {
        status: 200,
        body: {
          url: `${compare.repoApi}/compare/${basehead}`,
          html_url: html,
          permalink_url: html,
          diff_url: `${html}.diff`,
          patch_url: `${html}.patch`,
          base_commit: commitAt(from),
          merge_base_commit: commitAt(Math.min(from, to)),
          status: to > from ? 'ahead' : to < from ? 'behind' : 'identical',
          ahead_by: ahead,
          behind_by: Math.max(0, from - to),
          total_commits: ahead,
          commits: Array.from({ length: Math.min(ahead, perPage) }, (_, offset) =>
            commitAt(from + 1 + offset),
          ),
          files: [],
        },
      };
    },
  };
}
