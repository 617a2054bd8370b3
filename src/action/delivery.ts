// Where the action delivers a verdict, read once from its inputs and the event: the pull request
// it runs for (and the token to comment with), the job summary, a chat webhook, and the run to link.
import * as core from '@actions/core';
import { context } from '@actions/github';

import type { GateDelivery } from '../commands/gate.js';
import { parsePageAddress } from '../commands/history-nightly.js';
import { chartsKeepFromFlag } from '../commands/publish-flags.js';
import { type DeliveryTargets, sinksFor } from '../sinks/registry.js';
import type { RunContext } from '../sinks/sink.js';
import { gitHubClient } from '../github/octokit.js';
import { coreLogger } from './core-logger.js';
import { booleanInput } from './inputs.js';
import { input } from './settings-inputs.js';

/** The repository and run, when the runner says which (GITHUB_REPOSITORY is unset outside GitHub). */
function runContext(pullRequest: number | undefined): RunContext {
  const repository = process.env.GITHUB_REPOSITORY;
  if (repository === undefined || repository === '') return pullRequest === undefined ? {} : { pullRequest };
  return {
    repository,
    runUrl: `${context.serverUrl}/${repository}/actions/runs/${context.runId}`,
    ...(pullRequest === undefined ? {} : { pullRequest }),
  };
}

/** The pull request to comment on: on a pull-request event, with a token, unless input comment is false. */
function pullRequestTarget(pullRequest: number | undefined): DeliveryTargets['pullRequest'] {
  const token = input('github-token');
  // Read (and a value that is not a boolean refused) on every event, not only on a pull request's.
  const comment = booleanInput('comment');
  if (pullRequest === undefined) return undefined;
  if (token === '') {
    coreLogger.info('no github-token: the comment is not posted');
    return undefined;
  }
  if (!comment) return undefined;
  const { owner, repo } = context.repo;
  const historyPage = input('history-page-url');
  return {
    client: gitHubClient(token, coreLogger),
    owner,
    repo,
    pullRequest,
    chartsBranch: input('charts-branch'),
    runKey: `${context.runId}-${context.runAttempt}`,
    runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
    group: 'Comment on the pull request',
    chartsKeep: chartsKeepFromFlag(input('charts-keep'), 'input "charts-keep"'),
    ...(historyPage === ''
      ? {}
      : { notes: { historyPageUrl: parsePageAddress(historyPage, 'input "history-page-url"', false) } }),
  };
}

/**
 * The sinks and the run's context. `withPullRequest` is false where the pull request is found
 * otherwise (publish mode finds it by the measured commit).
 */
export function readDelivery(withPullRequest = true): GateDelivery {
  const number: unknown = context.payload.pull_request?.number;
  const pullRequest = typeof number === 'number' ? number : undefined;
  const summary = process.env.GITHUB_STEP_SUMMARY;
  const target = withPullRequest ? pullRequestTarget(pullRequest) : undefined;
  const webhook = input('webhook-url');
  // A secret: masked wherever the log would show it.
  if (webhook !== '') core.setSecret(webhook);
  const targets: DeliveryTargets = {
    ...(target === undefined ? {} : { pullRequest: target }),
    // Outside GitHub there is no job summary.
    ...(summary ? { jobSummaryPath: summary } : {}),
    ...(webhook === '' ? {} : { webhook: { url: webhook, label: 'input "webhook-url"' } }),
  };
  return { sinks: sinksFor(targets), context: runContext(pullRequest) };
}
