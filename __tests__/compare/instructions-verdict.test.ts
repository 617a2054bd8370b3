// Verdicts on real instruction-count results: an A/A run and performance_schema OFF → ON, both
// measured with the instructions suite on Debian's mariadbd (functions trimmed to 150 per cell).
import { readFileSync } from 'node:fs';

import { BASELINE_FUNCTIONS, createEntry } from '../../src/baseline/entry.js';
import { sideOf } from '../../src/compare/judge.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { parseResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import { renderResultsSummary } from '../../src/results/results-summary.js';

function fixture(name: string): Results {
  const path = new URL(`../../__fixtures__/results/${name}`, import.meta.url).pathname;
  return parseResults(readFileSync(path, 'utf8'), path);
}

function verdictOf(results: Results, options = DEFAULT_COMPARE_OPTIONS): Verdict {
  const verdict = buildVerdict(
    sideOf(results, 'base'),
    sideOf(results, 'head'),
    results.suite,
    { kind: 'ab', path: 'r.json', savedAt: null },
    options,
  );
  return Verdict.parse(verdict);
}

const aa = fixture('instructions-aa.json');
const pfs = fixture('instructions-performance-schema.json');

describe('instruction verdicts', () => {
  it('passes an A/A run: every instruction cell unchanged, judged on the counts, within 1%', () => {
    const verdict = verdictOf(aa);
    expect(verdict.verdict).toBe('pass');
    const cells = verdict.cells.filter((cell) => cell.metric === 'instructions');
    expect(cells).toHaveLength(4);
    for (const cell of cells) {
      expect(cell).toMatchObject({ verdict: 'unchanged', judgedBy: 'counts', gating: true });
      expect(Math.abs(cell.change)).toBeLessThan(0.01);
    }
    // Throughput under valgrind is not judged at all.
    expect(verdict.cells.map((cell) => cell.metric)).not.toContain('tps');
    expect(verdict.warnings.filter((warning) => warning.includes('gating metric'))).toEqual([]);
  });

  it('fails performance_schema=ON on every cell, and points at the instrumentation', () => {
    const verdict = verdictOf(pfs);
    expect(verdict.verdict).toBe('fail');
    const cells = verdict.cells.filter((cell) => cell.metric === 'instructions');
    expect(cells.map((cell) => cell.verdict)).toEqual([
      'regression',
      'regression',
      'regression',
      'regression',
    ]);
    for (const cell of cells) expect(cell.change).toBeGreaterThan(0.02);
    expect(verdict.configDiff).toContainEqual(
      expect.objectContaining({ name: 'performance_schema', base: 'OFF', head: 'ON', tier: 1 }),
    );

    const pointSelect = verdict.functionDeltas.find((cell) => cell.workload === 'oltp_point_select');
    expect(pointSelect?.verdict).toBe('regression');
    // The performance schema's instrumentation interface, absent with it OFF.
    const psi = pointSelect?.functions.find((fn) => fn.name === 'psi_mutex_lock');
    expect(psi).toMatchObject({ base: 0 });
    expect(psi?.delta).toBeGreaterThan(100);
    // Sorted by the size of the change.
    const sizes = (pointSelect?.functions ?? []).map((fn) => Math.abs(fn.delta));
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    const summary = renderVerdictSummary(verdict);
    expect(summary).toContain('Where the instructions went');
    expect(summary).toMatch(/\+\d+ {2}psi_mutex_lock \[mariadbd\] \(0 → \d+\)/);
    expect(summary).toMatch(/oltp_point_select +1 +instructions .* counts .*REGRESSION/);
  });

  it('warns that nothing was decided when the gate names only metrics the suite lacks', () => {
    const verdict = verdictOf(pfs, { ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['tps'] });
    expect(verdict.verdict).toBe('pass');
    expect(verdict.warnings.join('\n')).toMatch(
      /no cell was judged on a gating metric \(tps\); this instructions suite measured instructions, instructionsTotal/,
    );
  });

  it('summarizes instruction results per transaction and per query', () => {
    const summary = renderResultsSummary(aa);
    expect(summary).toMatch(/instr\/txn \(median\) +spread +instr\/query +all threads\/txn/);
    expect(summary).toMatch(/oltp_point_select +1 +base +4\d{4} +±0\.\d\d%/);
    expect(summary).toContain('instructions counted by valgrind 3.19');
  });
});

