// The example workflows and the reusable workflows they call, run for real under act on this
// machine: the measuring half on a fork's `pull_request` (labeled by a maintainer) builds the pull
// request's head and its merge base through the action's `source` input (a stand-in tree whose
// install links Debian's mariadbd), measures both with the tiny suite cut to one cell (2 s
// repetitions: the chain, not what it measures, is the subject) and uploads the verdict; the
// publishing half on the `workflow_run` event that follows downloads it and comments through the
// local GitHub API, which validates every request and response against GitHub's OpenAPI
// description. What the test copies change is listed in __tests__/helpers/act-workflows.ts; the
// stand-ins for checkout and the artifact actions are in __tests__/workflows/stand-ins/.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { readCommentState } from '../../src/github/comment-state.js';
import { SETTINGS_CHANGED_LINE } from '../../src/commands/publish.js';
import { listArtifacts, pullRequestEvent, workflowRunEvent } from '../helpers/act-events.js';
import {
  makeServerRepository,
  OWNER,
  REPO,
  requireAct,
  type ServerRepository,
  startAct,
} from '../helpers/act-run.js';
import {
  actTestEnv,
  copyActionUnderTest,
  NO_RUNNER_CHECK,
  PROBE_STEP_NAME,
  writeTestWorkflows,
} from '../helpers/act-workflows.js';
import { cutSuite } from '../helpers/cut-suite.js';
import { ACTIONS_BOT, ALICE, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { killProcessesMentioning, processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

// dist/ as shipped; ACTION_BUNDLE_DIR=.dist-check runs a bundle of the working tree instead
// (`BUNDLE_DIR=.dist-check npm run bundle`) before dist/ is rebuilt.
const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');
const TINY = join(ROOT, '__fixtures__', 'suites', 'tiny.yml');

const MEASURE_RUN_ID = '4001';
const PUBLISH_RUN_ID = '4002';
/** The measuring job's token: read-only, as GitHub gives a fork's pull_request workflow. */
const MEASURE_TOKEN = 'measure-job-token';
/** The publishing job's token: pull-requests write, contents read (the example's permissions). */
const PUBLISH_TOKEN = 'publish-job-token';

const ready = requireAct() && requireCommand('valgrind') && requireCommand('cmake') && requireCommand('git');
const maybe = ready ? describeWithServer() : describe.skip;

let scratch: string;
let repo: ServerRepository;
let mock: GitHubMock;
let suite: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-'));
  mock = await startGitHubMock();
  mock.tokens.set(MEASURE_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: true });
  mock.tokens.set(PUBLISH_TOKEN, {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    contentsReadOnly: true,
  });
});

afterAll(async () => {
  await mock.close();
  // Whatever a failed test left: no server, no act.
  killProcessesMentioning(scratch);
  rmSync(scratch, { recursive: true, force: true });
});

function commonEnv(dir: string): Record<string, string> {
  return actTestEnv({ apiUrl: mock.baseUrl, origin: repo.origin, scratch, dir });
}

/**
 * A comment's text before its charts, the charts section's body, and what follows it (what next,
 * when the verdict gives commands, then the footer).
 */
