// Publishing chart images through the Git Data API against a local GitHub that validates every
// request and response against GitHub's OpenAPI description: a new orphan branch, then commits on
// top of it, a lost race with another run, and a token that may not write.
import { getOctokit } from '@actions/github';

import type { GitHubClient } from '../../src/github/client.js';
import { ImagePublishError } from '../../src/github/github-errors.js';
import { publishImages, type ImageFile } from '../../src/github/images.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';

const BRANCH = 'mysql-perf-gate-charts';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);

let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.tokens.set('fork', { user: ACTIONS_BOT, installation: true, readOnly: true });
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function client(token: string): GitHubClient {
  return getOctokit(token, { baseUrl: mock.baseUrl });
}

function publish(directory: string, files: ImageFile[], token = 'actions') {
  return publishImages(client(token), {
    owner: mock.owner,
    repo: mock.repo,
    branch: BRANCH,
    directory,
    files,
  });
}

function bodiesOf(operationId: string): unknown[] {
  return mock.requests
    .filter((request) => request.operationId === operationId)
    .map((request) => request.body);
}

test('the first run creates an orphan branch; the second commits on top of it', async () => {
  const first = await publish('pr-7/100', [
    { name: 'change.png', content: PNG },
    { name: 'scaling.png', content: Uint8Array.from([1, 2, 3]) },
  ]);
  expect(mock.branches.get(BRANCH)).toBe(first.commitSha);
  expect(mock.commit(first.commitSha)!.parents).toEqual([]);
  expect(bodiesOf('git/create-ref')).toEqual([{ ref: `refs/heads/${BRANCH}`, sha: first.commitSha }]);
  expect(first.urls).toEqual({
    'change.png': `https://github.com/octo-org/server/raw/${first.commitSha}/pr-7/100/change.png`,
    'scaling.png': `https://github.com/octo-org/server/raw/${first.commitSha}/pr-7/100/scaling.png`,
  });
  // The bytes survive the base64 round trip.
  const changeBlob = mock.filesAt(first.commitSha).get('pr-7/100/change.png')!;
  expect(new Uint8Array(mock.blobContent(changeBlob)!)).toEqual(PNG);

  mock.requests.length = 0;
  const second = await publish('pr-7/101', [{ name: 'change.png', content: PNG }]);
  const firstTree = mock.commit(first.commitSha)!.tree;
  expect(mock.commit(second.commitSha)!.parents).toEqual([first.commitSha]);
  expect(bodiesOf('git/create-tree')).toEqual([expect.objectContaining({ base_tree: firstTree }) as unknown]);
  expect(bodiesOf('git/update-ref')).toEqual([{ sha: second.commitSha, force: false }]);
  expect(bodiesOf('git/create-ref')).toEqual([]);
  expect(second.urls['change.png']).toContain(`/raw/${second.commitSha}/pr-7/101/change.png`);
  // The first run's files are still on the branch.
  expect([...mock.filesAt(second.commitSha).keys()].sort()).toEqual([
    'pr-7/100/change.png',
    'pr-7/100/scaling.png',
    'pr-7/101/change.png',
  ]);
});

test('a branch moved by another run between read and update is re-read and the update retried', async () => {
  const first = await publish('pr-7/100', [{ name: 'change.png', content: PNG }]);
  mock.moveBranchBeforeNextUpdate(BRANCH);
  mock.requests.length = 0;

  const second = await publish('pr-7/101', [{ name: 'change.png', content: PNG }]);
  const updates = mock.requests.filter((request) => request.operationId === 'git/update-ref');
  expect(updates.map((request) => request.status)).toEqual([422, 200]);
  // Blobs are uploaded once; the tree and commit are redone on top of the other run's commit.
  expect(bodiesOf('git/create-blob')).toHaveLength(1);
  const other = mock.commit(second.commitSha)!.parents[0]!;
  expect(mock.commit(other)!.parents).toEqual([first.commitSha]);
  expect(mock.branches.get(BRANCH)).toBe(second.commitSha);
  expect([...mock.filesAt(second.commitSha).keys()].sort()).toEqual([
    'other/1.txt',
    'pr-7/100/change.png',
    'pr-7/101/change.png',
  ]);
});

test('a branch that keeps moving gives up after three attempts', async () => {
  await publish('pr-7/100', [{ name: 'change.png', content: PNG }]);
  const octokit = client('actions');
  // Arm a move before each of the three updates, from a hook on the client's requests.
  octokit.hook.before('request', (options) => {
    if (options.method === 'PATCH') mock.moveBranchBeforeNextUpdate(BRANCH);
  });
  const attempt = publishImages(octokit, {
    owner: mock.owner,
    repo: mock.repo,
    branch: BRANCH,
    directory: 'pr-7/101',
    files: [{ name: 'change.png', content: PNG }],
  });
  await expect(attempt).rejects.toThrow(ImagePublishError);
  await expect(attempt).rejects.toMatchObject({ permission: false });
  const updates = mock.requests.filter((request) => request.operationId === 'git/update-ref');
  expect(updates).toHaveLength(3);
});

test('a read-only token gives ImagePublishError with permission set', async () => {
  const attempt = publish('pr-7/100', [{ name: 'change.png', content: PNG }], 'fork');
  await expect(attempt).rejects.toThrow(ImagePublishError);
  await expect(attempt).rejects.toMatchObject({ permission: true });
  await expect(attempt).rejects.toThrow(/permissions: contents: write/);
  expect(mock.branches.size).toBe(0);
  expect(mock.requests.map((request) => request.status)).toEqual([403]);
});

test('file names that would escape the directory are refused before any request', async () => {
  await expect(publish('pr-7/100', [{ name: '../x.png', content: PNG }])).rejects.toThrow(
    /bad chart file name/,
  );
  await expect(publish('/abs', [{ name: 'x.png', content: PNG }])).rejects.toThrow(/bad chart directory/);
  expect(mock.requests).toEqual([]);
});
