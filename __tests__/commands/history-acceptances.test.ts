// The nightly's history job and the acceptances' ledger, against the validating GitHub mock: a
// regression a maintainer accepted on the pull request merged in its range opens no issue, and the
// log, the changes and the issue of its range say who accepted it and why; one whose pull request
// was merged elsewhere or not at all, or whose change outgrew what was accepted, alerts as before;
// a ledger or an answer that cannot be read is a warning, never a failed night.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';

import { historyNightlyCommand } from '../../src/commands/history-nightly.js';
import { updateBranchFile } from '../../src/github/branch-file.js';
import {
  ACCEPTANCE_LEDGER_PATH,
  appendToLedger,
  MAX_LEDGER_BYTES,
} from '../../src/history/acceptance-ledger.js';
import { commitOf } from '../history/nights.js';
import { ACTIONS_BOT, type GitHubMock, startGitHubMock } from '../helpers/github-mock.js';
import {
  HISTORY,
  nightlyConfig,
  NIGHTLY_TOKEN,
  NIGHTS,
  seedHistory as seedBranch,
} from '../helpers/nightly-branch.js';
import { recordingLogger } from '../helpers/recording-logger.js';

/** The workloads that step up by 1% at night 6 (commit range commitOf(5)..commitOf(6)). */
let stepping: readonly string[] = ['oltp_point_select'];
let mock: GitHubMock;
let dir: string;

beforeEach(async () => {
  stepping = ['oltp_point_select'];
  mock = await startGitHubMock();
  mock.tokens.set(NIGHTLY_TOKEN, { user: ACTIONS_BOT, installation: true, readOnly: false });
  dir = mkdtempSync(join(os.tmpdir(), 'history-acceptances-'));
});

