// The bundled action in publish mode, run the way the runner runs it in a `workflow_run` workflow:
// inputs in INPUT_* variables, the event in GITHUB_EVENT_PATH, the API at GITHUB_API_URL (the
// validating mock here). No server is started: this mode only reads the downloaded artifact.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { sideOf } from '../../src/compare/judge.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { fixtureResults } from '../helpers/report-input.js';
import { ACTIONS_BOT, ALICE, BOB, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';

// dist/ as shipped; ACTION_BUNDLE_DIR=.dist-check runs a bundle of the working tree instead
// (`BUNDLE_DIR=.dist-check npm run bundle`) before dist/ is rebuilt.
const BUNDLE = join(ROOT, process.env.ACTION_BUNDLE_DIR ?? 'dist', 'index.js');
const HEAD = 'f'.repeat(40);

const temp = useTempDir('gate-action-publish-');
let mock: GitHubMock;

beforeEach(async () => {
  mock = await startGitHubMock();
  mock.tokens.set('workflow-token', { user: ACTIONS_BOT, installation: true, readOnly: false });
  // A pull request from a fork, as GitHub lists it; its commit is associated with no pull request
  // of the base repository, so only the head label of the event finds it.
  // A maintainer approved its head with the fork label.
  mock.pullRequests.push(
    {
      number: 12,
      headRepo: 'mallory/server',
      headRef: 'faster',
      headSha: HEAD,
      state: 'open',
      labels: ['perf-approved'],
    },
    { number: 3, headRepo: 'octo-org/server', headRef: 'release', headSha: 'c'.repeat(40), state: 'open' },
  );
  mock.permissions.set(ALICE.login, 'admin');
  mock.issueEvents.push({ issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: ALICE });
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

/** The artifact the measuring half uploads: results.json and the verdict compare wrote. */
function writeArtifact(): string {
  const dir = join(temp.path, 'artifact');
  mkdirSync(dir);
  const results = fixtureResults('quick-ab-performance-schema.json');
  const verdict = buildVerdict(
    sideOf(results, 'base'),
    sideOf(results, 'head'),
    results.suite,
    { kind: 'ab', path: 'results.json', savedAt: null },
    DEFAULT_COMPARE_OPTIONS,
  );
  writeFileSync(join(dir, 'results.json'), JSON.stringify(results));
  writeFileSync(join(dir, 'verdict.json'), JSON.stringify(verdict));
  // The default branch's suite file, which the publishing workflow names (JSON is YAML).
  writeFileSync(join(temp.path, 'suite.yml'), JSON.stringify(results.suite));
  return dir;
}

/** The inputs of publish.yml's step: the artifact and the default branch's suite. */
const PUBLISH = { mode: 'publish', artifact: 'artifact', suite: 'suite.yml' };

function runPublish(
  inputs: Record<string, string>,
): Promise<{ code: number | null; stdout: string; outputs: string }> {
  const outputFile = join(temp.path, 'github-output');
  const eventFile = join(temp.path, 'event.json');
  writeFileSync(outputFile, '');
  writeFileSync(
    eventFile,
    JSON.stringify({
      action: 'completed',
      workflow_run: {
        id: 1001,
        event: 'pull_request',
        head_sha: HEAD,
        head_branch: 'faster',
        head_repository: { full_name: 'mallory/server', owner: { login: 'mallory' } },
        pull_requests: [],
        // The measuring run was set off by the maintainer who added the label.
        actor: { login: ALICE.login },
        triggering_actor: { login: ALICE.login },
      },
    }),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    GITHUB_OUTPUT: outputFile,
    GITHUB_EVENT_NAME: 'workflow_run',
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_REPOSITORY: `${mock.owner}/${mock.repo}`,
    GITHUB_API_URL: mock.baseUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '2002',
    GITHUB_RUN_ATTEMPT: '1',
    RUNNER_TEMP: join(temp.path, 'runner-temp'),
    // Not the job summary of a workflow these tests may run in.
    GITHUB_STEP_SUMMARY: '',
    'INPUT_GITHUB-TOKEN': 'workflow-token',
  };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  const child = spawn(process.execPath, [BUNDLE], { env, cwd: temp.path, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      resolve({ code, stdout, outputs: readFileSync(outputFile, 'utf8') });
    });
  });
}

test('posts the comment for a fork pull request found by the event, from the re-rendered report', async () => {
  writeArtifact();
  const { code, stdout, outputs } = await runPublish(PUBLISH);
  expect({ code, stdout: code === 0 ? '' : stdout }).toEqual({ code: 0, stdout: '' });
  expect(stdout).toContain('::group::Publish the measured run');
  expect(stdout).toContain('approved by alice (the fork label)');
  expect(mock.statuses.map((status) => [status.sha, status.context, status.state])).toEqual([
    [HEAD, 'mysql-perf-gate', 'success'],
  ]);
  expect(stdout).toContain(`pull request #12 from mallory/server has head ${HEAD}`);
  expect(mock.comments.map((comment) => comment.issueNumber)).toEqual([12]);
  expect(mock.comments[0]!.body).toMatch(/^<!-- mysql-perf-gate:suite=quick -->/);
  expect(outputs).toMatch(
    /^comment-url<<.*\nhttps:\/\/github\.com\/octo-org\/server\/pull\/12#issuecomment-\d+\n/m,
  );
  expect(outputs).toMatch(/^report-dir<<.*\nmysql-perf-gate-report\n/m);
  expect(readdirSync(join(temp.path, 'mysql-perf-gate-report')).sort()).toEqual([
    'charts',
    'comment.md',
    'report.html',
    'verdict.json',
  ]);
  expect(readdirSync(join(temp.path, 'artifact')).sort()).toEqual(['results.json', 'verdict.json']);
});

test('a tampered artifact fails the step with one line, and nothing is posted', async () => {
  const dir = writeArtifact();
  truncateSync(join(dir, 'verdict.json'), 50 * 1024 * 1024);
  const { code, stdout } = await runPublish({ ...PUBLISH, 'status-context': 'perf / gate' });
  expect(code).toBe(1);
  expect(stdout).toMatch(
    /^::error::artifact refused: verdict\.json is 50\.0 MiB, over its cap of 5\.0 MiB$/m,
  );
  // Only the run's pull request looked up; the status says why on the measured head.
  expect(mock.requests.map((request) => request.operationId)).toEqual([
    'repos/list-pull-requests-associated-with-commit',
    'pulls/list',
    'repos/create-commit-status',
  ]);
  expect(mock.statuses.map((status) => [status.context, status.state, status.description])).toEqual([
    ['perf / gate', 'error', 'artifact refused: verdict.json is 50.0 MiB, over its cap of 5.0 MiB'],
  ]);
  expect(readdirSync(temp.path).sort()).toEqual(['artifact', 'event.json', 'github-output', 'suite.yml']);
});

test('a pull request number in the artifact that is not the run head is refused', async () => {
  const dir = writeArtifact();
  writeFileSync(join(dir, 'pull-request.txt'), '3');
  const { code, stdout } = await runPublish(PUBLISH);
  expect(code).toBe(1);
  expect(stdout).toContain(
    `::error::pull request #3 (from pull-request.txt of the artifact) is not an open pull request of octo-org/server with head ${HEAD} from mallory/server (#12 has that head); not posting`,
  );
  expect(mock.comments).toEqual([]);
  expect(mock.statuses).toEqual([]);
});

test("the pull request must come from the event's head repository (or the head-repository input)", async () => {
  writeArtifact();
  const { code, stdout } = await runPublish({ ...PUBLISH, 'head-repository': 'octo-org/server' });
  expect(code).toBe(1);
  expect(stdout).toMatch(
    new RegExp(
      `^::error::no open pull request of octo-org/server from octo-org/server has head ${HEAD} `,
      'm',
    ),
  );
  expect(mock.comments).toEqual([]);
  expect(mock.statuses).toEqual([]);
});

test('a fork head nobody approved: a notice, the awaiting comment, a pending status, no verdict', async () => {
  writeArtifact();
  mock.issueEvents.splice(0, 1, { issueNumber: 12, event: 'labeled', label: 'perf-approved', actor: BOB });
  const { code, stdout, outputs } = await runPublish(PUBLISH);
  expect({ code, stdout: code === 0 ? '' : stdout }).toEqual({ code: 0, stdout: '' });
  expect(stdout).toContain(
    '::notice::pull request #12: no verdict posted, no one with write access approved ffffffffffff: ' +
      'its author `mallory` cannot write to the repository and is not a trusted author, ' +
      'no approving review of that commit, and the label `perf-approved` was added by `bob`, who cannot write to the repository',
  );
  expect(mock.comments.map((comment) => comment.body.split('\n').slice(0, 2).join('\n'))).toEqual([
    '<!-- mysql-perf-gate:suite=quick -->\n## ⏳ Performance: awaiting approval',
  ]);
  expect(mock.statuses.map((status) => status.state)).toEqual(['pending']);
  expect(outputs).toMatch(/^verdict<<.*\nawaiting-approval\n/m);
});

test('an unknown mode fails the step before anything else', async () => {
  const { code, stdout } = await runPublish({ mode: 'publsh', artifact: 'artifact' });
  expect(code).toBe(1);
  expect(stdout).toContain(
    '::error::input "mode" "publsh": expected measure, build, merge, publish, history, bisect',
  );
  expect(mock.requests).toEqual([]);
});
