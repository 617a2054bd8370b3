// The idle side's rule: a repetition over which the other side's server used more CPU than it may
// (1% of the repetition's time frozen or running, any at all stopped by signals) makes its cell
// inconclusive, and the verdict names the idle side.
import {
  IDLE_CPU_SHARE,
  idleDisturbances,
  idleSideWarnings,
  idleSideWorked,
} from '../../src/compare/idle-side.js';
import { judge, sideOf } from '../../src/compare/judge.js';
import { pairCells } from '../../src/compare/cell-inputs.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { CellResult, IdleSideFigure, Results } from '../../src/results/results-schema.js';
import { parseResults } from '../../src/results/results-file.js';
import { ResultsError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';
import { fixtureResults } from '../helpers/report-input.js';

/** An A/B fixture whose repetitions get `figure(cell, repetition index)` as their idle side. */
function withIdleSide(figure: (cell: CellResult, index: number) => IdleSideFigure | undefined): Results {
  const results = fixtureResults('quick-ab-performance-schema.json');
  const cells = results.cells.map((cell) => ({
    ...cell,
    repetitions: cell.repetitions.map((repetition) => {
      const idleSide = figure(cell, repetition.index);
      return idleSide === undefined ? repetition : { ...repetition, idleSide };
    }),
  }));
  // Through the file's own reader: the field is part of the schema.
  return parseResults(JSON.stringify({ ...results, cells }), 'results.json');
}

function judged(results: Results) {
  return judge({
    results,
    resultsPath: 'results.json',
    base: { kind: 'ab' },
    options: DEFAULT_COMPARE_OPTIONS,
  }).verdict;
}

const quiet = (held: IdleSideFigure['held']): IdleSideFigure => ({ cpuSeconds: 0.002, seconds: 8, held });

describe('the idle side', () => {
  it.each<[string, IdleSideFigure, boolean]>([
    ['frozen, nothing used', { cpuSeconds: 0, seconds: 8, held: 'freezer' }, false],
    ['frozen, just under 1%', { cpuSeconds: 0.079, seconds: 8, held: 'freezer' }, false],
    ['frozen, just over 1%', { cpuSeconds: 0.081, seconds: 8, held: 'freezer' }, true],
    ['running with nothing to do (timers)', { cpuSeconds: 0.004, seconds: 8, held: 'running' }, false],
    ['running a busy loop on two CPUs', { cpuSeconds: 15.2, seconds: 8, held: 'running' }, true],
    ['stopped by signals, nothing used', { cpuSeconds: 0, seconds: 8, held: 'signals' }, false],
    ['stopped by signals, a hundredth used', { cpuSeconds: 0.01, seconds: 8, held: 'signals' }, true],
  ])('%s: worked %s', (_, figure, worked) => {
    expect(IDLE_CPU_SHARE).toBe(0.01);
    expect(idleSideWorked(figure)).toBe(worked);
  });

  it('leaves a verdict as it is when the idle side stayed idle', () => {
    const plain = judged(fixtureResults('quick-ab-performance-schema.json'));
    const idle = judged(withIdleSide(() => quiet('freezer')));
    expect(idle.cells).toEqual(plain.cells);
    expect(idle.warnings).toEqual(plain.warnings);
  });

  it('makes the cells an idle head worked beside inconclusive, and names the head', () => {
    const results = withIdleSide((cell, index) =>
      cell.side === 'base' && cell.workload === 'oltp_point_select' && index === 2
        ? { cpuSeconds: 7.4, seconds: 8, held: 'running' }
        : quiet('running'),
    );
    const verdict = judged(results);
    const plain = judged(fixtureResults('quick-ab-performance-schema.json'));
    const touched = verdict.cells.filter((cell) => cell.workload === 'oltp_point_select');
    expect(touched.length).toBeGreaterThan(0);
    for (const cell of touched) {
      expect(cell.verdict).toBe('inconclusive');
      expect(cell.repetitionsNeeded).toBeNull();
      expect(cell.reason).toMatch(
        /^while idle beside base repetition 2, the head's server used up to 92\.5% of a CPU: its CPU was taken from the measured side, so this cell cannot be judged on its figures \(they said: .+\)$/,
      );
    }
    // Every other cell is judged as before.
    const others = (cells: typeof verdict.cells) =>
      cells.filter((cell) => cell.workload !== 'oltp_point_select');
    expect(others(verdict.cells)).toEqual(others(plain.cells));
    expect(verdict.verdict).toBe('inconclusive');
    const threads = [...new Set(touched.map((cell) => cell.threads))];
    expect(verdict.warnings).toContain(
      `the head's server worked while the base was measured, as it was not frozen (--freeze-idle-side, input "freeze-idle-side" off): ` +
        `up to 92.5% of a CPU over ${threads.length === 1 ? '1 repetition' : `${threads.length} repetitions`} ` +
        `(more than 1.0% of a repetition's time); ` +
        `${threads.length === 1 ? '1 cell is' : `${threads.length} cells are`} inconclusive for it: ` +
        threads.map((count) => `oltp_point_select @ ${count}`).join(', '),
    );
  });

  it('takes any CPU at all for work where the idle side was stopped by signals', () => {
    const results = withIdleSide((cell) =>
      cell.side === 'head' ? { cpuSeconds: 0.01, seconds: 8, held: 'signals' } : quiet('freezer'),
    );
    const pairs = pairCells(sideOf(results, 'base').cells, sideOf(results, 'head').cells);
    const found = idleDisturbances(pairs);
    expect(found.map((entry) => [entry.measured, entry.idle, entry.held])).toEqual(
      pairs.map(() => ['head', 'base', 'signals']),
    );
    const [warning] = idleSideWarnings(found);
    expect(warning).toMatch(
      /^the base's server worked while the head was measured, though it was stopped with SIGSTOP: something it started left the server's process tree and escaped the signals: up to 0\.13% of a CPU over \d+ repetitions \(more than 1\.0% of a repetition's time, or any at all once stopped\); \d+ cells are inconclusive for it: /,
    );
    expect(judged(results).cells.every((cell) => cell.verdict === 'inconclusive')).toBe(true);
  });

  it('reads results written before the idle side was recorded', () => {
    const results = fixtureResults('quick-ab-performance-schema.json');
    expect(results.idleSide).toBeUndefined();
    expect(results.cells.every((cell) => cell.repetitions.every((rep) => rep.idleSide === undefined))).toBe(
      true,
    );
    expect(idleDisturbances(pairCells(sideOf(results, 'base').cells, sideOf(results, 'head').cells))).toEqual(
      [],
    );
  });
});

describe("the idle side's figures in results files", () => {
  it('refuses one it cannot take in one line, naming the field and the value', () => {
    const results = fixtureResults('quick-ab-performance-schema.json');
    const data = JSON.parse(JSON.stringify(results)) as {
      cells: { repetitions: Record<string, unknown>[] }[];
    };
    const first = data.cells[0]?.repetitions[0];
    if (first) first.idleSide = { cpuSeconds: 0.5, seconds: 8, held: 'paused' };
    const message = thrownBy(ResultsError, () => parseResults(JSON.stringify(data), 'bad.json')).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message).toContain('cells[0].repetitions[0].idleSide.held');
    expect(message).toContain('paused');
  });
});
