// A change shown to be real but smaller than the tolerance is "within tolerance", not "unchanged":
// how counts and timings earn it, that it passes, and that every view says so.
import { METRICS } from '../../src/compare/metrics.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { commentMarker, renderComment } from '../../src/report/comment.js';
import { renderHtmlReport } from '../../src/report/html.js';
import type { ReportInput } from '../../src/report/report-input.js';
import type { CellResult } from '../../src/results/results-schema.js';
import { real, side } from '../helpers/verdict-sides.js';
import { judgeCell } from '../helpers/judge-cell.js';

function judge(base: number[], head: number[], metric = METRICS.instructions, threshold = 0.02) {
  return judgeCell(base, head, { metric, threshold, workload: 'oltp_read_write' });
}

describe('counts', () => {
  it('calls +1.4% with every pairing worse and a 2% tolerance within tolerance (oltp_read_write)', () => {
    const cell = judge([1_000_000, 1_000_300, 1_000_500], [1_014_000, 1_014_200, 1_014_500]);
    expect(cell).toMatchObject({ verdict: 'within-tolerance', judgedBy: 'counts' });
    expect(cell.reason).toBe(
      '1.4% worse, within the 2.0% tolerance; every pairing of repetitions differs the same way ' +
        '(repetitions agree within 0.05%)',
    );
  });

  it('calls the mirror image, every pairing better, within tolerance too', () => {
    const cell = judge([1_014_000, 1_014_200, 1_014_500], [1_000_000, 1_000_300, 1_000_500]);
    expect(cell.verdict).toBe('within-tolerance');
    expect(cell.reason).toMatch(/^1\.4% better, within the 2\.0% tolerance; every pairing/);
  });

  it('keeps A/A counts whose repetitions overlap unchanged', () => {
    const cell = judge([2_328_978, 2_329_900, 2_328_100], [2_328_529, 2_329_000, 2_328_300]);
    expect(cell).toMatchObject({ verdict: 'unchanged', judgedBy: 'counts' });
  });

  it('keeps identical counts unchanged', () => {
    expect(judge([42_852, 42_852, 42_852], [42_852, 42_852, 42_852]).verdict).toBe('unchanged');
  });

  it('keeps a change unchanged when every pairing differs the same way by less than three spreads', () => {
    // +0.2% with a 0.2% spread: the head is above the base, but by about the spread itself.
    const cell = judge([100_000, 100_100, 100_200], [100_250, 100_300, 100_350]);
    expect(cell.verdict).toBe('unchanged');
  });

  it('keeps a change under a tenth of the tolerance unchanged, even when the counts repeat exactly', () => {
    // One instruction in 42,852, every repetition alike: real, but nothing a reader should act on.
    expect(judge([42_852, 42_852, 42_852], [42_853, 42_853, 42_853]).verdict).toBe('unchanged');
    // 0.3% of a 2% tolerance, exact repetitions: shown and large enough to say so.
    expect(judge([100_000, 100_000, 100_000], [100_300, 100_300, 100_300]).verdict).toBe('within-tolerance');
  });

  it('still calls a change beyond the tolerance a regression', () => {
    const cell = judge([1_000_000, 1_000_300, 1_000_500], [1_026_000, 1_026_200, 1_026_500]);
    expect(cell).toMatchObject({ verdict: 'regression', judgedBy: 'counts' });
  });
});

