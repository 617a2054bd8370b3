// Work per transaction on real runs of Debian's mariadbd: durability changed (quick suite), and
// performance_schema OFF → ON (instructions suite), through the verdict, the terminal summary, the
// comment, the HTML report and the charts.
import { DEFAULT_COMPARE_OPTIONS, failedOn } from '../../src/compare/verdict.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { chartsFor } from '../../src/report/charts.js';
import { renderComment } from '../../src/report/comment.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { verdictTitle } from '../../src/report/labels.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

const durability = fixtureResults('quick-durability.json');
const pfs = fixtureResults('instructions-performance-schema-work.json');
const scripts = { vega: '', vegaLite: '', vegaEmbed: '' };
const comment = (input: ReturnType<typeof abReportInput>): string =>
  renderComment(input, { charts: [], marker: '<!-- m -->' });

describe('durability: flush_log_at_trx_commit 0 → 1, binary log with sync_binlog=1', () => {
  const input = abReportInput(durability);
  const work = input.verdict.work;

  it('says same statements, different work, and names fsyncs and binlog commits per transaction', () => {
    if (work?.status !== 'compared') throw new Error(`not compared: ${JSON.stringify(work)}`);
    expect(work.summary).toBe('different-work');
    expect(work.sentence).toMatch(
      /^Same statements, different work: I\/O and durability changed most \(Innodb_data_fsyncs 0\.000\d+ → 1\.00 per transaction in oltp_write_only @ 1; Binlog_commits 0 → 1\.00/,
    );
    // Only the write-only cells changed; point selects and read-only transactions did the same work.
    expect(work.cells.map((cell) => `${cell.workload}@${cell.threads}`)).toEqual([
      'oltp_write_only@1',
      'oltp_write_only@4',
    ]);
    const names = work.cells[0]?.changes.map((change) => change.name);
    expect(names).toEqual(
      expect.arrayContaining(['Innodb_data_fsyncs', 'Binlog_commits', 'Handler_prepare']),
    );
    expect(names?.some((name) => name.startsWith('Com_'))).toBe(false);
  });

  it('shows the section in the summary, the comment and the HTML report, with a chart per changed group', () => {
    expect(renderVerdictSummary(input.verdict)).toMatch(
      /Work per transaction \(status counters, base → head\): Same statements, different work[^\n]*\n {2}oltp_write_only @ 1:\n {4}I\/O and durability: Innodb_data_fsyncs/,
    );
    const markdown = comment(input);
    expect(markdown).toContain('### Work per transaction');
    expect(markdown).toMatch(
      /\| oltp\\_write\\_only \| 1 thread \| I\/O and durability \| Innodb\\_data\\_fsyncs \| 0\.000\d+ \| 1\.00 \| ×2,\d{3} \|/,
    );
    const html = renderHtmlReport(input, [], scripts);
    expect(html).toContain('<h2>Work per transaction</h2>');
    expect(html).toContain('<code>Binlog_commits</code>');
    const charts = chartsFor(input).map((chart) => chart.name);
    expect(charts).toEqual(expect.arrayContaining(['work-durability', 'work-rows']));
    expect(charts.indexOf('work-durability')).toBe(1);
  });

  it('passes the work on to the verdict only under --gate-work', () => {
    const gated = abReportInput(durability, 'r.json', {
      ...DEFAULT_COMPARE_OPTIONS,
      gateMetrics: ['instructions'],
    });
    // Gating on a metric this suite does not measure: nothing decides, so the verdict passes…
    expect(gated.verdict.verdict).toBe('pass');
    const withWork = abReportInput(durability, 'r.json', {
      ...DEFAULT_COMPARE_OPTIONS,
      gateMetrics: ['instructions'],
      gateWork: true,
    });
    // …until the work decides.
    expect(withWork.verdict.verdict).toBe('fail');
    expect(withWork.verdict.settings.gateWork).toBe(true);
    expect(verdictTitle(withWork.verdict)).toBe('❌ Performance: fail — the work per transaction changed');
    expect(comment(withWork)).toContain('It decides the verdict here (`gate-work`).');
    expect(renderVerdictSummary(withWork.verdict).split('\n')[0]).toMatch(
      /^verdict: FAIL — 0 regression\(s\).*; failed on the work per transaction changed \(--gate-work, input "gate-work"\)$/,
    );
    expect(failedOn(withWork.verdict)).toBe(
      'the work per transaction changed (--gate-work, input "gate-work")',
    );
  });
});

describe('performance_schema OFF → ON on the instructions suite', () => {
  it('says same statements, same work, while instructions rise in every cell', () => {
    const input = abReportInput(pfs);
    expect(input.verdict.work).toMatchObject({ status: 'compared', summary: 'same-work', cells: [] });
    const instructions = input.verdict.cells.filter((cell) => cell.metric === 'instructions');
    expect(instructions).toHaveLength(4);
    for (const cell of instructions) expect(cell.change).toBeGreaterThan(0.02);
    expect(renderVerdictSummary(input.verdict)).toContain(
      'Work per transaction (status counters, base → head): Same statements, same work',
    );
    expect(comment(input)).toContain('**Work per transaction:** Same statements, same work');
    expect(chartsFor(input).some((chart) => chart.name.startsWith('work-'))).toBe(false);
  });
});

describe('results from before work was counted', () => {
  it('give one line, and the rest of the report as before', () => {
    const input = abReportInput(fixtureResults('quick-ab-performance-schema.json'));
    expect(input.verdict.work).toEqual({
      status: 'unavailable',
      reason: expect.stringMatching(
        /^not compared: neither side recorded the server's status counters/,
      ) as string,
    });
    const summary = renderVerdictSummary(input.verdict);
    expect(summary.split('\n').filter((line) => line.includes('Work per transaction'))).toHaveLength(1);
    expect(input.verdict.cells.length).toBeGreaterThan(0);
    // Under --gate-work the gate says it decided nothing.
    const gated = abReportInput(fixtureResults('quick-ab-performance-schema.json'), 'r.json', {
      ...DEFAULT_COMPARE_OPTIONS,
      gateWork: true,
    });
    expect(gated.verdict.warnings).toContainEqual(
      expect.stringMatching(
        /^the work gate \(--gate-work, input "gate-work"\) decided nothing: not compared/,
      ),
    );
  });
});
