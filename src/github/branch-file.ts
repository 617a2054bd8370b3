// One text file kept on a branch of the repository, read and rewritten through the Git Data API:
// the nightly workflow keeps its performance history this way. Two nightly runs that finish
// together must both land, so a write is optimistic: read the file, change it, commit on top of
// the commit that was read, and move the branch only if it still points there (`force: false`).
// When another writer got there first, read again and redo the change on their content.
//
// Reads walk the path one tree at a time instead of listing the branch recursively: the same branch
// may hold thousands of chart images, and a recursive listing that large comes back truncated.
// What is read crosses into a trusted job (the nightly one has a write token), so every read and
// write is held to a size cap the caller chooses.
//
// The low-level steps (the branch head, a commit of blobs on top of it, moving the branch) are in
// branch-commit.ts, shared with images.ts.
import {
  type BlobTreeEntry,
  type BranchHead,
  type BranchTarget,
  commitOnHead,
  isLostRace,
  isSafePath,
  moveBranch,
  readBranchHead,
} from './branch-commit.js';
import type { GitHubClient } from './client.js';
import { BranchFileError, gitHubMessage, httpStatus, serverSideHint } from './github-errors.js';

export interface BranchFileLocation extends BranchTarget {
  /** The file's path on the branch, e.g. `history/quick.json`. */
  readonly path: string;
  /** The largest file, in bytes of UTF-8, that is read or written; larger ones are refused. */
  readonly maxBytes: number;
}

export interface BranchFile {
  readonly content: string;
  /** The branch head the file was read from. */
  readonly commitSha: string;
  readonly blobSha: string;
}

export interface UpdateBranchFileOptions extends BranchFileLocation {
  /** The commit message. */
  readonly message: string;
  /**
   * The new content from the current one (null when the file or the branch does not exist yet);
   * null, or the same content, writes nothing. Called again on the newer content when another
   * writer moved the branch, so it must derive its result from its argument alone.
   */
  readonly update: (current: string | null) => string | null;
  /** How many read-change-write rounds before giving up on a branch that keeps moving; 5. */
  readonly attempts?: number;
}

export interface BranchFileUpdate {
  /** The commit the branch now points at, or null when `update` had nothing to write. */
  readonly commitSha: string | null;
  /** How many rounds it took: more than 1 when another writer moved the branch meanwhile. */
  readonly attempts: number;
}

const DEFAULT_ATTEMPTS = 5;

/** The file at `path` on `branch`, or null when the branch or the file does not exist. */
export async function readBranchFile(
  client: GitHubClient,
  location: BranchFileLocation,
): Promise<BranchFile | null> {
  checkLocation(location);
  const head = await readHead(client, location);
  return head === null ? null : readFileAt(client, location, head);
}

/**
 * Rewrites the file with `update(current)` in one commit on top of the branch, creating the branch
 * (an orphan commit holding only this file) when it does not exist. When another writer moves the
 * branch first, reads again and calls `update` on their content, up to `attempts` rounds.
 */
export async function updateBranchFile(
  client: GitHubClient,
  options: UpdateBranchFileOptions,
): Promise<BranchFileUpdate> {
  checkLocation(options);
  const attempts = options.attempts ?? DEFAULT_ATTEMPTS;
  if (!Number.isInteger(attempts) || attempts < 1) {
    throw new BranchFileError(
      `attempts must be a whole number ≥ 1, not ${attempts}; this is a bug`,
      'invalid',
    );
  }
  for (let attempt = 1; ; attempt++) {
    const head = await readHead(client, options);
    const current = head === null ? null : await readFileAt(client, options, head);
    const next = options.update(current?.content ?? null);
    if (next === null || next === current?.content) return { commitSha: null, attempts: attempt };
    checkNewSize(options, next);
    const commitSha = await commitFile(client, options, head, next);
    try {
      await moveBranch(client, options, head, commitSha);
      return { commitSha, attempts: attempt };
    } catch (error) {
      if (!isLostRace(error)) throw failure(error, 'move the branch to the new commit', options, true);
      if (attempt >= attempts) throw gaveUp(error, attempts, options);
      await sleep(retryDelayMs(attempt));
    }
  }
}

/** The paths and caps come from the code, not from a user: a bad one is a bug. */
function checkLocation(location: BranchFileLocation): void {
  if (!isSafePath(location.path)) {
    throw new BranchFileError(`bad path "${location.path}" for a file on a branch; this is a bug`, 'invalid');
  }
  if (!Number.isInteger(location.maxBytes) || location.maxBytes < 1) {
    throw new BranchFileError(
      `the size cap for ${location.path} must be a whole number of bytes ≥ 1, not ${location.maxBytes}; this is a bug`,
      'invalid',
    );
  }
}

function where(location: BranchFileLocation): string {
  return `${location.path} on branch ${location.branch} of ${location.owner}/${location.repo}`;
}

/** Wraps a failed request; 403 and 404 mean the token may not read, or write, the contents. */
function failure(
  error: unknown,
  what: string,
  location: BranchFileLocation,
  write: boolean,
): BranchFileError {
  const status = httpStatus(error);
  const permission = status === 403 || status === 404;
  const hint = permission
    ? `give the workflow \`permissions: contents: ${write ? 'write' : 'read'}\``
    : (serverSideHint(error) ?? "see GitHub's message; running the workflow again may succeed");
  return new BranchFileError(
    `could not ${what} for ${where(location)}: ${gitHubMessage(error)}; ${hint}`,
    permission ? 'permission' : 'request',
    { cause: error },
  );
}

