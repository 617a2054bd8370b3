// Issue 27's acceptance under act: the trusted side decides. The example workflows and the reusable
// ones they call run for real on this machine against the validating GitHub mock:
//   (a) a fork's artifact that claims a 50% tolerance for a +10% regression gets a FAIL posted with
//       the default branch's tolerance, and the failure status on the measured head SHA;
//   (b) an unapproved head gets no verdict: the comment says it awaits approval, the status is
//       pending;
//   (c) a push by someone without write access is not measured until approved again: the push
//       removes the label (pr-unlabel.yml), the measuring workflow on that push stops with a notice
//       although the label is still on when it asks, and on a stale `labeled` event (the head
//       moved, or the label is gone) too, before anything runs on the measuring runner;
//   (d) a label added by a user without write access (triage, read) is no approval: the measuring
//       workflow stops with a notice before anything runs on the measuring runner;
//   (e) a fork's pull request opened by a writer is measured without the label;
//   (f) a push by a writer keeps the label (pr-unlabel.yml), and its head is measured.
// Where a head is measured, the measuring job is stopped in its first step (a stand-in for a
// self-hosted runner with apt-packages set, which it refuses for a fork): its starting is the proof.
// The measuring half of (a) and (b) is a stand-in: its artifact is written where the
// download-artifact stand-in finds it, as act.int.test.ts's real measuring run leaves it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
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
const MEASURE_TOKEN = 'measure-job-token';
const UNLABEL_TOKEN = 'unlabel-job-token';
const FORK = 'mallory/server';

const maybe = requireAct() ? describe : describe.skip;

let scratch: string;
let repo: ServerRepository;
let mock: GitHubMock;
let runs = 5000;

/**
 * The measuring run's artifact as a fork's workflow files would make it: judged with a 50% tps
 * tolerance, so its verdict.json says pass (and follows from its results under that setting).
 */
function standInMeasuringRun(runId: number): void {
  const options = { ...DEFAULT_COMPARE_OPTIONS, toleranceRules: [{ metric: 'tps' as const, value: 0.5 }] };
  expect(standInArtifact(mock, scratch, runId, tenPercentSlower(), options).verdict).toBe('pass');
}

function env(dir: string, runId: number): Record<string, string> {
  return actEnv(mock, repo, scratch, dir, runId);
}

const repository = REPOSITORY;

/** The measuring run's workflow_run event; `by` set it off (added the label, pushed). */
function workflowRunEvent(measureRun: number, by: string): unknown {
  return {
    action: 'completed',
    workflow_run: {
      id: measureRun,
      name: 'performance gate',
      event: 'pull_request',
      status: 'completed',
      conclusion: 'success',
      head_sha: repo.head,
      head_branch: 'faster',
      html_url: `https://github.com/${OWNER}/${REPO}/actions/runs/${String(measureRun)}`,
      head_repository: { full_name: FORK, owner: { login: 'mallory' } },
      pull_requests: [],
      actor: { login: by },
      triggering_actor: { login: by },
    },
    repository,
  };
}