afterEach(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const seedHistory = (): Promise<void> => seedBranch(mock, stepping);

describe('a regression a maintainer accepted', () => {
  const PULL = 41;
  /** The pull request's merge commit, between the nights of commitOf(5) and commitOf(6). */
  const MERGE = 'a1b2c3d4'.repeat(5);
  const URL = `https://github.com/octo-org/server/pull/${PULL}#issuecomment-77`;

  /** The default branch: every night's commit, the merge among them; the ledger on the history branch. */
  async function seedAcceptance(ledger: string, change = 0.012): Promise<void> {
    const commits = Array.from({ length: NIGHTS }, (_, n) => commitOf(n));
    mock.mainline.push(...commits.slice(0, 6), MERGE, ...commits.slice(6));
    const text =
      ledger ||
      appendToLedger(
        null,
        {
          pullRequest: PULL,
          title: 'Checksum every page',
          acceptance: {
            sha: 'e'.repeat(40),
            suite: 'instructions',
            by: 'alice',
            reason: 'the page checksum costs 1% on point selects',
            at: '2026-01-06T12:00:00Z',
            source: 'comment',
            url: URL,
            failures: [
              {
                cell: 'oltp_point_select@1',
                metric: 'instructions',
                kind: 'regression',
                change,
                threshold: 0.01,
              },
            ],
          },
        },
        'ledger',
      )!;
    await updateBranchFile(getOctokit(NIGHTLY_TOKEN, { baseUrl: mock.baseUrl }), {
      owner: mock.owner,
      repo: mock.repo,
      branch: HISTORY,
      path: ACCEPTANCE_LEDGER_PATH,
      maxBytes: MAX_LEDGER_BYTES,
      message: 'acceptance',
      update: () => text,
    });
  }

  function merged(overrides: Partial<(typeof mock.pullRequests)[number]> = {}): void {
    mock.pullRequests.push({
      number: PULL,
      headRepo: 'octo-org/server',
      headRef: 'page-checksum',
      headSha: 'e'.repeat(40),
      state: 'closed',
      mergedAt: '2026-01-07T09:00:00Z',
      mergeCommitSha: MERGE,
      ...overrides,
    });
  }

  async function nightly(lines: string[]) {
    return historyNightlyCommand(
      getOctokit(NIGHTLY_TOKEN, { baseUrl: mock.baseUrl }),
      nightlyConfig(mock, dir, stepping),
      recordingLogger(() => lines),
    );
  }

  it('opens no issue when its pull request was merged in the range; the log and changes say who and why', async () => {
    await seedHistory();
    await seedAcceptance('');
    merged();
    const lines: string[] = [];
    const outcome = await nightly(lines);

    expect(outcome.recentRegressions.map((change) => change.cell)).toEqual(['oltp_point_select@1']);
    expect(outcome.accepted.map((item) => [item.change.cell, item.pullRequest, item.mergeCommit])).toEqual([
      ['oltp_point_select@1', PULL, MERGE],
    ]);
    expect(outcome.alerts).toEqual([]);
    expect(mock.issues).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^info: oltp_point_select@1 instructions \+1\.0% accepted in #41 by @alice: the page checksum costs 1% on point selects$/,
      ),
    );
    expect(outcome.text).toContain('regression, accepted in #41');
    const written = JSON.parse(readFileSync(join(dir, 'report', 'changes.json'), 'utf8')) as {
      histories: {
        changes: {
          cell: string;
          kind: string;
          accepted?: { pullRequest: number; by: string; url: string };
        }[];
      }[];
    };
    const change = written.histories[0]!.changes.find((item) => item.cell === 'oltp_point_select@1')!;
    expect(change.accepted).toMatchObject({ pullRequest: PULL, by: 'alice', url: URL, mergeCommit: MERGE });
    const compares = mock.requests.filter(
      (request) => request.operationId === 'repos/compare-commits-with-basehead',
    );
    expect(compares.map((request) => request.path.split('/compare/')[1])).toEqual([
      `${commitOf(5)}...${MERGE}`,
      `${MERGE}...${commitOf(6)}`,
    ]);
    expect(mock.failures).toEqual([]);
  });

  it.each([
    [
      'merged before the range',
      { mergeCommitSha: commitOf(3) },
      `#41 was merged at ${commitOf(3).slice(0, 12)}, outside`,
    ],
    [
      'merged after the range',
      { mergeCommitSha: commitOf(9) },
      `#41 was merged at ${commitOf(9).slice(0, 12)}, outside`,
    ],
    // An open pull request's merge_commit_sha is its test merge: in the range here, and no merge.
    ['not merged', { state: 'open' as const, mergedAt: undefined }, '#41 is not merged'],
  ])('alerts as before when its pull request was %s', async (_name, overrides, note) => {
    await seedHistory();
    await seedAcceptance('');
    merged(overrides);
    const lines: string[] = [];
    const outcome = await nightly(lines);

    expect(outcome.accepted).toEqual([]);
    expect(outcome.alerts).toHaveLength(1);
    expect(mock.issues[0]!.body).not.toContain('Accepted');
    expect(lines).toContainEqual(
      expect.stringContaining(
        `info: oltp_point_select@1 instructions +1.0%: no acceptance explains it (${note}`,
      ),
    );
    expect(mock.failures).toEqual([]);
  });

  it.each([
    [
      'a merge commit not on the default branch',
      () => {
        merged({ mergeCommitSha: 'c0ffee00'.repeat(5) });
      },
      `warning: could not compare ${commitOf(5).slice(0, 12)}...c0ffee00c0ff: Not Found; an acceptance merged there is not applied`,
    ],
    [
      'a pull request it cannot read',
      () => undefined,
      'warning: #41: could not read the pull request: Not Found; its acceptance is not applied',
    ],
  ])('alerts, with a warning, for %s', async (_name, addPull, warning) => {
    await seedHistory();
    await seedAcceptance('');
    addPull();
    const lines: string[] = [];
    const outcome = await nightly(lines);
    expect(outcome.accepted).toEqual([]);
    expect(outcome.alerts).toHaveLength(1);
    expect(lines).toContain(warning);
    expect(mock.failures).toEqual([]);
  });

  it('alerts when the change found is more than the accepted one and the tolerance', async () => {
    await seedHistory();
    await seedAcceptance('', -0.012);
    merged();
    const outcome = await nightly([]);
    expect(outcome.accepted).toEqual([]);
    expect(outcome.alerts).toHaveLength(1);
    // Nothing fits what was accepted: GitHub is not asked.
    expect(mock.requests.filter((request) => request.operationId === 'pulls/get')).toEqual([]);
  });

  it('lists it as accepted in the issue of the range when another cell regressed unaccepted', async () => {
    stepping = ['oltp_point_select', 'oltp_read_only'];
    await seedHistory();
    await seedAcceptance('');
    merged();
    const outcome = await nightly([]);

    expect(outcome.alerts).toHaveLength(1);
    expect(outcome.alerts[0]!.changes.map((change) => change.cell)).toEqual(['oltp_read_only@1']);
    const issue = mock.issues[0]!;
    expect(issue.title).toContain('oltp_read_only@1');
    expect(issue.body).toContain('in 1 cell.');
    expect(issue.body).toContain('Accepted, and not part of this alert');
    expect(issue.body).toMatch(
      new RegExp(
        `\\| \`oltp_point_select@1\` \\| instructions \\| \\+1\\.0% \\| \\[#41\\]\\(${URL.replace(/[.?#/]/g, '\\$&')}\\) by @\u2060alice`,
      ),
    );
    expect(issue.body).toContain('--cell oltp_read_only@1 --metric');
    expect(issue.body).not.toContain('--cell oltp_point_select@1');
    expect(mock.failures).toEqual([]);
  });

  it('warns, naming the file and field, and alerts when the ledger does not parse', async () => {
    await seedHistory();
    await seedAcceptance('{"schemaVersion": 1, "entries": [{"pullRequest": "41"}]}\n');
    merged();
    const lines: string[] = [];
    const outcome = await nightly(lines);

    expect(outcome.alerts).toHaveLength(1);
    expect(lines).toContain(
      `warning: ${HISTORY}:${ACCEPTANCE_LEDGER_PATH}: field entries.0.pullRequest is wrong: Invalid input: expected number, received string; no acceptance is applied to the regressions`,
    );
    expect(mock.failures).toEqual([]);
  });

  it('reads no ledger when there is none, and alerts', async () => {
    await seedHistory();
    const lines: string[] = [];
    const outcome = await nightly(lines);
    expect(outcome.alerts).toHaveLength(1);
    expect(lines.filter((line) => /accept/i.test(line))).toEqual([]);
    expect(mock.requests.filter((request) => request.operationId === 'pulls/get')).toEqual([]);
    expect(mock.failures).toEqual([]);
  });
});
