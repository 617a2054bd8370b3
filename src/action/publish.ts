// The action in publish mode: post the comment and set the status for a run measured elsewhere
// (see commands/publish.ts); a fork's head nobody approved gets a notice and no verdict. Errors go up to main.ts, which fails the step with their one line.
import * as core from '@actions/core';

import { publishCommand } from '../commands/publish.js';
import { gitHubClient } from '../github/octokit.js';
import { coreLogger, notice } from './core-logger.js';
import { readDelivery } from './delivery.js';
import { readPublishInputs } from './publish-inputs.js';

export async function publishFromArtifact(): Promise<void> {
  const { config, token } = readPublishInputs();
  // The pull request is the one publishCommand finds by the measured commit, not the event's.
  const { sinks } = readDelivery(false);
  const published = await core.group('Publish the measured run', () =>
    publishCommand(config, gitHubClient(token, coreLogger), coreLogger, sinks),
  );
  if (published.kind === 'awaiting') {
    notice(`pull request #${published.pullRequest.number}: no verdict posted, ${published.why}`);
    core.setOutput('comment-url', published.commentUrl);
    core.setOutput('verdict', 'awaiting-approval');
    return;
  }
  coreLogger.info(published.summary);
  core.setOutput('comment-url', published.posted.commentUrl);
  core.setOutput('report-dir', config.outDir);
  core.setOutput('verdict', published.verdict.verdict);
  core.setOutput('regressions', String(published.verdict.counts.regression));
  core.setOutput('verdict-path', published.verdictPath);
  core.setOutput('accepted', String(published.accepted !== null));
  // The verdict decided the measuring run's step; this step's job is the comment, so a fail
  // verdict does not fail it a second time.
}
