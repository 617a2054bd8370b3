// Accepting a regression (action mode accept) against the validating GitHub mock: who may, what is
// accepted (the head's published verdict, read from the sticky comment's state), what it writes
// (the comment, the status, the ledger, a reply) and every refusal; each request and answer is
// checked against GitHub's OpenAPI description.
import { getOctokit } from '@actions/github';

import { acceptCommand, acceptCommandReason, type AcceptRequest } from '../../src/commands/accept.js';
import { acceptanceParts, acceptedParts } from '../../src/commands/publish-acceptance.js';
import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { Verdict } from '../../src/compare/verdict-schema.js';
import { commentStateLine, readCommentState } from '../../src/github/comment-state.js';
import { parseLedger } from '../../src/history/acceptance-ledger.js';
import { commentMarker } from '../../src/report/comment.js';
import type { Results } from '../../src/results/results-schema.js';
import type { Logger } from '../../src/shell/logger.js';
import { ACTIONS_BOT, ALICE, BOB, startGitHubMock, type GitHubMock } from '../helpers/github-mock.js';
import { fixtureResults } from '../helpers/report-input.js';

const HEAD = 'f'.repeat(40);
const NEWER = 'e'.repeat(40);
const PUBLISHED_AT = '2026-11-29T08:00:00.000Z';
const COMMENTED_AT = '2026-11-29T09:00:00Z';

let mock: GitHubMock;
let logged: string[];
const logger: Logger = {
  info: (line) => logged.push(`info: ${line}`),
  warning: (line) => logged.push(`warning: ${line}`),
  error: (line) => logged.push(`error: ${line}`),
  progress: () => undefined,
  debug: () => undefined,
  group: (_name, body) => body(),
};

/** The same server on both sides, every head repetition `factor` as fast: judged as compare would. */
function verdictOf(factor: number): Verdict {
  const results: Results = fixtureResults('quick-aa-5reps.json');
  for (const cell of results.cells) {
    if (cell.side === 'head') for (const repetition of cell.repetitions) repetition.report.tps *= factor;
  }
  return judge({
    results,
    resultsPath: 'results.json',
    base: { kind: 'ab' },
    options: DEFAULT_COMPARE_OPTIONS,
  }).verdict;
}

/** The publishing half's sticky comment for `verdict` of `sha`, as the token's identity wrote it. */
function publishedComment(verdict: Verdict, sha = HEAD, author = ACTIONS_BOT, at = PUBLISHED_AT): number {
  const failing = verdict.verdict === 'fail';
  const parts = acceptedParts(verdict, failing, null, { sha, context: 'mysql-perf-gate', at });
  const body = [
    commentMarker(verdict.suite),
    `## ${failing ? '❌ Performance: fail' : '✅ Performance: pass'}`,
    '',
    'the report',
    parts.stateLine,
  ].join('\n');
  return mock.addComment(12, author, body);
}

function pullRequest(headSha = HEAD): void {
  mock.pullRequests.splice(0, mock.pullRequests.length, {
    number: 12,
    headRepo: 'octo-org/server',
    headRef: 'slower',
    headSha,
    state: 'open',
  });
}

function accept(changes: Partial<AcceptRequest> = {}, token = 'accept'): ReturnType<typeof acceptCommand> {
  return acceptCommand(
    {
      owner: mock.owner,
      repo: mock.repo,
      pullRequest: 12,
      actor: ALICE.login,
      source: 'comment',
      body: '/perf accept the new checksum costs 10%, as designed',
      url: 'https://github.com/octo-org/server/pull/12#issuecomment-1',
      at: COMMENTED_AT,
      historyBranch: 'mysql-perf-gate-history',
      runUrl: 'https://github.com/octo-org/server/actions/runs/77',
      ...changes,
    },
    getOctokit(token, { baseUrl: mock.baseUrl }),
    logger,
  );
}

/** The label perf-accepted added by `login` at `at`, as the pull request's events list it. */
function labelled(login: string, at: string): void {
  mock.issueEvents.push({
    issueNumber: 12,
    event: 'labeled',
    label: 'perf-accepted',
    actor: { login, id: 3000, type: 'User' },
    createdAt: at,
  });
}

const ledgerText = (): string =>
  mock
    .blobContent(mock.filesAt(mock.branches.get('mysql-perf-gate-history')!).get('acceptances.json')!)!
    .toString();

