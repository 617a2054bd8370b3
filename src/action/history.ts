// The action in history mode: the nightly's second job appends the measured run to the history
// branch, finds the change points and opens an issue per new regression (commands/history-nightly.ts).
// Errors go up to main.ts, which fails the step with their one line.
import * as core from '@actions/core';
import { context } from '@actions/github';
import { join } from 'node:path';

import { parseCommit } from '../commands/history-append.js';
import { historyChangesRequest } from '../commands/history-changes.js';
import { SETTINGS } from '../commands/settings-schema.js';
import {
  parsePageAddress,
  historyNightlyCommand,
  type HistoryNightlyConfig,
  type HistoryNightlyOutcome,
} from '../commands/history-nightly.js';
import { actionSpelling } from '../commands/spelling.js';
import { InputError } from '../errors.js';
import { formatChangePercentPlain } from '../format.js';
import type { DetectedChange } from '../history/changes.js';
import { gitHubClient } from '../github/octokit.js';
import { coreLogger } from './core-logger.js';
import { booleanInput, optionalInput } from './inputs.js';
import { input, multilineInput } from './settings-inputs.js';

function readLabels(): string[] {
  return input('alert-labels')
    .split(',')
    .map((label) => label.trim())
    .filter((label) => label !== '');
}

/** Every history input, checked before anything is read or written. */
export function readHistoryInputs(): { config: HistoryNightlyConfig; token: string } {
  const artifact = optionalInput('artifact');
  if (artifact === undefined) {
    throw new InputError(
      'input "artifact" is empty: history mode reads results.json from the downloaded artifact',
    );
  }
  const token = input('github-token');
  if (token === '')
    throw new InputError('input "github-token" is empty: history mode writes the history branch with it');
  const request = historyChangesRequest(
    {
      dir: '',
      window: input('window'),
      maxP: input('max-p'),
      tolerance: multilineInput('tolerance'),
      recent: input('recent'),
      ...(optionalInput('min-magnitude') === undefined
        ? {}
        : { minMagnitude: optionalInput('min-magnitude') }),
    },
    actionSpelling,
  );
  const commit = optionalInput('commit');
  const pagesUrl = optionalInput('pages-url');
  const { owner, repo } = context.repo;
  return {
    token,
    config: {
      resultsPath: join(artifact, 'results.json'),
      owner,
      repo,
      branch: input('history-branch'),
      chartsBranch: input('charts-branch'),
      testbed: optionalInput('testbed'),
      commit: commit === undefined ? undefined : parseCommit(commit, 'input "commit"'),
      runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
      runKey: `${context.runId}-${context.runAttempt}`,
      repositoryUrl: `${context.serverUrl}/${owner}/${repo}`,
      settings: request.settings,
      recent: request.recent ?? Number(SETTINGS.recent.default),
      alert: booleanInput('alert'),
      labels: readLabels(),
      reportDir: optionalInput('report-dir') ?? 'mysql-perf-gate-history-report',
      ...(pagesUrl === undefined ? {} : { pagesUrl: parsePageAddress(pagesUrl, 'input "pages-url"', true) }),
    },
  };
}

function line(change: DetectedChange): string {
  const metric = change.metric ?? 'value';
  return `${change.cell} ${metric} ${formatChangePercentPlain(change.change)} between ${change.lastBefore.commit.slice(0, 12)} and ${change.firstAfter.commit.slice(0, 12)}`;
}

function report(outcome: HistoryNightlyOutcome): void {
  coreLogger.info(outcome.text);
  for (const change of outcome.recentImprovements) coreLogger.info(`improvement: ${line(change)}`);
  for (const alert of outcome.alerts) {
    const issue = alert.issue;
    const cells = alert.changes.map(line).join('; ');
    if (issue)
      coreLogger.warning(`regression: ${cells}: issue #${issue.number} ${issue.action} (${issue.url})`);
  }
  const alerted = new Set(outcome.alerts.flatMap((alert) => alert.changes));
  // An accepted regression is no warning: the command logged who accepted it and why.
  const accepted = new Set(outcome.accepted.map((item) => item.change));
  const unexplained = outcome.recentRegressions.filter((change) => !accepted.has(change));
  for (const change of unexplained) {
    if (!alerted.has(change)) coreLogger.warning(`regression: ${line(change)}`);
  }
  core.setOutput('history-path', outcome.path);
  core.setOutput('history-page-path', outcome.page.branchPath ?? '');
  core.setOutput('history-page-url', outcome.page.url ?? '');
  core.setOutput('regressions', String(unexplained.length));
  core.setOutput('improvements', String(outcome.recentImprovements.length));
  core.setOutput(
    'issues',
    outcome.alerts.flatMap((alert) => (alert.issue ? [String(alert.issue.number)] : [])).join(','),
  );
}

export async function appendToHistoryBranch(): Promise<void> {
  const { config, token } = readHistoryInputs();
  const outcome = await core.group('Append to the history and look for change points', () =>
    historyNightlyCommand(gitHubClient(token, coreLogger), config, coreLogger),
  );
  report(outcome);
  core.setOutput('report-dir', config.reportDir);
  if (process.env.GITHUB_STEP_SUMMARY) {
    const chart = outcome.chartUrl === null ? '' : `\n\n![History and change points](${outcome.chartUrl})`;
    const page = outcome.page.url === null ? '' : `\n\nEvery series: [the history page](${outcome.page.url})`;
    await core.summary
      .addRaw(
        `### Performance history\n\n\`\`\`\n${outcome.text.replace(/`/g, "'")}\n\`\`\`${chart}${page}\n`,
      )
      .write();
  }
}
