// Publishes the chart images to a branch of the repository, so the comment can show them. GitHub
// strips data: URIs from comments and has no API to attach an image to one, so the images must be
// served from somewhere GitHub trusts: the repository itself, by commit SHA (an immutable URL, so a
// later run or a force-push of the branch never changes an old comment's pictures).
//
// Everything goes through the Git Data API (blobs, tree, commit, ref) rather than the contents API:
// one commit for all files, no checkout, and a base_tree so earlier runs' files stay on the branch.
// Those steps are shared with branch-file.ts, which keeps the nightly history on a branch. The same
// commit can drop what the branch no longer needs (charts-prune.ts).
import {
  commitOnHead,
  isLostRace,
  isSafePath,
  moveBranch,
  readBranchHead,
  type BlobTreeEntry,
  type BranchHead,
  type BranchTarget,
  type DeletedTreeEntry,
} from './branch-commit.js';
import { planPrune, type PruneRequest, PullRequestStates } from './charts-prune.js';
import type { GitHubClient } from './client.js';
import { gitHubMessage, httpStatus, ImagePublishError } from './github-errors.js';

export interface ImageFile {
  /** File name inside `directory`, e.g. `change.png`. */
  readonly name: string;
  readonly content: Uint8Array;
}

export interface PublishImagesOptions {
  readonly owner: string;
  readonly repo: string;
  /** The branch that holds the charts, e.g. `mysql-perf-gate-charts`; created when missing. */
  readonly branch: string;
  /** Where this run's files go on the branch, e.g. `pr-123/<run id>`. */
  readonly directory: string;
  readonly files: readonly ImageFile[];
  /** Commit message; a default naming the directory when omitted. */
  readonly message?: string;
  /** What the same commit drops from the branch (older runs, closed pull requests); nothing when omitted. */
  readonly prune?: PruneRequest;
}

export interface PublishedImages extends PublishedFiles {
  /** Each file's name to its URL, which serves the image as long as the commit exists. */
  readonly urls: Readonly<Record<string, string>>;
}

/** How many times the ref update is attempted when someone else moves the branch meanwhile. */
const ATTEMPTS = 3;

const PERMISSION_HINT =
  'give the workflow `permissions: contents: write` (pull requests from forks get a read-only ' +
  'token; the charts are still in the uploaded report artifact)';

/** Wraps a failed request; 403 and 404 on a write mean the token may not write here. */
function publishFailure(error: unknown, what: string, options: BranchTarget): Error {
  const status = httpStatus(error);
  const permission = status === 403 || status === 404;
  const where = `branch ${options.branch} of ${options.owner}/${options.repo}`;
  const hint = permission ? PERMISSION_HINT : 'the charts are still in the uploaded report artifact';
  return new ImagePublishError(
    `could not ${what} on ${where}: ${gitHubMessage(error)}; ${hint}`,
    permission,
    { cause: error },
  );
}

/** The paths come from the code, not from the user: one that could leave its directory is a bug. */
function checkPaths(options: PublishImagesOptions): void {
  if (!isSafePath(options.directory)) {
    throw new ImagePublishError(`bad chart directory "${options.directory}"; this is a bug`, false);
  }
  for (const file of options.files) {
    if (!isSafePath(file.name) || file.name.includes('/')) {
      throw new ImagePublishError(`bad chart file name "${file.name}"; this is a bug`, false);
    }
  }
}

/** Uploads every file as a blob; the tree entries that place them at their paths. */
async function uploadBlobs(octokit: GitHubClient, options: PublishFilesOptions): Promise<BlobTreeEntry[]> {
  const { owner, repo } = options;
  const entries: BlobTreeEntry[] = [];
  for (const file of options.files) {
    try {
      const { data } = await octokit.rest.git.createBlob({
        owner,
        repo,
        content: Buffer.from(file.content).toString('base64'),
        encoding: 'base64',
      });
      entries.push({ path: file.path, mode: '100644', type: 'blob', sha: data.sha });
    } catch (error) {
      throw publishFailure(error, `upload ${file.path}`, options);
    }
  }
  return entries;
}

