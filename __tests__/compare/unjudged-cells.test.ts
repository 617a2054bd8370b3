// No cell of the input vanishes from a verdict: real results with repetitions that lack the metric,
// that completed no transaction, or cells stripped of every count. Each gating cell is judged on
// what it has (the left-out repetitions named) or listed as not judged, with why, and counts as an
// inconclusive cell does.
import { readFileSync } from 'node:fs';

import { sideOf } from '../../src/compare/judge.js';
import {
  buildVerdict,
  type CompareOptions,
  DEFAULT_COMPARE_OPTIONS,
  verdictExitCode,
} from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { parseResults } from '../../src/results/results-file.js';
import type { CellResult, Results } from '../../src/results/results-schema.js';

function fixture(name: string): Results {
  const path = new URL(`../../__fixtures__/results/${name}`, import.meta.url).pathname;
  return parseResults(readFileSync(path, 'utf8'), path);
}

function verdictOf(results: Results, options: Partial<CompareOptions> = {}): Verdict {
  const verdict = buildVerdict(
    sideOf(results, 'base'),
    sideOf(results, 'head'),
    results.suite,
    { kind: 'ab', path: 'r.json', savedAt: null },
    { ...DEFAULT_COMPARE_OPTIONS, pairRepetitions: results.mode === 'ab', ...options },
  );
  return Verdict.parse(verdict);
}

type Edit = (
  repetition: CellResult['repetitions'][number],
  index: number,
) => CellResult['repetitions'][number];

/** A copy of the results with one side's repetitions of one workload edited. */
function edited(results: Results, side: 'base' | 'head', workload: string, edit: Edit): Results {
  return {
    ...results,
    cells: results.cells.map((cell) =>
      cell.side === side && cell.workload === workload
        ? { ...cell, repetitions: cell.repetitions.map(edit) }
        : cell,
    ),
  };
}

/** The A/A instruction run with the head's point selects 8.8% costlier: a regression. */
const regressed = edited(fixture('instructions-aa.json'), 'head', 'oltp_point_select', (repetition) => {
  const counts = repetition.cost?.callgrind;
  if (counts === undefined) throw new Error('the fixture has callgrind counts');
  const more = (value: number) => Math.round(value * 1.088);
  return {
    ...repetition,
    cost: {
      ...repetition.cost,
      callgrind: { ...counts, foreground: more(counts.foreground), total: more(counts.total) },
    },
  };
});

/** Without the callgrind counts of the repetitions `indices` (1-based). */
function withoutCounts(results: Results, side: 'base' | 'head', indices: readonly number[]): Results {
  return edited(results, side, 'oltp_point_select', (repetition) =>
    indices.includes(repetition.index) ? { ...repetition, cost: {} } : repetition,
  );
}

const pointSelect = (verdict: Verdict) =>
  verdict.cells.find((cell) => cell.workload === 'oltp_point_select' && cell.metric === 'instructions');
const unjudgedPointSelect = (verdict: Verdict) =>
  verdict.unjudged.find((cell) => cell.workload === 'oltp_point_select' && cell.metric === 'instructions');