function pullRequestEvent(
  action: 'labeled' | 'synchronize' | 'opened',
  headSha: string,
  labels: string[],
  sender = ALICE.login,
): unknown {
  return {
    action,
    number: 12,
    sender: { login: sender },
    ...(action === 'labeled' ? { label: { name: 'perf-approved' } } : {}),
    pull_request: {
      number: 12,
      labels: labels.map((name) => ({ name })),
      head: { sha: headSha, ref: 'faster', repo: { full_name: FORK, id: 800 } },
      base: { sha: repo.baseTip, ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    },
    repository,
  };
}

/** The fork's pull request, opened by mallory (who cannot write) unless `author` is given. */
function forkPullRequest(headSha: string, labels: string[], author?: string): void {
  mock.pullRequests.splice(0, mock.pullRequests.length, {
    number: 12,
    headRepo: FORK,
    headRef: 'faster',
    headSha,
    state: 'open',
    labels,
    ...(author === undefined ? {} : { author: { login: author, id: 1500, type: 'User' as const } }),
  });
}

const WRITER = 'wes';
/** The message of the measuring job's first step when it starts (see the top of this file). */
const MEASURING_STARTED = "refusing a fork's pull request on a self-hosted runner with apt-packages set";

/**
 * pr-gate.yml on a pull_request event of the fork. With `probe`, a measuring job that starts stops
 * in its first step: the runner says it is self-hosted and the caller asks for apt-packages.
 */
async function measureEvent(
  name: string,
  payload: unknown,
  probe = false,
): Promise<{ code: unknown; log: string; runId: number }> {
  writeTestWorkflows(repo.workdir, {
    examples: { 'pr-gate.yml': probe ? { callInputs: { measure: { 'apt-packages': 'sysbench' } } } : {} },
    reusable: { 'measure.yml': {} },
  });
  const runId = ++runs;
  const dir = join(scratch, name);
  const run = startAct({
    event: 'pull_request',
    payload,
    workflow: '.github/workflows/pr-gate.yml',
    workdir: repo.workdir,
    scratch: dir,
    env: { ...env(dir, runId), ...(probe ? { RUNNER_ENVIRONMENT: 'self-hosted' } : {}) },
    token: MEASURE_TOKEN,
  });
  const code = await run.exit;
  return { code, log: run.output(), runId };
}

/** pr-unlabel.yml on the push of `headSha` by `sender`. */
async function unlabelPush(
  name: string,
  headSha: string,
  sender: string,
): Promise<{ code: unknown; log: string }> {
  writeTestWorkflows(repo.workdir, {
    examples: { 'pr-unlabel.yml': {} },
    reusable: { 'unlabel.yml': {} },
  });
  const dir = join(scratch, name);
  const run = startAct({
    event: 'pull_request_target',
    payload: pullRequestEvent('synchronize', headSha, ['perf-approved'], sender),
    workflow: '.github/workflows/pr-unlabel.yml',
    workdir: repo.workdir,
    scratch: dir,
    env: env(dir, ++runs),
    token: UNLABEL_TOKEN,
  });
  const code = await run.exit;
  return { code, log: run.output() };
}

/** pr-publish.yml on the workflow_run event of a stand-in measuring run. */
async function publish(name: string, by: string): Promise<{ code: unknown; log: string }> {
  const measureRun = ++runs;
  standInMeasuringRun(measureRun);
  writeTestWorkflows(repo.workdir, {
    examples: {
      'pr-publish.yml': {},
    },
    reusable: { 'publish.yml': {} },
  });
  const dir = join(scratch, name);
  const run = startAct({
    event: 'workflow_run',
    payload: workflowRunEvent(measureRun, by),
    workflow: '.github/workflows/pr-publish.yml',
    workdir: repo.workdir,
    scratch: dir,
    env: env(dir, ++runs),
    token: PUBLISH_TOKEN,
  });
  const code = await run.exit;
  return { code, log: run.output() };
}

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-trust-'));
  mock = await startGitHubMock();
  mock.tokens.set(PUBLISH_TOKEN, {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    contentsReadOnly: true,
  });
  mock.tokens.set(MEASURE_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: true });
  mock.tokens.set(UNLABEL_TOKEN, {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    contentsReadOnly: true,
  });
  mock.permissions.set(ALICE.login, 'admin');
  mock.permissions.set(BOB.login, 'read');
  mock.permissions.set('carol', 'triage');
  mock.permissions.set(WRITER, 'write');
});

afterAll(async () => {
  await mock.close();
  rmSync(scratch, { recursive: true, force: true });
});

beforeEach(() => {
  mock.requests.length = 0;
  mock.comments.length = 0;
  mock.statuses.length = 0;
  mock.issueEvents.length = 0;
  mock.reviews.length = 0;
});

afterEach(() => {
  expect(mock.failures).toEqual([]);
});