describe('function deltas against a trimmed baseline', () => {
  it('keeps 300 functions per cell in a baseline entry, and invents no change below the cut', () => {
    const many = Array.from({ length: 400 }, (_, index) => ({
      name: `f${index}`,
      object: 'mariadbd',
      perTransaction: 400 - index,
    }));
    const wide = { ...pfs, cells: pfs.cells.map((cell) => ({ ...cell, functions: many })) };
    const entry = createEntry(wide, { side: 'base', savedAt: '2026-11-22T00:00:00.000Z' });
    const trimmed = entry.cells.find((cell) => cell.workload === 'oltp_point_select');
    expect(trimmed?.functions?.map((fn) => fn.name).slice(0, 2)).toEqual(['f0', 'f1']);
    expect(trimmed?.functionsBelow).toBe(400 - (BASELINE_FUNCTIONS - 1));
    const full = pfs.cells.find((cell) => cell.workload === 'oltp_point_select' && cell.side === 'base');
    // The fixture keeps 150 per cell, so trim further by hand to exercise the cut.
    const cut = {
      ...full!,
      functions: full!.functions!.slice(0, 40),
      functionsBelow: full!.functions![39]!.perTransaction,
    };
    expect(trimmed?.functions).toHaveLength(BASELINE_FUNCTIONS);
    const head = pfs.cells.filter((cell) => cell.side === 'head');
    const base = pfs.cells
      .filter((cell) => cell.side === 'base')
      .map((cell) => (cell.workload === 'oltp_point_select' ? cut : cell));
    const verdict = buildVerdict(
      { ...sideOf(pfs, 'base'), cells: base },
      { ...sideOf(pfs, 'head'), cells: head },
      pfs.suite,
      { kind: 'baseline', path: 'b.json', savedAt: null },
      DEFAULT_COMPARE_OPTIONS,
    );
    const deltas = verdict.functionDeltas.find((cell) => cell.workload === 'oltp_point_select');
    for (const fn of deltas?.functions ?? []) {
      if (fn.base === 0) expect(fn.head).toBeGreaterThan(cut.functionsBelow);
    }
    // The totals come from the measured counts, not from the (shortened) list.
    expect(deltas?.baseTotal).toBeGreaterThan(40_000);
  });
});

describe('performance_schema OFF → ON on MySQL 9.7.2 built here with gcc 12 (symbols kept)', () => {
  const verdict = verdictOf(fixture('instructions-mysql-9.7-performance-schema.json'));

  it('makes every cell a regression, by +2.7% to +10.7%', () => {
    const cells = verdict.cells.filter((cell) => cell.metric === 'instructions');
    expect(cells.map((cell) => cell.verdict)).toEqual([
      'regression',
      'regression',
      'regression',
      'regression',
    ]);
    const changes = cells.map((cell) => Math.round(cell.change * 1000) / 10);
    expect(Math.min(...changes)).toBeGreaterThanOrEqual(2.5);
    expect(Math.max(...changes)).toBeLessThanOrEqual(11);
    expect(verdict.configDiff[0]).toEqual(
      expect.objectContaining({ name: 'performance_schema', base: 'OFF', head: 'ON', tier: 1 }),
    );
  });

  it("names the performance schema's own functions among those that grew most, in every cell", () => {
    for (const cell of verdict.functionDeltas) {
      const grown = cell.functions.filter((fn) => fn.delta > 0).slice(0, 6);
      expect(grown.some((fn) => /^pfs_\w+/.test(fn.name))).toBe(true);
    }
  });
});
