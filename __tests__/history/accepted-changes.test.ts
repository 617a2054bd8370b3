// Whether an acceptance explains a change point of the nightly history: what it accepted against
// the change found (suite, cell, metric, direction, size), and where its pull request was merged.
import type { Acceptance, GateFailure } from '../../src/compare/acceptance.js';
import type { LedgerEntry } from '../../src/history/acceptance-ledger.js';
import {
  acceptanceCandidates,
  acceptedLine,
  changeKey,
  changeTolerance,
  type CompareStatus,
  explainChange,
  mergeInRange,
  type MergePlace,
} from '../../src/history/accepted-changes.js';
import type { DetectedChange } from '../../src/history/changes.js';
import type { MetricName } from '../../src/compare/metrics.js';

const BEFORE = '1'.repeat(40);
const AFTER = '2'.repeat(40);
const MERGE = '3'.repeat(40);

function point(commit: string, value: number): DetectedChange['lastBefore'] {
  return { commit, commitDate: null, run: null, value, repetitions: [value] };
}

/** A change point of `cell` `metric` by `change` (instructions: higher is worse). */
function detected(
  change: number,
  overrides: { cell?: string; metric?: MetricName | null; before?: string; after?: string } = {},
): DetectedChange {
  const metric = overrides.metric === undefined ? 'instructions' : overrides.metric;
  const worse = metric === 'tps' ? change < 0 : change > 0;
  return {
    cell: overrides.cell ?? 'oltp_point_select@1',
    metric,
    index: 6,
    lastBefore: point(overrides.before ?? BEFORE, 1000),
    firstAfter: point(overrides.after ?? AFTER, 1000 * (1 + change)),
    meanBefore: 1000,
    meanAfter: 1000 * (1 + change),
    change,
    pValue: 0.0001,
    kind: metric === null ? 'change' : worse ? 'regression' : 'improvement',
  };
}

function failure(overrides: Partial<GateFailure> = {}): GateFailure {
  return {
    cell: 'oltp_point_select@1',
    metric: 'instructions',
    kind: 'regression',
    change: 0.02,
    threshold: 0.01,
    ...overrides,
  };
}

function entry(
  pullRequest: number,
  failures: GateFailure[],
  overrides: Partial<Acceptance> = {},
): LedgerEntry {
  return {
    pullRequest,
    title: `pull request ${pullRequest}`,
    acceptance: {
      sha: 'a'.repeat(40),
      suite: 'instructions',
      by: 'alice',
      reason: 'the page checksum costs 2%',
      at: '2026-01-05T10:00:00Z',
      source: 'comment',
      url: `https://github.com/octo-org/server/pull/${pullRequest}#issuecomment-9`,
      failures,
      ...overrides,
    },
  };
}

const SUITE = { suite: 'instructions', tolerance: 0.01 };

describe('which acceptances could explain a change point, by what they accepted', () => {
  it.each<[string, DetectedChange, LedgerEntry, boolean, string[]]>([
    ['the same cell, metric and size', detected(0.02), entry(1, [failure()]), true, []],
    ['a smaller change than accepted', detected(0.005), entry(1, [failure()]), true, []],
    ['up to the tolerance more than accepted', detected(0.03), entry(1, [failure()]), true, []],
    [
      'more than the accepted change and the tolerance',
      detected(0.031),
      entry(1, [failure()]),
      false,
      ['#1 accepted oltp_point_select@1 instructions +2.0%: +3.1% is more than that and the tolerance (1%)'],
    ],
    [
      'the other way',
      detected(0.02),
      entry(1, [failure({ change: -0.02 })]),
      false,
      ['#1 accepted oltp_point_select@1 instructions -2.0%, the other way from +2.0%'],
    ],
    [
      'an unjudged cell (no change)',
      detected(0.02),
      entry(1, [failure({ kind: 'unjudged', change: null })]),
      false,
      ['#1 accepted oltp_point_select@1 instructions without a measured change'],
    ],
    [
      'an inconclusive change the same way',
      detected(0.01),
      entry(1, [failure({ kind: 'inconclusive' })]),
      true,
      [],
    ],
    ['another suite', detected(0.02), entry(1, [failure()], { suite: 'quick' }), false, []],
    ['another metric', detected(0.02), entry(1, [failure({ metric: 'tps' })]), false, []],
    [
      'another thread count',
      detected(0.02),
      entry(1, [failure({ cell: 'oltp_point_select@16' })]),
      false,
      [],
    ],
    [
      'a cell under a variant, the history cell without',
      detected(0.02),
      entry(1, [failure({ cell: 'oltp_point_select@1[innodb_thread_concurrency=8]' })]),
      false,
      [],
    ],
    [
      'the same cell under the same variant',
      detected(0.02, { cell: 'oltp_point_select@1[innodb_thread_concurrency=8]' }),
      entry(1, [failure({ cell: 'oltp_point_select@1[innodb_thread_concurrency=8]' })]),
      true,
      [],
    ],
    [
      'the work gate',
      detected(0.02),
      entry(1, [failure({ cell: 'work', metric: 'work per transaction', kind: 'changed', change: null })]),
      false,
      [],
    ],
    ['an improvement', detected(-0.02), entry(1, [failure({ change: -0.02 })]), false, []],
    [
      'throughput down, accepted down',
      detected(-0.05, { metric: 'tps' }),
      entry(1, [failure({ metric: 'tps', change: -0.06 })]),
      true,
      [],
    ],
    ['a series without a metric', detected(0.02, { metric: null }), entry(1, [failure()]), false, []],
  ])('%s', (_name, change, ledgerEntry, explains, notes) => {
    const found = acceptanceCandidates(change, [ledgerEntry], SUITE);
    expect(found.candidates.map((candidate) => candidate.entry.pullRequest)).toEqual(explains ? [1] : []);
    expect(found.notes).toEqual(notes);
  });

  it('lists the newest acceptance first, with the change it accepted', () => {
    const found = acceptanceCandidates(
      detected(0.02),
      [entry(1, [failure({ change: 0.015 })]), entry(2, [failure({ change: 0.025 })])],
      SUITE,
    );
    expect(found.candidates.map(({ entry: { pullRequest }, accepted }) => [pullRequest, accepted])).toEqual([
      [2, 0.025],
      [1, 0.015],
    ]);
  });

  it('explains nothing without a tolerance to weigh the sizes by', () => {
    const found = acceptanceCandidates(detected(0.02), [entry(1, [failure()])], {
      suite: 'instructions',
      tolerance: null,
    });
    expect(found).toEqual({ candidates: [], notes: [] });
  });
});

