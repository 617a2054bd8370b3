// The stalls in the report, from a real run (stall-ab.json: Debian's mariadbd against a copy that
// stops for 2 s every 4-6 s, see __fixtures__/slow-server/): the terminal summary, the comment and
// the page name the stalled seconds, the chart draws the repetitions they name, and what came from
// the results is escaped.
import { commentMarker, renderComment } from '../../src/report/comment.js';
import { buildReportDocument } from '../../src/report/document/build.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderVerdictSummary } from '../../src/report/render/terminal/summary.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { stallsSpec } from '../../src/report/specs/stalls.js';
import type { Results } from '../../src/results/results-schema.js';
import { median } from '../../src/stats/descriptive.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

const SCRIPTS = { vega: '', vegaLite: '', vegaEmbed: '' };
const NAMED =
  /^oltp_point_select @ 1: head stalled at \d+ s(, \d+ s)* of repetition \d: \d+% of the median \(\d of 4 repetitions stalled\); base/;

const results = fixtureResults('stall-ab.json');
const input = abReportInput(results);

function comment(report: ReportInput): string {
  return renderComment(report, { charts: [], marker: commentMarker(report.suite.name), artifactNote: '' });
}

describe('the stalls of a head that stalls', () => {
  const stalls = input.verdict.stalls;

  it('are a regression, and the verdict names each side repetition with the most of them', () => {
    const cell = input.verdict.cells.find((candidate) => candidate.metric === 'stallSeconds');
    expect(cell?.verdict).toBe('regression');
    expect(stalls?.status).toBe('judged');
    const named = stalls?.status === 'judged' ? stalls.cells : [];
    expect(named).toHaveLength(1);
    const head = named[0]?.head;
    const repetition = results.cells
      .find((candidate) => candidate.side === 'head')
      ?.repetitions.find((candidate) => candidate.index === head?.repetition);
    // The seconds named are that repetition's seconds below half its median, and only those.
    const intervals = repetition?.report.intervals ?? [];
    const half = median(intervals.map((interval) => interval.tps)) / 2;
    const below = intervals.filter((interval) => interval.tps < half).map((interval) => interval.timeS);
    expect(head?.stalledAtS).toEqual(below);
    expect(head?.stallSeconds).toBeGreaterThanOrEqual(2);
  });

  it('are named in the terminal, the comment and the page', () => {
    const sentence = buildReportDocument(input).stalls?.sentences[0] ?? '';
    expect(sentence).toMatch(NAMED);
    expect(renderVerdictSummary(input.verdict)).toContain(`  ${sentence}`);
    expect(comment(input)).toContain('### Stalls');
    expect(comment(input)).toContain('head stalled at');
    expect(renderHtmlReport(input, [], SCRIPTS)).toContain('<h2>Stalls</h2>');
  });

  it('are drawn: both sides of the repetitions named, the stalled seconds marked', () => {
    const spec = stallsSpec(input) as unknown as {
      title: { text: string };
      data: { values: { side: string; stalled: boolean }[] };
    };
    expect(spec.title.text).toBe("Throughput per second: each side's repetition with the most stall seconds");
    const rows = spec.data.values;
    const named = stalls?.status === 'judged' ? stalls.cells[0] : undefined;
    expect(rows.filter((row) => row.side === 'head' && row.stalled)).toHaveLength(
      named?.head.stallSeconds ?? -1,
    );
    expect(rows.filter((row) => row.side === 'base' && row.stalled)).toHaveLength(
      named?.base.stallSeconds ?? -1,
    );
  });

  it('escape a workload name from the results', () => {
    const renamed: Results = {
      ...results,
      cells: results.cells.map((cell) => ({ ...cell, workload: 'a*b<img src=x>' })),
    };
    const report = abReportInput(renamed);
    expect(comment(report)).toContain('a\\*b&lt;img src=x&gt; @⁠ 1: head stalled at');
    expect(comment(report)).not.toContain('<img');
    expect(renderHtmlReport(report, [], SCRIPTS)).toContain('a*b&lt;img src=x&gt; @ 1: head stalled at');
  });
});

describe('no stall', () => {
  it('draws no stall chart and names nothing for an A/A run', () => {
    const aa = abReportInput(fixtureResults('quick-aa-5reps.json'));
    expect(stallsSpec(aa)).toBeNull();
    expect(buildReportDocument(aa).stalls).toEqual({ unavailable: null, sentences: [], gates: false });
    expect(comment(aa)).not.toContain('### Stalls');
  });
});
