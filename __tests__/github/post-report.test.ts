// The whole posting step against the validating GitHub mock, with a real report written by
// compare: images on the charts branch linked by commit SHA in the comment, the same comment edited
// on the next run, and a note instead of broken images when the token cannot write contents.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { postReport, type PostTarget } from '../../src/github/post-report.js';
import { writeReport, type WrittenReport } from '../../src/report/write-report.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';

let mock: GitHubMock;
let dir: string;
let report: WrittenReport;

beforeAll(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-post-'));
  report = await writeReport(dir, abReportInput(fixtureResults('quick-ab-performance-schema.json')));
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.tokens.set('no-contents', {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    contentsReadOnly: true,
  });
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function target(runKey: string): PostTarget {
  return {
    owner: mock.owner,
    repo: mock.repo,
    pullRequest: 7,
    suite: 'quick',
    chartsBranch: 'mysql-perf-gate-charts',
    runKey,
    runUrl: `https://github.com/${mock.owner}/${mock.repo}/actions/runs/1`,
  };
}

test('publishes the charts, links them by commit SHA, and edits the same comment on the next run', async () => {
  const octokit = getOctokit('actions', { baseUrl: mock.baseUrl });
  const first = await postReport(octokit, report, target('1-1'));
  expect(first.action).toBe('created');
  expect(first.imagesNotPublished).toBeUndefined();
  expect(mock.comments).toHaveLength(1);
  const body = mock.comments[0]!.body;
  expect(body).toMatch(/^<!-- mysql-perf-gate:suite=quick -->/);
  for (const chart of report.charts) {
    expect(body).toMatch(
      new RegExp(
        `\\]\\(https://github\\.com/${mock.owner}/${mock.repo}/raw/[0-9a-f]{40}/pr-7/1-1/${chart.name}\\.png\\)`,
      ),
    );
  }
  expect(body).not.toContain('](charts/');

  const second = await postReport(octokit, report, target('2-1'));
  expect(second).toMatchObject({ action: 'updated', commentUrl: first.commentUrl });
  expect(mock.comments).toHaveLength(1);
  expect(mock.comments[0]!.body).toContain('/pr-7/2-1/change.png)');
});

test('without contents: write, comments with a note pointing at the artifacts instead of images', async () => {
  const octokit = getOctokit('no-contents', { baseUrl: mock.baseUrl });
  const posted = await postReport(octokit, report, target('1-1'));
  expect(posted.action).toBe('created');
  expect(posted.imagesNotPublished).toMatch(/contents: write/);
  const body = mock.comments[0]!.body;
  expect(body).not.toMatch(/!\[[^\]]*\]\(/);
  expect(body).toContain("[this run's artifacts](https://github.com/");
});

test('with charts-keep, the pull request keeps its newest runs on the charts branch', async () => {
  mock.pullRequests.push({
    number: 7,
    headRepo: 'octo-org/server',
    headRef: 'feature',
    headSha: 'a'.repeat(40),
    state: 'open',
  });
  const octokit = getOctokit('actions', { baseUrl: mock.baseUrl });
  const outcomes = [];
  for (const run of ['1-1', '2-1', '3-1'])
    outcomes.push(await postReport(octokit, report, { ...target(run), chartsKeep: 2 }));
  expect(outcomes.map((outcome) => outcome.pruned)).toEqual([[], [], ['pr-7/1-1']]);
  const runs = new Set(
    [...mock.filesAt(mock.branches.get('mysql-perf-gate-charts')!).keys()].map((path) => path.split('/')[1]),
  );
  expect([...runs].sort()).toEqual(['2-1', '3-1']);
});
