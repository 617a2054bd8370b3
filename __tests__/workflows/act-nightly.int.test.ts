// The nightly example workflow and the reusable workflow it calls, run for real under act on this
// machine against the local GitHub API (every request and response validated against GitHub's
// OpenAPI description): the measuring job builds main through the action's `source` input (a
// stand-in tree whose install links Debian's mariadbd) and measures it with a tiny instructions
// suite; the history job appends the run to the history branch through the Git Data API, looks
// for change points and opens an issue for a new regression. Before the second night the test
// puts earlier nights on the branch, 3% cheaper than what this machine measures, so the measured
// nights are a step up: the second night opens the issue, the third updates the same one.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { getOctokit } from '@actions/github';

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
import { copyActionUnderTest, STAND_INS, writeTestWorkflows } from '../helpers/act-workflows.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');
const TINY_INSTRUCTIONS = join(ROOT, '__fixtures__', 'suites', 'tiny-instructions.yml');
/** The nightly job's token: contents and issues write, as the example grants. */
const NIGHTLY_TOKEN = 'nightly-job-token';
const BRANCH = 'mysql-perf-gate-history';
const TESTBED = 'act-testbed';
const EARLIER_NIGHTS = 8;
const STEP = 0.97;

const ready = requireAct() && requireCommand('valgrind') && requireCommand('cmake') && requireCommand('git');
const maybe = ready ? describeWithServer() : describe.skip;

let scratch: string;
let repo: ServerRepository;
let mock: GitHubMock;

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-nightly-'));
  mock = await startGitHubMock();
  mock.tokens.set(NIGHTLY_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: false });
});

afterAll(async () => {
  await mock.close();
  for (const pid of processesMentioning(scratch)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  rmSync(scratch, { recursive: true, force: true });
});

function client() {
  return getOctokit(NIGHTLY_TOKEN, { baseUrl: mock.baseUrl });
}

async function nightly(runId: string): Promise<string> {
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
  expect({ code, log: code === 0 ? '' : log }).toEqual({ code: 0, log: '' });
  return log;
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
        'nightly.yml': { callInputs: { nightly: { suite: TINY_INSTRUCTIONS, testbed: TESTBED } } },
      },
      reusable: { 'nightly.yml': {} },
    });
  });

  it('appends each night to the history branch, opens an issue for a step up, and updates it the next night', async () => {
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

    // Night 2: the step from the earlier nights to the measured ones is found; one issue.
    const log = await nightly('5002');
    expect(log).toMatch(/oltp_point_select@1 +instructions .*regression/);
    const second = await history();
    expect(second.file.entries).toHaveLength(EARLIER_NIGHTS + 2);
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
    expect(issue.body).toContain(`![History and change points](https://github.com/${OWNER}/${REPO}/raw/`);
    expect(issue.body).toMatch(/\/raw\/[0-9a-f]{40}\/history\/5002-1\/history\.png\)/);
    expect(issue.body).toContain('| `oltp_point_select@1` | instructions |');
    expect(issue.labels).toEqual(['performance']);

    // Night 3: the same regression; the same issue is updated, no second one.
    await nightly('5003');
    expect((await history()).file.entries).toHaveLength(EARLIER_NIGHTS + 3);
    expect(mock.issues).toHaveLength(1);
    expect(mock.issues[0]!.body).toContain('actions/runs/5003');
    expect(mock.failures).toEqual([]);
  }, 900_000);
});
