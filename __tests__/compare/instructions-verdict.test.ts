// Verdicts on real instruction-count results: an A/A run and performance_schema OFF → ON, both
// measured with the instructions suite on Debian's mariadbd (functions trimmed to 150 per cell).
import { readFileSync } from 'node:fs';

import { sideOf } from '../../src/compare/run.js';
import { renderVerdictSummary } from '../../src/compare/summary.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { parseResults } from '../../src/results/io.js';
import type { Results } from '../../src/results/schema.js';
import { renderResultsSummary } from '../../src/results/summary.js';

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
    expect(verdict.configDiff).toContainEqual({ name: 'performance_schema', base: 'OFF', head: 'ON' });

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
