// Accepting an intended regression, under act: the example workflows and the reusable ones they
// call run for real on this machine against the validating GitHub mock.
//   1. A +10% tps regression of the head is published: the comment says fail, the status failure.
//   2. A maintainer comments `/perf accept <reason>` (pr-accept.yml): the status on that commit turns
//      to success, the comment shows who accepted what and why, the history branch's ledger has it,
//      and a reply says so. Someone without write access asking the same changes nothing.
//   3. A new push (pr-unlabel.yml removes the acceptance label) is measured and published afresh:
//      its status is failure, and its comment says the earlier acceptance did not carry over; the
//      earlier commit's status stays success.
//   4. The label, added by a writer at the new head, accepts it in turn.
// The measuring half is a stand-in: its artifact is written where the download-artifact stand-in
// finds it, as act.int.test.ts's real measuring run leaves it.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { readCommentState } from '../../src/github/comment-state.js';
import { parseLedger } from '../../src/history/acceptance-ledger.js';
import {
  makeServerRepository,
  OWNER,
  REPO,
  requireAct,
  type ServerRepository,
  startAct,
} from '../helpers/act-run.js';
import { actEnv, REPOSITORY, standInArtifact, tenPercentSlower } from '../helpers/act-stand-in.js';
import { copyActionUnderTest, writeTestWorkflows } from '../helpers/act-workflows.js';
import { ACTIONS_BOT, ALICE, BOB, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { ROOT } from '../helpers/real-run.js';

const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');
const PUBLISH_TOKEN = 'publish-job-token';
const ACCEPT_TOKEN = 'accept-job-token';
const UNLABEL_TOKEN = 'unlabel-job-token';
const WRITER = 'wes';
const NEWER = '9'.repeat(40);
const REASON = 'the page checksum costs 10% on writes, agreed in #4812';

const maybe = requireAct() ? describe : describe.skip;

let scratch: string;
let repo: ServerRepository;
let mock: GitHubMock;
let runs = 7000;

const repository = REPOSITORY;

function env(dir: string, runId: number): Record<string, string> {
  return actEnv(mock, repo, scratch, dir, runId);
}

/** The measuring run's artifact, judged as the measuring half judges it (it fails). */
function standInMeasuringRun(runId: number): void {
  expect(standInArtifact(mock, scratch, runId, tenPercentSlower(), DEFAULT_COMPARE_OPTIONS).verdict).toBe(
    'fail',
  );
}

/** The pull request, a branch of this repository, at `headSha`. */
function pullRequest(headSha: string, labels: string[] = []): void {
  mock.pullRequests.splice(0, mock.pullRequests.length, {
    number: 12,
    headRepo: `${OWNER}/${REPO}`,
    headRef: 'checksums',
    headSha,
    state: 'open',
    labels,
    author: ALICE,
  });
}

async function act(
  name: string,
  event: 'pull_request_target' | 'workflow_run' | 'issue_comment',
  payload: unknown,
  workflow: string,
  token: string,
): Promise<{ code: unknown; log: string }> {
  const dir = join(scratch, name);
  const run = startAct({
    event,
    payload,
    workflow: `.github/workflows/${workflow}`,
    workdir: repo.workdir,
    scratch: dir,
    env: env(dir, ++runs),
    token,
  });
  const code = await run.exit;
  return { code, log: run.output() };
}

/** pr-publish.yml on the completed measuring run of `headSha`. */
async function publish(name: string, headSha: string): Promise<{ code: unknown; log: string }> {
  const measureRun = ++runs;
  standInMeasuringRun(measureRun);
  writeTestWorkflows(repo.workdir, { examples: { 'pr-publish.yml': {} }, reusable: { 'publish.yml': {} } });
  const payload = {
    action: 'completed',
    workflow_run: {
      id: measureRun,
      name: 'performance gate',
      event: 'pull_request',
      status: 'completed',
      conclusion: 'failure',
      head_sha: headSha,
      head_branch: 'checksums',
      html_url: `https://github.com/${OWNER}/${REPO}/actions/runs/${String(measureRun)}`,
      head_repository: { full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } },
      pull_requests: [],
      actor: { login: ALICE.login },
      triggering_actor: { login: ALICE.login },
    },
    repository,
  };
  return act(name, 'workflow_run', payload, 'pr-publish.yml', PUBLISH_TOKEN);
}

