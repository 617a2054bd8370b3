// The nightly's history job against the validating GitHub mock: the night appended to a history
// already on the branch, its page published on the charts branch where GitHub Pages serves it, the
// alert issue of a regression linking that page, and a regression a maintainer accepted on the pull
// request merged in its range (the ledger on the history branch) opening none.
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
import {
  ACCEPTANCE_LEDGER_PATH,
  appendToLedger,
  MAX_LEDGER_BYTES,
} from '../../src/history/acceptance-ledger.js';
import { appendToHistory, historyRelativePath, historyRun } from '../../src/history/history-entry.js';
import { MAX_HISTORY_BYTES, type HistoryFile } from '../../src/history/history-schema.js';
import { serializeHistory } from '../../src/history/history-text.js';
import { commitOf, dateOf, nightResults } from '../history/nights.js';
import { ACTIONS_BOT, type GitHubMock, startGitHubMock } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const NIGHTS = 16;
const CHARTS = 'mysql-perf-gate-charts';
const HISTORY = 'mysql-perf-gate-history';

/** The workloads that step up by 1% at night 6 (commit range commitOf(5)..commitOf(6)). */
let stepping: readonly string[] = ['oltp_point_select'];

function night(n: number): ReturnType<typeof nightResults> {
  const factors = Object.fromEntries(stepping.map((workload) => [workload, n >= 6 ? 1.01 : 1]));
  return nightResults({ commit: commitOf(n), date: dateOf(n), index: n, noise: 0.0005, factors });
}

function runUrl(n: number): string {
  return `https://github.com/octo-org/server/actions/runs/${500 + n}`;
}

let mock: GitHubMock;
let dir: string;

