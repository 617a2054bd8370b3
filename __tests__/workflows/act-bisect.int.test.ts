// The bisect example workflow, run for real under act: dispatched with two commits of a server
// repository (the stand-in tree whose install links Debian's mariadbd, four commits apart), it
// checks out the repository and the history branch, and the action's bisect mode builds and
// measures midpoints with a tiny instructions suite (one cell). The history branch holds a real run
// of this machine's server for the bad end and the same run 10% cheaper for the good end, as if a
// commit in between had made it dearer: every commit measured is then nearer the bad end, and the
// first commit after the good end is the answer, found within log2(4) + 1 measured commits. The
// runner, testbed and compiler come from the repository's .github/mysql-perf-gate.yml (the
// example's). The dispatch names an alert issue (on the local GitHub API, every request and
// response validated against GitHub's OpenAPI description): the comment job, which runs no server
// code, posts the result there from the bisecting job's bisect.json: the commit, its change, the
// number of builds.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { main } from '../../src/cli/program.js';
import { parseHistoryText, serializeHistory } from '../../src/history/history-text.js';
import {
  makeServerRepository,
  OWNER,
  REPO,
  requireAct,
  type ServerRepository,
  startAct,
} from '../helpers/act-run.js';
import { copyActionUnderTest, STAND_INS, writeTestWorkflows } from '../helpers/act-workflows.js';
import { cutSuite } from '../helpers/cut-suite.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { killProcessesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');
const TESTBED = 'perf-pinned-1'; // the example's
const CELL = 'oltp_point_select@1';
/**
 * The good end's values against the measured ones: a 10% step, well clear of the tiny suite's
 * spread (its two repetitions of 300 point selects differ by up to 0.5%).
 */
const CHEAPER = 0.9;

const ready = requireAct() && requireCommand('valgrind') && requireCommand('cmake') && requireCommand('git');
const maybe = ready ? describeWithServer() : describe.skip;

/** The bisect run's token: contents read and issues write, as the example grants. */
const BISECT_TOKEN = 'bisect-job-token';

let scratch: string;
let repo: ServerRepository;
let mock: GitHubMock;
/** The tiny instructions suite (its name, 300 point selects twice) cut to its one cell on the alert. */
let tinyInstructions: string;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8' }).trim();
}

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-bisect-'));
  tinyInstructions = cutSuite('tiny-instructions', scratch, 'tiny-instructions.yml', {
    workloads: ['oltp_point_select'],
  });
  mock = await startGitHubMock();
  mock.tokens.set(BISECT_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: false });
});

afterAll(async () => {
  await mock.close();
  killProcessesMentioning(scratch);
  rmSync(scratch, { recursive: true, force: true });
});

/** Four more commits on main; returns main's commits from the base tip on, oldest first. */
function addCommits(): string[] {
  for (let n = 1; n <= 4; n += 1) {
    writeFileSync(join(repo.workdir, 'NEWS'), `change ${n}\n`);
    git(repo.workdir, 'commit', '--quiet', '-am', `change ${n}`);
  }
  git(repo.origin, 'fetch', '--quiet', repo.workdir, '+main:main');
  return git(repo.workdir, 'rev-list', '--reverse', `${repo.baseTip}^..main`).split('\n');
}

/** The history branch in the repository: a real run for the bad end, 10% cheaper for the good end. */
async function historyBranch(good: string, bad: string): Promise<void> {
  const results = join(scratch, 'results.json');
  const cli = (...args: string[]): Promise<number> => main(['node', 'mysql-perf-gate', ...args]);
  expect(
    await cli('run', '--server', '/usr/sbin/mariadbd', '--suite', tinyInstructions, '--out', results),
  ).toBe(0);
  const dir = join(scratch, 'history');
  const date = (day: number): string => new Date(Date.UTC(2026, 10, day)).toISOString();
  expect(
    await cli(
      'history',
      'append',
      results,
      '--dir',
      dir,
      '--testbed',
      TESTBED,
      '--commit',
      bad,
      '--commit-date',
      date(2),
    ),
  ).toBe(0);
  const [file] = execFileSync('find', [dir, '-name', '*.json'], { encoding: 'utf8' }).trim().split('\n');
  const history = parseHistoryText(readFileSync(file!, 'utf8'), file!);
  const measured = history.entries[0]!;
  const cheaper = {
    ...measured,
    commit: good,
    commitDate: date(1),
    runAt: date(1),
    values: measured.values.map(
      (cell) => cell?.map((metric) => metric?.map((value) => value * CHEAPER) ?? null) ?? null,
    ),
  };
  writeFileSync(file!, serializeHistory({ ...history, entries: [cheaper, measured] }));
  // The branch as the nightly's history job leaves it: an orphan commit holding the histories.
  const branch = join(scratch, 'history-branch');
  mkdirSync(branch);
  git(branch, 'init', '--quiet', '--initial-branch=mysql-perf-gate-history');
  execFileSync('cp', ['-a', `${dir}/.`, branch]);
  git(branch, 'add', '-A');
  git(
    branch,
    '-c',
    'user.name=t',
    '-c',
    'user.email=t@example.invalid',
    'commit',
    '--quiet',
    '-m',
    'history',
  );
  git(repo.origin, 'fetch', '--quiet', branch, '+mysql-perf-gate-history:mysql-perf-gate-history');
}

