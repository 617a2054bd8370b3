// The measuring half's approval check (action mode approval) against the validating GitHub mock:
// which requests it makes for each event of a fork's pull request, and the decision and line it
// gives; every request and answer is checked against GitHub's OpenAPI description.
import { getOctokit } from '@actions/github';

import {
  approvalCommand,
  type ApprovalRequest,
  trustedAuthorsFromFlag,
} from '../../src/commands/approval.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import { ACTIONS_BOT, ALICE, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';

const HEAD = 'f'.repeat(40);
const NEWER = 'e'.repeat(40);
const MALLORY = { login: 'mallory', id: 801, type: 'User' } as const;

let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('measure', { user: ACTIONS_BOT, installation: true, readOnly: true });
  mock.permissions.set('alice', 'admin');
  mock.permissions.set('wes', 'write');
  mock.permissions.set('carol', 'triage');
  fork();
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

function fork(
  changes: { headSha?: string; labels?: string[]; author?: string; files?: string[] } = {},
): void {
  mock.pullRequests.splice(0, mock.pullRequests.length, {
    number: 12,
    headRepo: 'mallory/server',
    headRef: 'faster',
    headSha: changes.headSha ?? HEAD,
    state: 'open',
    labels: changes.labels ?? [],
    author: { ...MALLORY, login: changes.author ?? 'mallory' },
    ...(changes.files === undefined ? {} : { files: changes.files }),
  });
}

function labelledBy(login: string): void {
  mock.issueEvents.push({
    issueNumber: 12,
    event: 'labeled',
    label: 'perf-approved',
    actor: { login, id: 2000, type: 'User' },
  });
}

function check(changes: Partial<ApprovalRequest> = {}): ReturnType<typeof approvalCommand> {
  return approvalCommand(
    {
      owner: mock.owner,
      repo: mock.repo,
      pullRequest: 12,
      headSha: HEAD,
      headRepository: 'mallory/server',
      sender: 'mallory',
      forkLabel: 'perf-approved',
      trustedAuthors: [],
      ...changes,
    },
    getOctokit('measure', { baseUrl: mock.baseUrl }),
  );
}

const asked = (): string[] =>
  mock.requests.map((request) =>
    request.operationId === 'repos/get-collaborator-permission-level'
      ? `permission of ${request.path.split('/')[5] ?? ''}`
      : (request.operationId ?? request.path),
  );

