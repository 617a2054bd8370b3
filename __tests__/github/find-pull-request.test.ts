// Finding the pull request of a measured commit through the validating GitHub mock: by commit for
// a branch of the repository, by head label for a fork (whose commit GitHub associates with no
// pull request of the base repository), and never a pull request whose head is another commit.
import { getOctokit } from '@actions/github';

import { findPullRequest, openPullRequestsAt } from '../../src/github/find-pull-request.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';

const HEAD = 'a'.repeat(40);
const OTHER = 'c'.repeat(40);

let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: true });
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function octokit(): ReturnType<typeof getOctokit> {
  return getOctokit('actions', { baseUrl: mock.baseUrl });
}

function query(extra: { headLabel?: string; claimed?: number; claimSource?: string } = {}) {
  return { owner: mock.owner, repo: mock.repo, headSha: HEAD, ...extra };
}

test('a branch of the repository: found by its commit; closed ones and other heads are left out', async () => {
  mock.pullRequests.push(
    { number: 3, headRepo: 'octo-org/server', headRef: 'old', headSha: HEAD, state: 'closed' },
    { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: HEAD, state: 'open' },
    { number: 8, headRepo: 'octo-org/server', headRef: 'other', headSha: OTHER, state: 'open' },
  );
  const found = await findPullRequest(octokit(), query());
  expect(found).toEqual({ number: 7, url: 'https://github.com/octo-org/server/pull/7' });
  expect(mock.requests.map((request) => request.operationId)).toEqual([
    'repos/list-pull-requests-associated-with-commit',
  ]);
});

test('a fork: found by its head label, and only when its head is the commit', async () => {
  mock.pullRequests.push(
    { number: 12, headRepo: 'mallory/server', headRef: 'main', headSha: HEAD, state: 'open' },
    { number: 13, headRepo: 'mallory/server', headRef: 'moved', headSha: OTHER, state: 'open' },
  );
  await expect(findPullRequest(octokit(), query())).rejects.toThrow(
    'no open pull request of octo-org/server has head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa (closed, or pushed again since the run); not posting',
  );
  expect(await findPullRequest(octokit(), query({ headLabel: 'mallory:main' }))).toMatchObject({
    number: 12,
  });
  // A branch whose pull request has moved on to another commit is not this run's.
  await expect(findPullRequest(octokit(), query({ headLabel: 'mallory:moved' }))).rejects.toThrow(
    /^no open pull request/,
  );
});

test('a claimed number whose head is another commit is refused, in one line', async () => {
  mock.pullRequests.push(
    { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: HEAD, state: 'open' },
    { number: 8, headRepo: 'octo-org/server', headRef: 'victim', headSha: OTHER, state: 'open' },
  );
  const refused = findPullRequest(
    octokit(),
    query({ claimed: 8, claimSource: 'pull-request.txt of the artifact' }),
  );
  await expect(refused).rejects.toThrow(
    'pull request #8 (from pull-request.txt of the artifact) is not an open pull request of octo-org/server ' +
      'with head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa (#7 has that head); not posting',
  );
  expect(await findPullRequest(octokit(), query({ claimed: 7 }))).toMatchObject({ number: 7 });
});

test('two open pull requests at the same commit: ambiguous unless one is named', async () => {
  mock.pullRequests.push(
    { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: HEAD, state: 'open' },
    { number: 9, headRepo: 'octo-org/server', headRef: 'feature-copy', headSha: HEAD, state: 'open' },
  );
  await expect(findPullRequest(octokit(), query())).rejects.toThrow(
    '2 open pull requests of octo-org/server have head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa (#7, #9); name the one to post to',
  );
  expect(await findPullRequest(octokit(), query({ claimed: 9 }))).toMatchObject({ number: 9 });
});

test('pages through long lists', async () => {
  for (let number = 1; number <= 130; number++) {
    mock.pullRequests.push({
      number,
      headRepo: 'mallory/server',
      headRef: 'main',
      headSha: number === 125 ? HEAD : OTHER,
      state: 'open',
    });
  }
  const found = await openPullRequestsAt(octokit(), query({ headLabel: 'mallory:main' }));
  expect(found.map((pull) => pull.number)).toEqual([125]);
  expect(mock.requests.filter((request) => request.operationId === 'pulls/list')).toHaveLength(2);
});

test('a failed listing says which permission the token needs', async () => {
  await expect(
    openPullRequestsAt(getOctokit('no-such-token', { baseUrl: mock.baseUrl }), query()),
  ).rejects.toThrow(
    /could not list the pull requests of octo-org\/server at a{40}: Bad credentials; .*pull-requests: read/,
  );
});