function splitCharts(comment: string): [string, string, string] {
  const match =
    /^([\s\S]*### Charts\n\n)([\s\S]*?\n\n)((?:\*\*Find the commit|<details><summary>Reproduce|<sub>)[\s\S]*)$/.exec(
      comment,
    );
  if (!match) throw new Error(`no charts section in:\n${comment}`);
  return [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
}

maybe('the pull-request workflows under act', () => {
  beforeAll(() => {
    // Options of each group set in the settings file only (the workflows pass none): the suite
    // (measuring), alpha and gate (judging), the status context (delivery). The base's copy
    // measures, the default branch's judges and delivers; the pull request's copy asks for the
    // standard suite and another status, and is not read.
    suite = cutSuite('tiny', scratch, 'tiny-one-cell.yml', {
      workloads: ['oltp_point_select'],
      fields: { threads: [1], durationSeconds: 2, warmupSeconds: 0 },
    });
    repo = makeServerRepository(join(scratch, 'repo'), {
      base: `suite: ${suite}\nalpha: 0.01\ngate: [tps]\nstatus-context: performance/settings\n`,
      head: 'suite: standard\nstatus-context: mallory-says-pass\n',
    });
    copyActionUnderTest(join(scratch, 'action'), BUNDLE_DIR);
    mock.pullRequests.push({
      number: 12,
      headRepo: 'mallory/server',
      headRef: 'faster',
      headSha: repo.head,
      state: 'open',
      labels: ['perf-approved'],
    });
    // A maintainer added the label: the approval of this head.
    mock.permissions.set(ALICE.login, 'maintain');
    mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
  });

  it('measure (pull_request, a fork labeled) then publish (workflow_run): the comment is posted', async () => {
    writeTestWorkflows(repo.workdir, {
      examples: { 'pr-gate.yml': {}, 'pr-publish.yml': {} },
      reusable: {
        'measure.yml': { probeTokenIn: ['measure'], measureInputs: NO_RUNNER_CHECK },
        'publish.yml': {},
      },
    });
    const dir = join(scratch, 'chain');
    const measure = startAct({
      event: 'pull_request',
      payload: pullRequestEvent(repo, 'labeled', 'mallory/server'),
      workflow: '.github/workflows/pr-gate.yml',
      workdir: repo.workdir,
      scratch: join(dir, 'measure'),
      env: { ...commonEnv(dir), GITHUB_RUN_ID: MEASURE_RUN_ID },
      token: MEASURE_TOKEN,
    });
    const measured = await measure.exit;
    const log = measure.output();
    expect({ measured, log: measured === 0 ? '' : log }).toEqual({ measured: 0, log: '' });
    expect(log).toContain(
      `head: ${repo.head}; base: ${repo.forkPoint} (the merge base with ${repo.baseTip})`,
    );
    // The fork's head is built in the sandbox from a copy of the base's trusted build, just made.
    expect(log).toMatch(/started from the trusted base's build: \S+\/base-gcc-12\.build copied to/);
    expect(log).toMatch(/from the base's build, \d+ of \d+ steps to run/);
    // The merge base's settings file, never the pull request's, which the run names as changed.
    expect(log).toContain(
      `settings from base/.github/mysql-perf-gate.yml: suite ${suite}; compiler gcc-12; gate tps; alpha 0.01; `,
    );
    expect(log).toContain(
      'The pull request changes .github/mysql-perf-gate.yml: this run measures and judges',
    );
    expect(readdirSync(join(scratch, 'artifacts', MEASURE_RUN_ID, 'mysql-perf-gate')).sort()).toEqual([
      'pull-request.txt',
      'results.json',
      'settings-changed.txt',
      'verdict.json',
    ]);
    // The approval job read the pull request (its head, its label, its author, its reviews, who
    // added the label) before anything ran on the measuring runner; the measuring job's action had
    // no token and asked nothing of the API; the probe's write with the job's own token was refused.
    expect(log).toContain(`measuring ${repo.head} of #12: approved by alice (the fork label)`);
    expect(log).toContain('no github-token: the comment is not posted');
    expect(log).toContain(`Run Main ${PROBE_STEP_NAME}`);
    expect(log).toContain('a write with this job token: HTTP 403');
    expect(mock.requests.map((request) => [request.method, request.operationId, request.status])).toEqual([
      ['GET', 'pulls/get', 200],
      ['GET', 'repos/get-collaborator-permission-level', 200],
      ['GET', 'pulls/list-reviews', 200],
      ['GET', 'issues/list-events', 200],
      ['GET', 'repos/get-collaborator-permission-level', 200],
      ['POST', 'issues/create-comment', 403],
    ]);
    listArtifacts(mock, join(scratch, 'artifacts'), MEASURE_RUN_ID);
    expect(mock.comments).toEqual([]);

    // The publishing half, on the workflow_run event GitHub sends when that run completes, on a
    // busy day: the comment's create meets two 502s, the commit status a secondary rate limit.
    mock.injectFault({ operationId: 'issues/create-comment', status: 502, times: 2 });
    mock.injectFault({
      operationId: 'repos/create-commit-status',
      status: 429,
      times: 1,
      headers: { 'retry-after': '2' },
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
    });
    const publishFrom = mock.requests.length;
    const publish = startAct({
      event: 'workflow_run',
      payload: workflowRunEvent(repo, MEASURE_RUN_ID, 'mallory/server'),
      workflow: '.github/workflows/pr-publish.yml',
      workdir: repo.workdir,
      scratch: join(dir, 'publish'),
      env: { ...commonEnv(dir), GITHUB_RUN_ID: PUBLISH_RUN_ID },
      token: PUBLISH_TOKEN,
    });
    const published = await publish.exit;
    const publishLog = publish.output();
    expect({ published, log: published === 0 ? '' : publishLog }).toEqual({ published: 0, log: '' });
    expect(mock.failures).toEqual([]);
    expect(mock.comments.map((comment) => [comment.issueNumber, comment.user.login])).toEqual([
      [12, ACTIONS_BOT.login],
    ]);
    expect(publishLog).toContain('approved by alice (the fork label)');
    // Judged with the default branch's settings file, checked out alone.
    expect(publishLog).toContain(`settings from settings/.github/mysql-perf-gate.yml: suite ${suite}`);
    const statusesOf = (operationId: string): number[] =>
      mock.requests
        .slice(publishFrom)
        .filter((request) => request.operationId === operationId)
        .map((request) => request.status);
    expect(statusesOf('issues/create-comment')).toEqual([502, 502, 201]);
    expect(statusesOf('repos/create-commit-status')).toEqual([429, 201]);
    expect(publishLog).toContain(
      "GitHub's secondary rate limit on POST /repos/{owner}/{repo}/statuses/{sha}: waiting 2s as it asks",
    );
    expect(mock.statuses.map((status) => [status.sha, status.context, status.state])).toEqual([
      [repo.head, 'performance/settings', 'success'],
    ]);
    // The body is the comment rendered from the artifact's results and verdict, judged again.
    const report = join(scratch, 'artifacts', PUBLISH_RUN_ID, 'mysql-perf-gate-report');
    const rendered = readFileSync(join(report, 'comment.md'), 'utf8');
    // Without contents: write (the example's permissions) the charts are not committed, so the
    // comment says where they are instead of linking the report's images: the one difference.
    const [before, charts, after] = splitCharts(rendered);
    expect(charts).toMatch(/^!\[Change per cell\]\(charts\/change\.png\)/);
    // The one line the comment adds: the pull request's copy of the settings file changed nothing.
    expect(mock.comments[0]!.body).toContain(`\n\n${SETTINGS_CHANGED_LINE}\n\n`);
    // And last, its hidden state: the commit, its status context, what failed (nothing here).
    const posted = mock.comments[0]!.body;
    const state = readCommentState(posted);
    expect(state.kind === 'state' && [state.state.sha, state.state.context, state.state.gate]).toEqual([
      repo.head,
      'performance/settings',
      'pass',
    ]);
    const withoutState = posted.replace(/\n<!-- mysql-perf-gate:state [A-Za-z0-9_-]+ -->$/, '');
    expect(withoutState.replace(`${SETTINGS_CHANGED_LINE}\n\n`, '')).toBe(
      `${before}The charts could not be published to this repository (the token cannot write to it), so they ` +
        `are not shown here: they are in the report directory of [this run's artifacts](https://github.com/` +
        `${OWNER}/${REPO}/actions/runs/${PUBLISH_RUN_ID}) (\`charts/*.png\`, interactive in \`report.html\`).\n\n${after}`,
    );
    // Both sides are the same code, and two repetitions of a cell cannot make a significant
    // difference: pass, or inconclusive (which also counts as pass); the heading says which.
    const verdictOf = (file: string): unknown =>
      (JSON.parse(readFileSync(file, 'utf8')) as { verdict: unknown }).verdict;
    const verdict = verdictOf(join(report, 'verdict.json'));
    expect(['pass', 'inconclusive']).toContain(verdict);
    expect(rendered).toMatch(
      new RegExp(`^<!-- mysql-perf-gate:suite=tiny -->\n## (✅|⚠️) Performance: ${String(verdict)}`),
    );
    expect(verdict).toBe(
      verdictOf(join(scratch, 'artifacts', MEASURE_RUN_ID, 'mysql-perf-gate', 'verdict.json')),
    );
    // Judged with the file's alpha and gate, by both halves.
    const settingsOf = (file: string): unknown =>
      (JSON.parse(readFileSync(file, 'utf8')) as { settings: unknown }).settings;
    for (const file of [
      join(report, 'verdict.json'),
      join(scratch, 'artifacts', MEASURE_RUN_ID, 'mysql-perf-gate', 'verdict.json'),
    ]) {
      expect(settingsOf(file)).toMatchObject({ alpha: 0.01, gateMetrics: ['tps'] });
    }
  });

  it('a measurement cancelled midway leaves no server running: the post step stops them', async () => {
    writeTestWorkflows(repo.workdir, {
      examples: { 'pr-gate.yml': {} },
      // An input the step gives wins over the settings file's suite.
      reusable: { 'measure.yml': { measureInputs: { ...NO_RUNNER_CHECK, suite: TINY } } },
    });
    const dir = join(scratch, 'cancel');
    // A branch of this repository: trusted, built in the build directory kept between runs.
    const measure = startAct({
      event: 'pull_request',
      payload: pullRequestEvent(repo, 'synchronize', `${OWNER}/${REPO}`),
      workflow: '.github/workflows/pr-gate.yml',
      workdir: repo.workdir,
      scratch: join(dir, 'measure'),
      env: { ...commonEnv(dir), GITHUB_RUN_ID: '4003' },
      token: MEASURE_TOKEN,
    });
    // The suite's first cell of four.
    await measure.waitFor('[cell 1/4]');
    const running = processesMentioning(dir);
    expect(running.length).toBeGreaterThan(0);
    measure.child.kill('SIGINT'); // act cancels the job as GitHub does a cancelled run, then runs the post steps
    const status = await measure.exit;
    const log = measure.output();
    expect(log).toContain('Run Post Build base and head, measure them interleaved');
    expect(log).toMatch(
      /stopped an orphaned mariadbd \(pid \d+, datadir [^)]+\) left by run pid \d+, which is gone/,
    );
    expect(log.match(/stopped an orphaned mariadbd/g)).toHaveLength(2); // base and head
    expect(status).not.toBe(0);
    expect(processesMentioning(dir)).toEqual([]);
    expect(existsSync(join(dir, 'measure', 'home', 'mysql-perf-gate', 'trusted', 'build'))).toBe(true);
  });
});
