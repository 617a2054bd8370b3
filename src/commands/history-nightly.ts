// The nightly's history step (the action's `mode: history`): the run's results are appended to the
// history kept on a branch of the repository (Git Data API, one commit per night, retried when two
// workflows append at once), the change points are found, the history chart is published beside
// the pull-request charts, and each new regression opens an issue, or updates the one already
// open for it (found by a hidden marker), unless a maintainer accepted it on the pull request
// merged in its range (commands/history-acceptances.ts): then the log, the summary and the
// changes say who accepted it and why. Improvements are listed, and open nothing. The history's
// page (report/history-page.ts) is written beside the report and published on the charts branch,
// where GitHub Pages serves it; the issue links it when the Pages address is known.
import { checkWholeRun } from '../run/merge-shards.js';
import { lstatSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { errorMessage, InputError } from '../errors.js';
import { upsertAlertIssue } from '../github/alert-issue.js';
import { updateBranchFile } from '../github/branch-file.js';
import type { GitHubClient } from '../github/client.js';
import { publishFiles, publishImages } from '../github/images.js';
import {
  analyzeHistory,
  isRecent,
  type ChangeSettings,
  type DetectedChange,
  type SeriesAnalysis,
} from '../history/changes.js';
import {
  appendToHistory,
  historyPageDirectory,
  historyRelativePath,
  historyRun,
  type HistoryRun,
} from '../history/history-entry.js';
import { MAX_HISTORY_BYTES, type HistoryFile } from '../history/history-schema.js';
import { parseHistoryText, serializeHistory } from '../history/history-text.js';
import { changeKey, type AcceptedChange } from '../history/accepted-changes.js';
import { alertIssue, changesDocument, changesText } from '../report/history-report.js';
import { HISTORY_TITLE, historySpec } from '../report/specs/history.js';
import { writeCharts } from '../report/write-charts.js';
import { writeHistoryPage } from '../report/write-report.js';
import { parseResults } from '../results/results-file.js';
import type { Results } from '../results/results-schema.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import type { Logger } from '../shell/logger.js';
import type { MetricName } from '../compare/metrics.js';
import { acceptedRegressions } from './history-acceptances.js';
import { actionSpelling, optionNames } from './spelling.js';

/**
 * An address the action was given for a page (`pages-url`, `history-page-url`): http or https,
 * without credentials. With `directory`, it ends with `/`, so paths can be appended.
 */
export function parsePageAddress(text: string, label: string, directory: boolean): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new InputError(
      `${label} ${JSON.stringify(text)}: expected an http(s) address, e.g. https://OWNER.github.io/REPO/`,
    );
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
    throw new InputError(`${label} ${JSON.stringify(text)}: expected an http(s) address without credentials`);
  }
  if (directory && !url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  return url.href;
}

/** A nightly's results file is read only up to this size (the standard suite writes about 1 MB). */
export const MAX_RESULTS_BYTES = 20 * 1024 * 1024;

export interface HistoryNightlyConfig {
  readonly resultsPath: string;
  readonly owner: string;
  readonly repo: string;
  /** The branch that keeps the histories, e.g. mysql-perf-gate-history. */
  readonly branch: string;
  readonly chartsBranch: string;
  readonly testbed: string | undefined;
  readonly commit: string | undefined;
  readonly runUrl: string;
  /** `${run id}-${attempt}`: where this run's chart goes on the charts branch. */
  readonly runKey: string;
  readonly repositoryUrl: string;
  readonly settings: ChangeSettings;
  /** Change points among the newest `recent` runs are new. */
  readonly recent: number;
  readonly alert: boolean;
  readonly labels: readonly string[];
  readonly reportDir: string;
  /** Where GitHub Pages serves the charts branch (ends with `/`), so the page can be linked; undefined: not linked. */
  readonly pagesUrl?: string;
}

export interface PublishedPage {
  /** The page written beside the report. */
  readonly localPath: string;
  /** Its path on the charts branch, when it was published there. */
  readonly branchPath: string | null;
  /** Its address under GitHub Pages, when the Pages address is known and it was published. */
  readonly url: string | null;
}

export interface AlertOutcome {
  /** The regressions of one commit range, in the suite's own metric, that no acceptance explains. */
  readonly changes: readonly DetectedChange[];
  /** Those of the range an acceptance explains, listed in the issue as accepted. */
  readonly accepted: readonly AcceptedChange[];
  readonly issue: {
    readonly action: string;
    readonly number: number;
    readonly url: string;
    readonly state: string;
  } | null;
}

export interface HistoryNightlyOutcome {
  readonly path: string;
  readonly historyCommit: string | null;
  readonly file: HistoryFile;
  readonly analyses: readonly SeriesAnalysis[];
  readonly recentRegressions: readonly DetectedChange[];
  readonly recentImprovements: readonly DetectedChange[];
  /** The new regressions a maintainer accepted on the pull request merged in their range. */
  readonly accepted: readonly AcceptedChange[];
  readonly alerts: readonly AlertOutcome[];
  readonly chartUrl: string | null;
  readonly page: PublishedPage;
  readonly text: string;
}