beforeEach(async () => {
  stepping = ['oltp_point_select'];
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

describe('a regression a maintainer accepted', () => {
  const PULL = 41;
  /** The pull request's merge commit, between the nights of commitOf(5) and commitOf(6). */
  const MERGE = 'a1b2c3d4'.repeat(5);
  const URL = `https://github.com/octo-org/server/pull/${PULL}#issuecomment-77`;

  /** The default branch: every night's commit, the merge among them; the ledger on the history branch. */
  async function seedAcceptance(ledger: string, change = 0.012): Promise<void> {
    const commits = Array.from({ length: NIGHTS }, (_, n) => commitOf(n));
    mock.mainline.push(...commits.slice(0, 6), MERGE, ...commits.slice(6));
    const text =
      ledger ||
      appendToLedger(
        null,
        {
          pullRequest: PULL,
          title: 'Checksum every page',
          acceptance: {
            sha: 'e'.repeat(40),
            suite: 'instructions',
            by: 'alice',
            reason: 'the page checksum costs 1% on point selects',
            at: '2026-01-06T12:00:00Z',
            source: 'comment',
            url: URL,
            failures: [{ cell: 'oltp_point_select@1', metric: 'instructions', kind: 'regression', change }],
          },
        },
        'ledger',
      )!;
    await updateBranchFile(getOctokit('nightly', { baseUrl: mock.baseUrl }), {
      owner: mock.owner,
      repo: mock.repo,
      branch: HISTORY,
      path: ACCEPTANCE_LEDGER_PATH,
      maxBytes: MAX_LEDGER_BYTES,
      message: 'acceptance',
      update: () => text,
    });
  }

  function merged(overrides: Partial<(typeof mock.pullRequests)[number]> = {}): void {
    mock.pullRequests.push({
      number: PULL,
      headRepo: 'octo-org/server',
      headRef: 'page-checksum',
      headSha: 'e'.repeat(40),
      state: 'closed',
      mergedAt: '2026-01-07T09:00:00Z',
      mergeCommitSha: MERGE,
      ...overrides,
    });
  }

  async function nightly(lines: string[]) {
    return historyNightlyCommand(
      getOctokit('nightly', { baseUrl: mock.baseUrl }),
      config(),
      recordingLogger(() => lines),
    );
  }

  it('opens no issue when its pull request was merged in the range; the log and changes say who and why', async () => {
    await seedHistory();
    await seedAcceptance('');
    merged();
    const lines: string[] = [];
    const outcome = await nightly(lines);

    expect(outcome.recentRegressions.map((change) => change.cell)).toEqual(['oltp_point_select@1']);
    expect(outcome.accepted.map((item) => [item.change.cell, item.pullRequest, item.mergeCommit])).toEqual([
      ['oltp_point_select@1', PULL, MERGE],
    ]);
    expect(outcome.alerts).toEqual([]);
    expect(mock.issues).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^info: oltp_point_select@1 instructions \+1\.0% accepted in #41 by @alice: the page checksum costs 1% on point selects$/,
      ),
    );
    expect(outcome.text).toContain('regression, accepted in #41');
    const written = JSON.parse(readFileSync(join(dir, 'report', 'changes.json'), 'utf8')) as {
      histories: {
        changes: {
          cell: string;
          kind: string;
          accepted?: { pullRequest: number; by: string; url: string };
        }[];
      }[];
    };
    const change = written.histories[0]!.changes.find((item) => item.cell === 'oltp_point_select@1')!;
    expect(change.accepted).toMatchObject({ pullRequest: PULL, by: 'alice', url: URL, mergeCommit: MERGE });
    const compares = mock.requests.filter(
      (request) => request.operationId === 'repos/compare-commits-with-basehead',
    );
    expect(compares.map((request) => request.path.split('/compare/')[1])).toEqual([
      `${commitOf(5)}...${MERGE}`,
      `${MERGE}...${commitOf(6)}`,
    ]);
    expect(mock.failures).toEqual([]);
  });

  it.each([
    [
      'merged before the range',
      { mergeCommitSha: commitOf(3) },
      `#41 was merged at ${commitOf(3).slice(0, 12)}, outside`,
    ],
    [
      'merged after the range',
      { mergeCommitSha: commitOf(9) },
      `#41 was merged at ${commitOf(9).slice(0, 12)}, outside`,
    ],
    // An open pull request's merge_commit_sha is its test merge: in the range here, and no merge.
    ['not merged', { state: 'open' as const, mergedAt: undefined }, '#41 is not merged'],
  ])('alerts as before when its pull request was %s', async (_name, overrides, note) => {
    await seedHistory();
    await seedAcceptance('');
    merged(overrides);
    const lines: string[] = [];
    const outcome = await nightly(lines);

    expect(outcome.accepted).toEqual([]);
    expect(outcome.alerts).toHaveLength(1);
    expect(mock.issues[0]!.body).not.toContain('Accepted');
    expect(lines).toContainEqual(
      expect.stringContaining(
        `info: oltp_point_select@1 instructions +1.0%: no acceptance explains it (${note}`,
      ),
    );
    expect(mock.failures).toEqual([]);
  });

  it.each([
    [
      'a merge commit not on the default branch',
      () => {
        merged({ mergeCommitSha: 'c0ffee00'.repeat(5) });
      },
      `warning: could not compare ${commitOf(5).slice(0, 12)}...c0ffee00c0ff: Not Found; an acceptance merged there is not applied`,
    ],
    [
      'a pull request it cannot read',
      () => undefined,
      'warning: #41: could not read the pull request: Not Found; its acceptance is not applied',
    ],
  ])('alerts, with a warning, for %s', async (_name, addPull, warning) => {
    await seedHistory();
    await seedAcceptance('');
    addPull();
    const lines: string[] = [];
    const outcome = await nightly(lines);
    expect(outcome.accepted).toEqual([]);
    expect(outcome.alerts).toHaveLength(1);
    expect(lines).toContain(warning);
    expect(mock.failures).toEqual([]);
  });

  it('alerts when the change found is more than the accepted one and the tolerance', async () => {
    await seedHistory();
    await seedAcceptance('', -0.012);
    merged();
    const outcome = await nightly([]);
    expect(outcome.accepted).toEqual([]);
    expect(outcome.alerts).toHaveLength(1);
    // Nothing fits what was accepted: GitHub is not asked.
    expect(mock.requests.filter((request) => request.operationId === 'pulls/get')).toEqual([]);
  });

  it('lists it as accepted in the issue of the range when another cell regressed unaccepted', async () => {
    stepping = ['oltp_point_select', 'oltp_read_only'];
    await seedHistory();
    await seedAcceptance('');
    merged();
    const outcome = await nightly([]);

    expect(outcome.alerts).toHaveLength(1);
    expect(outcome.alerts[0]!.changes.map((change) => change.cell)).toEqual(['oltp_read_only@1']);
    const issue = mock.issues[0]!;
    expect(issue.title).toContain('oltp_read_only@1');
    expect(issue.body).toContain('in 1 cell.');
    expect(issue.body).toContain('Accepted, and not part of this alert');
    expect(issue.body).toMatch(
      new RegExp(
        `\\| \`oltp_point_select@1\` \\| instructions \\| \\+1\\.0% \\| \\[#41\\]\\(${URL.replace(/[.?#/]/g, '\\$&')}\\) by @\u2060alice`,
      ),
    );
    expect(issue.body).toContain('--cell oltp_read_only@1 --metric');
    expect(issue.body).not.toContain('--cell oltp_point_select@1');
    expect(mock.failures).toEqual([]);
  });

  it('warns, naming the file and field, and alerts when the ledger does not parse', async () => {
    await seedHistory();
    await seedAcceptance('{"schemaVersion": 1, "entries": [{"pullRequest": "41"}]}\n');
    merged();
    const lines: string[] = [];
    const outcome = await nightly(lines);

    expect(outcome.alerts).toHaveLength(1);
    expect(lines).toContain(
      `warning: ${HISTORY}:${ACCEPTANCE_LEDGER_PATH}: field entries.0.pullRequest is wrong: Invalid input: expected number, received string; no acceptance is applied to the regressions`,
    );
    expect(mock.failures).toEqual([]);
  });

  it('reads no ledger when there is none, and alerts', async () => {
    await seedHistory();
    const lines: string[] = [];
    const outcome = await nightly(lines);
    expect(outcome.alerts).toHaveLength(1);
    expect(lines.filter((line) => /accept/i.test(line))).toEqual([]);
    expect(mock.requests.filter((request) => request.operationId === 'pulls/get')).toEqual([]);
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
