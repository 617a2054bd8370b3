// The nightly regression alert as an issue found by its hidden marker, against a local GitHub that
// validates every request and response against GitHub's OpenAPI description: created, updated,
// left alone when unchanged, never reopened, found past the first page, and created without its
// labels when GitHub refuses them.
import { getOctokit } from '@actions/github';

import { listAlertIssues, upsertAlertIssue, type AlertIssueTarget } from '../../src/github/alert-issue.js';
import type { GitHubClient } from '../../src/github/client.js';
import { GitHubError } from '../../src/github/github-errors.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock, type MockIssue } from '../helpers/github-mock.js';

const MARKER = '<!-- mysql-perf-gate:alert=quick -->';
const OTHER_MARKER = '<!-- mysql-perf-gate:alert=quick-tpcc -->';

let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.tokens.set('fork', { user: ACTIONS_BOT, installation: true, readOnly: true });
  mock.tokens.set('no-labels', {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    labelsReadOnly: true,
  });
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function client(token = 'actions'): GitHubClient {
  return getOctokit(token, { baseUrl: mock.baseUrl });
}

function upsert(fields: Partial<AlertIssueTarget> = {}, token = 'actions') {
  return upsertAlertIssue(client(token), {
    owner: mock.owner,
    repo: mock.repo,
    marker: MARKER,
    title: 'Performance regression in quick',
    body: 'read-only tps fell 8.4%',
    ...fields,
  });
}

function issue(number: number): MockIssue | undefined {
  return mock.issues.find((item) => item.number === number);
}

function writes() {
  return mock.requests.filter((request) => request.method !== 'GET');
}

/** Issues that are not alerts, added before or after the alert to push it down the list. */
function addNoise(count: number): void {
  for (let index = 0; index < count; index++) {
    mock.addIssue({ title: `unrelated ${index}`, body: index % 2 === 0 ? null : `<!-- other -->\n${index}` });
  }
}

test('created with its labels, then updated in place, then left alone when nothing changed', async () => {
  const created = await upsert({ labels: ['performance', 'regression'] });
  expect(created).toMatchObject({ action: 'created', state: 'open', warnings: [] });
  expect(created.url).toBe(`https://github.com/octo-org/server/issues/${created.number}`);
  expect(issue(created.number)).toMatchObject({
    body: `${MARKER}\nread-only tps fell 8.4%`,
    title: 'Performance regression in quick',
    labels: ['performance', 'regression'],
    user: ACTIONS_BOT,
  });

  mock.requests.length = 0;
  const updated = await upsert({ body: 'read-only tps fell 9.1%', labels: ['ignored-on-update'] });
  expect(updated).toMatchObject({ action: 'updated', number: created.number, state: 'open' });
  expect(issue(created.number)?.body).toBe(`${MARKER}\nread-only tps fell 9.1%`);
  // Title and body only: the maintainers' labels and the state are left alone.
  expect(writes().map((request) => [request.operationId, request.body])).toEqual([
    [
      'issues/update',
      { title: 'Performance regression in quick', body: `${MARKER}\nread-only tps fell 9.1%` },
    ],
  ]);
  expect(issue(created.number)?.labels).toEqual(['performance', 'regression']);

  mock.requests.length = 0;
  const unchanged = await upsert({ body: 'read-only tps fell 9.1%' });
  expect(unchanged).toMatchObject({ action: 'unchanged', number: created.number, state: 'open' });
  expect(writes()).toEqual([]);

  // A new title alone is a change.
  const retitled = await upsert({ body: 'read-only tps fell 9.1%', title: 'Regression in quick' });
  expect(retitled).toMatchObject({ action: 'updated', number: created.number });
  expect(mock.issues).toHaveLength(1);
});