function acceptWorkflows(): void {
  writeTestWorkflows(repo.workdir, { examples: { 'pr-accept.yml': {} }, reusable: { 'accept.yml': {} } });
}

/** pr-accept.yml on a new comment by `by`. */
async function comment(name: string, by: string, body: string): Promise<{ code: unknown; log: string }> {
  acceptWorkflows();
  const payload = {
    action: 'created',
    issue: { number: 12, pull_request: { url: `https://api.github.com/repos/${OWNER}/${REPO}/pulls/12` } },
    comment: {
      id: 9000 + runs,
      body,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/12#issuecomment-${9000 + runs}`,
      created_at: new Date(Date.now() + 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
      user: { login: by },
    },
    sender: { login: by },
    repository,
  };
  return act(name, 'issue_comment', payload, 'pr-accept.yml', ACCEPT_TOKEN);
}

function pullRequestEvent(
  action: 'labeled' | 'synchronize',
  headSha: string,
  labels: string[],
  sender: string,
): unknown {
  return {
    action,
    number: 12,
    sender: { login: sender },
    ...(action === 'labeled' ? { label: { name: 'perf-accepted' } } : {}),
    pull_request: {
      number: 12,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/12`,
      labels: labels.map((label) => ({ name: label })),
      head: { sha: headSha, ref: 'checksums', repo: { full_name: `${OWNER}/${REPO}`, id: 700 } },
      base: { sha: repo.baseTip, ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    },
    repository,
  };
}

const statusesOf = (sha: string): string[] =>
  mock.statuses
    .filter((status) => status.sha === sha)
    .map((status) => `${status.state}: ${status.description}`);
const sticky = (): string =>
  mock.comments.find((c) => c.body.startsWith('<!-- mysql-perf-gate:suite='))?.body ?? '';
const replies = (): string[] =>
  mock.comments.filter((c) => !c.body.startsWith('<!-- mysql-perf-gate:suite=')).map((c) => c.body);

function ledger(): ReturnType<typeof parseLedger> {
  const head = mock.branches.get('mysql-perf-gate-history');
  const blob = head === undefined ? undefined : mock.filesAt(head).get('acceptances.json');
  return parseLedger(
    blob === undefined ? null : (mock.blobContent(blob)?.toString() ?? null),
    'acceptances.json',
  );
}

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-accept-'));
  mock = await startGitHubMock();
  mock.tokens.set(PUBLISH_TOKEN, {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    contentsReadOnly: true,
  });
  mock.tokens.set(ACCEPT_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.tokens.set(UNLABEL_TOKEN, {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    contentsReadOnly: true,
  });
  mock.permissions.set(ALICE.login, 'admin');
  mock.permissions.set(WRITER, 'write');
  mock.permissions.set(BOB.login, 'read');
});

afterAll(async () => {
  await mock.close();
  rmSync(scratch, { recursive: true, force: true });
});

afterEach(() => {
  expect(mock.failures).toEqual([]);
});

maybe('an accepted regression, under act', () => {
  beforeAll(() => {
    repo = makeServerRepository(join(scratch, 'repo'), {
      base: `suite: ${join(scratch, 'default-suite.yml')}\n`,
    });
    copyActionUnderTest(join(scratch, 'action'), BUNDLE_DIR);
  });

  it('passes the accepted commit, records the acceptance, and judges the next push afresh', async () => {
    // 1. The head's regression, published.
    pullRequest(repo.head);
    const published = await publish('1-publish', repo.head);
    expect({ code: published.code, log: published.code === 0 ? '' : published.log }).toEqual({
      code: 0,
      log: '',
    });
    expect(sticky().split('\n')[1]).toMatch(/^## ❌ Performance: fail — \d regressions$/);
    expect(statusesOf(repo.head)).toEqual([expect.stringMatching(/^failure: fail: \d regressions; worst /)]);

    // Someone without write access asks: a reply, nothing else.
    const refused = await comment('2-bob', BOB.login, `/perf accept ${REASON}`);
    expect(refused.code).toBe(0);
    expect(replies()).toEqual([
      `@bob cannot accept a regression: that takes write access to ${OWNER}/${REPO} (theirs: read).`,
    ]);
    expect(statusesOf(repo.head)).toHaveLength(1);

    // 2. A maintainer accepts it.
    const accepted = await comment('2-alice', ALICE.login, `/perf accept ${REASON}`);
    expect({ code: accepted.code, log: accepted.code === 0 ? '' : accepted.log }).toEqual({
      code: 0,
      log: '',
    });
    expect(accepted.log).toContain(`quick: accepted at ${repo.head} by alice`);
    const regressions =
      (readCommentState(sticky()).kind === 'state' && /fail — (\d) regressions/.exec(sticky())?.[1]) || '';
    expect(statusesOf(repo.head).at(-1)).toBe(
      `success: accepted by @alice (${regressions} failures): ${REASON}`,
    );
    expect(sticky()).toContain(`**☑️ Accepted** by @alice for \`${repo.head.slice(0, 12)}\``);
    expect(sticky()).toContain(`“${REASON.replace('#', '\\#')}”`);
    expect(sticky().split('\n')[1]).toMatch(/^## ❌ Performance: fail/); // the measurement is unchanged
    expect(
      ledger().entries.map((entry) => [
        entry.pullRequest,
        entry.acceptance.sha,
        entry.acceptance.by,
        entry.acceptance.reason,
      ]),
    ).toEqual([[12, repo.head, 'alice', REASON]]);
    expect(replies().at(-1)).toMatch(/^☑️ @alice: accepted\./);

    // 3. A new push: the acceptance label goes, the new head is judged afresh.
    pullRequest(NEWER, ['perf-accepted']);
    writeTestWorkflows(repo.workdir, { examples: { 'pr-unlabel.yml': {} }, reusable: { 'unlabel.yml': {} } });
    const unlabel = await act(
      '3-unlabel',
      'pull_request_target',
      pullRequestEvent('synchronize', NEWER, ['perf-accepted'], WRITER),
      'pr-unlabel.yml',
      UNLABEL_TOKEN,
    );
    expect({ code: unlabel.code, log: unlabel.code === 0 ? '' : unlabel.log }).toEqual({ code: 0, log: '' });
    expect(unlabel.log).toContain(
      `removed perf-accepted from #12: its new head ${NEWER} is measured and judged afresh`,
    );
    expect(mock.pullRequests[0]?.labels).toEqual([]);

    const again = await publish('3-publish', NEWER);
    expect(again.code).toBe(0);
    expect(statusesOf(NEWER)).toEqual([expect.stringMatching(/^failure: fail: \d regressions; worst /)]);
    expect(sticky()).toContain(`@alice accepted the regression measured at \`${repo.head.slice(0, 12)}\``);
    expect(sticky()).toContain(
      `an acceptance does not carry over: \`${NEWER.slice(0, 12)}\` was measured and judged afresh`,
    );
    expect(sticky()).not.toContain('**☑️ Accepted**');
    expect(statusesOf(repo.head).at(-1)).toMatch(/^success: accepted by @alice/);

    // 4. The label, added by a writer at the new head, accepts that one (when: its labeled event's time).
    pullRequest(NEWER, ['perf-accepted']);
    mock.issueEvents.push({
      issueNumber: 12,
      event: 'labeled',
      label: 'perf-accepted',
      actor: { login: WRITER, id: 3001, type: 'User' },
      // A second on: GitHub's times have no milliseconds, the publishing run's clock has.
      createdAt: new Date(Date.now() + 2000).toISOString().replace(/\.\d+Z$/, 'Z'),
    });
    acceptWorkflows();
    const labelled = await act(
      '4-label',
      'pull_request_target',
      pullRequestEvent('labeled', NEWER, ['perf-accepted'], WRITER),
      'pr-accept.yml',
      ACCEPT_TOKEN,
    );
    expect({ code: labelled.code, log: labelled.code === 0 ? '' : labelled.log }).toEqual({
      code: 0,
      log: '',
    });
    expect(statusesOf(NEWER).at(-1)).toMatch(/^success: accepted by @wes \(\d failures\)$/);
    expect(
      ledger().entries.map((entry) => [entry.acceptance.sha, entry.acceptance.by, entry.acceptance.source]),
    ).toEqual([
      [repo.head, 'alice', 'comment'],
      [NEWER, 'wes', 'label'],
    ]);
  }, 600_000);
});