/** The branch head, or null when the branch does not exist yet. */
async function readHead(octokit: GitHubClient, options: BranchTarget): Promise<BranchHead | null> {
  try {
    return await readBranchHead(octokit, options);
  } catch (error) {
    throw publishFailure(error, 'read the branch', options);
  }
}

/** A commit of the entries on top of the branch head (an orphan when there is none yet). */
async function commitEntries(
  octokit: GitHubClient,
  options: PublishFilesOptions,
  entries: readonly (BlobTreeEntry | DeletedTreeEntry)[],
  head: BranchHead | null,
): Promise<string> {
  const message = options.message ?? `mysql-perf-gate charts for ${options.directory}`;
  try {
    return await commitOnHead(octokit, options, head, entries, message);
  } catch (error) {
    throw publishFailure(error, 'commit the charts', options);
  }
}

/** Commits `files` under `directory` on `branch` and returns their URLs by commit SHA. */
export async function publishImages(
  octokit: GitHubClient,
  options: PublishImagesOptions,
): Promise<PublishedImages> {
  checkPaths(options);
  const published = await publishFiles(octokit, {
    ...options,
    files: options.files.map((file) => ({
      path: `${options.directory}/${file.name}`,
      content: file.content,
    })),
  });
  return { ...published, urls: imageUrls(options, published.commitSha) };
}

export interface PublishedFiles {
  readonly commitSha: string;
  /** The folders the commit dropped from the branch. */
  readonly pruned: readonly string[];
  /** Why nothing was pruned, when pruning failed (the files were published all the same). */
  readonly warnings: readonly string[];
}

export interface BranchFileContent {
  /** The file's path on the branch. */
  readonly path: string;
  readonly content: Uint8Array;
}

export interface PublishFilesOptions extends Omit<PublishImagesOptions, 'files'> {
  readonly files: readonly BranchFileContent[];
}

/** Commits `files` (paths from the branch's root) on `branch` in one commit, pruning as asked. */
export async function publishFiles(
  octokit: GitHubClient,
  options: PublishFilesOptions,
): Promise<PublishedFiles> {
  for (const file of options.files) {
    if (!isSafePath(file.path)) {
      throw new ImagePublishError(`bad file path "${file.path}" for the charts branch; this is a bug`, false);
    }
  }
  // Blobs do not depend on the branch, so a retried update reuses them.
  const entries = await uploadBlobs(octokit, options);
  const states = new PullRequestStates(octokit, options);
  for (let attempt = 1; ; attempt++) {
    const head = await readHead(octokit, options);
    const plan =
      options.prune === undefined
        ? { deletions: [] }
        : await planPrune(octokit, options, head, options.prune, states);
    const commitSha = await commitEntries(octokit, options, [...entries, ...plan.deletions], head);
    try {
      await moveBranch(octokit, options, head, commitSha);
    } catch (error) {
      if (isLostRace(error) && attempt < ATTEMPTS) continue;
      throw publishFailure(error, 'move the branch', options);
    }
    return {
      commitSha,
      pruned: plan.deletions.map((entry) => entry.path),
      warnings: plan.warning === undefined ? [] : [plan.warning],
    };
  }
}

/** Each file's name to its URL in the commit. */
function imageUrls(options: PublishImagesOptions, commitSha: string): Record<string, string> {
  const { owner, repo, directory } = options;
  const urls: Record<string, string> = {};
  for (const file of options.files) {
    urls[file.name] = rawUrl(owner, repo, commitSha, `${directory}/${file.name}`);
  }
  return urls;
}

/** The URL GitHub serves a file of a commit from, with each path segment URL-encoded. */
export function rawUrl(owner: string, repo: string, commitSha: string, path: string): string {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  return `https://github.com/${owner}/${repo}/raw/${commitSha}/${encoded}`;
}
