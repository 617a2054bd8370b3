// Cells judged after more repetitions: each held to its look's share of alpha, the cells a run
// extends (undecided ones, least decided first), and the looks read back from a run's record.
import { readFileSync } from 'node:fs';

import {
  buildVerdict,
  DEFAULT_COMPARE_OPTIONS,
  looksOfRun,
  undecidedCells,
} from '../../src/compare/verdict.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { sideOf } from '../../src/compare/judge.js';
import { InputError } from '../../src/errors.js';
import { parseResults } from '../../src/results/results-file.js';
import type { CellResult } from '../../src/results/results-schema.js';
import { lookLevels } from '../../src/stats/alpha-spending.js';
import { thrownBy } from '../helpers/errors.js';
import { noisy, real, side } from '../helpers/verdict-sides.js';

const source = { kind: 'ab' as const, path: 'ab.json', savedAt: null };
const INSTRUCTIONS = new URL('../../__fixtures__/results/instructions-aa.json', import.meta.url).pathname;

/** A repetition whose callgrind counts are `factor` times the real ones. */
function scaledInstructions(repetition: CellResult['repetitions'][number], factor: number) {
  const callgrind = repetition.cost?.callgrind;
  if (!callgrind) throw new Error('an instruction fixture without callgrind counts');
  return {
    ...repetition,
    cost: {
      ...repetition.cost,
      callgrind: { ...callgrind, foreground: callgrind.foreground * factor, total: callgrind.total * factor },
    },
  };
}
const LOOKS = [5, 8, 10];

/** A cell's median tps times `factor` with a wobble of ±`spread`, different per repetition. */
function wobbly(factor: number, spread: number, seed: number) {
  return (cell: CellResult, index: number): number => {
    const first = cell.repetitions[0]?.report.tps ?? 1;
    return first * factor * (1 + spread * Math.sin(seed * 3.1 + index * 1.7 + cell.threads));
  };
}

describe('cells judged after several looks', () => {
  it('holds each cell to its look’s level: the first look’s share with 5 repetitions, the last’s with 10', () => {
    const levels = lookLevels(0.05, LOOKS);
    const options = { ...DEFAULT_COMPARE_OPTIONS, looks: LOOKS };
    const atFirst = buildVerdict(side(noisy(1)), side(noisy(2)), real.suite, source, options);
    expect(new Set(atFirst.cells.map((cell) => cell.level))).toEqual(new Set([levels[0]]));
    const atLast = buildVerdict(side(noisy(1), 10), side(noisy(2), 10), real.suite, source, options);
    expect(new Set(atLast.cells.map((cell) => cell.level))).toEqual(new Set([levels[2]]));
    expect(Verdict.parse(atLast).settings.looks).toEqual(LOOKS);
    expect(renderVerdictSummary(atLast)).toContain(
      'alpha 0.05 spent over looks at 5, 8, 10 repetitions, each cell held to its last look',
    );
    const plain = buildVerdict(side(noisy(1)), side(noisy(2)), real.suite, source, DEFAULT_COMPARE_OPTIONS);
    expect(plain.cells.every((cell) => cell.level === undefined)).toBe(true);
    expect(plain.settings.looks).toBeUndefined();
  });

  it('a p-value that passes alpha but not the last look’s share is not a regression', () => {
    // 10 repetitions a side, head 10% slower with ±10% wobble (p = 0.018 on half the cells):
    // significant at 0.05, not at the last look's 0.05 × (1 − ln(1 + 0.8 (e − 1))) ≈ 0.0068.
    const base = side(wobbly(1, 0.1, 1), 10);
    const head = side(wobbly(0.9, 0.1, 2), 10);
    const once = buildVerdict(base, head, real.suite, source, DEFAULT_COMPARE_OPTIONS);
    const looked = buildVerdict(base, head, real.suite, source, { ...DEFAULT_COMPARE_OPTIONS, looks: LOOKS });
    const pick = (verdict: Verdict) =>
      verdict.cells.filter((cell) => cell.metric === 'tps').map((cell) => [cell.pValue, cell.verdict]);
    const between = pick(once).filter(
      ([, verdict], index) => verdict === 'regression' && pick(looked)[index]?.[1] !== 'regression',
    );
    expect(between.length).toBeGreaterThan(0);
    for (const [p] of between) expect(Number(p)).toBeGreaterThan(lookLevels(0.05, LOOKS)[2] ?? 1);
  });
});

describe('undecidedCells', () => {
  it('names the gating cells still inconclusive, least decided first, once each', () => {
    const wild = (cell: CellResult, index: number): number =>
      (cell.repetitions[0]?.report.tps ?? 1) *
      [1, 0.7, 1.3, 0.85, 1.15][index % 5]! *
      (cell.threads === 1 ? 1 : 1.0);
    const calm = noisy(3);
    const values = (cell: CellResult, index: number): number =>
      cell.workload === 'oltp_read_only' ? wild(cell, index) : calm(cell, index);
    const cells = [
      ...side(values).cells.map((cell) => ({ ...cell, side: 'base' as const })),
      ...side(values).cells.map((cell) => ({ ...cell, side: 'head' as const })),
    ];
    const options = { ...DEFAULT_COMPARE_OPTIONS, looks: LOOKS };
    const undecided = undecidedCells(cells, real.suite, options);
    expect(undecided.map((cell) => `${cell.workload}@${cell.threads}`).sort()).toEqual([
      'oltp_read_only@1',
      'oltp_read_only@4',
    ]);
    const judged = buildVerdict(side(values), side(values), real.suite, source, options).cells.filter(
      (cell) => cell.metric === 'tps' && cell.workload === 'oltp_read_only',
    );
    const needed = undecided.map(
      (cell) => judged.find((c) => c.threads === cell.threads)?.repetitionsNeeded ?? 0,
    );
    expect(needed).toEqual([...needed].sort((a, b) => b - a));
  });

  it('is empty when every cell is decided', () => {
    const cells = [
      ...side(noisy(1)).cells.map((cell) => ({ ...cell, side: 'base' as const })),
      ...side(noisy(2)).cells.map((cell) => ({ ...cell, side: 'head' as const })),
    ];
    expect(undecidedCells(cells, real.suite, DEFAULT_COMPARE_OPTIONS)).toEqual([]);
  });
});

