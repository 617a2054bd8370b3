// What an acceptance covers (compare/acceptance.ts) and what the publishing half makes of one it
// finds in the sticky comment (commands/publish-acceptance.ts): the status, the line under the
// headline and the state kept. Pure.
import { ACCEPT_HINT, acceptedParts } from '../../src/commands/publish-acceptance.js';
import {
  type Acceptance,
  acceptanceOf,
  gateFailures,
  MAX_ACCEPTED_ITEMS,
  MAX_REASON,
} from '../../src/compare/acceptance.js';
import { acceptanceBlock } from '../../src/report/render/markdown/acceptance.js';
import { ACCEPTANCE_ROOM } from '../../src/report/render/markdown/comment.js';
import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { Verdict } from '../../src/compare/verdict-schema.js';
import { readCommentState } from '../../src/github/comment-state.js';
import { fixtureResults } from '../helpers/report-input.js';

const SHA = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);

function verdictOf(factor: number, options = DEFAULT_COMPARE_OPTIONS): Verdict {
  const results = fixtureResults('quick-aa-5reps.json');
  for (const cell of results.cells) {
    if (cell.side === 'head') for (const repetition of cell.repetitions) repetition.report.tps *= factor;
  }
  return judge({ results, resultsPath: 'results.json', base: { kind: 'ab' }, options }).verdict;
}

function acceptanceOfVerdict(verdict: Verdict, sha = SHA): Acceptance {
  return {
    sha,
    suite: verdict.suite,
    by: 'alice',
    reason: 'intended',
    at: '2026-11-29T09:00:00Z',
    source: 'comment',
    url: 'https://github.com/o/r/pull/1#issuecomment-2',
    failures: gateFailures(verdict),
  };
}

const place = { sha: SHA, context: 'mysql-perf-gate', at: '2026-11-29T10:00:00.000Z' };

describe('what fails the gate', () => {
  it('is each gating regression, by cell and metric, with its change', () => {
    const verdict = verdictOf(0.9);
    const failures = gateFailures(verdict);
    const regressions = verdict.cells.filter((cell) => cell.gating && cell.verdict === 'regression');
    expect(failures.map((failure) => `${failure.cell} ${failure.metric} ${failure.kind}`)).toEqual(
      regressions.map((cell) => `${cell.workload}@${cell.threads} ${cell.metric} regression`),
    );
    expect(failures.every((failure) => failure.change !== null && failure.change < -0.05)).toBe(true);
  });

  it('is nothing for a pass, and the inconclusive cells only when the policy fails them', () => {
    expect(gateFailures(verdictOf(1))).toEqual([]);
    // A 0.1% slowdown at a 0.1% tolerance, five repetitions: every tps cell inconclusive.
    const strict = { ...DEFAULT_COMPARE_OPTIONS, toleranceRules: [{ metric: 'tps' as const, value: 0.001 }] };
    const passing = verdictOf(0.999, strict);
    expect([passing.verdict, passing.counts.inconclusive]).toEqual(['inconclusive', 6]);
    expect(gateFailures(passing)).toEqual([]);
    const failing = verdictOf(0.999, { ...strict, inconclusivePolicy: 'fail' });
    expect(gateFailures(failing).map((failure) => failure.kind)).toEqual(
      Array<string>(6).fill('inconclusive'),
    );
  });

  it('under the fail policy, the inconclusive cells beside a regression too', () => {
    const onePercent = {
      ...DEFAULT_COMPARE_OPTIONS,
      toleranceRules: [{ metric: 'tps' as const, value: 0.01 }],
    };
    const verdict = verdictOf(0.98, { ...onePercent, inconclusivePolicy: 'fail' });
    expect([verdict.verdict, verdict.counts.regression, verdict.counts.inconclusive]).toEqual(['fail', 1, 5]);
    expect(
      gateFailures(verdict)
        .map((failure) => failure.kind)
        .sort(),
    ).toEqual([...Array<string>(5).fill('inconclusive'), 'regression']);
    expect(gateFailures(verdictOf(0.98, onePercent)).map((failure) => failure.kind)).toEqual(['regression']);
  });
});