function tooLarge(location: BranchFileLocation, bytes: number, doing: string): BranchFileError {
  return new BranchFileError(
    `${where(location)} ${doing} ${bytes} bytes, over its cap of ${location.maxBytes}; refusing it ` +
      '(it is read by a job that holds a write token); trim older entries from the file or raise the cap',
    'too-large',
  );
}

function checkNewSize(location: BranchFileLocation, content: string): void {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > location.maxBytes) throw tooLarge(location, bytes, 'would become');
}

function gaveUp(error: unknown, attempts: number, location: BranchFileLocation): BranchFileError {
  return new BranchFileError(
    `could not write ${where(location)}: the branch moved under other writers ${attempts} times in a ` +
      `row (last answer: ${gitHubMessage(error)}); run the workflow again`,
    'contended',
    { cause: error },
  );
}

async function readHead(client: GitHubClient, location: BranchFileLocation): Promise<BranchHead | null> {
  try {
    return await readBranchHead(client, location);
  } catch (error) {
    throw failure(error, 'read the branch', location, false);
  }
}

/** The file in the head's tree, or null when it is not there. */
async function readFileAt(
  client: GitHubClient,
  location: BranchFileLocation,
  head: BranchHead,
): Promise<BranchFile | null> {
  const parts = location.path.split('/');
  let treeSha = head.treeSha;
  for (let depth = 1; depth < parts.length; depth++) {
    const directory = parts.slice(0, depth).join('/');
    const entry = await entryOf(client, location, treeSha, directory);
    if (entry === null) return null;
    if (entry.type !== 'tree') {
      throw new BranchFileError(`${where(location)}: ${directory} is a file, not a directory`, 'invalid');
    }
    treeSha = entry.sha;
  }
  const entry = await entryOf(client, location, treeSha, location.path);
  if (entry === null) return null;
  // 100755 is still a regular file; 120000 (a symbolic link) or 160000 (a submodule) is not.
  if (entry.type !== 'blob' || (entry.mode !== '100644' && entry.mode !== '100755')) {
    throw new BranchFileError(
      `${where(location)} is not a regular file (a ${entry.type}, mode ${entry.mode})`,
      'invalid',
    );
  }
  // Checked before downloading, so an oversized blob is never fetched.
  if (entry.size !== undefined && entry.size > location.maxBytes) throw tooLarge(location, entry.size, 'is');
  const content = await readBlob(client, location, entry.sha);
  return { content, commitSha: head.commitSha, blobSha: entry.sha };
}

/** The entry of a tree named by the last segment of `path`, or null when there is none. */
async function entryOf(
  client: GitHubClient,
  location: BranchFileLocation,
  treeSha: string,
  path: string,
): Promise<{ type: string; mode: string; sha: string; size?: number } | null> {
  const name = path.slice(path.lastIndexOf('/') + 1);
  let data;
  try {
    ({ data } = await client.rest.git.getTree({
      owner: location.owner,
      repo: location.repo,
      tree_sha: treeSha,
    }));
  } catch (error) {
    throw failure(error, `list the directory of ${path}`, location, false);
  }
  const entry = data.tree.find((item) => item.path === name);
  if (entry === undefined && data.truncated) {
    // Absent from a cut-short listing is not absent: refuse rather than start the file over.
    throw new BranchFileError(
      `could not read ${where(location)}: GitHub truncated the listing of its directory; ` +
        'move the file to a directory with fewer entries',
      'request',
    );
  }
  return entry ?? null;
}

/** The blob's bytes as UTF-8 text, held to the size cap again once decoded. */
async function readBlob(
  client: GitHubClient,
  location: BranchFileLocation,
  blobSha: string,
): Promise<string> {
  let data;
  try {
    ({ data } = await client.rest.git.getBlob({
      owner: location.owner,
      repo: location.repo,
      file_sha: blobSha,
    }));
  } catch (error) {
    throw failure(error, 'read the file', location, false);
  }
  if (data.encoding !== 'base64' && data.encoding !== 'utf-8') {
    throw new BranchFileError(
      `${where(location)} came back in an unknown encoding "${data.encoding}"`,
      'request',
    );
  }
  const bytes = Buffer.from(data.content, data.encoding === 'base64' ? 'base64' : 'utf8');
  if (bytes.length > location.maxBytes) throw tooLarge(location, bytes.length, 'is');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new BranchFileError(`${where(location)} is not UTF-8 text`, 'invalid', { cause: error });
  }
}

/** Uploads the content and commits it at the path on top of the head. */
async function commitFile(
  client: GitHubClient,
  options: UpdateBranchFileOptions,
  head: BranchHead | null,
  content: string,
): Promise<string> {
  try {
    const { data: blob } = await client.rest.git.createBlob({
      owner: options.owner,
      repo: options.repo,
      content: Buffer.from(content, 'utf8').toString('base64'),
      encoding: 'base64',
    });
    const entry: BlobTreeEntry = { path: options.path, mode: '100644', type: 'blob', sha: blob.sha };
    return await commitOnHead(client, options, head, [entry], options.message);
  } catch (error) {
    throw failure(error, 'commit the new content', options, true);
  }
}

/**
 * How long to wait before the next round: growing, so a busy branch gets room, and jittered, so two
 * writers that collided once do not collide again in lockstep.
 */
function retryDelayMs(attempt: number): number {
  return 100 * attempt + Math.random() * 100;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
