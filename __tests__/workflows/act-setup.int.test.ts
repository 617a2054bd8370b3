// docs/setup.md's copy step, run as the page says: its marked `sh` block (`mysql-perf-gate init`),
// run with `sh` in a clone of a server repository with this checkout's command on PATH, writes the
// example workflows pinned to this checkout's commit and keeps the repository's settings file; they
// pass actionlint; then the copied pull-request gate runs under act for a pull request from a
// branch of that repository (the measuring half, then the publishing half on the workflow_run
// that follows), against the local GitHub API, which validates every request and response against
// GitHub's OpenAPI description: the comment and the commit status are posted. Only what
// __tests__/helpers/act-workflows.ts lists is changed for act (checkout and the artifact actions
// stood in for, the action and the reusable workflows used locally, the tiny suite cut to one cell,
// the runner check off).
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { adaptWorkflow } from '../../src/commands/init-plan.js';
import { packageVersion } from '../../src/shell/package-root.js';

import {
  listArtifacts,
  PULL_REQUEST_NUMBER,
  pullRequestEvent,
  workflowRunEvent,
} from '../helpers/act-events.js';
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
  testCopyOf,
  writeTestWorkflows,
} from '../helpers/act-workflows.js';
import { cutSuite } from '../helpers/cut-suite.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { killProcessesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { copyWorkflowsBlock, readSetupPage } from '../helpers/setup-page.js';

const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');
const ACTIONLINT = join(ROOT, '.work', 'bin', 'actionlint');
const MEASURE_RUN_ID = '4101';
const PUBLISH_RUN_ID = '4102';
/** The measuring job's token: contents and pull requests read, as pr-gate.yml asks. */
const MEASURE_TOKEN = 'measure-job-token';
/** The publishing job's token: actions read, pull requests and statuses write, contents read. */
const PUBLISH_TOKEN = 'publish-job-token';
const THIS_REPO = `${OWNER}/${REPO}`;

const ready =
  requireAct() &&
  requireCommand(ACTIONLINT) &&
  requireCommand('shellcheck') &&
  requireCommand('cmake') &&
  requireCommand('git');
const maybe = ready ? describeWithServer() : describe.skip;

let scratch: string;
let repo: ServerRepository;
let mock: GitHubMock;
let copied: string[];

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-setup-'));
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
  killProcessesMentioning(scratch);
  rmSync(scratch, { recursive: true, force: true });
});

function commonEnv(dir: string): Record<string, string> {
  return actTestEnv({ apiUrl: mock.baseUrl, origin: repo.origin, scratch, dir });
}

/**
 * The tiny suite (its name, two repetitions) cut to one cell, 2 s repetitions and no warm-up, in
 * the scratch directory: what is tested here is the copied workflows, not what they measure.
 */
function smallSuite(): string {
  return cutSuite('tiny', scratch, 'tiny.yml', {
    workloads: ['oltp_point_select'],
    fields: { threads: [1], durationSeconds: 2, warmupSeconds: 0 },
  });
}

/** Rewrites a copied workflow in the server repository into its test copy, in place. */
function testCopyInPlace(file: string, callInputs: Record<string, Record<string, string>>): void {
  const path = join(repo.workdir, '.github', 'workflows', file);
  writeFileSync(path, testCopyOf(readFileSync(path, 'utf8'), { callInputs }));
}