describe('an acceptance', () => {
  it('of the commit and suite covers the same failures, and no more', () => {
    const verdict = verdictOf(0.9);
    const acceptance = acceptanceOfVerdict(verdict);
    expect(acceptanceOf(acceptance, verdict, SHA).kind).toBe('accepted');
    expect(acceptanceOf(acceptance, verdict, SHA.toUpperCase()).kind).toBe('accepted');
    const fewer = { ...acceptance, failures: acceptance.failures.slice(1) };
    const outcome = acceptanceOf(fewer, verdict, SHA);
    expect(outcome.kind === 'not-covered' && outcome.uncovered).toEqual(acceptance.failures.slice(0, 1));
  });

  it('of this commit does not cover the same cells measured again much worse (beyond their tolerance)', () => {
    const verdict = verdictOf(0.9);
    const acceptance = acceptanceOfVerdict(verdict);
    // As if -2% had been accepted where -8% to -13% is measured now, at a 5% tolerance.
    const smaller = {
      ...acceptance,
      failures: acceptance.failures.map((failure) => ({ ...failure, change: -0.02 })),
    };
    const outcome = acceptanceOf(smaller, verdict, SHA);
    expect(outcome.kind === 'not-covered' && outcome.uncovered.length).toBeGreaterThan(0);
    // Within the tolerance of what was accepted, it covers.
    const close = {
      ...acceptance,
      failures: acceptance.failures.map((failure) => ({ ...failure, change: (failure.change ?? 0) * 0.8 })),
    };
    expect(acceptanceOf(close, verdict, SHA).kind).toBe('accepted');
  });

  it('of another commit or suite says nothing about this verdict', () => {
    const verdict = verdictOf(0.9);
    expect(acceptanceOf(acceptanceOfVerdict(verdict, OTHER), verdict, SHA).kind).toBe('other');
    expect(acceptanceOf({ ...acceptanceOfVerdict(verdict), suite: 'standard' }, verdict, SHA).kind).toBe(
      'other',
    );
  });
});

describe('the publishing half, given the acceptance its comment keeps', () => {
  it('of this commit, covering what fails: success, the block under the headline, kept in the state', () => {
    const verdict = verdictOf(0.9);
    const kept = acceptanceOfVerdict(verdict);
    const parts = acceptedParts(verdict, true, kept, place);
    expect(parts.status.state).toBe('success');
    expect(parts.status.description).toMatch(/^accepted by @alice \(\d failures\): intended$/);
    expect(parts.lead.join('\n')).toContain('**☑️ Accepted** by @alice');
    expect(parts.lead).not.toContain(ACCEPT_HINT);
    const state = readCommentState(parts.stateLine);
    expect(state.kind === 'state' && [state.state.gate, state.state.acceptance?.by]).toEqual([
      'fail',
      'alice',
    ]);
  });

  it('of an earlier head: failure, and a line saying it did not carry over', () => {
    const verdict = verdictOf(0.9);
    const parts = acceptedParts(verdict, true, acceptanceOfVerdict(verdict, OTHER), place);
    expect(parts.status.state).toBe('failure');
    expect(parts.accepted).toBeNull();
    // How to accept this one, if it is intended.
    expect(parts.lead.at(-1)).toBe(ACCEPT_HINT);
    expect(parts.lead.join('\n')).toContain(
      'an acceptance does not carry over: `aaaaaaaaaaaa` was measured and judged afresh',
    );
    const state = readCommentState(parts.stateLine);
    expect(state.kind === 'state' && state.state.acceptance).toBeNull();
  });

  it('of this commit, when more fails than it accepted: failure, naming what is not covered', () => {
    const verdict = verdictOf(0.9);
    const kept = acceptanceOfVerdict(verdict);
    const parts = acceptedParts(verdict, true, { ...kept, failures: kept.failures.slice(1) }, place);
    expect(parts.status.state).toBe('failure');
    expect(parts.lead.join('\n')).toMatch(/this measurement of it fails on more: `[^`]+` tps -/);
  });

  it('a passing verdict: success as the verdict says, nothing about the acceptance', () => {
    const verdict = verdictOf(1);
    const parts = acceptedParts(verdict, false, acceptanceOfVerdict(verdictOf(0.9)), place);
    expect(parts.status.state).toBe('success');
    expect(parts.status.description).not.toContain('accepted');
    expect(parts.lead).toEqual([]);
  });
});

test('the largest acceptance block fits in the room a published comment leaves for it', () => {
  const failure = {
    cell: `${'w'.repeat(280)}@1024[${'v'.repeat(10)}]`,
    metric: 'lowestSecondRatio',
    kind: 'regression' as const,
    change: -0.999,
    threshold: 0.05,
  };
  const block = acceptanceBlock(
    {
      sha: SHA,
      suite: 'quick',
      by: 'a'.repeat(39),
      reason: '<'.repeat(MAX_REASON),
      at: '2026-11-29T09:00:00Z',
      source: 'comment',
      url: `https://github.com/${'o'.repeat(39)}/${'r'.repeat(100)}/pull/123456#issuecomment-1234567890`,
      failures: Array.from({ length: MAX_ACCEPTED_ITEMS }, () => failure),
    },
    'c'.repeat(100),
  );
  expect(block.length).toBeGreaterThan(4_000);
  expect(block.length).toBeLessThan(ACCEPTANCE_ROOM);
});
