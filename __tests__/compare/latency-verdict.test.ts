// Latency distributions in the verdict, the summary, the comment, the HTML report and the chart,
// on a real run whose head stalls 1 ms in every 50 ms (fixture tail-latency-stall.json: 20,000
// point selects a second over 8 threads; see __fixtures__/slow-server/README.md).
import { appendEntry, createEntry } from '../../src/baseline/entry.js';
import { baselineKey } from '../../src/baseline/key.js';
import { compareOptionsFromFlags } from '../../src/commands/compare.js';
import { latencyDistributions } from '../../src/compare/latency-distribution.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { MAX_ECDF_POINTS } from '../../src/compare/verdict-schema.js';
import { latencySpec } from '../../src/report/charts.js';
import { commentMarker, renderComment } from '../../src/report/comment.js';
import { type EmbedScripts, renderHtmlReport } from '../../src/report/html.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { repetitionKsTest } from '../../src/stats/distribution-test.js';
import { SysbenchReport } from '../../src/sysbench/report-schema.js';
import type { Results } from '../../src/results/results-schema.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

const SCRIPTS: EmbedScripts = { vega: '', vegaLite: '', vegaEmbed: '' };

function inputFor(results: Results, gateMetrics = DEFAULT_COMPARE_OPTIONS.gateMetrics): ReportInput {
  return abReportInput(results, 'r.json', { ...DEFAULT_COMPARE_OPTIONS, gateMetrics });
}

const stall = fixtureResults('tail-latency-stall.json');
const older = fixtureResults('quick-aa-5reps.json');

function cell(input: ReportInput, metric: string) {
  const found = input.verdict.cells.find((entry) => entry.metric === metric);
  if (!found) throw new Error(`no ${metric} cell`);
  return found;
}

describe('a head whose tail alone got slower', () => {
  const reported = inputFor(stall);
  const gated = inputFor(stall, ['tps', 'p99Ms']);

  it('is not a throughput regression, and its median holds', () => {
    expect(cell(reported, 'tps').verdict).toBe('unchanged');
    expect(Math.abs(cell(reported, 'p50Ms').change)).toBeLessThan(0.05);
    expect(reported.verdict.verdict).toBe('pass');
  });

  it('is a p99 regression: reported by default, failing the verdict when p99Ms gates', () => {
    expect(cell(reported, 'p99Ms')).toMatchObject({ verdict: 'regression', gating: false });
    expect(cell(reported, 'p99Ms').change).toBeGreaterThan(1);
    expect(gated.verdict.verdict).toBe('fail');
    expect(gated.verdict.counts).toMatchObject({ regression: 1, unchanged: 1 });
  });

  it('keeps both distributions: pooled percentiles, a CDF for the chart, the repetition-permuted KS test', () => {
    const [latency, ...others] = reported.verdict.latency;
    expect(others).toEqual([]);
    expect(latency?.tailMoved).toBe(true);
    expect(latency?.base.events).toBe(
      stall.cells
        .filter((entry) => entry.side === 'base')
        .flatMap((entry) => entry.repetitions)
        .reduce((sum, repetition) => sum + repetition.report.totalEvents, 0),
    );
    expect((latency?.head.p99 ?? 0) / (latency?.base.p99 ?? 1)).toBeGreaterThan(2);
    expect((latency?.head.p50 ?? 0) / (latency?.base.p50 ?? 1)).toBeLessThan(1.05);
    expect(latency?.base.ecdf.length).toBeLessThanOrEqual(MAX_ECDF_POINTS);
    expect(latency?.head.ecdf.at(-1)?.[1]).toBe(1);
    expect(latency?.ks).toMatchObject({ exact: true, permutations: 252 });
    expect(latency?.ks.statistic).toBeGreaterThan(0);
  });

  it('shows in the summary, the comment, the HTML report and a chart', () => {
    const summary = renderVerdictSummary(reported.verdict);
    expect(summary).toMatch(
      /oltp_point_select @ 8: p50 0\.099 → 0\.10, p95 .* p99 0\.42 → 1\.10; KS 0\.030.*← the tail moved/,
    );
    // Percentile cells that do not gate have their line above instead of three table rows.
    expect(summary).not.toMatch(/^oltp_point_select +8 +p50Ms/m);
    expect(renderVerdictSummary(gated.verdict)).toMatch(/^oltp_point_select +8 +p99Ms .*REGRESSION/m);
    const comment = renderComment(reported, { charts: [], marker: commentMarker('tail') });
    expect(comment).toContain('### Latency tail');
    expect(comment).toMatch(
      /\| oltp\\_point\\_select \| 8 threads \| 0\.099 → 0\.10 \(\+1\.0%\) \|.*\| 0\.42 → 1\.10 \(\+159\.9%\) \|/,
    );
    expect(comment).toContain('reported, not gating: add p99Ms to the gate');
    expect(renderComment(gated, { charts: [], marker: commentMarker('tail') })).not.toContain(
      'not gating: add p99Ms',
    );
    const page = renderHtmlReport(reported, [], SCRIPTS);
    expect(page).toContain('<h2>Latency distributions</h2>');
    expect(page).toContain('<strong>moved</strong>');
    const spec = JSON.stringify(latencySpec(reported));
    expect(spec).toContain('"oltp_point_select @ 8"');
  });
});

