// Counted metrics (instructions) are judged on the counts when repetitions agree, and like timings
// when they do not.
import { METRICS } from '../../src/compare/metrics.js';
import { judgeCell } from '../helpers/judge-cell.js';

function judge(base: number[], head: number[], metric = METRICS.instructions, threshold = 0.01) {
  return judgeCell(base, head, { metric, threshold, workload: 'oltp_point_select' });
}

describe('counted metrics', () => {
  it('calls a 3% increase with three agreeing repetitions a regression, which no rank test could', () => {
    const cell = judge([42_852, 42_830, 42_870], [44_140, 44_120, 44_150]);
    expect(cell.verdict).toBe('regression');
    expect(cell.judgedBy).toBe('counts');
    expect(cell.reason).toMatch(
      /^3\.0% worse, beyond the 1\.0% tolerance \(repetitions agree within 0\.\d+%\)$/,
    );
    // The rank test alone, with three a side and four cells, could never have said so.
    expect(cell.pValueRaw).toBeCloseTo(0.05, 10);
    expect(cell.pValue).toBeGreaterThan(0.05);
  });

  it('calls A/A counts unchanged, and an equal decrease an improvement', () => {
    expect(judge([2_328_978, 2_329_900, 2_328_100], [2_328_529, 2_329_000, 2_328_300]).verdict).toBe(
      'unchanged',
    );
    const better = judge([44_140, 44_120, 44_150], [42_852, 42_830, 42_870]);
    expect(better.verdict).toBe('improvement');
    expect(better.judgedBy).toBe('counts');
  });

  it('is inconclusive when the change is within the spread of the tolerance', () => {
    // +0.8% with a 0.4% spread: could be 1.2%.
    const cell = judge([100_000, 100_200, 100_400], [100_900, 101_000, 101_300]);
    expect(cell.verdict).toBe('inconclusive');
    expect(cell.judgedBy).toBe('counts');
    expect(cell.reason).toMatch(/too close to call/);
  });

  it('does not call a change a regression when the repetitions overlap', () => {
    // Medians 1.2% apart, but one head repetition is below the base's highest.
    const cell = judge([100_000, 100_100, 100_200], [100_150, 101_200, 101_300]);
    expect(cell.verdict).not.toBe('regression');
  });

  it('falls back to statistics when the repetitions disagree by more than half the tolerance', () => {
    const cell = judge([378_711, 370_500, 386_900], [393_595, 389_300, 397_900]);
    expect(cell.judgedBy).toBe('statistics');
    expect(cell.verdict).toBe('inconclusive');
    expect(cell.reason).toMatch(
      /^repetitions vary by \d+\.\d+%, more than half the tolerance, so this count is judged like a timing: /,
    );
  });

  it('calls a change that dwarfs a wider spread a regression (performance_schema=ON, 300 point selects)', () => {
    // Real figures from two repetitions a side: the spread (0.8%) exceeds half the tolerance,
    // but every head repetition is 8% above every base repetition.
    const cell = judge([41_563, 41_400], [45_222, 45_580]);
    expect(cell).toMatchObject({ verdict: 'regression', judgedBy: 'counts' });
  });

  it('does not let noisy counts that happen not to overlap pass for a regression', () => {
    // All threads of oltp_write_only (background work in the window): ±10%, head all above base.
    const cell = judge(
      [560_000, 590_000, 600_000],
      [610_000, 640_000, 660_000],
      METRICS.instructionsTotal,
      0.02,
    );
    expect(cell.judgedBy).toBe('statistics');
    expect(cell.verdict).not.toBe('regression');
  });

  it('never judges timings by counts, however tight', () => {
    const cell = judge([1000, 1001, 1002], [900, 901, 902], METRICS.tps, 0.05);
    expect(cell.judgedBy).toBe('statistics');
  });

  describe('paired repetitions (an A/B run in lockstep: repetition i of both sides found the same data)', () => {
    // oltp_write_only under callgrind, measured here: each repetition's count follows the data the
    // writes before it left, on both sides alike (the second repetition lowest on both).
    const base = [297_732, 296_073, 298_451];
    // The same code: each repetition within 0.3% of its counterpart, either way.
    const same = [base[0]! * 1.003, base[1]! * 0.999, base[2]! * 1.002];

    it('judges each repetition against its counterpart: unchanged where every pairing could not say', () => {
      const unpaired = judge(base, same);
      expect(unpaired.verdict).toBe('inconclusive');
      const paired = judgeCell(base, same, {
        threshold: 0.01,
        workload: 'oltp_write_only',
        paired: true,
      });
      expect(paired.verdict).toBe('unchanged');
      expect(paired.judgedBy).toBe('counts');
      expect(paired.reason).toMatch(/repetitions agree within 0\.40% with their counterparts/);
    });

    it('still calls a real change, and is no looser when the counterparts disagree', () => {
      const worse = base.map((count) => count * 1.2);
      expect(judgeCell(base, worse, { threshold: 0.01, workload: 'w', paired: true }).verdict).toBe(
        'regression',
      );
      // Counterparts 0.2% to 1.6% apart: one pairing beyond the tolerance, so not unchanged.
      const drifting = [base[0]! * 1.002, base[1]! * 1.008, base[2]! * 1.016];
      expect(judgeCell(base, drifting, { threshold: 0.01, workload: 'w', paired: true }).verdict).not.toBe(
        'unchanged',
      );
    });
  });
});
