// The commit status the publishing half sets: its state per verdict, and a description that says the
// worst cell in at most 140 characters.
import {
  awaitingStatus,
  refusedStatus,
  statusText,
  verdictStatus,
  worstCell,
} from '../../src/github/commit-status.js';
import type { CellComparison, Verdict } from '../../src/compare/verdict-schema.js';

function cell(
  workload: string,
  change: number,
  gating: boolean,
  verdict: CellComparison['verdict'],
): CellComparison {
  return {
    workload,
    threads: 4,
    metric: 'tps',
    verdict,
    change,
    threshold: 0.03,
    gating,
  } as CellComparison;
}

function verdictOf(cells: CellComparison[], verdict: Verdict['verdict']): Verdict {
  const regression = cells.filter((c) => c.verdict === 'regression').length;
  return { verdict, suite: 'standard', cells, counts: { regression } } as unknown as Verdict;
}

describe('the commit status', () => {
  it.each([
    [
      'pass',
      verdictOf([cell('a', 0.01, true, 'unchanged')], 'pass'),
      false,
      'success',
      'pass: 0 regressions in standard',
    ],
    [
      'fail',
      verdictOf(
        [cell('oltp_read_only', -0.05, true, 'regression'), cell('oltp_insert', -0.12, true, 'regression')],
        'fail',
      ),
      true,
      'failure',
      'fail: 2 regressions; worst oltp_insert@4 tps -12.0% (tolerance 3%)',
    ],
    [
      'fail on a gating cell, a larger change not gating',
      verdictOf([cell('small', -0.05, true, 'regression'), cell('big', -0.4, false, 'regression')], 'fail'),
      true,
      'failure',
      'fail: 2 regressions; worst small@4 tps -5.0% (tolerance 3%)',
    ],
    [
      'inconclusive that passes',
      verdictOf([cell('a', 0, true, 'inconclusive')], 'inconclusive'),
      false,
      'success',
      'inconclusive: 0 regressions in standard',
    ],
    [
      'inconclusive that fails',
      verdictOf([cell('a', 0, true, 'inconclusive')], 'inconclusive'),
      true,
      'failure',
      'inconclusive: 0 regressions',
    ],
  ])('%s', (_name, verdict, failing, state, description) => {
    expect(verdictStatus(verdict, failing)).toEqual({ state, description });
  });

  it('cuts a long description to 140 characters', () => {
    const long = verdictOf([cell('w'.repeat(300), -0.5, true, 'regression')], 'fail');
    const { description } = verdictStatus(long, true);
    expect(description.length).toBeLessThanOrEqual(140);
    expect(statusText(`${'x'.repeat(200)}\nsecond line`)).toHaveLength(140);
    expect(statusText('a\n b')).toBe('a b');
  });

  it('pending while awaiting approval, error when refused', () => {
    expect(awaitingStatus('c'.repeat(40))).toEqual({
      state: 'pending',
      description: 'awaiting approval of cccccccccccc by a maintainer',
    });
    expect(refusedStatus('artifact refused: x')).toEqual({
      state: 'error',
      description: 'artifact refused: x',
    });
  });

  it('the worst cell: none without regressions', () => {
    expect(worstCell(verdictOf([cell('a', -0.5, true, 'unchanged')], 'pass'))).toBeUndefined();
  });
});