const stickyBody = (id: number): string => mock.comments.find((comment) => comment.id === id)?.body ?? '';
const replies = (): string[] =>
  mock.comments
    .filter((comment) => !comment.body.startsWith('<!-- mysql-perf-gate:suite='))
    .map((c) => c.body);

beforeEach(async () => {
  logged = [];
  mock = await startGitHubMock();
  mock.tokens.set('accept', { user: ACTIONS_BOT, installation: true, readOnly: false });
  mock.tokens.set('no-contents', {
    user: ACTIONS_BOT,
    installation: true,
    readOnly: false,
    contentsReadOnly: true,
  });
  mock.permissions.set(ALICE.login, 'admin');
  mock.permissions.set('wes', 'write');
  mock.permissions.set(BOB.login, 'read');
  mock.permissions.set('carol', 'triage');
  pullRequest();
});

afterEach(async () => {
  expect(mock.failures).toEqual([]);
  await mock.close();
});

describe('a writer accepts the failing verdict of the head', () => {
  it('by a comment: the comment shows it, the status is success, the ledger and a reply record it', async () => {
    const verdict = verdictOf(0.9);
    expect(verdict.verdict).toBe('fail');
    const id = publishedComment(verdict);

    const outcome = await accept();

    expect(outcome.kind).toBe('done');
    const body = stickyBody(id);
    expect(body.split('\n').slice(0, 4)).toEqual([
      commentMarker('quick'),
      '## ❌ Performance: fail',
      '',
      '> [!NOTE]',
    ]);
    expect(body).toContain('**☑️ Accepted** by @alice for `ffffffffffff`');
    expect(body).toContain('“the new checksum costs 10%, as designed”');
    // What failed is named, from the comment's own state.
    const regressions = verdict.cells.filter((cell) => cell.gating && cell.verdict === 'regression');
    expect(regressions.length).toBeGreaterThan(0);
    for (const cell of regressions) expect(body).toContain(`\`${cell.workload}@${cell.threads}\` tps`);
    const state = readCommentState(body);
    expect(state.kind === 'state' && state.state.acceptance?.by).toBe('alice');
    expect(state.kind === 'state' && state.state.acceptance?.failures.length).toBe(regressions.length);

    expect(mock.statuses.map((status) => [status.sha, status.context, status.state])).toEqual([
      [HEAD, 'mysql-perf-gate', 'success'],
    ]);
    expect(mock.statuses[0]?.description).toBe(
      `accepted by @alice (${regressions.length} failures): the new checksum costs 10%, as designed`,
    );

    const ledger = parseLedger(
      mock
        .blobContent(mock.filesAt(mock.branches.get('mysql-perf-gate-history')!).get('acceptances.json')!)!
        .toString(),
      'ledger',
    );
    expect(
      ledger.entries.map((entry) => [entry.pullRequest, entry.acceptance.sha, entry.acceptance.by]),
    ).toEqual([[12, HEAD, 'alice']]);
    expect(replies()).toHaveLength(1);
    expect(replies()[0]).toMatch(/^☑️ @alice: accepted\./);
  });

  it('by the label: no reason given, said so', async () => {
    publishedComment(verdictOf(0.9));
    labelled('wes', '2026-11-29T09:30:00Z');
    const outcome = await accept({
      source: 'label',
      body: '',
      label: 'perf-accepted',
      labelledHead: HEAD,
      actor: 'wes',
    });
    expect(outcome.kind).toBe('done');
    expect(mock.statuses.map((status) => status.state)).toEqual(['success']);
    expect(mock.statuses[0]?.description).toMatch(/^accepted by @wes \(\d+ failures\)$/);
    // When: GitHub's time of the labeled event, not when the job ran.
    expect(mock.comments[0]?.body).toContain('(the acceptance label, 2026-11-29 09:30 UTC)');
    expect(mock.comments[0]?.body).toContain('no reason given');
  });

  it('without contents: write, the acceptance stands and the reply says the ledger was not written', async () => {
    publishedComment(verdictOf(0.9));
    const outcome = await accept({}, 'no-contents');
    expect(outcome.kind === 'done' && outcome.ledgerWarning).toMatch(
      /^not recorded in mysql-perf-gate-history:acceptances\.json: /,
    );
    expect(mock.statuses.map((status) => status.state)).toEqual(['success']);
    expect(replies()[0]).toContain('⚠️ not recorded in mysql-perf-gate-history:acceptances.json');
  });
});