function readNightlyResults(path: string): Results {
  let stats;
  try {
    stats = lstatSync(path);
  } catch (error) {
    throw new InputError(`cannot read results ${path}: ${errorMessage(error)}`);
  }
  if (!stats.isFile()) throw new InputError(`${path} is not a regular file`);
  if (stats.size > MAX_RESULTS_BYTES) {
    throw new InputError(
      `${path} is ${stats.size} bytes, over the ${MAX_RESULTS_BYTES}-byte cap for results`,
    );
  }
  const results = parseResults(readFileSync(path, 'utf8'), path);
  checkWholeRun(results, path, 'a history entry');
  return results;
}

/** The commit's committer date from the API (trusted), or null when it cannot be read. */
async function commitDate(
  client: GitHubClient,
  config: HistoryNightlyConfig,
  commit: string,
  logger: Logger,
): Promise<string | null> {
  try {
    const { data } = await client.rest.git.getCommit({
      owner: config.owner,
      repo: config.repo,
      commit_sha: commit,
    });
    return data.committer.date;
  } catch (error) {
    logger.warning(
      `the date of commit ${commit.slice(0, 12)} could not be read (${errorMessage(error)}): the run is ordered by when it ran`,
    );
    return null;
  }
}

/** Appends on the branch; the update function runs again on the newest content after a lost race. */
async function appendOnBranch(
  client: GitHubClient,
  config: HistoryNightlyConfig,
  results: Results,
  run: HistoryRun,
): Promise<{ path: string; file: HistoryFile; commitSha: string | null }> {
  const path = historyRelativePath(run);
  // The update runs once per attempt; the last one's file is what the branch holds.
  const last: { file?: HistoryFile } = {};
  const written = await updateBranchFile(client, {
    owner: config.owner,
    repo: config.repo,
    branch: config.branch,
    path,
    maxBytes: MAX_HISTORY_BYTES,
    message: `history: ${run.key.suite} at ${run.entry.commit.slice(0, 12)} (${config.runUrl})`,
    update: (current) => {
      const existing = current === null ? null : parseHistoryText(current, `${config.branch}:${path}`);
      // A re-run of the same workflow run replaces its entry rather than adding a second.
      last.file = appendToHistory(existing, results, run, {
        replace: true,
        where: `${config.branch}:${path}`,
        names: optionNames(actionSpelling),
      }).file;
      return serializeHistory(last.file);
    },
  });
  if (last.file === undefined) throw new Error('the history update produced no file');
  return { path, file: last.file, commitSha: written.commitSha };
}

/** The history chart in the report directory, then on the charts branch; its address, or null. */
async function publishChart(
  client: GitHubClient,
  config: HistoryNightlyConfig,
  analyses: readonly SeriesAnalysis[],
  subtitle: string,
  logger: Logger,
): Promise<string | null> {
  const spec = historySpec(analyses, subtitle);
  if (spec === null) return null;
  const written = await writeCharts(config.reportDir, [{ name: 'history', title: HISTORY_TITLE, spec }]);
  for (const warning of written.warnings) logger.debug(warning);
  for (const chart of written.undrawn) logger.warning(chart.warning);
  const drawn = written.charts[0];
  if (drawn === undefined) return null;
  try {
    const published = await publishImages(client, {
      owner: config.owner,
      repo: config.repo,
      branch: config.chartsBranch,
      directory: `history/${config.runKey}`,
      files: [{ name: 'history.png', content: readFileSync(drawn.pngPath) }],
    });
    return published.urls['history.png'] ?? null;
  } catch (error) {
    logger.warning(`the history chart was not published: ${errorMessage(error)}`);
    return null;
  }
}

/**
 * An empty `.nojekyll` at the branch's root: GitHub Pages then serves the files as they are, instead
 * of running Jekyll over every chart and leaving out folders whose names start with `_`.
 */
const NO_JEKYLL = '.nojekyll';

/** The history's page in the report directory, then on the charts branch; a failure to publish is a warning. */
async function publishPage(
  client: GitHubClient,
  config: HistoryNightlyConfig,
  file: HistoryFile,
  logger: Logger,
): Promise<PublishedPage> {
  const written = writeHistoryPage(join(config.reportDir, 'page'), { file, settings: config.settings });
  const directory = historyPageDirectory(file.key);
  const branchPath = `${directory}/index.html`;
  try {
    await publishFiles(client, {
      owner: config.owner,
      repo: config.repo,
      branch: config.chartsBranch,
      directory,
      message: `mysql-perf-gate history page ${directory} (${config.runUrl})`,
      files: [
        { path: branchPath, content: Buffer.from(written.html, 'utf8') },
        { path: NO_JEKYLL, content: new Uint8Array() },
      ],
    });
  } catch (error) {
    logger.warning(`the history page was not published: ${errorMessage(error)}`);
    return { localPath: written.path, branchPath: null, url: null };
  }
  const url = config.pagesUrl === undefined ? null : `${config.pagesUrl}${directory}/`;
  logger.info(
    url === null
      ? `history page: ${branchPath} on branch ${config.chartsBranch} (GitHub Pages from that branch serves it; input pages-url links it)`
      : `history page: ${url}`,
  );
  return { localPath: written.path, branchPath, url };
}

