// bisect.json: the change at the first bad commit (the commit before it against it, from measured
// values or the ends' references), the number of builds, and the schema it is read back with.
import { BisectReport, bisectReport, firstBadChange } from '../../src/bisect/bisect-report.js';
import type { BisectState } from '../../src/bisect/bisect-state.js';
import { BAD, CANDIDATES, GOOD, inputs, measured, sampleState, sha } from './bisect-fixtures.js';
import { newState } from '../../src/bisect/bisect-state.js';

const CELL = 'oltp_point_select@1';

/** Ends from a history (not measured); candidates 3 good and 4 bad measured here. */
function fromHistory(result: BisectState['result']): BisectState {
  return {
    ...newState(
      inputs({ references: { good: { [CELL]: [40000, 40002] }, bad: { [CELL]: [45000, 45004] } } }),
      CANDIDATES,
      '1.2.3',
    ),
    estimatedSteps: 3,
    measured: [
      measured(sha('3'), 'candidate', 'good', [41001]),
      measured(sha('4'), 'candidate', 'bad', [45002, 45000]),
    ],
    result,
  };
}

describe('firstBadChange', () => {
  it('compares the first bad commit with the measured commit before it', () => {
    const state = fromHistory({ outcome: 'found', sha: sha('4'), subject: 'commit 4' });
    expect(firstBadChange(state)).toEqual([
      { cell: CELL, before: 41001, after: 45001, change: 45001 / 41001 - 1 },
    ]);
  });

  it("takes the good end's reference before the first candidate, and the bad end's for BAD", () => {
    const first = fromHistory({ outcome: 'found', sha: sha('1'), subject: 'commit 1' });
    const state = { ...first, measured: [measured(sha('1'), 'candidate', 'bad', [44000, 44002])] };
    expect(firstBadChange(state)).toEqual([
      { cell: CELL, before: 40001, after: 44001, change: 44001 / 40001 - 1 },
    ]);
    const last = { ...fromHistory({ outcome: 'found', sha: BAD, subject: 'commit 5' }) };
    const withFour = { ...last, measured: [measured(sha('4'), 'candidate', 'good', [40003])] };
    expect(firstBadChange(withFour)).toEqual([
      { cell: CELL, before: 40003, after: 45002, change: 45002 / 40003 - 1 },
    ]);
  });

  it('is null unless the commit was found, or when the commit before has no values', () => {
    expect(firstBadChange(fromHistory(null))).toBeNull();
    expect(
      firstBadChange(fromHistory({ outcome: 'undecided', reason: 'the ends are alike', suspects: [] })),
    ).toBeNull();
    // Candidate 3 did not build in the sample: it cannot stand before candidate 4.
    expect(
      firstBadChange({ ...sampleState(), result: { outcome: 'found', sha: sha('4'), subject: 'commit 4' } }),
    ).toBeNull();
  });
});

describe('bisectReport', () => {
  it('counts the builds and passes its own schema', () => {
    const report = bisectReport({
      ...sampleState(),
      result: { outcome: 'found', sha: sha('2'), subject: 'commit 2' },
    });
    expect(report.builds).toBe(5);
    // Commit 1, before commit 2, was not measured: no change can be given.
    expect(report.change).toBeNull();
    expect(BisectReport.parse(JSON.parse(JSON.stringify(report)))).toEqual(report);
    expect(report.good).toBe(GOOD);
  });

  it('counts a commit that was never built (its build time null) as no build', () => {
    const state = sampleState();
    const notBuilt = {
      ...state,
      measured: state.measured.map((commit, index) =>
        index === 0 ? { ...commit, buildSeconds: null } : commit,
      ),
    };
    expect(bisectReport(notBuilt).builds).toBe(4);
  });
});
