// The nightly's history job against the validating GitHub mock: the night appended to a history
// already on the branch, its page published on the charts branch where GitHub Pages serves it, and
// the alert issue of a regression linking that page.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import {
  historyNightlyCommand,
  type HistoryNightlyConfig,
  parsePageAddress,
} from '../../src/commands/history-nightly.js';
import { ACTIONS_BOT, type GitHubMock, startGitHubMock } from '../helpers/github-mock.js';
import {
  CHARTS,
  nightlyConfig,
  NIGHTLY_TOKEN,
  NIGHTS,
  runUrl,
  seedHistory as seedBranch,
} from '../helpers/nightly-branch.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const STEPPING = ['oltp_point_select'];

let mock: GitHubMock;
let dir: string;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set(NIGHTLY_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: false });
  dir = mkdtempSync(join(os.tmpdir(), 'history-nightly-'));
});

afterEach(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const seedHistory = (): Promise<void> => seedBranch(mock, STEPPING);

function config(overrides: Partial<HistoryNightlyConfig> = {}): HistoryNightlyConfig {
  return nightlyConfig(mock, dir, STEPPING, overrides);
}

describe('the nightly history page', () => {
  it('is published on the charts branch, served by GitHub Pages and linked from the alert issue', async () => {
    await seedHistory();
    const pagesUrl = parsePageAddress('https://octo-org.github.io/server', 'input "pages-url"', true);
    const lines: string[] = [];
    const logger = recordingLogger(() => lines);
    const outcome = await historyNightlyCommand(
      getOctokit(NIGHTLY_TOKEN, { baseUrl: mock.baseUrl }),
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
      getOctokit(NIGHTLY_TOKEN, { baseUrl: mock.baseUrl }),
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