describe('looksOfRun', () => {
  const suite = { ...real.suite, repetitions: 5 };
  const record = { planned: 5, most: 10, looks: LOOKS, budgetSeconds: null, stopped: 'most' as const };
  const cellsWith = (n: number): CellResult[] =>
    side(noisy(1), n).cells.map((cell) => ({ ...cell, side: 'head' }));

  it('works the schedule out again from the plan and the most, and checks the record against it', () => {
    expect(looksOfRun({ adaptive: record, suite, cells: cellsWith(8) })).toEqual(LOOKS);
    expect(looksOfRun({ adaptive: undefined, suite, cells: cellsWith(5) })).toBeUndefined();
  });

  it('refuses a record that would lend a cell more of alpha than the run gave it', () => {
    const refused = (results: Parameters<typeof looksOfRun>[0]): string =>
      thrownBy(InputError, () => looksOfRun(results)).message;
    // Another plan.
    expect(
      refused({ adaptive: { ...record, planned: 3, looks: [3, 10] }, suite, cells: cellsWith(8) }),
    ).toMatch(/starts from 3 repetitions, but its suite plans 5/);
    // Looks that are not the schedule's.
    expect(refused({ adaptive: { ...record, looks: [5, 10] }, suite, cells: cellsWith(8) })).toBe(
      "the run's record of added repetitions lists looks at 5, 10, where its plan and most give 5, 8, 10",
    );
    // A most lowered below the repetitions the cells have.
    expect(refused({ adaptive: { ...record, most: 5, looks: [5] }, suite, cells: cellsWith(10) })).toMatch(
      /lists looks at 5, where its plan and most give 5, 8, 10/,
    );
    // The record removed from a run that added repetitions.
    expect(refused({ adaptive: undefined, suite, cells: cellsWith(10) })).toBe(
      'cells have up to 10 repetitions where the suite plans 5, and the results do not record how they were added: they cannot be judged as one run',
    );
  });
});

describe('undecidedCells and the counts rule', () => {
  it('leaves out instruction cells the counts rule cannot decide, however many repetitions come', () => {
    const instructions = parseResults(readFileSync(INSTRUCTIONS, 'utf8'), INSTRUCTIONS);
    // Head's point-select counts 0.95% up: within half the 1% tolerance of the line, too close to call.
    const cells = instructions.cells.map((cell) =>
      cell.side === 'head' && cell.workload === 'oltp_point_select'
        ? {
            ...cell,
            repetitions: cell.repetitions.map((repetition) => scaledInstructions(repetition, 1.0095)),
          }
        : cell,
    );
    const judged = buildVerdict(
      {
        facts: instructions.sides.head,
        cells: cells.filter((c) => c.side === 'base'),
        environment: instructions.environment,
      },
      {
        facts: instructions.sides.head,
        cells: cells.filter((c) => c.side === 'head'),
        environment: instructions.environment,
      },
      instructions.suite,
      source,
      DEFAULT_COMPARE_OPTIONS,
    ).cells.find((cell) => cell.metric === 'instructions' && cell.workload === 'oltp_point_select');
    expect([judged?.verdict, judged?.judgedBy]).toEqual(['inconclusive', 'counts']);
    expect(undecidedCells(cells, instructions.suite, DEFAULT_COMPARE_OPTIONS)).toEqual([]);
  });
});

describe('a real adaptive A/A run (quick, pinned, --budget twice the plan)', () => {
  const path = new URL('../../__fixtures__/results/quick-aa-pinned-adaptive.json', import.meta.url).pathname;
  const results = parseResults(readFileSync(path, 'utf8'), path);

  it('is judged at its looks with every cell decided and unchanged, no cell left for more', () => {
    const looks = looksOfRun(results);
    expect(looks).toEqual([5, 8, 10]);
    const verdict = buildVerdict(sideOf(results, 'base'), sideOf(results, 'head'), results.suite, source, {
      ...DEFAULT_COMPARE_OPTIONS,
      looks,
    });
    expect(verdict.counts).toEqual({
      regression: 0,
      improvement: 0,
      withinTolerance: 0,
      unchanged: 6,
      inconclusive: 0,
      unjudged: 0,
    });
    const reps = Object.fromEntries(
      verdict.cells
        .filter((cell) => cell.metric === 'tps')
        .map((cell) => [`${cell.workload}@${cell.threads}`, cell.base.values.length]),
    );
    expect(reps).toMatchObject({
      'oltp_point_select@4': 10,
      'oltp_write_only@4': 8,
      'oltp_point_select@1': 5,
    });
    expect(undecidedCells(results.cells, results.suite, { ...DEFAULT_COMPARE_OPTIONS, looks })).toEqual([]);
  });
});
