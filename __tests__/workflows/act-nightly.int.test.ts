// The nightly example workflow and the reusable workflow it calls, run for real under act on this
// machine against the local GitHub API (every request and response validated against GitHub's
// OpenAPI description): a first job reads the runner, testbed and compiler from the repository's
// .github/mysql-perf-gate.yml (the example's); the measuring job builds main through the action's
// `source` input (a stand-in tree whose install links Debian's mariadbd) and measures it with a
// tiny instructions suite (one cell); the history job appends the run to the history branch through
// the Git Data API, looks for change points and opens an issue for a new regression. Before the
// second night the test puts earlier nights on the branch, 3% cheaper than what this machine
// measures, and commits a baseline 3% cheaper too, given as the nightly's baseline: the measured
// nights are a step up, so from the second night on the gate fails the measuring job and the run
// ends red, and the history job still records the night: the second opens the issue, the third
// updates it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { getOctokit } from '@actions/github';

import { main } from '../../src/cli/program.js';
import { readBranchFile, updateBranchFile } from '../../src/github/branch-file.js';
import type { HistoryEntry, HistoryFile } from '../../src/history/history-schema.js';
import { parseHistoryText, serializeHistory } from '../../src/history/history-text.js';
import {
  makeServerRepository,
  OWNER,
  REPO,
  requireAct,
  type ServerRepository,
  startAct,
} from '../helpers/act-run.js';
import {
  copyActionUnderTest,
  NO_RUNNER_CHECK,
  STAND_INS,
  writeTestWorkflows,
} from '../helpers/act-workflows.js';
import { cutSuite } from '../helpers/cut-suite.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { killProcessesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');
/** The nightly job's token: contents and issues write, as the example grants. */
const NIGHTLY_TOKEN = 'nightly-job-token';
const BRANCH = 'mysql-perf-gate-history';
const TESTBED = 'perf-pinned-1'; // examples/mysql-perf-gate.yml's
const BASELINE = 'perf/baselines/nightly.json';
const EARLIER_NIGHTS = 8;
const STEP = 0.97;

const ready = requireAct() && requireCommand('valgrind') && requireCommand('cmake') && requireCommand('git');
const maybe = ready ? describeWithServer() : describe.skip;

let scratch: string;
let repo: ServerRepository;
let mock: GitHubMock;
/** The tiny instructions suite (its name, 300 point selects twice) cut to its one cell on the alert. */
let tinyInstructions: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-nightly-'));
  tinyInstructions = cutSuite('tiny-instructions', scratch, 'tiny-instructions.yml', {
    workloads: ['oltp_point_select'],
  });
  mock = await startGitHubMock();
  mock.tokens.set(NIGHTLY_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: false });
});

afterAll(async () => {
  await mock.close();
  killProcessesMentioning(scratch);
  rmSync(scratch, { recursive: true, force: true });
});

function client() {
  return getOctokit(NIGHTLY_TOKEN, { baseUrl: mock.baseUrl });
}

/**
 * How act says a job of the run ended: the last "Job succeeded" or "Job failed" of that job's lines
 * (act pads the job names in its prefixes to one width).
 */
function jobResult(log: string, job: string): string | undefined {
  const lines = log
    .split('\n')
    .filter((line) => new RegExp(`/${job} *\\]`).test(line) && /Job (succeeded|failed)/.test(line));
  return /Job (succeeded|failed)/.exec(lines.at(-1) ?? '')?.[1];
}

async function nightly(runId: string, ends: 'green' | 'red' = 'green'): Promise<string> {
  const dir = join(scratch, `night-${runId}`);
  const run = startAct({
    event: 'workflow_dispatch',
    payload: {
      inputs: {},
      ref: 'refs/heads/main',
      repository: { full_name: `${OWNER}/${REPO}`, name: REPO, owner: { login: OWNER } },
    },
    workflow: '.github/workflows/nightly.yml',
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
    token: NIGHTLY_TOKEN,
  });
  const code = await run.exit;
  const log = run.output();
  if (ends === 'green') {
    expect({ code, log: code === 0 ? '' : log }).toEqual({ code: 0, log: '' });
    return log;
  }
  // A regressing night: the measuring job fails (and with it the run), the history job records it.
  const jobs = {
    measure: jobResult(log, 'Build and measure'),
    history: jobResult(log, 'Append to the history and look for change points'),
  };
  expect({
    code: code === 0 ? 0 : 'not 0',
    jobs,
    log: jobs.measure === 'failed' && jobs.history === 'succeeded' ? '' : log.slice(-20000),
  }).toEqual({
    code: 'not 0',
    jobs: { measure: 'failed', history: 'succeeded' },
    log: '',
  });
  return log;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-C', cwd, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args],
    {
      encoding: 'utf8',
    },
  ).trim();
}