test('a closed alert issue is updated but not reopened, and the result says so', async () => {
  const number = mock.addIssue({ title: 'old alert', body: `${MARKER}\nold text`, state: 'closed' });
  const result = await upsert();
  expect(result).toMatchObject({ action: 'updated', number, state: 'closed' });
  expect(result.warnings).toEqual([expect.stringMatching(/#1 is closed.*left closed/)]);
  expect(issue(number)).toMatchObject({ state: 'closed', body: `${MARKER}\nread-only tps fell 8.4%` });
  const update = writes().find((request) => request.operationId === 'issues/update');
  expect(update?.body).not.toHaveProperty('state');
});

test('a pull request carrying the marker is not the alert', async () => {
  const pull = mock.addIssue({ title: 'quotes the alert', body: `${MARKER}\nsee above`, pullRequest: true });
  const result = await upsert();
  expect(result.action).toBe('created');
  expect(result.number).not.toBe(pull);
  expect(issue(pull)?.body).toBe(`${MARKER}\nsee above`);
});

test('an issue mentioning the marker below its first line, or a longer marker, is not the alert', async () => {
  const mentions = mock.addIssue({ title: 'about alerts', body: `Our alerts start with\n${MARKER}` });
  const longer = mock.addIssue({ title: 'tpcc alert', body: `${OTHER_MARKER}\nother` });
  const result = await upsert();
  expect(result.action).toBe('created');
  expect([mentions, longer]).not.toContain(result.number);
});

test('an alert issue edited on the web (CRLF line ends) is still found', async () => {
  const number = mock.addIssue({ title: 'alert', body: `${MARKER}\r\nedited by hand\r\n` });
  const result = await upsert();
  expect(result).toMatchObject({ action: 'updated', number });
});

test('the marker is found on the second page, and paging stops once it is found', async () => {
  // Listed newest first: the alert, added first, comes after the 150 issues added after it.
  const number = mock.addIssue({ title: 'alert', body: `${MARKER}\nold` });
  addNoise(150);
  const result = await upsert();
  expect(result).toMatchObject({ action: 'updated', number });
  const pages = mock.requests.filter((request) => request.operationId === 'issues/list-for-repo');
  expect(pages).toHaveLength(2);
  for (const page of pages) expect(new URLSearchParams(page.query).get('state')).toBe('all');
  expect(new URLSearchParams(pages[1]?.query).get('page')).toBe('2');

  // Newer than 150 others, it is on the first page: no second request.
  addNoise(250);
  const newer = mock.addIssue({ title: 'newer alert', body: `${OTHER_MARKER}\nold` });
  addNoise(50);
  mock.requests.length = 0;
  expect(await upsert({ marker: OTHER_MARKER })).toMatchObject({ action: 'updated', number: newer });
  expect(mock.requests.filter((request) => request.operationId === 'issues/list-for-repo')).toHaveLength(1);
});

test('when two issues carry the marker, the newest is the one updated', async () => {
  const older = mock.addIssue({ title: 'alert', body: `${MARKER}\nfirst` });
  const newer = mock.addIssue({ title: 'alert', body: `${MARKER}\nsecond` });
  const result = await upsert();
  expect(result.number).toBe(newer);
  expect(issue(older)?.body).toBe(`${MARKER}\nfirst`);
});

test('a different marker makes a second issue', async () => {
  const quick = await upsert();
  const tpcc = await upsert({ marker: OTHER_MARKER, title: 'Performance regression in tpcc' });
  expect(tpcc.action).toBe('created');
  expect(tpcc.number).not.toBe(quick.number);
  expect(mock.issues.map((item) => item.body?.split('\n')[0])).toEqual([MARKER, OTHER_MARKER]);
});

test('labels GitHub refuses: the issue is created without them, with a warning', async () => {
  const result = await upsert({ labels: ['perf-regression'] }, 'no-labels');
  expect(result.action).toBe('created');
  expect(result.warnings).toEqual([
    expect.stringMatching(/perf-regression were refused.*created without them/),
  ]);
  expect(issue(result.number)).toMatchObject({ labels: [], body: `${MARKER}\nread-only tps fell 8.4%` });
  const creates = mock.requests.filter((request) => request.operationId === 'issues/create');
  expect(creates.map((request) => request.status)).toEqual([422, 201]);
  expect(creates[1]?.body).not.toHaveProperty('labels');
  expect(mock.labels.has('perf-regression')).toBe(false);
});

test('a token that may not write issues is told which permission to ask for', async () => {
  const attempt = upsert({}, 'fork');
  await expect(attempt).rejects.toThrow(GitHubError);
  await expect(attempt).rejects.toThrow(
    /could not create the alert issue on octo-org\/server.*issues: write/,
  );
  expect(mock.issues).toEqual([]);

  mock.addIssue({ title: 'alert', body: `${MARKER}\nold` });
  await expect(upsert({}, 'fork')).rejects.toThrow(/could not update issue #1.*issues: write/);
});

test('a marker that could never be found again is refused before any request', async () => {
  await expect(upsert({ marker: 'mysql-perf-gate:alert=quick' })).rejects.toThrow(/bad alert marker/);
  await expect(upsert({ marker: '<!-- a -->\n<!-- b -->' })).rejects.toThrow(/bad alert marker/);
  await expect(upsert({ body: 'x'.repeat(70_000) })).rejects.toThrow(/over GitHub's limit of 65536/);
  expect(mock.requests).toEqual([]);
});

test('listAlertIssues lists every issue whose marker has the prefix, newest first, pull requests aside', async () => {
  const quick = mock.addIssue({ title: 'quick', body: `${MARKER}\na`, state: 'closed' });
  mock.addIssue({ title: 'pull', body: `${MARKER}\nb`, pullRequest: true });
  addNoise(120);
  const tpcc = mock.addIssue({ title: 'tpcc', body: `${OTHER_MARKER}\nc` });
  const listed = await listAlertIssues(client(), {
    owner: mock.owner,
    repo: mock.repo,
    markerPrefix: '<!-- mysql-perf-gate:alert=',
  });
  expect(listed.map((item) => [item.number, item.marker, item.state])).toEqual([
    [tpcc, OTHER_MARKER, 'open'],
    [quick, MARKER, 'closed'],
  ]);
});

test('with bodyFor, a new issue is edited to name itself, and an existing one gets its numbered body at once', async () => {
  const bodyFor = (number: number) =>
    `read-only tps fell 8.4%\ngh workflow run bisect.yml -f issue=${number}`;
  const created = await upsert({ bodyFor });
  expect(created.action).toBe('created');
  expect(issue(created.number)?.body).toBe(`${MARKER}\n${bodyFor(created.number)}`);
  expect(writes().map((request) => request.operationId)).toEqual(['issues/create', 'issues/update']);
  // The next night: found by its marker, already as wanted; nothing written.
  const again = await upsert({ bodyFor });
  expect(again).toMatchObject({ action: 'unchanged', number: created.number });
  expect(writes()).toHaveLength(2);
  // An issue opened before bodyFor existed gets the numbered body on its next update.
  const old = mock.addIssue({ title: 'Performance regression in quick', body: `${OTHER_MARKER}\nold` });
  const updated = await upsert({ marker: OTHER_MARKER, bodyFor });
  expect(updated).toMatchObject({ action: 'updated', number: old });
  expect(issue(old)?.body).toBe(`${OTHER_MARKER}\n${bodyFor(old)}`);
});
