// The action's steps. The one place that calls core.setFailed.
import * as core from '@actions/core';
import { context, getOctokit } from '@actions/github';
import { dirname, join } from 'node:path';

import { coreLogger } from './core-logger.js';
import { buildServers, plannedRunFlags, readBuildInputs } from './build-step.js';
import { readCompareInputs, readRunInputs } from './inputs.js';
import { compareOptionsFromFlags } from '../commands/compare-options.js';
import { runCompare } from '../commands/compare.js';
import { verdictExitCode } from '../compare/verdict.js';
import { renderResultsSummary } from '../results/results-summary.js';
import { rawDirFor } from '../run/run-config.js';
import { actionSpelling, runConfigFromFlags } from '../commands/run-options.js';
import { runSuite } from '../run/run-suite.js';
import { withCleanupScope } from '../shell/cleanup.js';
import { errorMessage } from '../errors.js';
import { GitHubError } from '../github/github-errors.js';
import { postReport } from '../github/post-report.js';
import type { WrittenReport } from '../report/write-report.js';

/**
 * On a pull request, publishes the charts and posts (or updates) the sticky comment. A missing
 * permission to publish images is a warning and a note in the comment; a missing permission to
 * comment is a warning too: the verdict still decides the step.
 */
async function postToPullRequest(report: WrittenReport, suite: string): Promise<void> {
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

export async function run(): Promise<void> {
  try {
    // Every input is read and checked before the first build or server starts.
    const runInputs = readRunInputs();
    const buildInputs = readBuildInputs(runInputs);
    const config = runConfigFromFlags(
      buildInputs ? plannedRunFlags(buildInputs, runInputs) : runInputs,
      actionSpelling,
    );
    const compareInputs = readCompareInputs();
    const compareOptions = compareOptionsFromFlags(compareInputs, actionSpelling);
    const results = await withCleanupScope(
      async (scope) =>
        runSuite(
          buildInputs
            ? runConfigFromFlags(await buildServers(buildInputs, runInputs, scope), actionSpelling)
            : config,
          coreLogger,
          scope,
        ),
      (failures) => {
        coreLogger.warning(`could not clean up everything:\n${failures.join('\n')}`);
      },
    );
    core.info(renderResultsSummary(results));
    core.setOutput('results', config.outPath);
    core.setOutput('raw-dir', rawDirFor(config.outPath));

    if (results.mode === 'single' && compareInputs.baseline === undefined) {
      core.info('one server measured and no baseline given: results are recorded, not judged');
      return;
    }
    const outcome = await core.group('Compare', () =>
      runCompare({
        resultsPath: config.outPath,
        baselinePath: compareInputs.baseline ?? null,
        outDir: compareInputs.reportDir ?? join(dirname(config.outPath), 'report'),
        force: compareInputs.force,
        options: compareOptions,
      }),
    );
    core.info(outcome.summary);
    core.setOutput('report-dir', dirname(outcome.report.commentPath));
    await postToPullRequest(outcome.report, results.suite.name);
    // The job summary shows the same content as the comment (outside GitHub there is none).
    if (process.env.GITHUB_STEP_SUMMARY)
      await core.summary.addRaw(outcome.report.commentWithoutImages).write();
    core.setOutput('verdict', outcome.verdict.verdict);
    core.setOutput('regressions', String(outcome.verdict.counts.regression));
    core.setOutput('verdict-path', outcome.verdictPath);
    if (outcome.verdict.verdict === 'inconclusive') {
      core.warning(`inconclusive: ${outcome.verdict.counts.inconclusive} cell(s) too noisy to judge`);
    }
    if (verdictExitCode(outcome.verdict) === 1 && compareInputs.failOnRegression) {
      core.setFailed(
        outcome.verdict.verdict === 'fail'
          ? `${outcome.verdict.counts.regression} regression(s); see ${outcome.verdictPath}`
          : 'inconclusive verdict counts as a failure (input "inconclusive": fail)',
      );
    }
  } catch (error) {
    core.setFailed(errorMessage(error));
  }
}