/** Every callgrind count of a baseline file (its repetitions' costs) times `factor`. */
function scaleCounts(value: unknown, factor: number): void {
  if (Array.isArray(value)) {
    for (const item of value) scaleCounts(item, factor);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, inner] of Object.entries(record)) {
    if (key === 'callgrind' && inner !== null && typeof inner === 'object') {
      const counts = inner as Record<string, unknown>;
      for (const field of ['total', 'foreground']) {
        if (typeof counts[field] === 'number') counts[field] = counts[field] * factor;
      }
    } else {
      scaleCounts(inner, factor);
    }
  }
}

/**
 * A baseline saved from a measured night's results, its counts made cheaper by STEP, committed on
 * main at BASELINE (as a maintainer stores one) and pushed; returns the new tip.
 */
async function commitCheaperBaseline(results: string): Promise<string> {
  const dir = join(scratch, 'baselines');
  expect(await main(['node', 'mysql-perf-gate', 'baseline', 'save', results, '--dir', dir])).toBe(0);
  const [file] = execFileSync('find', [dir, '-name', '*.json'], { encoding: 'utf8' }).trim().split('\n');
  const baseline = JSON.parse(readFileSync(file!, 'utf8')) as unknown;
  scaleCounts(baseline, STEP);
  mkdirSync(join(repo.workdir, 'perf', 'baselines'), { recursive: true });
  writeFileSync(join(repo.workdir, BASELINE), `${JSON.stringify(baseline, null, 2)}\n`);
  git(repo.workdir, 'add', BASELINE);
  git(repo.workdir, 'commit', '--quiet', '-m', 'a baseline, cheaper than this machine measures');
  git(repo.origin, 'fetch', '--quiet', repo.workdir, '+main:main');
  return git(repo.workdir, 'rev-parse', 'HEAD');
}

/** The one history file on the branch. */
async function history(): Promise<{ path: string; file: HistoryFile }> {
  const head = mock.branches.get(BRANCH);
  expect(head).toBeDefined();
  const paths = [...mock.filesAt(head!).keys()].filter((path) => path.endsWith('.json'));
  expect(paths).toHaveLength(1);
  const path = paths[0]!;
  const read = await readBranchFile(client(), {
    owner: OWNER,
    repo: REPO,
    branch: BRANCH,
    path,
    maxBytes: 1_000_000,
  });
  return { path, file: parseHistoryText(read!.content, path) };
}

/** Earlier nights, before the measured one and cheaper by STEP, as if a commit since made it dearer. */
function earlierNights(measured: HistoryEntry): HistoryEntry[] {
  return Array.from({ length: EARLIER_NIGHTS }, (_, n) => ({
    ...measured,
    commit: (n + 1).toString(16).padStart(2, '0').repeat(20),
    commitDate: new Date(Date.UTC(2026, 0, 1 + n)).toISOString(),
    runAt: new Date(Date.UTC(2026, 0, 1 + n, 3)).toISOString(),
    run: `https://github.com/${OWNER}/${REPO}/actions/runs/${100 + n}`,
    values: measured.values.map((cell) =>
      cell === null
        ? null
        : cell.map((metric) =>
            metric === null ? null : metric.map((value, r) => value * STEP * (1 + (r - 0.5) * 1e-4)),
          ),
    ),
  }));
}

