// The nightly's history job against the validating GitHub mock: the night appended to a history
// already on the branch, its page published on the charts branch where GitHub Pages serves it, and
// the alert issue of a regression linking that page.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { historyChangesRequest } from '../../src/commands/history-changes.js';
import {
  historyNightlyCommand,
  type HistoryNightlyConfig,
  parsePageAddress,
} from '../../src/commands/history-nightly.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import { updateBranchFile } from '../../src/github/branch-file.js';
import { appendToHistory, historyRelativePath, historyRun } from '../../src/history/history-entry.js';
import { MAX_HISTORY_BYTES, type HistoryFile } from '../../src/history/history-schema.js';
import { serializeHistory } from '../../src/history/history-text.js';
import { commitOf, dateOf, nightResults } from '../history/nights.js';
import { ACTIONS_BOT, type GitHubMock, startGitHubMock } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const NIGHTS = 16;
const CHARTS = 'mysql-perf-gate-charts';
const HISTORY = 'mysql-perf-gate-history';

function night(n: number): ReturnType<typeof nightResults> {
  return nightResults({
    commit: commitOf(n),
    date: dateOf(n),
    index: n,
    noise: 0.0005,
    factors: { oltp_point_select: n >= 6 ? 1.01 : 1 },
  });
}

function runUrl(n: number): string {
  return `https://github.com/octo-org/server/actions/runs/${500 + n}`;
}

let mock: GitHubMock;
let dir: string;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('nightly', { user: ACTIONS_BOT, installation: true, readOnly: false });
  dir = mkdtempSync(join(os.tmpdir(), 'history-nightly-'));
});

afterEach(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first NIGHTS - 1 nights already on the history branch, as earlier nightlies left them. */
async function seedHistory(): Promise<void> {
  let file: HistoryFile | null = null;
  let path = '';
  for (let n = 0; n < NIGHTS - 1; n += 1) {
    const run = historyRun(night(n), { commitDate: dateOf(n), run: runUrl(n), testbed: 'ci' });
    path = historyRelativePath(run);
    file = appendToHistory(file, night(n), run, { where: 'seed' }).file;
  }
  const content = serializeHistory(file!);
  await updateBranchFile(getOctokit('nightly', { baseUrl: mock.baseUrl }), {
    owner: mock.owner,
    repo: mock.repo,
    branch: HISTORY,
    path,
    maxBytes: MAX_HISTORY_BYTES,
    message: 'seed',
    update: () => content,
  });
}

function config(overrides: Partial<HistoryNightlyConfig> = {}): HistoryNightlyConfig {
  const resultsPath = join(dir, 'results.json');
  writeFileSync(resultsPath, JSON.stringify(night(NIGHTS - 1)));
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

describe('the nightly history page', () => {
  it('is published on the charts branch, served by GitHub Pages and linked from the alert issue', async () => {
    await seedHistory();
    const pagesUrl = parsePageAddress('https://octo-org.github.io/server', 'input "pages-url"', true);
    const lines: string[] = [];
    const logger = recordingLogger(() => lines);
    const outcome = await historyNightlyCommand(
      getOctokit('nightly', { baseUrl: mock.baseUrl }),
      config({ pagesUrl }),
      logger,
    );
    const directory = `history/ci/${outcome.file.key.suite}-${outcome.file.key.optionsHash}`;
    expect(outcome.page.branchPath).toBe(`${directory}/index.html`);
    expect(outcome.page.url).toBe(`https://octo-org.github.io/server/${directory}/`);

    const files = mock.filesAt(mock.branches.get(CHARTS)!);
    expect(files.has('.nojekyll')).toBe(true);
    const html = mock.blobContent(files.get(`${directory}/index.html`)!)!.toString('utf8');
    expect(html).toBe(readFileSync(outcome.page.localPath, 'utf8'));
    for (let n = 0; n < NIGHTS; n += 1) expect(html).toContain(`href="${runUrl(n)}"`);

    expect(outcome.alerts).toHaveLength(1);
    const issue = mock.issues.find((item) => item.number === outcome.alerts[0]!.issue!.number)!;
    expect(issue.body).toContain(`[the history page](${outcome.page.url})`);
    expect(mock.failures).toEqual([]);
  });

  it('is published but not linked without the Pages address', async () => {
    await seedHistory();
    const lines: string[] = [];
    const logger = recordingLogger(() => lines);
    const outcome = await historyNightlyCommand(
      getOctokit('nightly', { baseUrl: mock.baseUrl }),
      config(),
      logger,
    );
    expect(outcome.page.url).toBeNull();
    expect(outcome.page.branchPath).not.toBeNull();
    expect(mock.issues[0]!.body).not.toContain('history page');
    expect(lines).toContain(
      `info: history page: ${outcome.page.branchPath} on branch ${CHARTS} (GitHub Pages from that branch serves it; input pages-url links it)`,
    );
    expect(mock.failures).toEqual([]);
  });
});

describe('a page address', () => {
  it.each([
    ['https://octo-org.github.io/server', 'https://octo-org.github.io/server/'],
    ['https://perf.example.com/', 'https://perf.example.com/'],
  ])('%s is %s', (given, expected) => {
    expect(parsePageAddress(given, 'input "pages-url"', true)).toBe(expected);
  });

  it.each([
    [
      'javascript:alert(1)',
      'input "pages-url" "javascript:alert(1)": expected an http(s) address without credentials',
    ],
    [
      'https://user:secret@example.com/',
      'input "pages-url" "https://user:secret@example.com/": expected an http(s) address without credentials',
    ],
    [
      'not a url',
      'input "pages-url" "not a url": expected an http(s) address, e.g. https://OWNER.github.io/REPO/',
    ],
  ])('%s is refused', (given, message) => {
    expect(() => parsePageAddress(given, 'input "pages-url"', true)).toThrow(message);
  });
});
