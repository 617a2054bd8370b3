// The publishing half decides with what is trusted: the default branch's settings judge the
// artifact, a fork's head is published only once someone with write access approved that commit,
// and the commit status on the measured head says which (against the validating GitHub mock).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { publishCommand, type PublishConfig, type PublishOutcome } from '../../src/commands/publish.js';
import { checkApproval } from '../../src/github/approval-check.js';
import { judge } from '../../src/compare/judge.js';
import { type CompareOptions, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { Results } from '../../src/results/results-schema.js';
import { ACTIONS_BOT, ALICE, BOB, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { fixtureResults } from '../helpers/report-input.js';

const HEAD = 'f'.repeat(40);
const NEWER = 'e'.repeat(40);

let mock: GitHubMock;
let root: string;
let logged: string[];

/** The same server on both sides; every head repetition 10% slower: a +10% regression. */
function tenPercentSlower(): Results {
  const results = fixtureResults('quick-aa-5reps.json');
  for (const cell of results.cells) {
    if (cell.side === 'head') for (const repetition of cell.repetitions) repetition.report.tps *= 0.9;
  }
  return results;
}

const slower = tenPercentSlower();

/** The artifact as a measuring run with `options` (the fork's choice) uploads it. */
function upload(options: CompareOptions, results: Results = slower): string {
  const dir = join(root, 'artifact');
  mkdirSync(dir, { recursive: true });
  const verdict = judge({ results, resultsPath: 'results.json', base: { kind: 'ab' }, options }).verdict;
  writeFileSync(join(dir, 'results.json'), JSON.stringify(results));
  writeFileSync(join(dir, 'verdict.json'), JSON.stringify(verdict));
  return dir;
}

function publish(artifactDir: string, overrides: Partial<PublishConfig> = {}): Promise<PublishOutcome> {
  return publishCommand(
    {
      artifactDir,
      outDir: join(root, 'report'),
      owner: mock.owner,
      repo: mock.repo,
      headSha: HEAD,
      headRepository: 'mallory/server',
      headLabel: 'mallory:faster',
      chartsBranch: 'mysql-perf-gate-charts',
      runKey: '42-1',
      runUrl: `https://github.com/${mock.owner}/${mock.repo}/actions/runs/42`,
      judging: { suite: slower.suite, options: DEFAULT_COMPARE_OPTIONS },
      statusContext: 'perf',
      forkLabel: 'perf-approved',
      requireApproval: 'forks',
      trustedAuthors: [],
      triggeredBy: ['alice'],
      ...overrides,
    },
    getOctokit('actions', { baseUrl: mock.baseUrl }),
    recordingLogger(() => logged),
  );
}

function fork(changes: { headSha?: string; labels?: string[] } = {}): void {
  mock.pullRequests.splice(0, mock.pullRequests.length, {
    number: 12,
    headRepo: 'mallory/server',
    headRef: 'faster',
    headSha: changes.headSha ?? HEAD,
    state: 'open',
    labels: changes.labels ?? [],
  });
}

const statuses = (): string[][] => mock.statuses.map((status) => [status.sha, status.context, status.state]);

beforeEach(async () => {
  root = mkdtempSync(join(os.tmpdir(), 'gate-publish-trust-'));
  logged = [];
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.permissions.set('alice', 'admin');
  mock.permissions.set('bob', 'read');
  fork();
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
  rmSync(root, { recursive: true, force: true });
});

describe('an approved fork', () => {
  beforeEach(() => {
    mock.reviews.push({ pullNumber: 12, user: ALICE, state: 'APPROVED', commitId: HEAD });
  });

  it("claiming a 50% tolerance for a 10% regression gets the default branch's fail, and a failure status", async () => {
    const artifact = upload({ ...DEFAULT_COMPARE_OPTIONS, toleranceRules: [{ metric: 'tps', value: 0.5 }] });
    const outcome = await publish(artifact);
    expect(outcome.kind === 'published' && outcome.verdict.verdict).toBe('fail');
    expect(mock.comments.map((comment) => comment.body.split('\n')[1])).toEqual([
      '## ❌ Performance: fail — 3 regressions',
    ]);
    expect(statuses()).toEqual([[HEAD, 'perf', 'failure']]);
    expect(mock.statuses[0]?.description).toMatch(
      /^fail: \d+ regressions; worst \S+@\d+ tps -1\d\.\d% \(tolerance 5%\)$/,
    );
    expect(logged).toContainEqual(
      "info: artifact checked: verdict.json follows from results.json (pass under its own settings); judged with the publishing workflow's settings: fail",
    );
  }, 60_000);

  it('passing under the default branch’s settings gets a success status', async () => {
    const loose = { ...DEFAULT_COMPARE_OPTIONS, toleranceRules: [{ metric: 'tps' as const, value: 0.5 }] };
    const outcome = await publish(upload(loose), { judging: { suite: slower.suite, options: loose } });
    expect(outcome.kind === 'published' && outcome.verdict.verdict).toBe('pass');
    expect(statuses()).toEqual([[HEAD, 'perf', 'success']]);
  }, 60_000);

  it('measured with another suite definition: refused, naming both hashes, and an error status', async () => {
    const artifact = upload(DEFAULT_COMPARE_OPTIONS, { ...slower, suite: { ...slower.suite, name: 'mine' } });
    await expect(publish(artifact)).rejects.toThrow(
      /^artifact refused: results\.json was measured with suite "mine" \(hash [0-9a-f]{12}\), not the publishing workflow's suite "quick" \(hash [0-9a-f]{12}\)/,
    );
    expect(mock.comments).toEqual([]);
    expect(statuses()).toEqual([[HEAD, 'perf', 'error']]);
  });
});

describe('a fork nobody approved', () => {
  it.each([
    ['no review, no label', () => undefined],
    [
      'a reader approved it',
      () => mock.reviews.push({ pullNumber: 12, user: BOB, state: 'APPROVED', commitId: HEAD }),
    ],
    [
      'an admin approved an older commit',
      () => mock.reviews.push({ pullNumber: 12, user: ALICE, state: 'APPROVED', commitId: NEWER }),
    ],
    [
      'the label, added by a reader',
      () => {
        fork({ labels: ['perf-approved'] });
        mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: BOB });
      },
    ],
  ])('%s: no verdict, a comment that it awaits approval, a pending status', async (_name, arrange) => {
    arrange();
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS));
    expect(outcome.kind).toBe('awaiting');
    expect(mock.comments).toHaveLength(1);
    expect(mock.comments[0]?.body).toMatch(
      /^<!-- mysql-perf-gate:suite=quick -->\n## ⏳ Performance: awaiting approval\n/,
    );
    expect(mock.comments[0]?.body).not.toMatch(/fail|pass/);
    expect(statuses()).toEqual([[HEAD, 'perf', 'pending']]);
  });

  it('pushed again since: the label does not approve the measured commit, which awaits approval', async () => {
    fork({ headSha: NEWER, labels: ['perf-approved'] });
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS));
    expect(outcome.kind === 'awaiting' && outcome.why).toContain(
      `the label \`perf-approved\` is on it, but its head moved on to ${NEWER.slice(0, 12)}`,
    );
    expect(statuses()).toEqual([[HEAD, 'perf', 'pending']]);
  });

  it('the label added by an admin on this head approves it', async () => {
    fork({ labels: ['perf-approved'] });
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS));
    expect(outcome.kind === 'published' && outcome.approval).toEqual({
      kind: 'approved',
      by: 'alice',
      how: 'label',
    });
    expect(statuses()).toEqual([[HEAD, 'perf', 'failure']]);
  }, 60_000);

  it('with require-approval never, is published', async () => {
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS), { requireApproval: 'never' });
    expect(outcome.kind).toBe('published');
    expect(mock.requests.map((request) => request.operationId)).not.toContain('pulls/list-reviews');
  }, 60_000);
});

