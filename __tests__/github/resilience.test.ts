// The GitHub client on a busy day, against the local GitHub that validates every request: 5xx
// answers retried with backoff, rate limits waited out as GitHub asks, answers that never come
// given up on and retried, and creates repeated without making two of anything.
import { upsertAlertIssue } from '../../src/github/alert-issue.js';
import { type ClientLimits, gitHubClient } from '../../src/github/octokit.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const MARKER = '<!-- mysql-perf-gate:suite=quick -->';
const PR = 42;
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

let mock: GitHubMock;
let lines: string[];

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  lines = [];
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function client(limits: Partial<ClientLimits> = {}) {
  return gitHubClient(
    'actions',
    recordingLogger(() => lines),
    {
      retries: 4,
      waitBudgetSeconds: 600,
      requestTimeoutSeconds: 60,
      secondMs: 10,
      baseUrl: mock.baseUrl,
      ...limits,
    },
  );
}

function comment(limits: Partial<ClientLimits> = {}) {
  return upsertStickyComment(client(limits), {
    owner: mock.owner,
    repo: mock.repo,
    issueNumber: PR,
    marker: MARKER,
    body: `${MARKER}\nslower by 3%`,
  });
}

function statuses(operationId: string): number[] {
  return mock.requests
    .filter((request) => request.operationId === operationId)
    .map((request) => request.status);
}

test('502 twice, then 200: one comment', async () => {
  mock.injectFault({ operationId: 'issues/create-comment', status: 502, times: 2 });
  const posted = await comment();
  expect(posted.action).toBe('created');
  expect(statuses('issues/create-comment')).toEqual([502, 502, 201]);
  expect(mock.comments).toHaveLength(1);
});

test('a comment made but its answer lost (502 after the write): found, not made again', async () => {
  mock.injectFault({ operationId: 'issues/create-comment', status: 502, times: 1, when: 'after' });
  const posted = await comment();
  expect(posted.action).toBe('created');
  expect(statuses('issues/create-comment')).toEqual([502]);
  expect(mock.comments).toHaveLength(1);
  expect(posted.id).toBe(mock.comments[0]!.id);
});

test('a listing that meets 500 and 503 is retried by the retry plugin', async () => {
  mock.injectFault({ operationId: 'issues/list-comments', status: 500, times: 1 });
  mock.injectFault({ operationId: 'issues/list-comments', status: 503, times: 1 });
  await comment();
  expect(statuses('issues/list-comments')).toEqual([500, 503, 200]);
  expect(mock.comments).toHaveLength(1);
});

test('a 429 with Retry-After: 2 waits two seconds, then succeeds', async () => {
  mock.injectFault({
    operationId: 'issues/create-comment',
    status: 429,
    times: 1,
    headers: { 'retry-after': '2' },
    message: SECONDARY,
  });
  const startMs = performance.now();
  await comment({ secondMs: 1000 });
  expect(performance.now() - startMs).toBeGreaterThanOrEqual(2000);
  expect(statuses('issues/create-comment')).toEqual([429, 201]);
  expect(mock.comments).toHaveLength(1);
  expect(lines).toContain(
    "warning: GitHub's secondary rate limit on POST /repos/{owner}/{repo}/issues/{issue_number}/comments: waiting 2s as it asks, then retrying",
  );
});

test('a primary rate limit (403, X-RateLimit-Remaining: 0) waits until its reset', async () => {
  const reset = String(Math.ceil(Date.now() / 1000) + 1);
  mock.injectFault({
    operationId: 'issues/list-comments',
    status: 403,
    times: 1,
    headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
    message: 'API rate limit exceeded',
  });
  await comment();
  expect(statuses('issues/list-comments')).toEqual([403, 200]);
  expect(lines.some((line) => line.startsWith("warning: GitHub's rate limit on GET"))).toBe(true);
});

test('a secondary limit longer than the budget is not waited out: one line says so', async () => {
  mock.injectFault({
    operationId: 'issues/create-comment',
    status: 403,
    times: 1,
    headers: { 'retry-after': '900' },
    message: SECONDARY,
  });
  const error = await comment({ waitBudgetSeconds: 300 }).then(
    () => new Error('posted'),
    (caught: unknown) => caught as Error,
  );
  expect(error.message).toMatch(/^could not comment on .*#42: You have exceeded a secondary rate limit/);
  expect(lines).toContain(
    "warning: GitHub's secondary rate limit on POST /repos/{owner}/{repo}/issues/{issue_number}/comments: not waiting 15m00s more (0s of the 5m00s budget waited, 0 retries)",
  );
  expect(mock.comments).toHaveLength(0);
});

test('an answer that does not come within the request deadline is given up on and retried', async () => {
  mock.injectFault({
    operationId: 'issues/list-comments',
    status: 200,
    times: 1,
    when: 'after',
    delayMs: 1500,
  });
  // The delayed answer is the mock's 200 replaced by the fault's (status 200, a body without
  // comments); the client has given up on it by then.
  await comment({ requestTimeoutSeconds: 0.5 });
  expect(mock.comments).toHaveLength(1);
  // The mock records a request when it answers: the given-up one, 1.5 s after it came.
  for (const until = Date.now() + 5000; statuses('issues/list-comments').length < 2 && Date.now() < until;)
    await new Promise((resolve) => setTimeout(resolve, 50));
  expect(statuses('issues/list-comments').length).toBeGreaterThanOrEqual(2);
});

test('an alert issue whose create answer was lost is found by its marker: one issue', async () => {
  mock.injectFault({ operationId: 'issues/create', status: 502, times: 1, when: 'after' });
  const alert = await upsertAlertIssue(client(), {
    owner: mock.owner,
    repo: mock.repo,
    marker: '<!-- mysql-perf-gate:alert=quick -->',
    title: 'Performance regression',
    body: 'oltp_read_only got slower',
  });
  expect(alert.action).toBe('created');
  expect(
    mock.issues.filter((issue) => (issue.body ?? '').startsWith('<!-- mysql-perf-gate:alert')),
  ).toHaveLength(1);
  expect(statuses('issues/create')).toEqual([502]);
});
