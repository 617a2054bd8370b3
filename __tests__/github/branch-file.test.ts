// A text file kept on a branch (the nightly history), against a local GitHub that validates every
// request and response against GitHub's OpenAPI description and refuses a ref update that is not a
// fast forward: creating the branch, updating beside other files, two writers racing, the size
// cap, and a token that may not write.
import { getOctokit } from '@actions/github';

import {
  readBranchFile,
  updateBranchFile,
  type UpdateBranchFileOptions,
} from '../../src/github/branch-file.js';
import type { GitHubClient } from '../../src/github/client.js';
import { BranchFileError } from '../../src/github/github-errors.js';
import { publishImages } from '../../src/github/images.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';

const BRANCH = 'perf-history';
const PATH = 'history/quick.jsonl';

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

function client(token = 'actions'): GitHubClient {
  return getOctokit(token, { baseUrl: mock.baseUrl });
}

function location(overrides: { path?: string; maxBytes?: number } = {}) {
  return { owner: mock.owner, repo: mock.repo, branch: BRANCH, path: PATH, maxBytes: 10_000, ...overrides };
}

/** An update that appends a line and records what it was called with. */
function appending(line: string, seen: (string | null)[] = []): UpdateBranchFileOptions['update'] {
  return (current) => {
    seen.push(current);
    return `${current ?? ''}${line}\n`;
  };
}

function update(
  line: string,
  options: { seen?: (string | null)[]; octokit?: GitHubClient; path?: string; maxBytes?: number } = {},
) {
  return updateBranchFile(options.octokit ?? client(), {
    ...location(options),
    message: `append ${line}`,
    update: appending(line, options.seen),
  });
}

function ofOperation(operationId: string) {
  return mock.requests.filter((request) => request.operationId === operationId);
}

/** The file's content in the commit the branch points at, read from the mock's own state. */
function contentOnBranch(path = PATH): string | undefined {
  const head = mock.branches.get(BRANCH);
  const blob = head === undefined ? undefined : mock.filesAt(head).get(path);
  return blob === undefined ? undefined : mock.blobContent(blob)?.toString('utf8');
}

test('a missing branch reads as null; the first update creates it as an orphan holding only the file', async () => {
  expect(await readBranchFile(client(), location())).toBeNull();
  expect(mock.requests.map((request) => `${request.operationId ?? ''} ${request.status}`)).toEqual([
    'git/get-ref 404',
  ]);

  const seen: (string | null)[] = [];
  const written = await update('night 1', { seen });
  expect(seen).toEqual([null]);
  expect(written.attempts).toBe(1);
  expect(written.commitSha).not.toBeNull();
  const commitSha = written.commitSha ?? '';
  expect(mock.branches.get(BRANCH)).toBe(commitSha);
  expect(mock.commit(commitSha)?.parents).toEqual([]);
  expect([...mock.filesAt(commitSha).keys()]).toEqual([PATH]);
  expect(ofOperation('git/create-ref').map((request) => request.body)).toEqual([
    { ref: `refs/heads/${BRANCH}`, sha: commitSha },
  ]);

  mock.requests.length = 0;
  const read = await readBranchFile(client(), location());
  expect(read).toEqual({
    content: 'night 1\n',
    commitSha,
    blobSha: mock.filesAt(commitSha).get(PATH),
  });
  // One listing per directory level (the root, then history/), never the whole branch at once.
  const listings = ofOperation('git/get-tree');
  expect(listings).toHaveLength(2);
  expect(listings.filter((request) => request.query.includes('recursive'))).toEqual([]);
});

test('an update commits on top of the branch and keeps its other files', async () => {
  const charts = await publishImages(client(), {
    owner: mock.owner,
    repo: mock.repo,
    branch: BRANCH,
    directory: 'pr-7/100',
    files: [{ name: 'change.png', content: Uint8Array.from([0x89, 0x50, 0x4e, 0x47]) }],
  });
  mock.requests.length = 0;

  const first = await update('night 1');
  const firstSha = first.commitSha ?? '';
  expect(mock.commit(firstSha)?.parents).toEqual([charts.commitSha]);
  expect(ofOperation('git/create-tree').map((request) => request.body)).toEqual([
    expect.objectContaining({ base_tree: mock.commit(charts.commitSha)?.tree }) as unknown,
  ]);
  expect(ofOperation('git/update-ref').map((request) => request.body)).toEqual([
    { sha: firstSha, force: false },
  ]);

  const seen: (string | null)[] = [];
  const second = await update('night 2', { seen });
  expect(seen).toEqual(['night 1\n']);
  const secondSha = second.commitSha ?? '';
  expect(mock.commit(secondSha)?.parents).toEqual([firstSha]);
  expect([...mock.filesAt(secondSha).keys()].sort()).toEqual([PATH, 'pr-7/100/change.png']);
  expect(contentOnBranch()).toBe('night 1\nnight 2\n');
});