/** The suite's own metric: alerts are about it; the others are listed only. */
function primaryMetric(file: HistoryFile): MetricName {
  return file.suite.metric === 'instructions' ? 'instructions' : 'tps';
}

/** Regressions grouped by commit range: one issue per range, every cell in it. */
function byRange(regressions: readonly DetectedChange[]): DetectedChange[][] {
  const groups = new Map<string, DetectedChange[]>();
  for (const change of regressions) {
    const key = `${change.lastBefore.commit}..${change.firstAfter.commit}`;
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups.values()];
}

async function openAlerts(
  client: GitHubClient,
  config: HistoryNightlyConfig,
  regressions: readonly DetectedChange[],
  accepted: readonly AcceptedChange[],
  context: {
    suite: string;
    testbed: string;
    optionsHash: string;
    chartUrl: string | null;
    pageUrl: string | null;
  },
  logger: Logger,
): Promise<AlertOutcome[]> {
  const explained = new Map(accepted.map((item) => [changeKey(item.change), item]));
  const alerts: AlertOutcome[] = [];
  for (const range of byRange(regressions)) {
    const changes = range.filter((change) => !explained.has(changeKey(change)));
    const acceptedHere = range.flatMap((change) => explained.get(changeKey(change)) ?? []);
    // Every regression of the range accepted: no issue (the log says who accepted each and why).
    if (changes.length === 0) continue;
    const render = (issue: number | null) =>
      alertIssue(changes, {
        ...context,
        repositoryUrl: config.repositoryUrl,
        runUrl: config.runUrl,
        issue,
        accepted: acceptedHere,
      });
    const content = render(null);
    const issue = await upsertAlertIssue(client, {
      owner: config.owner,
      repo: config.repo,
      marker: `<!-- mysql-perf-gate:alert=${content.key} -->`,
      title: content.title,
      body: content.body,
      bodyFor: (number) => render(number).body,
      labels: [...config.labels],
    });
    for (const warning of issue.warnings) logger.warning(warning);
    alerts.push({ changes, accepted: acceptedHere, issue });
  }
  return alerts;
}

export async function historyNightlyCommand(
  client: GitHubClient,
  config: HistoryNightlyConfig,
  logger: Logger,
): Promise<HistoryNightlyOutcome> {
  const results = readNightlyResults(config.resultsPath);
  // Not historyRunFor: the date comes from the API, never from a path the results file names.
  const draft = historyRun(results, {
    commitDate: null,
    run: config.runUrl,
    ...(config.commit === undefined ? {} : { commit: config.commit }),
    ...(config.testbed === undefined ? {} : { testbed: config.testbed }),
    names: optionNames(actionSpelling),
  });
  const date = await commitDate(client, config, draft.entry.commit, logger);
  const run = { ...draft, entry: { ...draft.entry, commitDate: date } };
  const stored = await appendOnBranch(client, config, results, run);
  for (const gap of draft.gaps) logger.warning(`history: ${gap}; the entry keeps the values there are`);
  logger.info(`history ${config.branch}:${stored.path}: ${stored.file.entries.length} runs`);
  const analyses = analyzeHistory(stored.file, config.settings);
  const runs = stored.file.entries.length;
  const recent = analyses.flatMap((analysis) =>
    analysis.changes.filter((change) => isRecent(change, analysis.series.points.length, config.recent)),
  );
  const recentRegressions = recent.filter((change) => change.kind === 'regression');
  const alerting = recentRegressions.filter((change) => change.metric === primaryMetric(stored.file));
  const subtitle = `suite ${stored.file.key.suite}, testbed ${stored.file.key.testbed}: ${runs} runs, median of each run's repetitions`;
  const chartUrl = await publishChart(client, config, analyses, subtitle, logger);
  const page = await publishPage(client, config, stored.file, logger);
  const flags = config.settings.toleranceFlags ?? [];
  const accepted = await acceptedRegressions(client, config, stored.file, flags, recentRegressions, logger);
  mkdirSync(config.reportDir, { recursive: true });
  const document = changesDocument(analyses, config.settings, accepted);
  writeFileAtomic(
    join(config.reportDir, 'changes.json'),
    `${JSON.stringify({ schemaVersion: 1, histories: [{ path: stored.path, ...document }] }, null, 2)}\n`,
  );
  const context = {
    suite: stored.file.key.suite,
    testbed: stored.file.key.testbed,
    optionsHash: stored.file.key.optionsHash,
    chartUrl,
    pageUrl: page.url,
  };
  const alerts = config.alert ? await openAlerts(client, config, alerting, accepted, context, logger) : [];
  return {
    path: stored.path,
    historyCommit: stored.commitSha,
    file: stored.file,
    analyses,
    recentRegressions,
    recentImprovements: recent.filter((change) => change.kind === 'improvement'),
    accepted,
    alerts,
    chartUrl,
    page,
    text: changesText(analyses, accepted),
  };
}