describe('results without histograms (written before they were kept)', () => {
  const input = inputFor(older);

  it('have no latency distributions, percentile cells, tail section or chart', () => {
    expect(input.verdict.latency).toEqual([]);
    expect(input.verdict.cells.some((entry) => entry.metric === 'p99Ms')).toBe(false);
    expect(renderComment(input, { charts: [], marker: commentMarker('quick') })).not.toContain(
      'Latency tail',
    );
    expect(renderHtmlReport(input, [], SCRIPTS)).not.toContain('Latency distributions');
    expect(latencySpec(input)).toBeNull();
  });
});

describe('the histogram in a results file', () => {
  const report = stall.cells[0]?.repetitions[0]?.report;
  if (!report?.histogram) throw new Error('the fixture has no histogram');
  const { histogram } = report;

  it('is refused when its counts do not add up to the events of the run', () => {
    const counts = [...histogram.counts];
    counts[0] = (counts[0] ?? 0) + 1;
    expect(SysbenchReport.safeParse({ ...report, histogram: { ...histogram, counts } }).success).toBe(false);
    const huge = [...histogram.counts];
    huge[0] = 2 ** 52;
    expect(
      SysbenchReport.safeParse({
        ...report,
        totalEvents: report.totalEvents - (histogram.counts[0] ?? 0) + 2 ** 52,
        histogram: { ...histogram, counts: huge },
      }).success,
    ).toBe(false);
  });

  it('is refused when its values go down, its lengths differ or it has too many buckets', () => {
    const reversed = { ...histogram, valuesMs: [...histogram.valuesMs].reverse() };
    expect(SysbenchReport.safeParse({ ...report, histogram: reversed }).success).toBe(false);
    const short = { ...histogram, counts: histogram.counts.slice(1) };
    expect(SysbenchReport.safeParse({ ...report, histogram: short }).success).toBe(false);
    const huge = {
      valuesMs: Array.from({ length: 1025 }, (_, i) => i),
      counts: new Array<number>(1025).fill(1),
    };
    expect(SysbenchReport.safeParse({ ...report, histogram: huge }).success).toBe(false);
    expect(SysbenchReport.safeParse(report).success).toBe(true);
  });
});

describe('latency distributions that would cost too much, or mean nothing', () => {
  it("are left out of instruction suites, whose latencies are valgrind's", () => {
    const pairs = [[stall.cells[0], stall.cells[1]]] as const;
    expect(pairs.every((pair) => pair.every((entry) => entry !== undefined))).toBe(true);
    const cells = pairs.map(([base, head]) => [base!, head!] as const);
    expect(latencyDistributions(cells, [], 'instructions')).toEqual([]);
    expect(latencyDistributions(cells, [], 'throughput')).toHaveLength(1);
  });

  it('stay bounded when a file holds 1,024 distinct values in each of 20 + 20 repetitions', () => {
    const wide = (offset: number) => ({
      values: Array.from({ length: 1024 }, (_, i) => 0.001 * (1 + i + offset / 7)),
      counts: new Array<number>(1024).fill(1),
    });
    const base = Array.from({ length: 20 }, (_, i) => wide(i));
    const head = Array.from({ length: 20 }, (_, i) => wide(i + 20));
    const started = performance.now();
    const test = repetitionKsTest(base, head);
    // 20 · 20,000 values wide: the splits drawn shrink to what the work budget allows.
    expect(test.exact).toBe(false);
    expect(test.permutations).toBeLessThan(2000);
    expect(test.permutations).toBeGreaterThanOrEqual(200);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe('the latency gate', () => {
  it('is --gate tps,latency, latency standing for p99Ms', () => {
    const options = compareOptionsFromFlags({
      gate: 'tps,latency,p99Ms',
      tolerance: [],
      alpha: '0.05',
      inconclusive: 'pass',
    });
    expect(options.gateMetrics).toEqual(['tps', 'p99Ms']);
  });

  it('says so when it could judge no cell (a base without histograms)', () => {
    const bare = {
      ...stall,
      cells: stall.cells.map((entry) =>
        entry.side === 'base'
          ? {
              ...entry,
              repetitions: entry.repetitions.map((repetition) => {
                const report = { ...repetition.report };
                delete report.histogram;
                return { ...repetition, report };
              }),
            }
          : entry,
      ),
    };
    const input = inputFor(bare, ['tps', 'p99Ms']);
    expect(input.verdict.latency).toEqual([]);
    expect(input.verdict.warnings).toContainEqual(
      expect.stringMatching(/^p99Ms is a gating metric, but no cell could be judged on it/),
    );
    expect(
      inputFor(stall, ['tps', 'p99Ms']).verdict.warnings.some((warning) => warning.startsWith('p99Ms')),
    ).toBe(false);
  });
});

describe('a stored baseline', () => {
  it('keeps the histograms of its newest entry only', () => {
    const later = { ...stall, startedAt: '2026-11-26T00:00:00.000Z', finishedAt: '2026-11-26T00:05:00.000Z' };
    const key = baselineKey(stall);
    const first = appendEntry(null, key, createEntry(stall, { savedAt: '2026-11-25T08:00:00.000Z' }));
    const second = appendEntry(first.file, key, createEntry(later, { savedAt: '2026-11-26T08:00:00.000Z' }));
    const histograms = second.file.entries.map(
      (entry) =>
        entry.cells.flatMap((cell) => cell.repetitions).filter((repetition) => repetition.report.histogram)
          .length,
    );
    expect(histograms).toEqual([0, 5]);
  });
});
