// Finding the pull request of a measured commit through the validating GitHub mock: by commit for
// a branch of the repository, by head label for a fork (whose commit GitHub associates with no
// pull request of the base repository); a pull request pushed again since the run is the run's only
// when no pull request has the commit as its head and it comes from the run's head repository.
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

function query(
  extra: { headRepository?: string; headLabel?: string; claimed?: number; claimSource?: string } = {},
) {
  return { owner: mock.owner, repo: mock.repo, headSha: HEAD, headRepository: 'octo-org/server', ...extra };
}

function fork(extra: { headLabel?: string; claimed?: number; claimSource?: string } = {}) {
  return query({ headRepository: 'mallory/server', headLabel: 'mallory:main', ...extra });
}

test('a branch of the repository: found by its commit; closed ones and other heads are left out', async () => {
  mock.pullRequests.push(
    { number: 3, headRepo: 'octo-org/server', headRef: 'old', headSha: HEAD, state: 'closed' },
    { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: HEAD, state: 'open' },
    { number: 8, headRepo: 'octo-org/server', headRef: 'other', headSha: OTHER, state: 'open' },
  );
  const found = await findPullRequest(octokit(), query());
  expect(found).toEqual({ number: 7, url: 'https://github.com/octo-org/server/pull/7', headSha: HEAD });
  expect(mock.requests.map((request) => request.operationId)).toEqual([
    'repos/list-pull-requests-associated-with-commit',
  ]);
});

test("a fork: found by its head label; pushed again since, still its run's", async () => {
  mock.pullRequests.push(
    { number: 12, headRepo: 'mallory/server', headRef: 'main', headSha: HEAD, state: 'open' },
    { number: 13, headRepo: 'mallory/server', headRef: 'moved', headSha: OTHER, state: 'open' },
  );
  await expect(findPullRequest(octokit(), query({ headRepository: 'mallory/server' }))).rejects.toThrow(
    'no open pull request of octo-org/server from mallory/server has head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa ' +
      'or was pushed again since the run (closed, or the head branch is gone); not posting',
  );
  expect(await findPullRequest(octokit(), fork())).toMatchObject({ number: 12, headSha: HEAD });
  // The run's head branch moved on to another commit: its pull request, whose head is now newer.
  expect(await findPullRequest(octokit(), fork({ headLabel: 'mallory:moved' }))).toMatchObject({
    number: 13,
    headSha: OTHER,
  });
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
      'with head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa from octo-org/server (#7 has that head); not posting',
  );
  expect(await findPullRequest(octokit(), query({ claimed: 7 }))).toMatchObject({ number: 7 });
});

test('two open pull requests at the same commit: ambiguous unless one is named', async () => {
  mock.pullRequests.push(
    { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: HEAD, state: 'open' },
    { number: 9, headRepo: 'octo-org/server', headRef: 'feature-copy', headSha: HEAD, state: 'open' },
  );
  await expect(findPullRequest(octokit(), query())).rejects.toThrow(
    '2 open pull requests of octo-org/server from octo-org/server have head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa (#7, #9); name the one to post to',
  );
  expect(await findPullRequest(octokit(), query({ claimed: 9 }))).toMatchObject({ number: 9 });
});

describe("a fork's run at the commit of a pull request from a branch of this repository", () => {
  beforeEach(() => {
    mock.pullRequests.push(
      { number: 7, headRepo: 'octo-org/server', headRef: 'feature', headSha: HEAD, state: 'open' },
      { number: 12, headRepo: 'mallory/server', headRef: 'main', headSha: HEAD, state: 'open' },
    );
  });

  it("claiming the branch's pull request is refused: it is not from the run's head repository", async () => {
    await expect(
      findPullRequest(octokit(), fork({ claimed: 7, claimSource: 'pull-request.txt of the artifact' })),
    ).rejects.toThrow(
      'pull request #7 (from pull-request.txt of the artifact) has head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa ' +
        'but comes from octo-org/server, not from mallory/server, whose run this is; not posting',
    );
  });

  it("without a claim, finds the fork's own pull request, never the branch's", async () => {
    expect(await findPullRequest(octokit(), fork())).toMatchObject({ number: 12 });
    // With no head label (the fork's pull request is not listed): the branch's is still not it.
    await expect(findPullRequest(octokit(), query({ headRepository: 'mallory/server' }))).rejects.toThrow(
      'no open pull request of octo-org/server from mallory/server has head aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa ' +
        'or was pushed again since the run (closed, or the head branch is gone; #7 from elsewhere has it); not posting',
    );
  });

  it("the branch's own run finds the branch's pull request, never the fork's", async () => {
    expect(await findPullRequest(octokit(), query({ headLabel: 'octo-org:feature' }))).toMatchObject({
      number: 7,
    });
    await expect(findPullRequest(octokit(), query({ claimed: 12 }))).rejects.toThrow(/^pull request #12 /);
  });
});

describe('a branch of this repository pushed again since the run', () => {
  it('is found by the measured commit, among its commits, with its newer head', async () => {
    mock.pullRequests.push({
      number: 7,
      headRepo: 'octo-org/server',
      headRef: 'feature',
      headSha: OTHER,
      commits: [HEAD],
      state: 'open',
    });
    expect(await findPullRequest(octokit(), query())).toEqual({
      number: 7,
      url: 'https://github.com/octo-org/server/pull/7',
      headSha: OTHER,
    });
  });

  it('gives way to a pull request whose head is still the commit', async () => {
    mock.pullRequests.push(
      {
        number: 7,
        headRepo: 'octo-org/server',
        headRef: 'feature',
        headSha: OTHER,
        commits: [HEAD],
        state: 'open',
      },
      { number: 9, headRepo: 'octo-org/server', headRef: 'copy', headSha: HEAD, state: 'open' },
    );
    expect(await findPullRequest(octokit(), query())).toMatchObject({ number: 9, headSha: HEAD });
    await expect(findPullRequest(octokit(), query({ claimed: 7 }))).rejects.toThrow(/^pull request #7 /);
  });

  it("is not a fork's run: another head repository's pull request is never it", async () => {
    mock.pullRequests.push({
      number: 7,
      headRepo: 'octo-org/server',
      headRef: 'feature',
      headSha: OTHER,
      commits: [HEAD],
      state: 'open',
    });
    await expect(findPullRequest(octokit(), query({ headRepository: 'mallory/server' }))).rejects.toThrow(
      /^no open pull request of octo-org\/server from mallory\/server/,
    );
  });
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
  const found = await openPullRequestsAt(octokit(), fork());
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
