// The measuring half split into shards, run for real under act on this machine: pr-gate.yml calls
// measure.yml with shards: 2, so one job builds base and head (the stand-in server tree whose
// install links Debian's mariadbd) and uploads the prefixes, a matrix of two jobs each measures its
// shard of the tiny suite on one thread (two cells, one a shard; 2 s repetitions: the split, not
// what is measured, is the subject; the machine lock lets one measure at a time), and a last job
// merges and judges them; the publishing half then comments from the merged artifact through the
// local GitHub API. What the test copies change is listed in __tests__/helpers/act-workflows.ts.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';

import { Results } from '../../src/results/results-schema.js';
import { suiteCells } from '../../src/suite/suite-schema.js';
import { cellName } from '../../src/suite/select-cells.js';
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
import { killProcessesMentioning, processesMentioning } from '../helpers/leftovers.js';
import { describeWithServer, ROOT } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';

const BUNDLE_DIR = resolve(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist');
const MEASURE_RUN_ID = '4101';
const PUBLISH_RUN_ID = '4102';
const MEASURE_TOKEN = 'measure-job-token';
const PUBLISH_TOKEN = 'publish-job-token';

const ready = requireAct() && requireCommand('cmake') && requireCommand('git');
const maybe = ready ? describeWithServer() : describe.skip;

let scratch: string;
let suite: string;
let repo: ServerRepository;
let mock: GitHubMock;

beforeAll(async () => {
  scratch = mkdtempSync(join(os.tmpdir(), 'gate-act-shards-'));
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

function env(runId: string): Record<string, string> {
  return {
    GITHUB_API_URL: mock.baseUrl,
    ACT_TEST_ORIGIN: repo.origin,
    ACT_TEST_ARTIFACTS: join(scratch, 'artifacts'),
    ACT_TEST_STAND_INS: STAND_INS,
    ACT_TEST_ACTION: join(scratch, 'action'),
    MYSQL_PERF_GATE_STATE_DIR: join(scratch, 'state'),
    GITHUB_RUN_ID: runId,
  };
}

const repository = {
  full_name: `${OWNER}/${REPO}`,
  name: REPO,
  owner: { login: OWNER },
  default_branch: 'main',
};

maybe('the pull-request gate split into shards, under act', () => {
  beforeAll(() => {
    // The suite is the settings file's: the merge base's copy, passed on to the shards and the
    // merging job, and the default branch's for the publishing half.
    suite = cutSuite('tiny', scratch, 'tiny.yml', {
      fields: { threads: [1], durationSeconds: 2, warmupSeconds: 0 },
    });
    repo = makeServerRepository(join(scratch, 'repo'), { base: `suite: ${suite}\n` });
    copyActionUnderTest(join(scratch, 'action'), BUNDLE_DIR);
    mock.pullRequests.push({
      number: 12,
      headRepo: `${OWNER}/${REPO}`,
      headRef: 'faster',
      headSha: repo.head,
      state: 'open',
    });
  });

  it('builds once, measures 2 shards, merges and judges them; the publishing half comments', async () => {
    writeTestWorkflows(repo.workdir, {
      examples: {
        'pr-gate.yml': { callInputs: { measure: { shards: 2, machines: 2 } } },
        'pr-publish.yml': {},
      },
      // As GitHub evaluates max-parallel: ${{ inputs.machines }} (2), which act cannot.
      reusable: {
        'measure.yml': { maxParallel: { 'measure-shard': 2 }, measureInputs: NO_RUNNER_CHECK },
        'publish.yml': {},
      },
    });
    const measure = startAct({
      event: 'pull_request',
      payload: {
        action: 'synchronize',
        number: 12,
        pull_request: {
          number: 12,
          head: { sha: repo.head, ref: 'faster', repo: { full_name: `${OWNER}/${REPO}` } },
          base: { sha: repo.baseTip, ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
        },
        repository,
      },
      workflow: '.github/workflows/pr-gate.yml',
      workdir: repo.workdir,
      scratch: join(scratch, 'measure'),
      env: env(MEASURE_RUN_ID),
      token: MEASURE_TOKEN,
    });
    const measured = await measure.exit;
    const log = measure.output();
    expect({ measured, log: measured === 0 ? '' : log }).toEqual({ measured: 0, log: '' });
    const artifacts = join(scratch, 'artifacts', MEASURE_RUN_ID);
    expect(readdirSync(artifacts).sort()).toEqual([
      'mysql-perf-gate',
      'mysql-perf-gate-report',
      'mysql-perf-gate-servers',
      'mysql-perf-gate-settings',
      'mysql-perf-gate-shard-1',
      'mysql-perf-gate-shard-2',
    ]);
    // The merge base's settings file, passed on: both shards and the merging job read its suite.
    expect(readdirSync(join(artifacts, 'mysql-perf-gate-settings'))).toEqual(['mysql-perf-gate.yml']);
    expect(log.match(/settings from \S+\/settings\/mysql-perf-gate\.yml: suite \//g)).toHaveLength(3);
    expect(readdirSync(join(artifacts, 'mysql-perf-gate-servers')).sort()).toEqual([
      'base.tar.gz',
      'head.tar.gz',
    ]);
    const read = (...path: string[]) =>
      Results.parse(JSON.parse(readFileSync(join(artifacts, ...path), 'utf8')));
    const shards = [1, 2].map((index) => read(`mysql-perf-gate-shard-${index}`, 'results.json'));
    expect(shards.map((shard) => [shard.shard?.index, shard.shard?.count])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // The build's prefixes reached both shards: the same server, byte for byte.
    expect(shards[1]?.shard?.servers).toEqual(shards[0]?.shard?.servers);
    const merged = read('mysql-perf-gate', 'results.json');
    const all = suiteCells(merged.suite).map(cellName).sort();
    expect(shards.flatMap((shard) => shard.shard?.cells ?? []).sort()).toEqual(all);
    expect([...new Set(merged.cells.map(cellName))].sort()).toEqual(all);
    expect(merged.merged?.shards.map((shard) => shard.index)).toEqual([1, 2]);
    expect(readdirSync(join(artifacts, 'mysql-perf-gate')).sort()).toEqual([
      'pull-request.txt',
      'results.json',
      'verdict.json',
    ]);
    expect(readdirSync(join(artifacts, 'mysql-perf-gate-report', 'results.raw')).sort()).toEqual([
      '.mysql-perf-gate-raw',
      'shard-1',
      'shard-2',
    ]);
    expect(log).toMatch(/shard 1\/2 of suite tiny: 1 of 2 cells/);
    expect(log).toMatch(/shard 2\/2 of suite tiny: 1 of 2 cells/);
    // Both shard jobs ran at once (max-parallel 2) on one machine: the lock made one wait.
    expect(log).toMatch(/the machine lock is ours after waiting/);
    // What the publishing run's size check lists (a branch of this repository needs no approval).
    const uploaded = join(artifacts, 'mysql-perf-gate');
    const size = readdirSync(uploaded).reduce(
      (total, name) => total + statSync(join(uploaded, name)).size,
      0,
    );
    mock.runArtifacts.set(Number(MEASURE_RUN_ID), [{ name: 'mysql-perf-gate', sizeInBytes: size }]);

    const publish = startAct({
      event: 'workflow_run',
      payload: {
        action: 'completed',
        workflow_run: {
          id: Number(MEASURE_RUN_ID),
          name: 'performance gate',
          event: 'pull_request',
          status: 'completed',
          conclusion: 'success',
          head_sha: repo.head,
          head_branch: 'faster',
          html_url: `https://github.com/${OWNER}/${REPO}/actions/runs/${MEASURE_RUN_ID}`,
          head_repository: { full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } },
          pull_requests: [],
        },
        repository,
      },
      workflow: '.github/workflows/pr-publish.yml',
      workdir: repo.workdir,
      scratch: join(scratch, 'publish'),
      env: env(PUBLISH_RUN_ID),
      token: PUBLISH_TOKEN,
    });
    const published = await publish.exit;
    const publishLog = publish.output();
    expect({ published, log: published === 0 ? '' : publishLog }).toEqual({ published: 0, log: '' });
    expect(mock.failures).toEqual([]);
    expect(mock.comments.map((comment) => comment.issueNumber)).toEqual([12]);
    expect(mock.comments[0]?.body).toMatch(/^<!-- mysql-perf-gate:suite=tiny -->\n## /);
    expect(mock.statuses.map((status) => [status.sha, status.context])).toEqual([
      [repo.head, 'mysql-perf-gate'],
    ]);
    expect(processesMentioning(scratch)).toEqual([]);
  });
});
