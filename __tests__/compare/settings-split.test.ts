// Settings against code: a run with an aligned head splits each gating cell's change into the
// settings' part (head against the aligned head) and the code's (the aligned head against base),
// each judged as the verdict judges base and head.
import type { BaselineFile } from '../../src/baseline/baseline-schema.js';
import { createEntry } from '../../src/baseline/entry.js';
import { baselineKey } from '../../src/baseline/key.js';
import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { renderMarkdownComment } from '../../src/report/render/markdown/comment.js';
import { buildVerdictDocument } from '../../src/report/document/build.js';
import { renderTerminalSummary } from '../../src/report/render/terminal/summary.js';
import type { AlignmentRecord, CellResult, Results } from '../../src/results/results-schema.js';
import { noisy, real, side } from '../helpers/verdict-sides.js';

const ALIGNED: AlignmentRecord['aligned'] = [
  { setting: 'performance_schema', head: 'ON', base: 'OFF', options: { performance_schema: 'OFF' } },
  { setting: 'sync_binlog', head: '1', base: '0', options: { sync_binlog: '0' } },
];

/** An A/B run of the quick suite: base, head and the aligned head at the given levels of tps. */
function run(
  levels: { head: number; aligned: number },
  applied = { performance_schema: 'OFF', sync_binlog: '0' },
): Results {
  const on = (which: 'base' | 'head', cells: readonly CellResult[]): CellResult[] =>
    cells.map((cell) => ({ ...cell, side: which }));
  const repetitions = 6;
  const base = side(noisy(1), repetitions);
  const head = side((cell, index) => noisy(2)(cell, index) * levels.head, repetitions);
  const aligned = side((cell, index) => noisy(3)(cell, index) * levels.aligned, repetitions);
  return {
    ...real,
    suite: { ...real.suite, repetitions },
    mode: 'ab',
    sides: { base: real.sides.head, head: real.sides.head },
    cells: [...on('base', base.cells), ...on('head', head.cells)],
    alignment: {
      options: { performance_schema: 'OFF', sync_binlog: '0' },
      aligned: ALIGNED,
      skipped: [{ setting: 'innodb_doublewrite', why: 'the head (MySQL 9.7.2) has no such variable' }],
      applied,
      cells: on('head', aligned.cells),
    },
  };
}

function verdictOf(results: Results, kind: 'ab' | 'baseline' = 'ab'): Verdict {
  const entry = createEntry(results, { savedAt: '2026-01-01T00:00:00.000Z', side: 'base' });
  const file = { schemaVersion: 1, key: baselineKey(results), entries: [entry] } as BaselineFile;
  const base = kind === 'ab' ? ({ kind: 'ab' } as const) : ({ kind: 'baseline', force: true, file } as const);
  return judge({ results, resultsPath: 'r.json', base, options: DEFAULT_COMPARE_OPTIONS }).verdict;
}

describe('the split of an aligned head', () => {
  it('gives the whole change to the settings when the aligned head measures as the base', () => {
    const verdict = verdictOf(run({ head: 0.7, aligned: 1 }));
    const split = verdict.split;
    expect(split?.cells.length).toBe(verdict.cells.filter((cell) => cell.gating).length);
    for (const cell of split?.cells ?? []) {
      expect(cell.change).toBeLessThan(-0.25);
      expect(cell.settings.verdict).toBe('regression');
      expect(cell.settings.change).toBeCloseTo(cell.change, 1);
      expect(['unchanged', 'within-tolerance', 'inconclusive']).toContain(cell.code.verdict);
      expect(Math.abs(cell.code.change)).toBeLessThan(0.05);
      // (1 + settings)(1 + code) is the whole change.
      expect((1 + cell.settings.change) * (1 + cell.code.change) - 1).toBeCloseTo(cell.change, 1);
    }
    expect(split?.aligned.map((setting) => setting.setting)).toEqual(['performance_schema', 'sync_binlog']);
    expect(split?.skipped).toEqual([
      { setting: 'innodb_doublewrite', why: 'the head (MySQL 9.7.2) has no such variable' },
    ]);
    expect(split?.notTaken).toEqual([]);
  });

  it('gives each part its share when settings and code both changed', () => {
    const split = verdictOf(run({ head: 0.72, aligned: 0.9 })).split;
    for (const cell of split?.cells ?? []) {
      expect(cell.settings.change).toBeCloseTo(-0.2, 1);
      expect(cell.code.change).toBeCloseTo(-0.1, 1);
      expect(cell.settings.verdict).toBe('regression');
      expect(cell.code.verdict).toBe('regression');
    }
  });

  it('names an aligned setting the head did not take, in the split and the warnings', () => {
    const verdict = verdictOf(run({ head: 0.7, aligned: 1 }, { performance_schema: 'ON', sync_binlog: '0' }));
    expect(verdict.split?.notTaken).toEqual(["performance_schema: ON, not the base's OFF"]);
    expect(verdict.warnings.join('\n')).toContain("the aligned head did not take a setting of the base's");
  });

  it('is left out, with a warning, when the base is not the run own', () => {
    const verdict = verdictOf(run({ head: 0.7, aligned: 1 }), 'baseline');
    expect(verdict.split).toBeUndefined();
    expect(verdict.warnings.join('\n')).toContain('--align-settings');
  });

  it('is absent without an aligned head', () => {
    const plain: Results = { ...run({ head: 0.7, aligned: 1 }), alignment: undefined };
    expect(verdictOf(plain).split).toBeUndefined();
  });

  it('reads in the comment and the terminal: the aligned settings and a sentence per cell', () => {
    const verdict = verdictOf(run({ head: 0.72, aligned: 0.9 }));
    const document = buildVerdictDocument(verdict);
    const comment = renderMarkdownComment(document as never, { marker: '<!-- m -->' });
    expect(comment).toContain('### Settings against code');
    expect(comment).toContain('`performance_schema ON → OFF`');
    expect(comment).toMatch(
      /oltp\\_point\\_select @\u2060? 1, tps: −2\d\.\d% in all = settings −\d+\.\d% \\\[/,
    );
    expect(comment).toContain('not aligned, one side has no such variable: innodb\\_doublewrite');
    const terminal = renderTerminalSummary(document);
    expect(terminal).toContain('Settings against code');
    expect(terminal).toMatch(/code −\d+\.\d% \[.*\], regression/);
  });
});