describe("the measuring half's rule, applied again", () => {
  beforeEach(() => {
    mock.permissions.set('wes', 'write');
  });

  it('a fork opened by a writer is published without a label', async () => {
    mock.pullRequests.splice(0, 1, {
      ...mock.pullRequests[0]!,
      author: { login: 'wes', id: 1003, type: 'User' },
    });
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS), { triggeredBy: ['wes'] });
    expect(outcome.kind === 'published' && outcome.approval).toEqual({
      kind: 'approved',
      by: 'wes',
      how: 'author',
    });
    expect(logged).toContain('info: approved by wes (the author, who can write to the repository)');
    expect(mock.requests.map((request) => request.operationId)).not.toContain('pulls/list-reviews');
    expect(statuses()).toEqual([[HEAD, 'perf', 'failure']]);
  }, 60_000);

  it("a trusted author's fork is published without a label", async () => {
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS), {
      trustedAuthors: ['mallory'],
      triggeredBy: ['mallory'],
    });
    expect(outcome.kind === 'published' && outcome.approval).toEqual({
      kind: 'approved',
      by: 'mallory',
      how: 'trusted-author',
    });
  }, 60_000);

  it("the label by an admin, the head a writer's push: published", async () => {
    fork({ labels: ['perf-approved'] });
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS), { triggeredBy: ['wes', 'wes'] });
    expect(outcome.kind === 'published' && outcome.approval).toEqual({
      kind: 'approved',
      by: 'alice',
      how: 'label',
    });
  }, 60_000);

  it.each([
    ["the author's push", ['mallory', 'mallory']],
    ["a reader's push, re-run by an admin", ['bob', 'alice']],
    ['a run nothing says who set off', []],
  ])(
    'the label by an admin still on, the measuring run set off by %s: awaiting, a pending status',
    async (_name, triggeredBy) => {
      fork({ labels: ['perf-approved'] });
      mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
      const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS), { triggeredBy });
      expect(outcome.kind).toBe('awaiting');
      expect(outcome.kind === 'awaiting' && outcome.why).toMatch(
        triggeredBy.length === 0
          ? /nothing says who set this measurement off$/
          : /this head was pushed or its run started by `(mallory|bob)`, who cannot write to the repository/,
      );
      expect(mock.comments[0]?.body).toContain('## ⏳ Performance: awaiting approval');
      expect(statuses()).toEqual([[HEAD, 'perf', 'pending']]);
    },
  );
});