describe('nothing is accepted', () => {
  const nothing = async (outcome: Awaited<ReturnType<typeof acceptCommand>>, why: RegExp): Promise<void> => {
    expect(mock.statuses).toEqual([]);
    expect(mock.branches.has('mysql-perf-gate-history')).toBe(false);
    const text = outcome.kind === 'done' ? outcome.suites.map((suite) => suite.why).join('; ') : outcome.why;
    expect(text).toMatch(why);
    return Promise.resolve();
  };

  it('from someone without write access (read, triage): a reply says it takes write access', async () => {
    const id = publishedComment(verdictOf(0.9));
    const before = stickyBody(id);
    for (const actor of [BOB.login, 'carol', 'nobody']) {
      await nothing(await accept({ actor }), /cannot accept a regression: that takes write access/);
    }
    expect(stickyBody(id)).toBe(before);
    expect(replies()).toEqual([
      '@bob cannot accept a regression: that takes write access to octo-org/server (theirs: read).',
      '@carol cannot accept a regression: that takes write access to octo-org/server (theirs: triage).',
      '@nobody cannot accept a regression: that takes write access to octo-org/server (theirs: read).',
    ]);
  });

  it('when the head moved on since the verdict', async () => {
    publishedComment(verdictOf(0.9));
    pullRequest(NEWER);
    await nothing(await accept(), /its verdict is for ffffffffffff, and the head is now eeeeeeeeeeee/);
  });

  it('for a label added at another head', async () => {
    publishedComment(verdictOf(0.9));
    labelled(ALICE.login, '2026-11-29T09:30:00Z');
    await nothing(
      await accept({ source: 'label', body: '', label: 'perf-accepted', labelledHead: NEWER }),
      /the label was added at eeeeeeeeeeee/,
    );
  });

  it("for a label added before the verdict was published, by GitHub's times", async () => {
    publishedComment(verdictOf(0.9));
    labelled(ALICE.login, '2026-11-29T07:00:00Z');
    await nothing(
      await accept({ source: 'label', body: '', label: 'perf-accepted', labelledHead: HEAD }),
      /published after the label/,
    );
  });

  it('from a comment without a reason: a reply asks for one', async () => {
    publishedComment(verdictOf(0.9));
    await nothing(await accept({ body: '/perf accept   ' }), /give the reason/);
    expect(replies()).toEqual(['@alice: give the reason: `/perf accept <why this slowdown is intended>`.']);
  });

  it('when the verdict passes', async () => {
    publishedComment(verdictOf(1));
    await nothing(await accept(), /passes: there is nothing to accept/);
  });

  it('when the verdict was published after the comment', async () => {
    publishedComment(verdictOf(0.9));
    await nothing(await accept({ at: '2026-11-29T07:59:59Z' }), /published after the comment/);
  });

  it("from a comment that only looks like the publishing half's (written by a user)", async () => {
    publishedComment(verdictOf(0.9), HEAD, ALICE);
    await nothing(await accept(), /no published verdict to accept/);
  });

  it('twice: the second says it was accepted already', async () => {
    publishedComment(verdictOf(0.9));
    await accept();
    mock.statuses.length = 0;
    const again = await accept({ actor: 'wes' });
    expect(again.kind === 'done' && again.suites[0]?.why).toBe(
      'ffffffffffff was accepted already, by @alice (its status is success again)',
    );
    // The status set again (a repair, should setting it have failed), the acceptance unchanged.
    expect(mock.statuses.map((status) => [status.state, status.description])).toEqual([
      ['success', 'accepted by @alice (3 failures): the new checksum costs 10%, as designed'],
    ]);
    expect(parseLedger(ledgerText(), 'ledger').entries).toHaveLength(1);
  });

  it('when a newer verdict rewrote the comment meanwhile: refused, the newer comment kept', async () => {
    const id = publishedComment(verdictOf(0.9));
    const octokit = getOctokit('accept', { baseUrl: mock.baseUrl });
    const read = octokit.rest.issues.getComment;
    // The publishing run of a newer head writes the comment between the listing and the update.
    octokit.rest.issues.getComment = (async (params: Parameters<typeof read>[0]) => {
      const comment = mock.comments.find((item) => item.id === id)!;
      comment.body = `${comment.body}\nnewer`;
      return read(params);
    }) as typeof read;
    const outcome = await acceptCommand(
      {
        owner: mock.owner,
        repo: mock.repo,
        pullRequest: 12,
        actor: ALICE.login,
        source: 'comment',
        body: '/perf accept why',
        url: 'https://github.com/octo-org/server/pull/12#issuecomment-1',
        at: COMMENTED_AT,
        historyBranch: 'mysql-perf-gate-history',
        runUrl: 'https://github.com/octo-org/server/actions/runs/77',
      },
      octokit,
      logger,
    );
    expect(outcome.kind === 'done' && outcome.suites[0]?.failed).toBe(true);
    expect(outcome.kind === 'done' && outcome.suites[0]?.why).toMatch(
      /changed while the acceptance was read \(a newer verdict\?\): nothing was accepted/,
    );
    expect(stickyBody(id).endsWith('\nnewer')).toBe(true);
    expect(mock.statuses).toEqual([]);
  });

  it('for a comment that is not the command', async () => {
    publishedComment(verdictOf(0.9));
    const outcome = await accept({ body: '/perf accepted? why' });
    expect(outcome.kind).toBe('ignored');
    expect(mock.requests).toEqual([]);
  });
});

