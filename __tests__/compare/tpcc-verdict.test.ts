// The TPC-C-like cells in a verdict: New-Orders per minute judged beside tps, the mix of
// transactions checked against the standard's and shown in every medium, on a real A/A run of the
// tpcc suite (fixture tpcc-aa.json: Debian's mariadbd on both sides, 2 warehouses).
import { compareOptionsFromFlags } from '../../src/commands/compare.js';
import { METRICS } from '../../src/compare/metrics.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { commentMarker, renderComment } from '../../src/report/comment.js';
import { type EmbedScripts, renderHtmlReport } from '../../src/report/html.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { renderResultsSummary } from '../../src/results/results-summary.js';
import type { Results } from '../../src/results/results-schema.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

const SCRIPTS: EmbedScripts = { vega: '', vegaLite: '', vegaEmbed: '' };
const aa = fixtureResults('tpcc-aa.json');

/** The fixture with the head's Payments turned into New-Orders in every repetition of one cell. */
function offMix(results: Results, threads: number, moved: number): Results {
  return {
    ...results,
    cells: results.cells.map((cell) =>
      cell.side !== 'head' || cell.threads !== threads
        ? cell
        : {
            ...cell,
            repetitions: cell.repetitions.map((repetition) => {
              const mix = repetition.report.mix;
              if (mix === undefined) throw new Error('no mix');
              const shift = Math.round(mix.payment.committed * moved);
              return {
                ...repetition,
                report: {
                  ...repetition.report,
                  mix: {
                    ...mix,
                    newOrder: { ...mix.newOrder, committed: mix.newOrder.committed + shift },
                    payment: { ...mix.payment, committed: mix.payment.committed - shift },
                  },
                },
              };
            }),
          },
    ),
  };
}

describe('New-Orders per minute', () => {
  it("is each repetition's committed New-Orders over its minutes, rolled back ones left out", () => {
    const repetition = aa.cells[0]?.repetitions[0];
    if (repetition?.report.mix === undefined) throw new Error('no mix in the fixture');
    const { mix, totalTimeS } = repetition.report;
    expect(METRICS.notpm.value(repetition)).toBeCloseTo((mix.newOrder.committed / totalTimeS) * 60, 9);
    expect(METRICS.notpm.worse).toBe('lower');
  });

  it('is not measured for any other workload', () => {
    const quick = fixtureResults('quick-aa-5reps.json');
    expect(quick.cells[0]?.repetitions.map((repetition) => METRICS.notpm.value(repetition))).toEqual(
      quick.cells[0]?.repetitions.map(() => undefined),
    );
    const verdict = abReportInput(quick).verdict;
    expect(verdict.cells.some((cell) => cell.metric === 'notpm')).toBe(false);
    expect('mix' in verdict).toBe(false);
  });

  it('is judged beside tps in every cell, gating only when named', () => {
    const input = abReportInput(aa);
    const notpm = input.verdict.cells.filter((cell) => cell.metric === 'notpm');
    expect(notpm.map((cell) => cell.threads)).toEqual(aa.suite.threads);
    for (const cell of notpm) {
      expect(cell.gating).toBe(false);
      expect(['unchanged', 'within-tolerance', 'inconclusive']).toContain(cell.verdict);
    }
    const gated = abReportInput(
      aa,
      'r.json',
      compareOptionsFromFlags({ gate: 'tps,notpm', tolerance: [], alpha: '0.05', inconclusive: 'pass' }),
    );
    expect(gated.verdict.cells.filter((cell) => cell.metric === 'notpm' && cell.gating)).toHaveLength(
      notpm.length,
    );
    expect(gated.verdict.verdict).not.toBe('fail');
  });
});

describe('the mix of transactions', () => {
  it('is the standard one on both sides of the A/A run, with no warning', () => {
    const { verdict } = abReportInput(aa);
    expect(verdict.mix?.map((cell) => [cell.workload, cell.threads, cell.standard])).toEqual(
      aa.suite.threads.map((threads) => ['tpcc', threads, true]),
    );
    for (const cell of verdict.mix ?? []) {
      expect(cell.offBy).toBeLessThanOrEqual(0.02);
      expect(cell.base?.shares.newOrder).toBeGreaterThan(0.43);
      expect(cell.head?.shares.payment).toBeGreaterThan(0.41);
    }
    expect(verdict.warnings.filter((warning) => warning.includes('TPC-C-like'))).toEqual([]);
  });

  it('warns when a side is off by more than 2 points, naming the type', () => {
    const threads = aa.suite.threads[0] ?? 1;
    const { verdict } = abReportInput(offMix(aa, threads, 0.1), 'r.json', DEFAULT_COMPARE_OPTIONS);
    const cell = verdict.mix?.find((entry) => entry.threads === threads);
    expect(cell?.standard).toBe(false);
    expect(cell?.offBy).toBeGreaterThan(0.03);
    const warnings = verdict.warnings.filter((warning) => warning.includes('TPC-C-like'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^tpcc @ ${threads}: the mix of TPC-C-like transactions is off the standard by more than 2 percentage points ` +
          `\\(the head's (New-Order|Payment) \\d+\\.\\d% of \\d+ transactions \\(standard 4[35]\\.0%\\)\\): ` +
          'its throughput and New-Order rate were measured on other work than the standard mix$',
      ),
    );
    // Within the tolerance, nothing is said.
    expect(abReportInput(offMix(aa, threads, 0.01)).verdict.warnings.join()).not.toContain('TPC-C-like');
  });

  it('is kept in verdict.json, which reads back', () => {
    const { verdict } = abReportInput(aa);
    expect(Verdict.parse(JSON.parse(JSON.stringify(verdict)))).toEqual(verdict);
  });

  it('shows in the run summary, the terminal summary, the comment and the HTML report', () => {
    expect(renderResultsSummary(aa)).toMatch(
      /^ {2}tpcc @ \d+ head: [\d,.]+ NOTPM \(median\); New-Order 4\d\.\d%, Payment 4\d\.\d%, Order-Status \d\.\d%, Delivery \d\.\d%, Stock-Level \d\.\d% of \d+ transactions$/m,
    );
    const input = abReportInput(offMix(aa, aa.suite.threads[0] ?? 1, 0.1));
    const summary = renderVerdictSummary(input.verdict);
    expect(summary).toMatch(/^tpcc +\d+ +notpm /m);
    expect(summary).toContain('Mix of TPC-C-like transactions.');
    expect(summary).toMatch(/New-Order \(45%\) +Payment \(43%\) +Order-Status \(4%\)/);
    expect(summary).toMatch(/ off$/m);
    const comment = renderComment(input, { charts: [], marker: commentMarker('tpcc') });
    expect(comment).toContain('### Mix of TPC-C-like transactions');
    expect(comment).toContain('new orders/min (NOTPM)');
    expect(comment).toContain('**off**');
    const html = renderHtmlReport(input, [], SCRIPTS);
    expect(html).toContain('<h2>Mix of TPC-C-like transactions</h2>');
    expect(html).toContain('Stock-Level (4%)');
  });
});