describe("the measuring half's approval of a fork's head", () => {
  it('opened by a writer: measured without a label, asking only for the pull request and its author', async () => {
    fork({ author: 'wes' });
    const outcome = await check({ sender: 'wes' });
    expect(outcome).toMatchObject({
      approved: true,
      approval: { kind: 'approved', by: 'wes', how: 'author' },
    });
    expect(outcome.line).toBe(
      `measuring ${HEAD} of #12: approved by wes (the author, who can write to the repository)`,
    );
    expect(asked()).toEqual(['pulls/get', 'permission of wes']);
  });

  it('opened by a trusted author: measured without asking for any permission', async () => {
    const outcome = await check({ trustedAuthors: ['Mallory'] });
    expect(outcome.line).toBe(`measuring ${HEAD} of #12: approved by mallory (the author, a trusted author)`);
    // Whether the caller workflow, which gives the list, is the pull request's own copy.
    expect(asked()).toEqual(['pulls/list-files', 'pulls/get']);
  });

  it.each([
    ['changes the caller workflow', ['.github/workflows/pr-gate.yml']],
    [
      'changes more files than GitHub lists',
      Array.from({ length: 3000 }, (_, index) => `src/f${String(index)}.c`),
    ],
  ])(
    'opened by a trusted author, but it %s: the list is not read, not measured',
    async (_name, files) => {
      fork({ files });
      const outcome = await check({ trustedAuthors: ['mallory'] });
      expect(outcome.approved).toBe(false);
      expect(outcome.line).toMatch(
        /^not measuring f{40} of #12: no one with write access approved .*its author `mallory` cannot write to the repository and is not a trusted author.* \(the trusted authors were not read: the pull request changes \.github\/workflows\/, so the caller workflow that lists them is its own copy\)$/,
      );
    },
    30_000,
  );

  it('opened by anyone else, no label: not measured, saying why', async () => {
    const outcome = await check();
    expect(outcome.approved).toBe(false);
    expect(outcome.line).toBe(
      `not measuring ${HEAD} of #12: no one with write access approved ffffffffffff: its author \`mallory\` ` +
        'cannot write to the repository and is not a trusted author, no approving review of that commit, and ' +
        'the label `perf-approved` is not on it',
    );
    expect(asked()).toEqual(['pulls/get', 'permission of mallory', 'pulls/list-reviews']);
  });

  it('the label added by an admin: that head is measured', async () => {
    fork({ labels: ['perf-approved'] });
    labelledBy('alice');
    const outcome = await check({ sender: 'alice' });
    expect(outcome.line).toBe(`measuring ${HEAD} of #12: approved by alice (the fork label)`);
    expect(asked()).toEqual([
      'pulls/get',
      'permission of mallory',
      'pulls/list-reviews',
      'issues/list-events',
      'permission of alice',
    ]);
  });

  it("a writer's push with the label on: the new head is measured", async () => {
    fork({ labels: ['perf-approved'] });
    labelledBy('alice');
    const outcome = await check({ sender: 'wes' });
    expect(outcome.approval).toEqual({ kind: 'approved', by: 'alice', how: 'label' });
    expect(asked()).toContain('permission of wes');
  });

  it("the author's push with the label still on (before it is removed): not measured", async () => {
    fork({ labels: ['perf-approved'] });
    labelledBy('alice');
    const outcome = await check({ sender: 'mallory' });
    expect(outcome.approved).toBe(false);
    expect(outcome.line).toContain(
      'the label `perf-approved` is on it, but this head was pushed or its run started by `mallory`, ' +
        'who cannot write to the repository',
    );
  });

  it('the label added by a triager: not measured', async () => {
    fork({ labels: ['perf-approved'] });
    labelledBy('carol');
    const outcome = await check({ sender: 'carol' });
    expect(outcome.line).toContain(
      'the label `perf-approved` was added by `carol`, who cannot write to the repository',
    );
  });

  it('a late event of an older head: not measured, the newer head is named', async () => {
    fork({ headSha: NEWER, labels: ['perf-approved'] });
    labelledBy('alice');
    const outcome = await check({ sender: 'alice' });
    expect(outcome.line).toContain(`its head moved on to ${NEWER.slice(0, 12)}`);
  });

  it('an approving review of that head by an admin: measured', async () => {
    mock.reviews.push({ pullNumber: 12, user: ALICE, state: 'APPROVED', commitId: HEAD });
    const outcome = await check();
    expect(outcome.approval).toEqual({ kind: 'approved', by: 'alice', how: 'review' });
  });

  it('the API refusing the token: an error naming what it could not read, nothing measured', async () => {
    await expect(
      approvalCommand(
        {
          owner: mock.owner,
          repo: mock.repo,
          pullRequest: 12,
          headSha: HEAD,
          headRepository: 'mallory/server',
          sender: 'mallory',
          forkLabel: 'perf-approved',
          trustedAuthors: [],
        },
        getOctokit('unknown-token', { baseUrl: mock.baseUrl, request: { retries: 0 } }),
      ),
    ).rejects.toThrow(/^could not read the pull request of octo-org\/server#12: /);
  });
});

describe('trusted-authors', () => {
  it('takes one login per line, commas, an @ and blank entries', () => {
    expect(trustedAuthorsFromFlag(['ann, @bob', '', ' carol-x ', 'renovate[bot]'], actionSpelling)).toEqual([
      'ann',
      'bob',
      'carol-x',
      'renovate[bot]',
    ]);
  });

  it('refuses anything else, naming the input', () => {
    expect(() => trustedAuthorsFromFlag(['ann bob'], actionSpelling)).toThrow(
      'input "trusted-authors" "ann bob": expected GitHub logins, one per line or separated by commas',
    );
  });
});
