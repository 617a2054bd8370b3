// The Octokit client type every GitHub helper takes: the one @actions/github's getOctokit returns,
// with the pace its retries keep (octokit.ts sets it; a bare client retries at a second's pace).
import type { getOctokit } from '@actions/github';

export type GitHubClient = ReturnType<typeof getOctokit> & {
  /** Milliseconds a second of backoff lasts: 1000, shorter in tests. */
  readonly secondMs?: number;
};
