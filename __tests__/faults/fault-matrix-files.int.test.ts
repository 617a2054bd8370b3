// The fault matrix, stages that read and write files and talk to GitHub: compare and its report,
// baseline save, history append (a directory, and a branch through the API), publishing the comment
// and the alert issue. Faults: a truncated or corrupted input or stored file, an output that cannot
// be written, a full disk, and GitHub answering 500, 502, 503, 429 with Retry-After, a secondary
// rate limit, or not at all. The bundled CLI against real small filesystems; the API calls against
// the local GitHub that validates every request against GitHub's OpenAPI description.
import { jest } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { upsertAlertIssue } from '../../src/github/alert-issue.js';
import { updateBranchFile } from '../../src/github/branch-file.js';
import { gitHubClient } from '../../src/github/octokit.js';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import { ACTIONS_BOT, startGitHubMock, type GitHubMock, type MockFault } from '../helpers/github-mock.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import {
  canMount,
  errorLine,
  expectOneLine,
  fillUp,
  hashOf,
  matrixTable,
  startCli,
  tmpfs,
} from './matrix.js';

const temp = useTempDir('fault-files-');
const table = matrixTable('fault matrix (files and GitHub)');
const mounts = canMount();
const withMounts = mounts ? it : it.skip;
const RESULTS = join(ROOT, '__fixtures__/results/quick-aa-5reps.json');
const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

type Stage = 'compare' | 'baseline save' | 'history append';

/** The command of a stage, reading `results` and writing under `out`. */
function commandOf(stage: Stage, results: string, out: string, commit = 'abcdef2'): string[] {
  switch (stage) {
    case 'compare':
      return ['compare', results, '--out', out];
    case 'baseline save':
      return ['baseline', 'save', results, '--dir', out, '--commit', commit, '--testbed', 'runner'];
    case 'history append':
      return [
        'history',
        'append',
        results,
        '--dir',
        out,
        '--commit',
        commit,
        '--commit-date',
        '2026-11-02T00:00:00Z',
        '--testbed',
        'runner',
      ];
  }
}

/** Every file under `dir` with its hash: what "the previous one intact" compares. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (at: string): void => {
    let entries;
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name !== 'ballast') files[path.slice(dir.length)] = hashOf(path);
    }
  };
  walk(dir);
  return files;
}

interface FileFault {
  readonly stage: Stage;
  readonly fault: string;
  /** Makes the fault; the results to read, and the undoing of a mount. */
  readonly make: (dir: string, out: string) => { results: string; undo?: () => void };
  readonly line: RegExp;
  /** What the one line tells the user to do before running again (move a corrupted file away). */
  readonly repair?: (out: string) => void;
}

async function checkFiles(fault: FileFault): Promise<void> {
  const out = join(temp.path, 'out');
  mkdirSync(out, { recursive: true });
  // A previous output that must survive: a first run's baseline, history or report.
  const first = startCli(commandOf(fault.stage, RESULTS, out, 'abcdef1'));
  expect(await first.exit).toBe(0);
  const { results, undo } = fault.make(temp.path, out);
  const before = snapshot(out);
  const startMs = performance.now();
  let status: unknown;
  let output = '';
  try {
    const run = startCli(commandOf(fault.stage, results, out));
    status = await run.exit;
    output = run.output();
    expectOneLine(output, status, { status: 2, line: fault.line });
    expect(snapshot(out)).toEqual(before);
  } finally {
    undo?.();
  }
  const seconds = (performance.now() - startMs) / 1000;
  fault.repair?.(out);
  const retry = startCli(commandOf(fault.stage, RESULTS, out));
  expect(await retry.exit).toBe(0);
  table.record({
    stage: fault.stage,
    fault: fault.fault,
    end: `exit ${String(status)}: ${errorLine(output)
      .replace(/^mysql-perf-gate: /, '')
      .slice(0, 110)}`,
    seconds,
  });
}