maybe('the nightly workflow under act', () => {
  beforeAll(() => {
    repo = makeServerRepository(join(scratch, 'repo'));
    copyActionUnderTest(join(scratch, 'action'), BUNDLE_DIR);
    writeTestWorkflows(repo.workdir, {
      examples: {
        'nightly.yml': { callInputs: { nightly: { suite: tinyInstructions } } },
      },
      reusable: { 'nightly.yml': { measureInputs: NO_RUNNER_CHECK } },
    });
  });

  it('records every night, a failing one included: its point, the issue for a step up (updated the next night), and a red run', async () => {
    // Night 1: an empty history; one run, nothing to compare.
    await nightly('5001');
    const first = await history();
    expect(first.path).toMatch(new RegExp(`^${TESTBED}/tiny-instructions-[0-9a-f]{12}-[0-9a-f]{12}\\.json$`));
    expect(first.file.entries).toHaveLength(1);
    expect(first.file.entries[0]!.commit).toBe(repo.baseTip);
    expect(first.file.entries[0]!.run).toBe(`https://github.com/${OWNER}/${REPO}/actions/runs/5001`);
    expect(mock.issues).toEqual([]);
    expect(readdirSync(join(scratch, 'artifacts', '5001'))).toEqual(
      expect.arrayContaining(['mysql-perf-gate-nightly-5001', 'mysql-perf-gate-nightly-history-5001']),
    );

    // Earlier nights put on the branch as another writer would.
    await updateBranchFile(client(), {
      owner: OWNER,
      repo: REPO,
      branch: BRANCH,
      path: first.path,
      maxBytes: 1_000_000,
      message: 'earlier nights',
      update: (current) => {
        const file = parseHistoryText(current!, first.path);
        return serializeHistory({ ...file, entries: [...earlierNights(file.entries[0]!), ...file.entries] });
      },
    });

    // A baseline as cheap as the earlier nights, given to the nightly from now on: the gate fails.
    const tip = await commitCheaperBaseline(
      join(scratch, 'artifacts', '5001', 'mysql-perf-gate-nightly-5001', 'results.json'),
    );
    writeTestWorkflows(repo.workdir, {
      examples: {
        'nightly.yml': { callInputs: { nightly: { suite: tinyInstructions, baseline: BASELINE } } },
      },
      reusable: { 'nightly.yml': { measureInputs: NO_RUNNER_CHECK } },
    });

    // Night 2: red (the gate's verdict against the baseline), and recorded all the same: its
    // point, the step from the earlier nights to the measured ones, one issue.
    const log = await nightly('5002', 'red');
    expect(log).toMatch(/verdict: fail/i);
    expect(log).toMatch(/oltp_point_select@1 +instructions .*regression/);
    const second = await history();
    expect(second.file.entries).toHaveLength(EARLIER_NIGHTS + 2);
    expect(second.file.entries.at(-1)).toMatchObject({
      commit: tip,
      run: `https://github.com/${OWNER}/${REPO}/actions/runs/5002`,
    });
    expect(mock.issues).toHaveLength(1);
    const issue = mock.issues[0]!;
    expect(issue.state).toBe('open');
    // The earlier nights are 3% below night 1; night 2 measures within a fraction of a percent of it.
    expect(issue.title).toMatch(
      /^Performance: oltp_\w+@1 instructions \+[2-4]\.\d% between [0-9a-f]{12}\.\.[0-9a-f]{12} \(tiny-instructions\)$/,
    );
    const lastEarlier = EARLIER_NIGHTS.toString(16).padStart(2, '0').repeat(20);
    expect(issue.body).toMatch(/^<!-- mysql-perf-gate:alert=[0-9a-f]{12} -->\n/);
    expect(issue.body).toContain(
      `https://github.com/${OWNER}/${REPO}/compare/${lastEarlier}...${repo.baseTip}`,
    );
    expect(issue.body).toContain(
      `mysql-perf-gate bisect --source . --good ${lastEarlier} --bad ${repo.baseTip}`,
    );
    // The bisect workflow's dispatch line names this issue, so its result is posted here.
    expect(issue.body).toMatch(
      new RegExp(
        `\\ngh workflow run bisect\\.yml -f good=${lastEarlier} -f bad=${repo.baseTip} -f cells='oltp_[a-z_ @1]+' -f suite=tiny-instructions -f issue=${issue.number}\\n`,
      ),
    );
    expect(issue.body).toContain(`![History and change points](https://github.com/${OWNER}/${REPO}/raw/`);
    expect(issue.body).toMatch(/\/raw\/[0-9a-f]{40}\/history\/5002-1\/history\.png\)/);
    expect(issue.body).toContain('| `oltp_point_select@1` | instructions |');
    expect(issue.labels).toEqual(['performance']);

    // Night 3: red again, the same regression; the same issue is updated, no second one.
    await nightly('5003', 'red');
    expect((await history()).file.entries).toHaveLength(EARLIER_NIGHTS + 3);
    expect(mock.issues).toHaveLength(1);
    expect(mock.issues[0]!.body).toContain('actions/runs/5003');
    expect(mock.failures).toEqual([]);
  }, 900_000);
});
