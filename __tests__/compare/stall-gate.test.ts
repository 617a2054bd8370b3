// The stall gate: a suite's stallGate adds stall seconds to the gating metrics, in one place
// (suiteGate, which judge applies); a suite without per-second reports cannot ask for it, and a
// verdict says why no stall was judged.
import { judge, STALL_GATE_METRIC, suiteGate } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { suiteHash } from '../../src/suite/suite-hash.js';
import type { Results } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';

const aa = fixtureResults('quick-aa-5reps.json');

function judged(results: Results, gateMetrics = DEFAULT_COMPARE_OPTIONS.gateMetrics) {
  return judge({
    results,
    resultsPath: 'results.json',
    base: { kind: 'ab' },
    options: { ...DEFAULT_COMPARE_OPTIONS, gateMetrics },
  }).verdict;
}

describe('suiteGate', () => {
  it.each([
    ['off: the gate asked for', false, undefined, ['tps', 'instructions']],
    ['on: stall seconds added', true, undefined, ['tps', 'instructions', 'stallSeconds']],
    [
      'on, an older verdict that never judged them: nothing added',
      true,
      ['tps', 'p99Ms'] as const,
      ['tps', 'instructions'],
    ],
  ])('%s', (_name, stallGate, metrics, expected) => {
    const options = { ...DEFAULT_COMPARE_OPTIONS, ...(metrics === undefined ? {} : { metrics }) };
    expect(suiteGate(options, { stallGate }).gateMetrics).toEqual(expected);
  });

  it('adds nothing the gate already has', () => {
    const options = { ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['tps', STALL_GATE_METRIC] as const };
    expect(suiteGate(options, { stallGate: true }).gateMetrics).toEqual(['tps', 'stallSeconds']);
  });
});

describe('a verdict with the stall gate', () => {
  it('gates on stall seconds where the suite asks, and records it in its settings', () => {
    const verdict = judged({ ...aa, suite: { ...aa.suite, stallGate: true } });
    const stalls = verdict.cells.filter((cell) => cell.metric === 'stallSeconds');
    expect(stalls).toHaveLength(6);
    expect(stalls.every((cell) => cell.gating)).toBe(true);
    // The A/A run: point selects @ 4 dipped below half in 3 of 5 base repetitions, and no stall is called.
    expect(stalls.map((cell) => cell.verdict)).not.toContain('regression');
    expect(verdict.settings.gateMetrics).toContain('stallSeconds');
    expect(verdict.stalls).toEqual({ status: 'judged', cells: [] });
  });

  it('reports stall seconds without gating on them elsewhere', () => {
    const verdict = judged(aa);
    expect(verdict.cells.filter((cell) => cell.metric === 'stallSeconds' && cell.gating)).toEqual([]);
  });

  it('says why no stall is judged when the suite turns the per-second reports off', () => {
    const off = {
      ...aa,
      suite: { ...aa.suite, reportIntervalSeconds: 0 },
      cells: aa.cells.map((cell) => ({
        ...cell,
        repetitions: cell.repetitions.map((repetition) => ({
          ...repetition,
          report: { ...repetition.report, intervals: [] },
        })),
      })),
    };
    const verdict = judged(off, ['tps', 'stallSeconds']);
    expect(verdict.cells.filter((cell) => cell.metric === 'stallSeconds')).toEqual([]);
    expect(verdict.stalls).toEqual({
      status: 'unavailable',
      reason:
        "the suite turns sysbench's per-second reports off (reportIntervalSeconds: 0), so no stall is judged",
    });
    expect(verdict.warnings).toContain(
      "stallSeconds is a gating metric, but the suite turns sysbench's per-second reports off (reportIntervalSeconds: 0), which it is read from: it decided nothing",
    );
  });
});

describe('stallGate in a suite file', () => {
  const suite = (extra: string): string =>
    `name: s\nthreads: [1]\ndurationSeconds: 5\nrepetitions: 3\ntables: 1\ntableSize: 10\nworkloads:\n  - name: oltp_point_select\n${extra}`;

  it('is off by default, and changes no hash: it changes no measurement', () => {
    const off = parseSuite(suite(''), 's.yml');
    const on = parseSuite(suite('stallGate: true\n'), 's.yml');
    expect(off.stallGate).toBe(false);
    expect(on.stallGate).toBe(true);
    expect(suiteHash(on)).toBe(suiteHash(off));
  });

  it('is refused without the per-second reports it judges', () => {
    expect(() => parseSuite(suite('stallGate: true\nreportIntervalSeconds: 0\n'), 's.yml')).toThrow(
      'stallGate: needs the per-second reports it judges: set reportIntervalSeconds to 1 (or more), or stallGate to false',
    );
  });
});
