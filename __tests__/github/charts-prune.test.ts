// The charts branch pruned as a pull request's charts are published, against the validating GitHub
// mock: the newest N runs of that pull request kept, closed pull requests' folders dropped, and
// everything else (other open pull requests, the nightly's history charts and pages) untouched.
import { getOctokit } from '@actions/github';

import { publishFiles, publishImages } from '../../src/github/images.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';

const BRANCH = 'mysql-perf-gate-charts';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const KEEP = 5;

let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.pullRequests.push(
    { number: 3, headRepo: 'octo-org/server', headRef: 'done', headSha: 'b'.repeat(40), state: 'closed' },
    { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: 'a'.repeat(40), state: 'open' },
    { number: 9, headRepo: 'mallory/server', headRef: 'main', headSha: 'c'.repeat(40), state: 'open' },
  );
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function client() {
  return getOctokit('actions', { baseUrl: mock.baseUrl });
}

/** What other runs and the nightly left on the branch. */
async function seed(): Promise<void> {
  const file = (path: string) => ({ path, content: PNG });
  await publishFiles(client(), {
    owner: mock.owner,
    repo: mock.repo,
    branch: BRANCH,
    directory: 'seed',
    files: [
      file('pr-3/50-1/change.png'),
      file('pr-3/51-1/change.png'),
      ...Array.from({ length: KEEP + 2 }, (_, n) => file(`pr-9/${60 + n}-1/change.png`)),
      file('pr-12/70-1/change.png'),
      file('history/99-1/history.png'),
      file('history/ci/quick-abc/index.html'),
      file('.nojekyll'),
    ],
  });
}

function publishRun(runKey: string, keep = KEEP) {
  return publishImages(client(), {
    owner: mock.owner,
    repo: mock.repo,
    branch: BRANCH,
    directory: `pr-7/${runKey}`,
    files: [{ name: 'change.png', content: PNG }],
    ...(keep === 0 ? {} : { prune: { keep, pullRequest: 7, runKey } }),
  });
}

function files(): string[] {
  return [...mock.filesAt(mock.branches.get(BRANCH)!).keys()].sort();
}

function runsOf(pull: number): string[] {
  return [
    ...new Set(files().flatMap((path) => (path.startsWith(`pr-${pull}/`) ? [path.split('/')[1]!] : []))),
  ];
}

test(`${KEEP + 2} runs of an open pull request keep the newest ${KEEP}; a closed one's folder goes; the rest stays`, async () => {
  await seed();
  const others = files().filter((path) => !path.startsWith('pr-3/') && !path.startsWith('pr-7/'));
  const pruned: string[] = [];
  // Run ids grow, but attempts and ids of more digits must order as numbers, not as text.
  const runs = ['8-1', '9-1', '9-2', '10-1', '11-1', '99-1', '100-1'];
  for (const run of runs) pruned.push(...(await publishRun(run)).pruned);
  expect(runsOf(7).sort()).toEqual(['10-1', '100-1', '11-1', '9-2', '99-1']);
  expect(runsOf(3)).toEqual([]);
  expect(pruned).toEqual(['pr-3', 'pr-7/8-1', 'pr-7/9-1']);
  // Another open pull request's runs, a folder of no pull request, the nightly's charts and page.
  expect(files().filter((path) => !path.startsWith('pr-7/'))).toEqual(others);
  expect(runsOf(9)).toHaveLength(KEEP + 2);
  // Old comments keep their images: the commits that added them are still in the branch's history.
  const first = mock.commit(mock.branches.get(BRANCH)!)!;
  expect(first.parents).toHaveLength(1);
});

test('the same run published again counts once', async () => {
  for (const run of ['1-1', '2-1', '3-1', '4-1', '5-1']) await publishRun(run);
  const again = await publishRun('5-1');
  expect(again.pruned).toEqual([]);
  expect(runsOf(7)).toHaveLength(KEEP);
});

test('keep 0 prunes nothing and asks nothing', async () => {
  await seed();
  for (const run of ['1-1', '2-1', '3-1', '4-1', '5-1', '6-1', '7-1']) await publishRun(run, 0);
  expect(runsOf(7)).toHaveLength(7);
  expect(runsOf(3)).toHaveLength(2);
  const asked = mock.requests.map((request) => request.operationId);
  expect(asked).not.toContain('pulls/list');
  expect(asked).not.toContain('pulls/get');
});

test('the open pull requests are listed once per publish; only folders not among them are asked about', async () => {
  await seed();
  const before = mock.requests.length;
  await publishRun('1-1');
  const asked = mock.requests.slice(before);
  expect(asked.filter((request) => request.operationId === 'pulls/list')).toHaveLength(1);
  expect(
    asked.filter((request) => request.operationId === 'pulls/get').map((request) => request.path),
  ).toEqual(['/repos/octo-org/server/pulls/12', '/repos/octo-org/server/pulls/3']);
});
