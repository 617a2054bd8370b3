// The fault matrix, stages that talk to GitHub: the comment, the alert issue and the history on its
// branch, each meeting GitHub answering 500, 502 or 503, a lost answer, a 429 with Retry-After, a
// secondary rate limit, no answer, or 502 every time. Against the local GitHub that validates
// every request against GitHub's OpenAPI description; the clients are the action's own.
import { jest } from '@jest/globals';

import { upsertAlertIssue } from '../../src/github/alert-issue.js';
import { updateBranchFile } from '../../src/github/branch-file.js';
import { gitHubClient } from '../../src/github/octokit.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock, type MockFault } from '../helpers/github-mock.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { matrixTable } from './matrix.js';

const table = matrixTable('fault matrix (GitHub)');
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

type ApiStage = 'publish (the comment)' | 'alert issue' | 'history on its branch';

interface ApiFault {
  readonly fault: string;
  readonly faults: (operation: string) => MockFault[];
  /** Whether the write goes through in the end (else: one line, nothing written). */
  readonly succeeds: boolean;
}

const LIMITS = { retries: 4, waitBudgetSeconds: 60, requestTimeoutSeconds: 5, secondMs: 10 };

const HISTORY_FILE = (mock: GitHubMock) => ({
  owner: mock.owner,
  repo: mock.repo,
  branch: 'perf-history',
  path: 'history/quick.json',
  maxBytes: 100_000,
});

const API_FAULTS: readonly ApiFault[] = [
  { fault: '500', faults: (operationId) => [{ operationId, status: 500, times: 1 }], succeeds: true },
  { fault: '502 twice', faults: (operationId) => [{ operationId, status: 502, times: 2 }], succeeds: true },
  { fault: '503', faults: (operationId) => [{ operationId, status: 503, times: 1 }], succeeds: true },
  {
    fault: '502 after the write (answer lost)',
    faults: (operationId) => [{ operationId, status: 502, times: 1, when: 'after' }],
    succeeds: true,
  },
  {
    fault: '429 with Retry-After: 1',
    faults: (operationId) => [
      { operationId, status: 429, times: 1, headers: { 'retry-after': '1' }, message: SECONDARY },
    ],
    succeeds: true,
  },
  {
    fault: 'secondary rate limit (403)',
    faults: (operationId) => [
      { operationId, status: 403, times: 1, headers: { 'retry-after': '1' }, message: SECONDARY },
    ],
    succeeds: true,
  },
  {
    fault: 'timeout (no answer)',
    faults: (operationId) => [{ operationId, status: 200, times: 1, when: 'after', delayMs: 1500 }],
    succeeds: true,
  },
  {
    fault: '502 every time',
    faults: (operationId) => [{ operationId, status: 502, times: 100 }],
    succeeds: false,
  },
];

/** The write each stage makes, and how many of its results exist afterwards. */
const API_STAGES: Record<
  ApiStage,
  {
    operation: string;
    write: (mock: GitHubMock, client: ReturnType<typeof gitHubClient>) => Promise<unknown>;
    count: (mock: GitHubMock) => number;
  }
> = {
  'publish (the comment)': {
    operation: 'issues/create-comment',
    write: (mock, client) =>
      upsertStickyComment(client, {
        owner: mock.owner,
        repo: mock.repo,
        issueNumber: 7,
        marker: '<!-- m -->',
        body: '<!-- m -->\nslower',
      }),
    count: (mock) => mock.comments.length,
  },
  'alert issue': {
    operation: 'issues/create',
    write: (mock, client) =>
      upsertAlertIssue(client, {
        owner: mock.owner,
        repo: mock.repo,
        marker: '<!-- alert -->',
        title: 'Slower',
        body: 'oltp_read_only',
      }),
    count: (mock) => mock.issues.filter((issue) => (issue.body ?? '').startsWith('<!-- alert -->')).length,
  },
  'history on its branch': {
    operation: 'git/update-ref',
    write: (mock, client) =>
      updateBranchFile(client, {
        ...HISTORY_FILE(mock),
        message: 'history: run 2',
        // The history's own rule: a run already there is not added again.
        update: (current) => (current?.includes('run 2') ? current : `${current ?? ''}run 2\n`),
      }),
    count: (mock) => {
      const sha = mock.branches.get('perf-history');
      const blob = sha === undefined ? undefined : mock.filesAt(sha).get('history/quick.json');
      const text = blob === undefined ? '' : (mock.blobContent(blob)?.toString('utf8') ?? '');
      return text.split('\n').filter((line) => line === 'run 2').length;
    },
  },
};

describe('the fault matrix: GitHub', () => {
  jest.setTimeout(60_000);
  let mock: GitHubMock;

  beforeEach(async () => {
    mock = await startGitHubMock();
    mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
  });

  afterEach(async () => {
    expect(mock.failures).toEqual([]);
    await mock.close();
  });

  const cells = (Object.keys(API_STAGES) as ApiStage[]).flatMap((stage) =>
    API_FAULTS.map((fault) => ({ stage, ...fault })),
  );

  it.each(cells)('$stage × $fault', async ({ stage, fault, faults, succeeds }) => {
    const { operation, write, count } = API_STAGES[stage];
    if (stage === 'history on its branch') {
      // The branch exists with a first run: the write moves it (update-ref).
      const quiet = gitHubClient(
        'actions',
        recordingLogger(() => []),
        { ...LIMITS, baseUrl: mock.baseUrl },
      );
      await updateBranchFile(quiet, {
        ...HISTORY_FILE(mock),
        message: 'history: run 1',
        update: () => 'run 1\n',
      });
    }
    for (const queued of faults(operation)) mock.injectFault(queued);
    const lines: string[] = [];
    const client = gitHubClient(
      'actions',
      recordingLogger(() => lines),
      {
        retries: 4,
        waitBudgetSeconds: 60,
        requestTimeoutSeconds: 0.5,
        secondMs: 10,
        baseUrl: mock.baseUrl,
      },
    );
    const startMs = performance.now();
    const outcome = await write(mock, client).then(
      () => 'written',
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    const seconds = (performance.now() - startMs) / 1000;
    const sent = mock.requests
      .filter((request) => request.operationId === operation)
      .map((request) => request.status);
    if (succeeds) {
      expect(outcome).toBe('written');
      expect(count(mock)).toBe(1);
    } else {
      expect(outcome).not.toContain('\n');
      expect(outcome).toMatch(
        /^could not .*: Server Error; GitHub answered 502 on every retry \(a fault on its side\): run the job again later$/,
      );
      expect(count(mock)).toBe(0);
    }
    table.record({
      stage,
      fault,
      end: succeeds
        ? `one written after ${sent.length === 0 ? 'no answer in time' : sent.join(', ')}`
        : outcome.slice(0, 110),
      seconds,
    });
  });
});