maybe('docs/setup.md: the workflows copied as the page says', () => {
  beforeAll(() => {
    // The suite is the settings file's, committed (the reusable workflows read the merge base's
    // copy and the default branch's).
    repo = makeServerRepository(join(scratch, 'repo'), { base: `suite: ${smallSuite()}\n` });
    copyActionUnderTest(join(scratch, 'action'), BUNDLE_DIR);
    // The page's block, as a maintainer runs it in a clone of the server's repository, with this
    // checkout's command on PATH (as the package installs it) and actionlint beside it.
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    writeFileSync(
      join(bin, 'mysql-perf-gate'),
      `#!/bin/sh\nexec ${process.execPath} ${join(ROOT, 'dist', 'cli.js')} "$@"\n`,
      { mode: 0o755 },
    );
    const block = copyWorkflowsBlock(readSetupPage());
    execFileSync('sh', ['-e', '-c', block], {
      cwd: repo.workdir,
      env: { ...process.env, PATH: `${bin}:${dirname(ACTIONLINT)}:${process.env.PATH ?? ''}` },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    copied = readdirSync(join(repo.workdir, '.github', 'workflows')).sort();
  });

  it('writes the example workflows pinned to this checkout, keeps the settings file, and actionlint finds nothing', () => {
    expect(copied).toEqual(expect.arrayContaining(['pr-gate.yml', 'pr-publish.yml', 'pr-unlabel.yml']));
    // Each as init adapts the example: its reusable workflows called at this checkout's HEAD (what
    // `npm pack` here would record), the machine's labels as the block gives them.
    const head = execFileSync('git', ['-C', ROOT, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    const choices = {
      runsOn: ['self-hosted', 'perf-pinned'],
      testbed: 'perf-pinned-1',
      compiler: 'gcc-12',
      instructions: false,
      commit: head,
      version: packageVersion(ROOT),
      forkLabel: 'perf-approved',
    };
    for (const file of copied) {
      const example = readFileSync(join(ROOT, 'examples', 'workflows', file), 'utf8');
      expect(readFileSync(join(repo.workdir, '.github', 'workflows', file), 'utf8')).toBe(
        adaptWorkflow(
          file,
          example,
          { slug: `${OWNER}/${REPO}`, defaultBranch: 'main', tree: null },
          choices,
        ),
      );
    }
    // The repository's settings file (the test's suite in it) is its own: left as it was.
    expect(
      execFileSync('git', ['-C', repo.workdir, 'status', '--porcelain', '.github/mysql-perf-gate.yml'], {
        encoding: 'utf8',
      }),
    ).toBe('');
    // As scripts/lint-workflows.sh runs it, with the runner label the examples name configured.
    const lint = execFileSync(
      ACTIONLINT,
      ['-shellcheck', 'shellcheck', '-config-file', join(ROOT, '.github', 'actionlint.yaml')],
      { cwd: repo.workdir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    expect(lint).toBe('');
  });

  it('the copied gate measures a branch of the repository, then comments and sets the status', async () => {
    mock.pullRequests.push({
      number: PULL_REQUEST_NUMBER,
      headRepo: THIS_REPO,
      headRef: 'faster',
      headSha: repo.head,
      state: 'open',
    });
    testCopyInPlace('pr-gate.yml', {});
    testCopyInPlace('pr-publish.yml', {});
    writeTestWorkflows(repo.workdir, {
      examples: {},
      reusable: { 'measure.yml': { measureInputs: NO_RUNNER_CHECK }, 'publish.yml': {} },
    });

    const measure = startAct({
      event: 'pull_request',
      payload: pullRequestEvent(repo, 'opened', THIS_REPO),
      workflow: '.github/workflows/pr-gate.yml',
      workdir: repo.workdir,
      scratch: join(scratch, 'measure'),
      env: { ...commonEnv(join(scratch, 'measure')), GITHUB_RUN_ID: MEASURE_RUN_ID },
      token: MEASURE_TOKEN,
    });
    const measured = await measure.exit;
    const log = measure.output();
    expect({ measured, log: measured === 0 ? '' : log }).toEqual({ measured: 0, log: '' });
    expect(log).toContain(
      `head: ${repo.head}; base: ${repo.forkPoint} (the merge base with ${repo.baseTip})`,
    );
    // A branch of the repository: no approval asked of the API, the head built as trusted code.
    expect(mock.requests).toEqual([]);
    expect(existsSync(join(scratch, 'measure', 'home', 'mysql-perf-gate', 'trusted', 'build'))).toBe(true);
    expect(readdirSync(join(scratch, 'artifacts', MEASURE_RUN_ID, 'mysql-perf-gate')).sort()).toEqual([
      'pull-request.txt',
      'results.json',
      'verdict.json',
    ]);
    listArtifacts(mock, join(scratch, 'artifacts'), MEASURE_RUN_ID);

    const publish = startAct({
      event: 'workflow_run',
      payload: workflowRunEvent(repo, MEASURE_RUN_ID, THIS_REPO),
      workflow: '.github/workflows/pr-publish.yml',
      workdir: repo.workdir,
      scratch: join(scratch, 'publish'),
      env: { ...commonEnv(join(scratch, 'publish')), GITHUB_RUN_ID: PUBLISH_RUN_ID },
      token: PUBLISH_TOKEN,
    });
    const published = await publish.exit;
    const publishLog = publish.output();
    expect({ published, log: published === 0 ? '' : publishLog }).toEqual({ published: 0, log: '' });
    expect(mock.failures).toEqual([]);
    // Both sides are the same server, and two repetitions of a cell cannot make a significant
    // difference: pass, or inconclusive on a busy machine, which passes too.
    expect(mock.comments.map((comment) => [comment.issueNumber, comment.user.login])).toEqual([
      [PULL_REQUEST_NUMBER, ACTIONS_BOT.login],
    ]);
    expect(mock.comments[0]?.body).toMatch(
      /^<!-- mysql-perf-gate:suite=tiny -->\n## (✅ Performance: pass|⚠️ Performance: inconclusive) — /,
    );
    expect(mock.statuses.map((status) => [status.sha, status.context, status.state])).toEqual([
      [repo.head, 'mysql-perf-gate', 'success'],
    ]);
  });
});
