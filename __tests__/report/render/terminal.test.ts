// The terminal summary drawn from the report document: which rows it lists, in plain figures.
import { DEFAULT_COMPARE_OPTIONS } from '../../../src/compare/verdict.js';
import { buildReportDocument } from '../../../src/report/document/build.js';
import { renderTerminalSummary, stageTable } from '../../../src/report/render/terminal.js';
import { everySection } from '../../helpers/report-document.js';
import { abReportInput, fixtureResults } from '../../helpers/report-input.js';

const summary = renderTerminalSummary(buildReportDocument(everySection()));
const lines = summary.split('\n');

describe('renderTerminalSummary', () => {
  it('lists a variable with how many follow it, and not the followers', () => {
    expect(summary).toContain(
      '  performance_schema: OFF → ON (and 10 performance_schema_* variable(s) that follow it)',
    );
    expect(summary).not.toContain('performance_schema_digests_size');
  });

  it('tables every cell with its plain figures, gating changes in capitals, numbers right-aligned', () => {
    const header = lines.find((line) => line.startsWith('workload'));
    expect(header).toMatch(
      /^workload +threads +metric +base +head +change +95% interval +p +reps +tolerance +verdict$/,
    );
    const row = lines.find(
      (line) => line.startsWith('oltp_point_select ') && line.includes(' instructions '),
    );
    expect(row).toMatch(
      /^oltp_point_select +1 +instructions +43005 +46598 +\+8\.4% +\[\+8\.2%, \+8\.4%\] +counts +3 +1% +REGRESSION$/,
    );
    const threads = (header ?? '').indexOf('threads') + 'threads'.length;
    expect(row?.[threads - 1]).toBe('1');
    expect(summary).toMatch(/^oltp_point_select +1 +instructionsTotal .* regression \(not gating\)$/m);
  });

  it('lists the hunks that cost anything, with the plain minus, and counts those that cost nothing', () => {
    expect(summary).toContain('  oltp_point_select @ 1: +3,000 of the +3,593 measured (83%)');
    expect(summary).toContain(
      '    sql/sql_parse.cc:1627–1634 (+8 lines): +3,600 instructions/txn in oltp_point_select @ 1 (+8.4% of the transaction)',
    );
    expect(summary).toContain('      inlined into dispatch_command(THD*)');
    expect(summary).toContain('    sql/sql_select.cc:400–402 (3 lines for 2): -600 instructions/txn');
    expect(summary).not.toContain('sql/comment.cc');
    expect(summary).toContain('    (1 hunk costs nothing on either side: comments, or code not run)');
  });

  it('lists each changed counter under its cell, then how many more verdict.json has', () => {
    const at = lines.indexOf('  oltp_write_only @ 1:');
    expect(lines.slice(at, at + 5)).toEqual([
      '  oltp_write_only @ 1:',
      expect.stringMatching(/^ {4}I\/O and durability: Innodb_data_fsyncs .* per transaction$/) as string,
      expect.stringMatching(/^ {4}I\/O and durability: Binlog_commits 0 → 1\.00 per transaction$/) as string,
      expect.stringMatching(/^ {4}I\/O and durability: Innodb_log_writes /) as string,
      '    (and 7 more in verdict.json)',
    ]);
  });

  it('gives each latency distribution a line, marking a moved tail', () => {
    expect(lines.filter((line) => /^ {2}oltp_\w+ @ \d+: p50 /.test(line))).toHaveLength(7);
    expect(lines.filter((line) => line.endsWith('← the tail moved'))).toHaveLength(3);
    expect(summary).toMatch(
      /^ {2}oltp_point_select @ 8: p50 0\.099 → 0\.10, .* KS 0\.030, p \S+ {2}← the tail moved$/m,
    );
  });

  it('leaves the histogram percentiles out of the table unless they gate', () => {
    const stall = (gateMetrics: typeof DEFAULT_COMPARE_OPTIONS.gateMetrics): string =>
      renderTerminalSummary(
        buildReportDocument(
          abReportInput(fixtureResults('tail-latency-stall.json'), 'r.json', {
            ...DEFAULT_COMPARE_OPTIONS,
            gateMetrics,
          }),
        ),
      );
    expect(stall(['tps'])).not.toMatch(/^oltp_point_select +8 +p99Ms/m);
    expect(stall(['tps', 'p99Ms'])).toMatch(/^oltp_point_select +8 +p99Ms .* REGRESSION$/m);
    expect(stall(['tps'])).toMatch(/^oltp_point_select +8 +latencyMs /m);
  });
});

describe('stageTable', () => {
  it('totals the stages under a rule, leaving out those within another', () => {
    expect(
      stageTable([
        { stage: 'measure (both sides at once)', seconds: 60, detail: '' },
        { stage: '  base', seconds: 59.96, detail: '12 repetitions', within: true },
        { stage: 'compare', seconds: 0.04, detail: '' },
      ]),
    ).toBe(
      [
        'stage                           time',
        '----------------------------  ------  --------------',
        'measure (both sides at once)  60.0 s',
        '  base                        60.0 s  12 repetitions',
        'compare                        0.0 s',
        '----------------------------  ------  --------------',
        'total                         60.0 s',
      ].join('\n'),
    );
  });
});
