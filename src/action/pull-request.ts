// On a pull request: publish the charts and post (or update) the sticky comment.
import * as core from '@actions/core';
import { context, getOctokit } from '@actions/github';

import { GitHubError } from '../github/github-errors.js';
import { postReport } from '../github/post-report.js';
import type { WrittenReport } from '../report/write-report.js';

/**
 * A missing permission to publish images is a warning and a note in the comment; a missing
 * permission to comment is a warning too: the verdict still decides the step.
 */
export async function postToPullRequest(report: WrittenReport, suite: string): Promise<void> {
  const pullRequest: unknown = context.payload.pull_request?.number;
  const token = core.getInput('github-token');
  if (typeof pullRequest !== 'number' || token === '' || core.getInput('comment') === 'false') {
    if (typeof pullRequest === 'number' && token === '')
      core.info('no github-token: the comment is not posted');
    return;
  }
  const { owner, repo } = context.repo;
  await core.group('Comment on the pull request', async () => {
    try {
      const posted = await postReport(getOctokit(token), report, {
        owner,
        repo,
        pullRequest,
        suite,
        chartsBranch: core.getInput('charts-branch') || 'mysql-perf-gate-charts',
        runKey: `${context.runId}-${context.runAttempt}`,
        runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
      });
      if (posted.imagesNotPublished !== undefined) core.warning(posted.imagesNotPublished);
      core.info(`comment ${posted.action}: ${posted.commentUrl}`);
      core.setOutput('comment-url', posted.commentUrl);
    } catch (error) {
      if (!(error instanceof GitHubError)) throw error;
      core.warning(error.message);
    }
  });
}