describe("a cell's tolerance for the size rule", () => {
  const tolerances = { overrides: [{ workload: 'oltp_point_select', instructions: 0.03 }] };
  it.each<[string, Parameters<typeof changeTolerance>, number | null]>([
    ["the metric's default", [detected(0.02), { overrides: [] }, []], 0.01],
    ["the suite's rule for the workload", [detected(0.02), tolerances, []], 0.03],
    [
      'a rule of the nightly over the suite',
      [detected(0.02), tolerances, [{ metric: 'instructions', value: 0.05 }]],
      0.05,
    ],
    ['none for a series without a metric', [detected(0.02, { metric: null }), { overrides: [] }, []], null],
  ])('%s', (_name, args, expected) => {
    expect(changeTolerance(...args)).toBe(expected);
  });
});

describe('whether a merge commit lies in the range (after the last before, at or before the first after)', () => {
  it.each<[CompareStatus, CompareStatus, boolean]>([
    ['ahead', 'ahead', true],
    ['ahead', 'identical', true],
    ['identical', 'ahead', false],
    ['behind', 'ahead', false],
    ['diverged', 'ahead', false],
    ['ahead', 'behind', false],
    ['ahead', 'diverged', false],
  ])('lastBefore...merge %s, merge...firstAfter %s: %s', (since, until, inside) => {
    expect(mergeInRange(since, until)).toBe(inside);
  });
});

describe('explaining a change point', () => {
  const change = detected(0.02);
  const candidates = acceptanceCandidates(
    change,
    [entry(7, [failure({ change: 0.018 })]), entry(8, [failure()])],
    SUITE,
  ).candidates;
  const places =
    (byNumber: Record<number, MergePlace>) =>
    (pullRequest: number): MergePlace =>
      byNumber[pullRequest] ?? { kind: 'not-merged' };

  it('by the pull request merged in its range, newest acceptance first', () => {
    const explanation = explainChange(
      change,
      candidates,
      places({
        7: { kind: 'merged', commit: MERGE, inRange: true },
        8: { kind: 'merged', commit: '4'.repeat(40), inRange: false },
      }),
    );
    expect(explanation).toEqual({
      kind: 'accepted',
      accepted: {
        change,
        pullRequest: 7,
        title: 'pull request 7',
        acceptance: entry(7, [failure({ change: 0.018 })]).acceptance,
        accepted: 0.018,
        mergeCommit: MERGE,
      },
    });
  });

  it.each<[string, Record<number, MergePlace>, string[]]>([
    ['neither merged', {}, ['#8 is not merged', '#7 is not merged']],
    [
      'merged outside the range, or not known',
      {
        7: { kind: 'unknown', why: 'could not read the pull request: Not Found' },
        8: { kind: 'merged', commit: MERGE, inRange: false },
      },
      [
        `#8 was merged at ${MERGE.slice(0, 12)}, outside ${BEFORE.slice(0, 12)}..${AFTER.slice(0, 12)}`,
        '#7: could not read the pull request: Not Found',
      ],
    ],
  ])('not when %s', (_name, byNumber, notes) => {
    expect(explainChange(change, candidates, places(byNumber), ['earlier note'])).toEqual({
      kind: 'unexplained',
      notes: ['earlier note', ...notes],
    });
  });

  it('not without candidates, whatever was merged', () => {
    expect(explainChange(change, [], places({}))).toEqual({ kind: 'unexplained', notes: [] });
  });
});

describe('the log line of an accepted change', () => {
  const accepted = {
    change: detected(0.02),
    pullRequest: 7,
    title: 't',
    acceptance: entry(7, [failure()]).acceptance,
    accepted: 0.02,
    mergeCommit: MERGE,
  };
  it('names the pull request, who and why', () => {
    expect(acceptedLine(accepted)).toBe(
      'oltp_point_select@1 instructions +2.0% accepted in #7 by @alice: the page checksum costs 2%',
    );
  });
  it('says when a label gave no reason', () => {
    expect(
      acceptedLine({ ...accepted, acceptance: { ...accepted.acceptance, source: 'label', reason: '' } }),
    ).toBe('oltp_point_select@1 instructions +2.0% accepted in #7 by @alice: (the label, no reason given)');
  });
  it('keys a change by its series and place', () => {
    expect(changeKey(accepted.change)).toBe('oltp_point_select@1 instructions 6');
  });
});
