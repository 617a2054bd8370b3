// Errors from talking to GitHub, and how to tell why a request failed.
import { GateError } from '../errors.js';

/** A GitHub API call failed in a way the run cannot work around. */
export class GitHubError extends GateError {}

/**
 * The chart images could not be pushed to the charts branch. `permission` is true when the token
 * may not write to the repository (a fork's pull request, or no `contents: write`): the caller can
 * then link the uploaded artifact instead and say so in the comment.
 */
export class ImagePublishError extends GitHubError {
  constructor(
    message: string,
    readonly permission: boolean,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * Why a file kept on a branch could not be read or written:
 * - `permission`: the token may not read or write the repository's contents;
 * - `too-large`: the file, or what would be written, is over the caller's size cap;
 * - `contended`: the branch kept moving under other writers until the attempts ran out;
 * - `invalid`: the path is not a regular text file (a directory, a symbolic link, not UTF-8) or is
 *   not a safe path at all;
 * - `request`: any other failed request.
 */
export type BranchFileFailure = 'permission' | 'too-large' | 'contended' | 'invalid' | 'request';

/** A file kept on a branch (the nightly history) could not be read or written; see `reason`. */
export class BranchFileError extends GitHubError {
  constructor(
    message: string,
    readonly reason: BranchFileFailure,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/**
 * The HTTP status of a failed Octokit request, or undefined for anything else. Duck-typed rather
 * than `instanceof RequestError`: the bundled and the test copies of Octokit are different realms.
 */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    return typeof error.status === 'number' ? error.status : undefined;
  }
  return undefined;
}

/** GitHub's own message for a failed request (the `message` of its JSON body), when it sent one. */
export function gitHubMessage(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'response' in error) {
    const response = error.response;
    if (typeof response === 'object' && response !== null && 'data' in response) {
      const data = response.data;
      if (typeof data === 'object' && data !== null && 'message' in data) {
        if (typeof data.message === 'string') return data.message;
      }
    }
  }
  if (typeof error === 'object' && error !== null && 'message' in error) {
    if (typeof error.message === 'string') return error.message;
  }
  return String(error);
}

/**
 * The hint for a request that failed on GitHub's side (a 5xx, or no answer) after the client's
 * retries, or undefined for any other failure.
 */
export function serverSideHint(error: unknown): string | undefined {
  const status = httpStatus(error);
  if (status !== undefined && status < 500) return undefined;
  const answered = status === undefined ? 'did not answer' : `answered ${status}`;
  return `GitHub ${answered} on every retry (a fault on its side): run the job again later`;
}
