// Publishing when the pull request was pushed again since the measurement, against the validating
// GitHub mock: the verdict is posted for the measured commit (its status on that commit), the
// comment names both commits and says the newer head is pending, and the step does not fail for it.
// Also: the history page linked from the comment when the publishing workflow names it.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { compareCommand } from '../../src/commands/compare.js';
import { movedOnLine, publishCommand, type PublishConfig } from '../../src/commands/publish.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { Results } from '../../src/results/results-schema.js';
import { Suite } from '../../src/suite/suite-schema.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const AB = new URL('../../__fixtures__/results/quick-ab-performance-schema.json', import.meta.url).pathname;
const MEASURED = 'a'.repeat(40);
const NEWER = 'e'.repeat(40);

let mock: GitHubMock;
let root: string;
let artifact: string;
let logged: string[];

beforeEach(async () => {
  root = mkdtempSync(join(os.tmpdir(), 'gate-publish-moved-'));
  artifact = join(root, 'artifact');
  mkdirSync(artifact);
  logged = [];
  mock = await startGitHubMock();
  mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  const measured = join(root, 'measured');
  mkdirSync(measured);
  writeFileSync(join(measured, 'results.json'), readFileSync(AB, 'utf8'));
  const compared = await compareCommand({
    resultsPath: join(measured, 'results.json'),
    baselinePath: null,
    outDir: join(measured, 'report'),
    force: false,
    options: DEFAULT_COMPARE_OPTIONS,
  });
  cpSync(join(measured, 'results.json'), join(artifact, 'results.json'));
  cpSync(compared.verdictPath, join(artifact, 'verdict.json'));
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
  rmSync(root, { recursive: true, force: true });
});

function config(overrides: Partial<PublishConfig> = {}): PublishConfig {
  const results = JSON.parse(readFileSync(join(artifact, 'results.json'), 'utf8')) as Results;
  return {
    artifactDir: artifact,
    outDir: join(root, 'report'),
    owner: mock.owner,
    repo: mock.repo,
    headSha: MEASURED,
    headRepository: 'octo-org/server',
    chartsBranch: 'mysql-perf-gate-charts',
    runKey: '42-1',
    runUrl: 'https://github.com/octo-org/server/actions/runs/42',
    judging: { suite: Suite.parse(results.suite), options: DEFAULT_COMPARE_OPTIONS },
    statusContext: 'mysql-perf-gate',
    forkLabel: 'perf-approved',
    requireApproval: 'forks',
    trustedAuthors: [],
    triggeredBy: [],
    ...overrides,
  };
}

async function publish(overrides: Partial<PublishConfig> = {}) {
  return publishCommand(
    config(overrides),
    getOctokit('actions', { baseUrl: mock.baseUrl }),
    recordingLogger(() => logged),
  );
}

describe('a pull request pushed again since the measurement', () => {
  beforeEach(() => {
    mock.pullRequests.push({
      number: 7,
      headRepo: 'octo-org/server',
      headRef: 'feature',
      headSha: NEWER,
      commits: [MEASURED],
      state: 'open',
    });
  });

  it('gets the verdict of the measured commit, a line naming both commits, and the status on the measured one', async () => {
    const outcome = await publish();
    expect(outcome.kind).toBe('published');
    if (outcome.kind !== 'published') return;
    expect(outcome.pullRequest).toEqual({
      number: 7,
      url: 'https://github.com/octo-org/server/pull/7',
      headSha: NEWER,
    });
    expect(mock.comments).toHaveLength(1);
    const body = mock.comments[0]!.body;
    const line = movedOnLine(MEASURED, NEWER);
    expect(line).toBe(
      '⏳ This pull request moved on since it was measured: this verdict is for `aaaaaaaaaaaa`; ' +
        'the newer head `eeeeeeeeeeee` is pending measurement.',
    );
    // Right under the headline (its verdict, the tally, base and head), before any table.
    expect(body).toContain(`**Head:**`);
    expect(body.indexOf(line)).toBeGreaterThan(body.indexOf('**Head:**'));
    expect(body.indexOf(line)).toBeLessThan(body.indexOf('|'));
    // The verdict's status goes on the measured commit, never on the newer head.
    expect(mock.statuses.map((status) => [status.sha, status.state])).toEqual([
      [MEASURED, outcome.exitCode === 1 ? 'failure' : 'success'],
    ]);
    expect(logged).toContain(
      `info: pull request #7 from octo-org/server moved on to ${NEWER}: publishing the verdict for ${MEASURED}, the measured commit; the newer head is pending measurement`,
    );
  }, 60_000);

  it('is not found from another head repository: nothing posted, no status', async () => {
    await expect(publish({ headRepository: 'mallory/server' })).rejects.toThrow(/^no open pull request/);
    expect(mock.comments).toEqual([]);
    expect(mock.statuses).toEqual([]);
  });
});

describe('the history page', () => {
  it('is linked from the comment when the publishing workflow names it, and the comment has no moved-on line', async () => {
    mock.pullRequests.push({
      number: 7,
      headRepo: 'octo-org/server',
      headRef: 'feature',
      headSha: MEASURED,
      state: 'open',
    });
    await publish({ historyPageUrl: 'https://octo-org.github.io/server/history/ci/quick-abc/' });
    const body = mock.comments[0]!.body;
    expect(body).toContain(
      '**History:** every workload over the nightly runs, change points marked, on [the history page](https://octo-org.github.io/server/history/ci/quick-abc/).',
    );
    expect(body).not.toContain('moved on');
  }, 60_000);
});