describe('a gating cell never disappears', () => {
  it('the regressed fixture fails as it is', () => {
    const verdict = verdictOf(regressed);
    expect(verdict.verdict).toBe('fail');
    expect(pointSelect(verdict)).toMatchObject({ verdict: 'regression' });
    expect(verdict.unjudged).toEqual([]);
  });

  it('one head repetition without counts: judged on the other two a side, the left-out ones named, still a regression', () => {
    const verdict = verdictOf(withoutCounts(regressed, 'head', [2]));
    expect(verdict.verdict).toBe('fail');
    const cell = pointSelect(verdict);
    expect(cell).toMatchObject({ verdict: 'regression', dropped: { base: [2], head: [2] }, paired: true });
    expect(cell?.base.values).toHaveLength(2);
    expect(cell?.reason).toMatch(
      /^judged on 2 of 3 base and 2 of 3 head repetitions \(head repetition 2 has no callgrind counts; base repetition 2 lost its counterpart\): 8\.\d% worse/,
    );
  });

  it('two head repetitions without counts: not judged, named with why, and the verdict is inconclusive', () => {
    const verdict = verdictOf(withoutCounts(regressed, 'head', [1, 2]));
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.counts).toMatchObject({ regression: 0, unchanged: 3, unjudged: 1 });
    expect(pointSelect(verdict)).toBeUndefined();
    expect(unjudgedPointSelect(verdict)).toEqual({
      workload: 'oltp_point_select',
      threads: 1,
      metric: 'instructions',
      gating: true,
      reason:
        "only 1 of the base's 3 and 1 of the head's 3 repetitions can be judged (head repetitions 1 and 2 have no callgrind counts; base repetitions 1 and 2 lost their counterparts); at least 2 a side are needed to judge a change",
    });
    // Inconclusive follows the policy: a pass by default, a failure when asked.
    expect(verdictExitCode(verdict)).toBe(0);
    expect(
      verdictExitCode(verdictOf(withoutCounts(regressed, 'head', [1, 2]), { inconclusivePolicy: 'fail' })),
    ).toBe(1);
    const summary = renderVerdictSummary(verdict);
    expect(summary).toMatch(/^verdict: INCONCLUSIVE — .*, 1 not judged \(/);
    expect(summary).toContain('NOT JUDGED: 1 gating cell was not judged');
    expect(summary).toContain('  - oltp_point_select @ 1 instructions: only 1 of');
  });

  it('a cell stripped of its counts on both sides is named, not dropped', () => {
    const verdict = verdictOf(withoutCounts(withoutCounts(regressed, 'head', [1, 2, 3]), 'base', [1, 2, 3]));
    expect(verdict.verdict).toBe('inconclusive');
    expect(unjudgedPointSelect(verdict)?.reason).toBe('neither side has callgrind counts in any repetition');
  });

  it('every cell stripped of its counts: each is named, the verdict is not a pass', () => {
    let results = regressed;
    for (const workload of ['oltp_point_select', 'oltp_read_only', 'oltp_read_write', 'oltp_write_only']) {
      for (const side of ['base', 'head'] as const)
        results = edited(results, side, workload, (r) => ({ ...r, cost: {} }));
    }
    const verdict = verdictOf(results);
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.cells).toEqual([]);
    expect(verdict.unjudged.filter((cell) => cell.gating)).toHaveLength(4);
    expect(verdict.counts.unjudged).toBe(4);
  });

  it('a repetition that completed no transaction blocks the cell instead of being left out', () => {
    const results = edited(regressed, 'head', 'oltp_point_select', (repetition) =>
      repetition.index === 2
        ? { ...repetition, report: { ...repetition.report, transactions: 0 } }
        : repetition,
    );
    const verdict = verdictOf(results);
    expect(verdict.verdict).toBe('inconclusive');
    expect(unjudgedPointSelect(verdict)?.reason).toMatch(/^head repetition 2 completed no transaction: /);
  });

  it('a throughput repetition at 0 tps is not left out: the cell is not judged', () => {
    const quick = fixture('quick-aa-5reps.json');
    const [first] = quick.cells;
    if (first === undefined) throw new Error('the fixture has cells');
    const results = edited(quick, 'head', first.workload, (repetition) =>
      repetition.index === 1
        ? { ...repetition, report: { ...repetition.report, tps: 0, transactions: 0 } }
        : repetition,
    );
    const verdict = verdictOf(results);
    const cell = verdict.unjudged.find(
      (entry) => entry.workload === first.workload && entry.metric === 'tps',
    );
    expect(cell).toMatchObject({ gating: true });
    expect(cell?.reason).toMatch(/^head repetition 1 completed no transaction/);
    expect(verdict.verdict).toBe('inconclusive');
  });

  it('a metric that does not gate and one side lacks entirely is left out, as before', () => {
    const verdict = verdictOf(withoutCounts(regressed, 'head', [1, 2, 3]), { gateMetrics: ['tps'] });
    expect(verdict.unjudged).toEqual([]);
    expect(verdict.cells.some((cell) => cell.workload === 'oltp_point_select')).toBe(false);
  });
});
