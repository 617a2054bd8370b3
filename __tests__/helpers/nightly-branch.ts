// A nightly history already on the validating GitHub mock's history branch, and the history job's
// configuration for the night after: the history-nightly command's tests share them. Every
// workload named in `stepping` steps up by 1% at night 6 (commit range commitOf(5)..commitOf(6)).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { historyChangesRequest } from '../../src/commands/history-changes.js';
import type { HistoryNightlyConfig } from '../../src/commands/history-nightly.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import { updateBranchFile } from '../../src/github/branch-file.js';
import { appendToHistory, historyRelativePath, historyRun } from '../../src/history/history-entry.js';
import { MAX_HISTORY_BYTES, type HistoryFile } from '../../src/history/history-schema.js';
import { serializeHistory } from '../../src/history/history-text.js';
import { commitOf, dateOf, nightResults } from '../history/nights.js';
import type { GitHubMock } from './github-mock.js';

export const NIGHTS = 16;
export const CHARTS = 'mysql-perf-gate-charts';
export const HISTORY = 'mysql-perf-gate-history';
/** The token the history job writes with (set on the mock by the tests). */
export const NIGHTLY_TOKEN = 'nightly';

export function night(n: number, stepping: readonly string[]): ReturnType<typeof nightResults> {
  const factors = Object.fromEntries(stepping.map((workload) => [workload, n >= 6 ? 1.01 : 1]));
  return nightResults({ commit: commitOf(n), date: dateOf(n), index: n, noise: 0.0005, factors });
}

export function runUrl(n: number): string {
  return `https://github.com/octo-org/server/actions/runs/${500 + n}`;
}

/** The first NIGHTS - 1 nights already on the history branch, as earlier nightlies left them. */
export async function seedHistory(mock: GitHubMock, stepping: readonly string[]): Promise<void> {
  let file: HistoryFile | null = null;
  let path = '';
  for (let n = 0; n < NIGHTS - 1; n += 1) {
    const results = night(n, stepping);
    const run = historyRun(results, { commitDate: dateOf(n), run: runUrl(n), testbed: 'ci' });
    path = historyRelativePath(run);
    file = appendToHistory(file, results, run, { where: 'seed' }).file;
  }
  if (file === null) throw new Error('no nights seeded');
  const content = serializeHistory(file);
  await updateBranchFile(getOctokit(NIGHTLY_TOKEN, { baseUrl: mock.baseUrl }), {
    owner: mock.owner,
    repo: mock.repo,
    branch: HISTORY,
    path,
    maxBytes: MAX_HISTORY_BYTES,
    message: 'seed',
    update: () => content,
  });
}

/** The history job's configuration for the last night, its results written under `dir`. */
export function nightlyConfig(
  mock: GitHubMock,
  dir: string,
  stepping: readonly string[],
  overrides: Partial<HistoryNightlyConfig> = {},
): HistoryNightlyConfig {
  const resultsPath = join(dir, 'results.json');
  writeFileSync(resultsPath, JSON.stringify(night(NIGHTS - 1, stepping)));
  const request = historyChangesRequest(
    { dir: '', window: '50', maxP: '0.001', tolerance: [] },
    actionSpelling,
  );
  return {
    resultsPath,
    owner: mock.owner,
    repo: mock.repo,
    branch: HISTORY,
    chartsBranch: CHARTS,
    testbed: 'ci',
    commit: undefined,
    runUrl: runUrl(NIGHTS - 1),
    runKey: '515-1',
    repositoryUrl: 'https://github.com/octo-org/server',
    settings: request.settings,
    recent: 10,
    alert: true,
    labels: ['performance'],
    reportDir: join(dir, 'report'),
    ...overrides,
  };
}