test('a file missing from an existing branch, or under a missing directory, reads as null', async () => {
  await update('night 1');
  expect(await readBranchFile(client(), location({ path: 'history/tpcc.jsonl' }))).toBeNull();
  expect(await readBranchFile(client(), location({ path: 'elsewhere/quick.jsonl' }))).toBeNull();
  expect(await readBranchFile(client(), location({ path: 'quick.jsonl' }))).toBeNull();
  expect(ofOperation('git/get-blob')).toEqual([]);
});

test('an update that returns null or the same content writes nothing', async () => {
  await update('night 1');
  const head = mock.branches.get(BRANCH);
  mock.requests.length = 0;
  const options = { ...location(), message: 'nothing' };

  expect(await updateBranchFile(client(), { ...options, update: () => null })).toEqual({
    commitSha: null,
    attempts: 1,
  });
  expect(await updateBranchFile(client(), { ...options, update: (current) => current })).toEqual({
    commitSha: null,
    attempts: 1,
  });
  expect(mock.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  expect(mock.branches.get(BRANCH)).toBe(head);
});

test('two writers racing on the branch both land: the loser re-reads and appends to the winner', async () => {
  await update('night 1');
  // Neither ref update is answered before both writers have sent theirs, so both built their
  // commit on the same head and exactly one of them is not a fast forward.
  mock.holdUntilAllArrive('git/update-ref', 2);
  const seenA: (string | null)[] = [];
  const seenB: (string | null)[] = [];
  const racing = [update('run A', { seen: seenA }), update('run B', { seen: seenB })];
  const [a, b] = await Promise.all(racing);

  expect(ofOperation('git/update-ref').map((request) => request.status)).toEqual([200, 422, 200]);
  expect([a?.attempts, b?.attempts].sort()).toEqual([1, 2]);
  const [loserSeen, winnerLine] = a?.attempts === 2 ? [seenA, 'run B\n'] : [seenB, 'run A\n'];
  // The loser's update was called again, on the content the winner wrote.
  expect(loserSeen).toEqual(['night 1\n', `night 1\n${winnerLine}`]);
  const content = contentOnBranch() ?? '';
  expect(content.split('\n').sort()).toEqual(['', 'night 1', 'run A', 'run B']);
  expect(content.startsWith('night 1\n')).toBe(true);
  // One straight line of history: the loser's commit sits on the winner's.
  const final = mock.branches.get(BRANCH) ?? '';
  const winner = [a?.commitSha, b?.commitSha].find((sha) => sha !== final) ?? '';
  expect(mock.commit(final)?.parents).toEqual([winner]);
});

test('two writers creating the branch at once: the second create is refused and retried as an update', async () => {
  mock.holdUntilAllArrive('git/create-ref', 2);
  const results = await Promise.all([update('run A'), update('run B')]);

  expect(ofOperation('git/create-ref').map((request) => request.status)).toEqual([201, 422]);
  expect(ofOperation('git/update-ref').map((request) => request.status)).toEqual([200]);
  expect(results.map((result) => result.attempts).sort()).toEqual([1, 2]);
  expect((contentOnBranch() ?? '').split('\n').sort()).toEqual(['', 'run A', 'run B']);
});

test('a branch that keeps moving gives up after the attempts asked for, naming the branch', async () => {
  await update('night 1');
  const octokit = client();
  // Another run moves the branch just before each of our ref updates.
  octokit.hook.before('request', (options) => {
    if (options.method === 'PATCH') mock.moveBranchBeforeNextUpdate(BRANCH);
  });
  const seen: (string | null)[] = [];
  const attempt = updateBranchFile(octokit, {
    ...location(),
    message: 'append',
    update: appending('night 2', seen),
    attempts: 2,
  });
  await expect(attempt).rejects.toThrow(BranchFileError);
  await expect(attempt).rejects.toMatchObject({ reason: 'contended' });
  await expect(attempt).rejects.toThrow(/perf-history.*2 times.*not a fast forward/);
  expect(ofOperation('git/update-ref').map((request) => request.status)).toEqual([422, 422]);
  expect(seen).toHaveLength(2);
  expect(contentOnBranch()).toBe('night 1\n');
});

test('the size cap refuses an oversized file before downloading it, and oversized new content', async () => {
  await update('x'.repeat(99)); // 100 bytes with its newline
  mock.requests.length = 0;

  const read = readBranchFile(client(), location({ maxBytes: 99 }));
  await expect(read).rejects.toMatchObject({ reason: 'too-large' });
  await expect(read).rejects.toThrow(/history\/quick\.jsonl.*100 bytes.*cap of 99/);
  expect(ofOperation('git/get-blob')).toEqual([]);
  expect(await readBranchFile(client(), location({ maxBytes: 100 }))).toMatchObject({
    content: `${'x'.repeat(99)}\n`,
  });

  // The same cap on writing: 100 bytes now plus 6 would be 106.
  const head = mock.branches.get(BRANCH);
  mock.requests.length = 0;
  const write = update('night', { maxBytes: 105 });
  await expect(write).rejects.toMatchObject({ reason: 'too-large' });
  await expect(write).rejects.toThrow(/would become 106 bytes, over its cap of 105/);
  expect(mock.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  expect(mock.branches.get(BRANCH)).toBe(head);
  expect((await update('night', { maxBytes: 106 })).commitSha).not.toBeNull();
});

test('the cap holds on the downloaded bytes when the listing gives no size', async () => {
  await update('x'.repeat(99));
  const octokit = client();
  // `size` is optional in GitHub's description of a tree entry: drop it from every listing.
  octokit.hook.after('request', (response) => {
    const data: unknown = response.data;
    if (typeof data === 'object' && data !== null && 'tree' in data && Array.isArray(data.tree)) {
      for (const entry of data.tree as Record<string, unknown>[]) delete entry.size;
    }
  });
  mock.requests.length = 0;
  await expect(readBranchFile(octokit, location({ maxBytes: 99 }))).rejects.toMatchObject({
    reason: 'too-large',
  });
  expect(ofOperation('git/get-blob')).toHaveLength(1);
});

test('the cap counts bytes of UTF-8, and multi-byte text round-trips', async () => {
  const text = 'é'.repeat(10); // 20 bytes, 10 characters; 21 with the newline
  await expect(update(text, { maxBytes: 20 })).rejects.toMatchObject({ reason: 'too-large' });
  await update(text, { maxBytes: 21 });
  expect(await readBranchFile(client(), location({ maxBytes: 21 }))).toMatchObject({ content: `${text}\n` });
});

test('a read-only token is refused with the permission the workflow needs', async () => {
  await update('night 1');
  const head = mock.branches.get(BRANCH);
  const attempt = update('night 2', { octokit: client('fork') });
  await expect(attempt).rejects.toThrow(BranchFileError);
  await expect(attempt).rejects.toMatchObject({ reason: 'permission' });
  await expect(attempt).rejects.toThrow(
    /history\/quick\.jsonl on branch perf-history of octo-org\/server.*permissions: contents: write/,
  );
  expect(mock.branches.get(BRANCH)).toBe(head);
  // Reading needs no write permission.
  expect(await readBranchFile(client('fork'), location())).toMatchObject({ content: 'night 1\n' });
});

test('unsafe paths are refused before any request; a directory or a path through a file is not a file', async () => {
  for (const path of ['../quick.jsonl', '/history/quick.jsonl', 'history//quick.jsonl', 'history/']) {
    await expect(readBranchFile(client(), location({ path }))).rejects.toMatchObject({ reason: 'invalid' });
    await expect(update('x', { path })).rejects.toThrow(/bad path/);
  }
  expect(mock.requests).toEqual([]);

  await update('night 1');
  await expect(readBranchFile(client(), location({ path: 'history' }))).rejects.toThrow(/not a regular file/);
  await expect(readBranchFile(client(), location({ path: `${PATH}/inside` }))).rejects.toThrow(
    /history\/quick\.jsonl is a file, not a directory/,
  );
});
