// The sticky comment against a local GitHub that validates every request and response against
// GitHub's OpenAPI description: created once, then edited in place, found past the first page, and
// never someone else's comment.
import { getOctokit } from '@actions/github';

import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import type { GitHubClient } from '../../src/github/client.js';
import { GitHubError } from '../../src/github/github-errors.js';
import { ACTIONS_BOT, ALICE, BOB, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';

const MARKER = '<!-- mysql-perf-gate:suite=quick -->';
const PR = 42;

let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('pat', { user: ALICE, installation: false, readOnly: false });
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.tokens.set('fork', { user: ACTIONS_BOT, installation: true, readOnly: true });
});

afterEach(async () => {
  // Every test: the client spoke GitHub's API and the mock answered within GitHub's schemas.
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function client(token: string): GitHubClient {
  return getOctokit(token, { baseUrl: mock.baseUrl });
}

function upsert(token: string, body: string) {
  return upsertStickyComment(client(token), {
    owner: mock.owner,
    repo: mock.repo,
    issueNumber: PR,
    marker: MARKER,
    body: `${MARKER}\n${body}`,
  });
}

function operations(): (string | undefined)[] {
  return mock.requests.map((request) => request.operationId);
}

test('the first run creates the comment, the second edits the same one', async () => {
  const first = await upsert('actions', 'slower by 3%');
  expect(first.action).toBe('created');
  expect(first.url).toContain(`#issuecomment-${String(first.id)}`);

  mock.requests.length = 0;
  const second = await upsert('actions', 'no change');
  expect(second).toEqual({ id: first.id, url: first.url, action: 'updated' });
  expect(operations()).not.toContain('issues/create-comment');
  expect(mock.comments).toHaveLength(1);
  expect(mock.comments[0]!.body).toBe(`${MARKER}\nno change`);
});

test('the GITHUB_TOKEN, which may not read /user, falls back to github-actions[bot]', async () => {
  await upsert('actions', 'one');
  expect(mock.requests[0]).toMatchObject({ operationId: 'users/get-authenticated', status: 403 });
  expect(mock.comments[0]!.user.login).toBe('github-actions[bot]');
});

test('a personal token finds its own comment by the login GET /user gives', async () => {
  const id = mock.addComment(PR, ALICE, `${MARKER}\nold`);
  const result = await upsert('pat', 'new');
  expect(result).toMatchObject({ id, action: 'updated' });
  expect(mock.requests[0]).toMatchObject({ operationId: 'users/get-authenticated', status: 200 });
});

test('our comment on the third page of 250 is found', async () => {
  for (let index = 0; index < 250; index++) {
    if (index === 230) mock.addComment(PR, ACTIONS_BOT, `${MARKER}\nold`);
    else mock.addComment(PR, index % 2 === 0 ? BOB : ALICE, `comment ${String(index)}`);
  }
  const ours = mock.comments[230]!;
  const result = await upsert('actions', 'new');
  expect(result).toMatchObject({ id: ours.id, action: 'updated' });
  expect(ours.body).toBe(`${MARKER}\nnew`);
  const pages = mock.requests.filter((request) => request.operationId === 'issues/list-comments');
  expect(pages).toHaveLength(3);
  expect(mock.comments).toHaveLength(250);
});

test('paging stops at the page that holds our comment', async () => {
  for (let index = 0; index < 250; index++) mock.addComment(PR, BOB, `comment ${String(index)}`);
  mock.comments.splice(5, 0, {
    ...mock.comments[0]!,
    id: 99,
    user: ACTIONS_BOT,
    body: `${MARKER}\nold`,
  });
  await upsert('actions', 'new');
  const pages = mock.requests.filter((request) => request.operationId === 'issues/list-comments');
  expect(pages).toHaveLength(1);
});

test("someone else's comment that starts with the marker is left alone", async () => {
  const quoted = `${MARKER}\nquoting the bot: slower by 3%`;
  const theirs = mock.addComment(PR, BOB, quoted);
  const result = await upsert('actions', 'no change');
  expect(result.action).toBe('created');
  expect(result.id).not.toBe(theirs);
  expect(mock.comments.find((comment) => comment.id === theirs)!.body).toBe(quoted);
  expect(mock.requests.map((request) => request.operationId)).not.toContain('issues/update-comment');
});

test('a read-only token gets an error that says which permission to grant', async () => {
  await expect(upsert('fork', 'x')).rejects.toThrow(GitHubError);
  await expect(upsert('fork', 'x')).rejects.toThrow(/permissions: pull-requests: write/);
  expect(mock.comments).toHaveLength(0);
});

test('a body that does not start with its marker is refused before any request', async () => {
  await expect(
    upsertStickyComment(client('actions'), {
      owner: mock.owner,
      repo: mock.repo,
      issueNumber: PR,
      marker: MARKER,
      body: 'no marker',
    }),
  ).rejects.toThrow(/must start with its marker/);
  expect(mock.requests).toEqual([]);
});
