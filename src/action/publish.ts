// The action in publish mode: post the comment for a run measured elsewhere (see
// commands/publish.ts). Errors go up to main.ts, which fails the step with their one line.
import * as core from '@actions/core';
import { getOctokit } from '@actions/github';

import { publishCommand } from '../commands/publish.js';
import { coreLogger } from './core-logger.js';
import { readPublishInputs } from './publish-inputs.js';

export async function publishFromArtifact(): Promise<void> {
  const { config, token } = readPublishInputs();
  const published = await core.group('Publish the measured run', () =>
    publishCommand(config, getOctokit(token), coreLogger),
  );
  core.info(published.summary);
  if (published.posted.imagesNotPublished !== undefined) core.warning(published.posted.imagesNotPublished);
  core.info(`comment ${published.posted.action}: ${published.posted.commentUrl}`);
  core.setOutput('comment-url', published.posted.commentUrl);
  core.setOutput('report-dir', config.outDir);
  core.setOutput('verdict', published.verdict.verdict);
  core.setOutput('regressions', String(published.verdict.counts.regression));
  core.setOutput('verdict-path', published.verdictPath);
  if (process.env.GITHUB_STEP_SUMMARY)
    await core.summary.addRaw(published.report.commentWithoutImages).write();
  // The verdict decided the measuring run's step; this step's job is the comment, so a fail
  // verdict does not fail it a second time.
}
