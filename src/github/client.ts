// The Octokit client type every GitHub helper takes: the one @actions/github's getOctokit returns.
import type { getOctokit } from '@actions/github';

export type GitHubClient = ReturnType<typeof getOctokit>;