describe('timings', () => {
  const base = [1000, 1004, 996, 1002, 998, 1001, 999, 1003, 997, 1000];

  it('calls a significant 2% drop in throughput with a 5% tolerance within tolerance', () => {
    const cell = judge(
      base,
      base.map((tps) => tps * 0.98),
      METRICS.tps,
      0.05,
    );
    expect(cell).toMatchObject({ verdict: 'within-tolerance', judgedBy: 'statistics' });
    expect(cell.changeInterval.high).toBeLessThan(0);
    expect(cell.reason).toMatch(
      /^2\.0% worse, within the 5\.0% tolerance; shown to be real \(p = [\d.]+, 95% interval [\d.]+% to [\d.]+% worse\)$/,
    );
  });

  it('calls a significant rise in throughput within the tolerance within tolerance, better', () => {
    const cell = judge(
      base,
      base.map((tps) => tps * 1.02),
      METRICS.tps,
      0.05,
    );
    expect(cell.verdict).toBe('within-tolerance');
    expect(cell.reason).toMatch(/^2\.0% better, within the 5\.0% tolerance; shown to be real/);
  });

  it('keeps a small change the test cannot confirm unchanged', () => {
    // Medians 0.3% apart, the sides interleaved.
    const head = [999, 1005, 997, 1006, 1001, 1004, 1000, 1008, 998, 1003];
    const cell = judge(base, head, METRICS.tps, 0.05);
    expect(cell.changeInterval.low).toBeLessThan(0);
    expect(cell.verdict).toBe('unchanged');
  });

  it('keeps a change unchanged when its interval excludes zero but the test cannot confirm it', () => {
    // Three repetitions a side: the rank test's smallest p (0.05) is 0.2 across four cells.
    const cell = judge([1000, 1004, 996], [980, 984, 976], METRICS.tps, 0.05);
    expect(cell.changeInterval.high).toBeLessThan(0);
    expect(cell.pValue).toBeGreaterThan(0.05);
    expect(cell.verdict).toBe('unchanged');
  });

  it('keeps a change unchanged when the test confirms it but its interval reaches zero', () => {
    const cell = judge(
      [981, 982, 987, 980, 1051, 1005, 1002, 999, 996, 1018],
      [970, 985, 992, 962, 976, 1001, 977, 995, 972, 975],
      METRICS.tps,
      0.05,
    );
    expect(cell.pValue).toBeLessThanOrEqual(0.05);
    expect(cell.changeInterval.high).toBeGreaterThan(0);
    expect(cell.verdict).toBe('unchanged');
  });

  it('does not call a change within tolerance while its interval still reaches beyond the tolerance', () => {
    // A median 3.6% lower with a 5% tolerance, significant, but the interval allows 7.5% worse.
    const cell = judge(
      [1000, 1010, 990, 1005, 995, 1002, 998, 1008, 992, 1000],
      [930, 985, 950, 990, 925, 975, 960, 970, 940, 980],
      METRICS.tps,
      0.05,
    );
    expect(cell.pValue).toBeLessThanOrEqual(0.05);
    expect(cell.changeInterval.high).toBeLessThan(0);
    expect(cell.changeInterval.low).toBeLessThan(-0.05);
    expect(cell.verdict).not.toBe('within-tolerance');
  });

  it('keeps a change no larger than the measurement steps unchanged, however consistent', () => {
    // Latency in sysbench's 0.01 ms steps: 0.14 → 0.15 ms is one step.
    const cell = judge(
      new Array<number>(10).fill(0.14),
      new Array<number>(10).fill(0.15),
      METRICS.latencyMs,
      0.1,
    );
    expect(cell.verdict).toBe('unchanged');
  });
});

describe('a verdict with changes within the tolerance', () => {
  // Every throughput cell 3% slower in 0.5% noise, significant, its interval inside the 5% tolerance.
  const quiet = (cell: CellResult, index: number): number =>
    (cell.repetitions[0]?.report.tps ?? 1) * (1 + Math.sin(12.9898 + index * 78.233 + cell.threads) * 0.005);
  const base = side(quiet);
  const head = side((cell, index) => quiet(cell, index) * 0.97);
  const verdict = Verdict.parse(
    buildVerdict(
      base,
      head,
      real.suite,
      { kind: 'ab', path: 'ab.json', savedAt: null },
      DEFAULT_COMPARE_OPTIONS,
    ),
  );
  const input: ReportInput = { verdict, base, head, suite: real.suite, history: [] };

  it('passes, and counts them apart from unchanged', () => {
    expect(verdict.verdict).toBe('pass');
    expect(verdict.counts).toMatchObject({ regression: 0, withinTolerance: 6, unchanged: 0 });
  });

  it('says "within tolerance" in the summary, never "unchanged" for them', () => {
    const summary = renderVerdictSummary(verdict);
    expect(summary).toMatch(
      /^verdict: PASS — 0 regression\(s\), 0 improvement\(s\), 6 within tolerance, 0 unchanged, 0 inconclusive /,
    );
    const rows = summary.split('\n').filter((line) => / tps /.test(line) && /^oltp_/.test(line));
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatch(/ -3\.0% +\[-[\d.]+%, -[\d.]+%\] .* within tolerance$/);
    // Each one's reason follows the table.
    expect(summary).toMatch(
      /^ {2}oltp_read_only @ 1 tps: 3\.0% worse, within the 5\.0% tolerance; shown to be real /m,
    );
  });

  it('says "within tolerance" in the comment', () => {
    const comment = renderComment(input, { charts: [], marker: commentMarker('quick'), artifactNote: '' });
    expect(comment).toContain(
      '0 regressions · 0 improvements · 6 within tolerance · 0 unchanged · 0 inconclusive',
    );
    expect(comment).toMatch(
      /\| 1 \| throughput \(tps\) \|[^\n]*\| −3\.0% \[[^\n]*\] \|[^\n]*\| within tolerance \| 5% \|/,
    );
    expect(comment).toMatch(/^- 1 thread: 3\.0% worse, within the 5\.0% tolerance; shown to be real/m);
    // Latency, reported beside, may be unchanged; throughput is not.
    expect(comment).not.toMatch(/\| throughput \(tps\) \|[^\n]*\| unchanged \|/);
  });

  it('says "within tolerance" in the HTML report', () => {
    const page = renderHtmlReport(input, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(page).toContain(
      '0 regressions · 0 improvements · 6 within tolerance · 0 unchanged · 0 inconclusive',
    );
    expect(
      page.match(/<span class="verdict within-tolerance gating">within tolerance<\/span>/g),
    ).toHaveLength(6);
    expect(page).not.toContain('>unchanged</span>');
  });
});