maybe('the trusted side decides, under act', () => {
  beforeAll(() => {
    // The default branch's suite, which the publishing half judges with: its settings file's.
    repo = makeServerRepository(join(scratch, 'repo'), {
      base: `suite: ${join(scratch, 'default-suite.yml')}\n`,
    });
    copyActionUnderTest(join(scratch, 'action'), BUNDLE_DIR);
  });

  it("(a) a fork's artifact claiming a 50% tolerance for a +10% regression: FAIL, and the failure status on its head", async () => {
    forkPullRequest(repo.head, ['perf-approved']);
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
    const { code, log } = await publish('a', ALICE.login);
    expect({ code, log: code === 0 ? '' : log }).toEqual({ code: 0, log: '' });
    expect(log).toContain('approved by alice (the fork label)');
    expect(log).toContain(
      "artifact checked: verdict.json follows from results.json (pass under its own settings); judged with the publishing workflow's settings: fail",
    );
    expect(mock.comments.map((comment) => [comment.issueNumber, comment.body.split('\n')[1]])).toEqual([
      [12, '## ❌ Performance: fail — 3 regressions'],
    ]);
    // Each throughput cell's tolerance in the comment is the default branch's 5%, not the claimed
    // 50% (the stall metrics' own default tolerance is 50%: their rows are not what this is about).
    const tpsRows = (mock.comments[0]?.body ?? '')
      .split('\n')
      .filter((line) => line.includes('| throughput (tps) |'));
    expect(tpsRows).toHaveLength(6);
    for (const row of tpsRows) expect(row).toMatch(/\| 5% \|$/);
    const posts = mock.requests.filter((request) => request.operationId === 'repos/create-commit-status');
    expect(
      posts.map((request) => [request.method, request.path, (request.body as { state: string }).state]),
    ).toEqual([['POST', `/repos/${OWNER}/${REPO}/statuses/${repo.head}`, 'failure']]);
    expect(mock.statuses[0]).toMatchObject({ context: 'mysql-perf-gate', sha: repo.head });
    expect(mock.statuses[0]?.description).toMatch(
      /^fail: 3 regressions; worst \S+ tps -1\d\.\d% \(tolerance 5%\)$/,
    );
  }, 300_000);

  it('(b) a head nobody with write access approved: no verdict, awaiting approval, a pending status', async () => {
    // The label is on, but added by someone who cannot write to the repository.
    forkPullRequest(repo.head, ['perf-approved']);
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: BOB });
    const { code, log } = await publish('b', BOB.login);
    expect({ code, log: code === 0 ? '' : log }).toEqual({ code: 0, log: '' });
    expect(log).toContain('no verdict posted, no one with write access approved');
    expect(mock.comments).toHaveLength(1);
    expect(mock.comments[0]?.body).toMatch(
      /^<!-- mysql-perf-gate:suite=quick -->\n## ⏳ Performance: awaiting approval\n/,
    );
    expect(mock.comments[0]?.body).not.toMatch(/Performance: (pass|fail)/);
    expect(mock.statuses.map((status) => [status.sha, status.state])).toEqual([[repo.head, 'pending']]);
  }, 300_000);

  it('(c) a push by someone without write access removes the label, and neither it nor a stale labeled event is measured', async () => {
    const pushed = 'e'.repeat(40);
    // The push: pull_request_target (synchronize) by the fork's author, with the label still on.
    forkPullRequest(pushed, ['perf-approved']);
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
    // The measuring workflow on that push asks before unlabel removes the label: not measured.
    const race = await measureEvent(
      'c-race',
      pullRequestEvent('synchronize', pushed, ['perf-approved'], 'mallory'),
    );
    expect({ code: race.code, log: race.code === 0 ? '' : race.log }).toEqual({ code: 0, log: '' });
    expect(race.log).toContain(
      `not measuring ${pushed} of #12: no one with write access approved eeeeeeeeeeee: its author \`mallory\` ` +
        'cannot write to the repository and is not a trusted author, no approving review of that commit, and ' +
        'the label `perf-approved` is on it, but this head was pushed or its run started by `mallory`, who cannot ' +
        'write to the repository',
    );
    expect(race.log).not.toContain('Check out the pull request');

    mock.requests.length = 0;
    const { code: unlabelled, log: unlabelLog } = await unlabelPush('c-unlabel', pushed, 'mallory');
    expect({ unlabelled, log: unlabelled === 0 ? '' : unlabelLog }).toEqual({ unlabelled: 0, log: '' });
    expect(unlabelLog).toContain(
      `removed perf-approved from #12: its new head ${pushed} was pushed by mallory (read) and needs a maintainer's approval again`,
    );
    expect(mock.pullRequests[0]?.labels).toEqual([]);
    expect(mock.requests.map((request) => [request.operationId, request.path])).toEqual([
      ['repos/get-collaborator-permission-level', `/repos/${OWNER}/${REPO}/collaborators/mallory/permission`],
      ['issues/remove-label', `/repos/${OWNER}/${REPO}/issues/12/labels/perf-approved`],
    ]);

    // The measuring workflow on a labeled event of the new head whose label is gone again; and,
    // once a maintainer labelled the new head, on the labeled event of the old head arriving late
    // (a re-run): the head moved on, so nothing is measured.
    mock.requests.length = 0;
    for (const [name, sha, notice] of [
      ['c-gone', pushed, 'the label `perf-approved` is not on it'],
      [
        'c-moved',
        repo.head,
        `the label \`perf-approved\` is on it, but its head moved on to ${pushed.slice(0, 12)}`,
      ],
    ] as const) {
      if (name === 'c-moved') {
        forkPullRequest(pushed, ['perf-approved']);
        mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
      }
      const measured = await measureEvent(name, pullRequestEvent('labeled', sha, ['perf-approved']));
      expect({ code: measured.code, log: measured.code === 0 ? '' : measured.log }).toEqual({
        code: 0,
        log: '',
      });
      expect(measured.log).toContain(`not measuring ${sha} of #12: no one with write access approved`);
      expect(measured.log).toContain(notice);
      expect(measured.log).not.toContain('Check out the pull request');
      expect(readdirSync(join(scratch, 'artifacts')).includes(String(measured.runId))).toBe(false);
    }
    expect(
      mock.requests.filter((request) => request.operationId === 'pulls/get').map((request) => request.status),
    ).toEqual([200, 200]);
  }, 600_000);

  it.each([
    ['carol', 'triage'],
    [BOB.login, 'read'],
  ])(
    '(d) the label added by %s (%s) is no approval: not measured',
    async (sender) => {
      forkPullRequest(repo.head, ['perf-approved']);
      mock.issueEvents.push({
        issueNumber: 12,
        event: 'labeled',
        label: 'perf-approved',
        actor: { login: sender, id: 1600, type: 'User' },
      });
      const { code, log, runId } = await measureEvent(
        `d-${sender}`,
        pullRequestEvent('labeled', repo.head, ['perf-approved'], sender),
      );
      expect({ code, log: code === 0 ? '' : log }).toEqual({ code: 0, log: '' });
      expect(log).toContain(
        `not measuring ${repo.head} of #12: no one with write access approved ${repo.head.slice(0, 12)}: `,
      );
      expect(log).toContain(
        `the label \`perf-approved\` was added by \`${sender}\`, who cannot write to the repository`,
      );
      expect(log).not.toContain('Check out the pull request');
      expect(readdirSync(join(scratch, 'artifacts')).includes(String(runId))).toBe(false);
      const permission = (user: string): string[] => [
        'repos/get-collaborator-permission-level',
        `/repos/${OWNER}/${REPO}/collaborators/${user}/permission`,
      ];
      expect(mock.requests.map((request) => [request.operationId, request.path])).toEqual([
        ['pulls/get', `/repos/${OWNER}/${REPO}/pulls/12`],
        permission('mallory'),
        ['pulls/list-reviews', `/repos/${OWNER}/${REPO}/pulls/12/reviews`],
        ['issues/list-events', `/repos/${OWNER}/${REPO}/issues/12/events`],
        permission(sender),
      ]);
    },
    300_000,
  );

  it("(e) a fork's pull request opened by a writer is measured without the label", async () => {
    forkPullRequest(repo.head, [], WRITER);
    const { code, log } = await measureEvent('e', pullRequestEvent('opened', repo.head, [], WRITER), true);
    expect(log).toContain(
      `measuring ${repo.head} of #12: approved by ${WRITER} (the author, who can write to the repository)`,
    );
    // The measuring job started (and stopped in its first step, see the top of this file).
    expect(log).toContain(MEASURING_STARTED);
    expect(code).not.toBe(0);
    expect(mock.requests.map((request) => request.operationId)).toEqual([
      'pulls/get',
      'repos/get-collaborator-permission-level',
    ]);
  }, 300_000);

  it("(f) a writer's push keeps the label, and its head is measured", async () => {
    const pushed = 'd'.repeat(40);
    forkPullRequest(pushed, ['perf-approved']);
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
    const unlabel = await unlabelPush('f-unlabel', pushed, WRITER);
    expect({ code: unlabel.code, log: unlabel.code === 0 ? '' : unlabel.log }).toEqual({ code: 0, log: '' });
    expect(unlabel.log).toContain(
      `kept perf-approved on #12: its new head ${pushed} was pushed by ${WRITER} (write), whose push keeps the approval`,
    );
    expect(mock.pullRequests[0]?.labels).toEqual(['perf-approved']);
    expect(mock.requests.map((request) => request.operationId)).not.toContain('issues/remove-label');

    const { code, log } = await measureEvent(
      'f-measure',
      pullRequestEvent('synchronize', pushed, ['perf-approved'], WRITER),
      true,
    );
    expect(log).toContain(`measuring ${pushed} of #12: approved by alice (the fork label)`);
    expect(log).toContain(MEASURING_STARTED);
    expect(code).not.toBe(0);
  }, 300_000);
});