/** The message's advice for a corrupted store file: move it away (a new one is started). */
function moveAway(out: string): void {
  for (const name of Object.keys(snapshot(out))) renameSync(join(out, name), join(out, `${name}.corrupted`));
}

function truncated(dir: string): string {
  const file = join(dir, 'truncated.json');
  writeFileSync(file, readFileSync(RESULTS).subarray(0, 5000));
  return file;
}

function corrupted(dir: string): string {
  const data = JSON.parse(readFileSync(RESULTS, 'utf8')) as { cells: { repetitions: unknown }[] };
  data.cells[0]!.repetitions = 'x';
  const file = join(dir, 'corrupted.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
}

/** Moves the output onto a small filesystem of its own, the previous files with it; returns the unmount. */
function onTmpfs(out: string): () => void {
  const saved = join(out, '..', 'saved');
  mkdirSync(saved, { recursive: true });
  const files = snapshot(out);
  for (const name of Object.keys(files)) {
    mkdirSync(join(saved, name, '..'), { recursive: true });
    copyFileSync(join(out, name), join(saved, name));
  }
  const unmount = tmpfs(out, 8);
  for (const name of Object.keys(files)) {
    mkdirSync(join(out, name, '..'), { recursive: true });
    copyFileSync(join(saved, name), join(out, name));
  }
  return unmount;
}

/** The output on a full filesystem. */
function fullDisk(out: string): () => void {
  const unmount = onTmpfs(out);
  fillUp(out);
  return unmount;
}

/** The output on a read-only filesystem. */
function readOnly(out: string): () => void {
  const unmount = onTmpfs(out);
  execFileSync('mount', ['-o', 'remount,ro', out]);
  return unmount;
}

const STAGES: readonly Stage[] = ['compare', 'baseline save', 'history append'];

describe('the fault matrix: files', () => {
  jest.setTimeout(120_000);

  it.each(
    STAGES.flatMap((stage): FileFault[] => [
      {
        stage,
        fault: 'truncated results',
        make: (dir) => ({ results: truncated(dir) }),
        line: /truncated\.json is not JSON: Unterminated string in JSON at position 5000/,
      },
      {
        stage,
        fault: 'corrupted results',
        make: (dir) => ({ results: corrupted(dir) }),
        line: /corrupted\.json is not a valid results file:$/,
      },
    ]),
  )('$stage × $fault', checkFiles);

  it.each<FileFault>([
    {
      stage: 'baseline save',
      fault: 'corrupted baseline',
      make: (_dir, out) => {
        const [file] = Object.keys(snapshot(out));
        writeFileSync(join(out, file!), '{"schemaVersion": 1, "entr');
        return { results: RESULTS };
      },
      line: /^mysql-perf-gate: baseline .* is not JSON/,
      repair: moveAway,
    },
    {
      stage: 'history append',
      fault: 'corrupted history',
      make: (_dir, out) => {
        const [file] = Object.keys(snapshot(out));
        writeFileSync(join(out, file!), '{"schemaVersion": 1, "runs": 7}');
        return { results: RESULTS };
      },
      line: /^mysql-perf-gate: .*history/,
      repair: moveAway,
    },
    // The corrupted file is the previous one now: it must be left as it is.
  ])('$stage × $fault', checkFiles);

  withMounts.each(
    STAGES.flatMap((stage): FileFault[] => [
      {
        stage,
        fault: 'unwritable output (read-only)',
        make: (_dir, out) => ({ results: RESULTS, undo: readOnly(out) }),
        line: /read-only file system|cannot be written/,
      },
      {
        stage,
        fault: 'disk full (output)',
        make: (_dir, out) => ({ results: RESULTS, undo: fullDisk(out) }),
        line: /no space left|disk is full|ENOSPC/i,
      },
    ]),
  )('$stage × $fault', checkFiles);
});

// ---- GitHub ----

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
        secondMs: 50,
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
      end: succeeds ? `one written after ${sent.join(', ')}` : outcome.slice(0, 110),
      seconds,
    });
  });
});