it('a branch of this repository needs no approval', async () => {
  mock.pullRequests.splice(0, 1, {
    number: 7,
    headRepo: 'octo-org/server',
    headRef: 'x',
    headSha: HEAD,
    state: 'open',
  });
  const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS), {
    headRepository: 'octo-org/server',
    headLabel: 'octo-org:x',
  });
  expect(outcome.kind === 'published' && outcome.approval.kind).toBe('not-needed');
  expect(statuses()).toEqual([[HEAD, 'perf', 'failure']]);
}, 60_000);

describe("a fork's run at the head commit of a maintainer's pull request", () => {
  // The maintainer's branch and the fork's pull request have the same head commit; the fork's
  // artifact claims the maintainer's pull request, whose results it chose.
  beforeEach(() => {
    mock.pullRequests.push({
      number: 7,
      headRepo: 'octo-org/server',
      headRef: 'feature',
      headSha: HEAD,
      state: 'open',
    });
  });

  it("claiming the maintainer's pull request: refused, no comment and no status on that commit", async () => {
    const loose = { ...DEFAULT_COMPARE_OPTIONS, toleranceRules: [{ metric: 'tps' as const, value: 0.5 }] };
    const artifact = upload(loose);
    writeFileSync(join(artifact, 'pull-request.txt'), '7\n');
    await expect(publish(artifact, { judging: { suite: slower.suite, options: loose } })).rejects.toThrow(
      `pull request #7 (from pull-request.txt of the artifact) has head ${HEAD} but comes from ` +
        'octo-org/server, not from mallory/server, whose run this is; not posting',
    );
    expect(mock.comments).toEqual([]);
    expect(statuses()).toEqual([]);
    expect(mock.requests.map((request) => request.operationId)).not.toContain('pulls/get');
  });

  it("with no claim: the fork's own pull request, which awaits approval", async () => {
    const outcome = await publish(upload(DEFAULT_COMPARE_OPTIONS));
    expect(outcome.kind === 'awaiting' && outcome.pullRequest.number).toBe(12);
    expect(mock.comments.map((comment) => comment.issueNumber)).toEqual([12]);
  });

  it("the approval check refuses a pull request from another head repository than the run's", async () => {
    const octokit = getOctokit('actions', { baseUrl: mock.baseUrl });
    const query = {
      owner: mock.owner,
      repo: mock.repo,
      pullRequest: 7,
      measuredSha: HEAD,
      headRepository: 'mallory/server',
      forkLabel: 'perf-approved',
      requireApproval: 'forks' as const,
      trustedAuthors: [],
      triggeredBy: [],
    };
    await expect(checkApproval(octokit, query)).rejects.toThrow(
      'octo-org/server#7 comes from octo-org/server, not from mallory/server, whose run this is; not publishing',
    );
    const own = await checkApproval(octokit, { ...query, headRepository: 'octo-org/server' });
    expect(own.approval.kind).toBe('not-needed');
  });
});
