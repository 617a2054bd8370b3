// The Git Data API steps of a commit to a branch: the branch's head, a commit of blobs (or
// deletions) on top of it, and moving the branch only when it still points there (`force: false`),
// so that a writer who lost a race reads again and redoes its change. Shared by branch-file.ts (one
// text file on a branch: the nightly history) and images.ts (the chart images and the history page
// on the charts branch, pruned by charts-prune.ts).
import type { GitHubClient } from './client.js';
import { httpStatus } from './github-errors.js';

export interface BranchTarget {
  readonly owner: string;
  readonly repo: string;
  readonly branch: string;
}

/** A branch's head commit and its tree. */
export interface BranchHead {
  readonly commitSha: string;
  readonly treeSha: string;
}

/** A file to place in a commit's tree, by the SHA of a blob already uploaded. */
export interface BlobTreeEntry {
  readonly path: string;
  readonly mode: '100644';
  readonly type: 'blob';
  readonly sha: string;
}

/** A file or directory taken out of the tree (its path and everything under it). */
export interface DeletedTreeEntry {
  readonly path: string;
  readonly mode: '040000';
  readonly type: 'tree';
  readonly sha: null;
}

/** A relative path that cannot leave its directory: no empty, `.` or `..` segment, no leading `/`. */
export function isSafePath(path: string): boolean {
  return (
    path !== '' &&
    !path.startsWith('/') &&
    !path.endsWith('/') &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/**
 * The ref update was refused because the branch moved (or was created) since it was read: worth
 * reading again. 422 is "Update is not a fast forward" (update) or "Reference already exists"
 * (create); GitHub also answers 409 while a concurrent push is being processed.
 */
export function isLostRace(error: unknown): boolean {
  const status = httpStatus(error);
  return status === 422 || status === 409;
}

/** The branch's head, or null when the branch does not exist. Other failures pass through. */
export async function readBranchHead(client: GitHubClient, target: BranchTarget): Promise<BranchHead | null> {
  const { owner, repo } = target;
  let commitSha: string;
  try {
    const { data } = await client.rest.git.getRef({ owner, repo, ref: `heads/${target.branch}` });
    commitSha = data.object.sha;
  } catch (error) {
    if (httpStatus(error) === 404) return null;
    throw error;
  }
  const { data } = await client.rest.git.getCommit({ owner, repo, commit_sha: commitSha });
  return { commitSha, treeSha: data.tree.sha };
}

/**
 * A commit of `entries` on top of `head`, keeping every other file of its tree (base_tree); an
 * orphan commit holding only the entries when there is no head. Returns the commit's SHA.
 */
export async function commitOnHead(
  client: GitHubClient,
  target: BranchTarget,
  head: BranchHead | null,
  entries: readonly (BlobTreeEntry | DeletedTreeEntry)[],
  message: string,
): Promise<string> {
  const { owner, repo } = target;
  const { data: tree } = await client.rest.git.createTree({
    owner,
    repo,
    tree: [...entries],
    ...(head === null ? {} : { base_tree: head.treeSha }),
  });
  const { data: commit } = await client.rest.git.createCommit({
    owner,
    repo,
    message,
    tree: tree.sha,
    parents: head === null ? [] : [head.commitSha],
  });
  return commit.sha;
}

/**
 * Points the branch at the commit, creating the branch when it had no head. GitHub's errors pass
 * through: the caller tells a lost race (isLostRace), worth another attempt, from a refusal.
 */
export async function moveBranch(
  client: GitHubClient,
  target: BranchTarget,
  head: BranchHead | null,
  commitSha: string,
): Promise<void> {
  const { owner, repo } = target;
  if (head === null) {
    await client.rest.git.createRef({ owner, repo, ref: `refs/heads/${target.branch}`, sha: commitSha });
    return;
  }
  // Never force: another writer's commit on the branch must survive; redo the change on top of it.
  await client.rest.git.updateRef({
    owner,
    repo,
    ref: `heads/${target.branch}`,
    sha: commitSha,
    force: false,
  });
}

// ---- One text file on a branch ----