maybe('the bisect workflow under act', () => {
  beforeAll(() => {
    repo = makeServerRepository(join(scratch, 'repo'));
    copyActionUnderTest(join(scratch, 'action'), BUNDLE_DIR);
    writeTestWorkflows(repo.workdir, { examples: { 'bisect.yml': {} }, reusable: { 'bisect.yml': {} } });
  });

  it('finds the first commit after the good end, measuring at most log2(4) + 1 commits, and posts it on the issue', async () => {
    const commits = addCommits();
    expect(commits).toHaveLength(5);
    const [good, firstAfter] = commits;
    const bad = commits[4]!;
    await historyBranch(good!, bad);
    const issue = mock.addIssue({
      title: 'Performance: oltp_point_select@1 instructions +11.1%',
      body: 'the alert',
    });
    const run = dispatch('6001', { good: good!, bad, issue: String(issue) });
    const code = await run.exit;
    const log = run.output();
    expect({ code, log: code === 0 ? '' : log }).toEqual({ code: 0, log: '' });
    expect(log).toContain(`first bad commit: ${firstAfter!}`);
    const report = JSON.parse(
      readFileSync(join(scratch, 'artifacts', '6001', 'bisect-6001', 'bisect.json'), 'utf8'),
    ) as {
      result: { outcome: string; sha: string };
      builds: number;
      change: { cell: string; before: number; after: number; change: number }[];
      measured: { role: string; call: string }[];
    };
    expect(report.result).toMatchObject({ outcome: 'found', sha: firstAfter });
    const candidates = report.measured.filter((commit) => commit.role === 'candidate');
    expect(candidates.length).toBeGreaterThan(0);
    expect(candidates.length).toBeLessThanOrEqual(3);
    // The ends came from the history branch: neither was measured.
    expect(report.measured.filter((commit) => commit.role !== 'candidate')).toEqual([]);
    expect(report.builds).toBe(candidates.length);
    // The good end is 10% cheaper: the first bad commit is about 1/0.9 − 1 = 11.1% dearer.
    expect(report.change).toHaveLength(1);
    expect(report.change[0]!.change).toBeGreaterThan(0.1);
    expect(report.change[0]!.change).toBeLessThan(0.125);

    // The result, on the issue that asked: one comment by the workflow's token.
    const comments = mock.comments.filter((comment) => comment.issueNumber === issue);
    expect(comments).toHaveLength(1);
    const comment = comments[0]!;
    expect(comment.user.login).toBe(ACTIONS_BOT.login);
    const percent = (report.change[0]!.change * 100).toFixed(1);
    expect(comment.body).toMatch(/^<!-- mysql-perf-gate:bisect=[0-9a-f]{12}\.\.[0-9a-f]{12} -->\n/);
    expect(comment.body).toContain(`First bad commit: \`${firstAfter!}\` change 1`);
    expect(comment.body).toMatch(
      new RegExp(
        `\\| \`${CELL}\` \\| [0-9,]+ instr/txn \\| [0-9,]+ instr/txn \\| \\*\\*\\+${percent.replace('.', '\\.')}%\\*\\* \\|`,
      ),
    );
    expect(comment.body).toContain(
      `${report.builds} build${report.builds === 1 ? '' : 's'}, ${report.measured.length} commit${report.measured.length === 1 ? '' : 's'} measured of 4 candidates`,
    );
    expect(comment.body).toContain(
      '[the bisection run](https://github.com/octo-org/server/actions/runs/6001)',
    );
    expect(mock.failures).toEqual([]);
  }, 900_000);

  it("refuses a commit that is not on the default branch (a fork's pull request head) before building anything", async () => {
    const run = dispatch('6002', { good: repo.forkPoint, bad: repo.head });
    expect(await run.exit).not.toBe(0);
    const log = run.output();
    expect(log).toContain(
      `${repo.head} is not a commit of main: bisect builds only the default branch's commits`,
    );
    expect(log).not.toContain('Run Main Bisect');
  }, 300_000);
});

function dispatch(runId: string, ends: { good: string; bad: string; issue?: string }) {
  const dir = join(scratch, `run-${runId}`);
  return startAct({
    event: 'workflow_dispatch',
    payload: {
      inputs: { issue: '', ...ends, cells: CELL, suite: tinyInstructions, metric: '' },
      ref: 'refs/heads/main',
      repository: {
        full_name: `${OWNER}/${REPO}`,
        name: REPO,
        owner: { login: OWNER },
        default_branch: 'main',
      },
    },
    workflow: '.github/workflows/bisect.yml',
    workdir: repo.workdir,
    scratch: dir,
    env: {
      GITHUB_API_URL: mock.baseUrl,
      GITHUB_RUN_ID: runId,
      ACT_TEST_ORIGIN: repo.origin,
      ACT_TEST_ARTIFACTS: join(scratch, 'artifacts'),
      ACT_TEST_STAND_INS: STAND_INS,
      ACT_TEST_ACTION: join(scratch, 'action'),
      MYSQL_PERF_GATE_STATE_DIR: join(dir, 'state'),
    },
    token: BISECT_TOKEN,
  });
}
