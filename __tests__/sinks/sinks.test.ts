// The sinks a verdict is delivered to, and the delivery itself: every sink runs in the registry's
// order; one that cannot deliver is a warning and the next still runs; a fault of the program is
// not swallowed; the job summary is the comment without images, then the time per stage; the
// pull-request comment goes through the validating GitHub mock.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { GitHubError } from '../../src/github/github-errors.js';
import type { StageRow } from '../../src/report/stage-table.js';
import { writeReport } from '../../src/report/write-report.js';
import type { Logger } from '../../src/shell/logger.js';
import { deliverVerdict } from '../../src/sinks/deliver.js';
import { JOB_SUMMARY } from '../../src/sinks/job-summary.js';
import { PULL_REQUEST_COMMENT, pullRequestCommentSink } from '../../src/sinks/pull-request-comment.js';
import { sinksFor } from '../../src/sinks/registry.js';
import type { Delivery, Sink } from '../../src/sinks/sink.js';
import { ACTIONS_BOT, startGitHubMock } from '../helpers/github-mock.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

let dir: string;
let delivery: Delivery;
let logged: string[];

const logger: Logger = {
  info: (message) => logged.push(`info: ${message}`),
  warning: (message) => logged.push(`warning: ${message}`),
  error: (message) => logged.push(`error: ${message}`),
  debug: () => undefined,
  progress: () => undefined,
  group: async (name, fn) => {
    logged.push(`group: ${name}`);
    return fn();
  },
};

const STAGES: StageRow[] = [
  { stage: 'measure (head)', seconds: 12.34, detail: '6 repetitions' },
  { stage: 'compare', seconds: 0.5, detail: '' },
];

beforeAll(async () => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-sinks-'));
  const input = abReportInput(fixtureResults('quick-ab-performance-schema.json'));
  const report = await writeReport(join(dir, 'report'), input);
  delivery = {
    verdict: input.verdict,
    verdictPath: join(dir, 'report', 'verdict.json'),
    report,
    suite: input.suite.name,
    stages: STAGES,
    context: {},
  };
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  logged = [];
});

function recording(name: string, seen: string[], fail?: Error): Sink {
  return {
    name,
    deliver: (received) => {
      seen.push(`${name}: ${received.suite}`);
      return fail ? Promise.reject(fail) : Promise.resolve({ sink: name });
    },
  };
}

describe('deliverVerdict', () => {
  it('runs every sink in order; one that cannot deliver is a warning and the next still runs', async () => {
    const seen: string[] = [];
    const receipts = await deliverVerdict(
      delivery,
      [
        recording('first', seen, new GitHubError('the token may not comment on pull request #7')),
        recording('second', seen),
      ],
      logger,
    );
    expect(seen).toEqual(['first: quick', 'second: quick']);
    expect(receipts).toEqual([{ sink: 'second' }]);
    expect(logged).toEqual(['warning: the token may not comment on pull request #7']);
  });

  it('throws what is not a named error: a fault of the program, not of the place', async () => {
    await expect(
      deliverVerdict(delivery, [recording('broken', [], new TypeError('x is undefined'))], logger),
    ).rejects.toThrow('x is undefined');
  });

  it('warns of each chart the report lacks, with the chart writer’s own line', async () => {
    const undrawn = {
      name: 'change',
      title: 'Change',
      specPath: '/r/charts/change.vl.json',
      reason: 'vega said no',
      warning: 'chart change could not be drawn, so it has no image: vega said no',
    };
    await deliverVerdict({ ...delivery, report: { ...delivery.report, undrawn: [undrawn] } }, [], logger);
    expect(logged).toEqual([`warning: ${undrawn.warning}`]);
  });
});

describe('the registry', () => {
  it('turns on the sinks whose target is given, in their order', () => {
    expect(sinksFor({}).map((sink) => sink.name)).toEqual([]);
    const client = getOctokit('unused', { baseUrl: 'http://127.0.0.1:9' });
    const pullRequest = {
      client,
      owner: 'o',
      repo: 'r',
      pullRequest: 7,
      chartsBranch: 'charts',
      runKey: '1-1',
      runUrl: 'https://github.com/o/r/actions/runs/1',
    };
    expect(sinksFor({ jobSummaryPath: '/summary', pullRequest }).map((sink) => sink.name)).toEqual([
      PULL_REQUEST_COMMENT,
      JOB_SUMMARY,
    ]);
  });
});

describe('the job summary', () => {
  it('is the comment without images, then the time per stage', async () => {
    const path = join(dir, 'summary.md');
    const [sink] = sinksFor({ jobSummaryPath: path });
    await sink?.deliver(delivery, logger);
    const summary = readFileSync(path, 'utf8');
    expect(summary.startsWith(delivery.report.commentWithoutImages)).toBe(true);
    const stages = summary.slice(delivery.report.commentWithoutImages.length);
    expect(stages).toMatch(/^\n\n### Time per stage\n\n\| stage \|/);
    expect(stages).toMatch(/^\| measure \(head\) \| 12\.3 s \| 6 repetitions \|$/m);
    expect(stages.endsWith('\n')).toBe(true);
  });

  it('is the comment alone when the job only reported (no stages)', async () => {
    const path = join(dir, 'summary-publish.md');
    await sinksFor({ jobSummaryPath: path })[0]?.deliver({ ...delivery, stages: [] }, logger);
    expect(readFileSync(path, 'utf8')).toBe(delivery.report.commentWithoutImages);
  });
});

describe('the pull-request comment', () => {
  it('posts the sticky comment in its log group and returns its address; a refusal is a warning', async () => {
    const mock = await startGitHubMock();
    try {
      mock.tokens.set('actions', { user: ACTIONS_BOT, installation: true, readOnly: false });
      mock.tokens.set('read-only', { user: ACTIONS_BOT, installation: true, readOnly: true });
      const target = (token: string, pullRequest = 7) => ({
        client: getOctokit(token, { baseUrl: mock.baseUrl }),
        owner: mock.owner,
        repo: mock.repo,
        pullRequest,
        chartsBranch: 'mysql-perf-gate-charts',
        runKey: '1-1',
        runUrl: `https://github.com/${mock.owner}/${mock.repo}/actions/runs/1`,
        group: 'Comment on the pull request',
      });
      const [receipt] = await deliverVerdict(delivery, [pullRequestCommentSink(target('actions'))], logger);
      expect(receipt).toMatchObject({ sink: PULL_REQUEST_COMMENT });
      expect(receipt?.url).toMatch(/\/pull\/7#issuecomment-\d+$/);
      expect(mock.comments[0]?.body).toMatch(/^<!-- mysql-perf-gate:suite=quick -->/);
      expect(logged).toEqual([
        'group: Comment on the pull request',
        `info: comment created: ${receipt?.url ?? ''}`,
      ]);

      logged = [];
      const refused = await deliverVerdict(
        delivery,
        [pullRequestCommentSink(target('read-only', 8))],
        logger,
      );
      expect(refused).toEqual([]);
      expect(logged[0]).toBe('group: Comment on the pull request');
      expect(logged.slice(1).every((line) => line.startsWith('warning: '))).toBe(true);
      expect(mock.failures).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});