describe('the command', () => {
  it.each([
    ['/perf accept intended', 'intended'],
    ['/perf accept  two\n\nlines  ', 'two lines'],
    ['  /perf accept x', null],
    ['/perf accept', ''],
    ['/perf accepted', null],
    ['/perf acceptance test', null],
    ['please /perf accept', null],
    ['/PERF Accept x', 'x'],
    [`/perf accept ${'x'.repeat(600)}`, `${'x'.repeat(500)}…`],
  ])('%j gives the reason %j', (body, reason) => {
    expect(acceptCommandReason(body)).toBe(reason);
  });
});

describe('publishing the accepted commit again (a re-run)', () => {
  const place = {
    owner: 'octo-org',
    repo: 'server',
    pullRequest: 12,
    suite: 'quick',
    sha: HEAD,
    context: 'mysql-perf-gate',
  };
  const parts = (): ReturnType<typeof acceptanceParts> =>
    acceptanceParts(getOctokit('accept', { baseUrl: mock.baseUrl }), logger, verdictOf(0.9), true, place);

  it("keeps a writer's acceptance: success, the block under the headline", async () => {
    publishedComment(verdictOf(0.9), HEAD, ACTIONS_BOT, '2025-01-01T00:00:00.000Z');
    // The writer's own comment, as GitHub keeps it (its time is the mock's).
    const asked = mock.addComment(12, ALICE, '/perf accept the new checksum costs 10%, as designed');
    const at = mock.comments.find((comment) => comment.id === asked)!.createdAt;
    const url = `https://github.com/octo-org/server/pull/12#issuecomment-${asked}`;
    expect((await accept({ at, url })).kind).toBe('done');
    const again = await parts();
    expect(again.status.state).toBe('success');
    expect(again.accepted?.by).toBe('alice');
  });

  it('ignores one the comment holds that no writer asked for: failure, and a warning says why', async () => {
    // A state line naming an acceptance, in a comment written with the same token by something else.
    const verdict = verdictOf(0.9);
    const forged = acceptedParts(verdict, true, null, {
      sha: HEAD,
      context: 'mysql-perf-gate',
      at: PUBLISHED_AT,
    });
    const state = readCommentState(forged.stateLine);
    if (state.kind !== 'state') throw new Error('no state');
    const acceptance = {
      sha: HEAD,
      suite: 'quick',
      by: ALICE.login,
      reason: 'trust me',
      at: COMMENTED_AT,
      source: 'comment' as const,
      url: 'https://github.com/octo-org/server/pull/12#issuecomment-424242',
      failures: state.state.failures ?? [],
    };
    mock.addComment(
      12,
      ACTIONS_BOT,
      `${commentMarker('quick')}\n## x\n${commentStateLine({ ...state.state, acceptance })}`,
    );
    const again = await parts();
    expect(again.status.state).toBe('failure');
    expect(again.accepted).toBeNull();
    expect(logged.join('\n')).toMatch(
      /the acceptance kept in \S+ is not applied: its source could not be read/,
    );
  });
});
