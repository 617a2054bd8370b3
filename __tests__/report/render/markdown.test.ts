// The pull-request comment drawn from the report document: the rows each table keeps, in the
// comment's figures (typographic minus, thousands), escaped.
import { buildReportDocument } from '../../../src/report/document/build.js';
import { commentMarker, renderMarkdownComment, stageMarkdown } from '../../../src/report/render/markdown.js';
import { renderJobSummary } from '../../../src/report/render/job-summary.js';
import { everySection } from '../../helpers/report-document.js';

const CHARTS = [{ name: 'change', title: 'Change per cell', url: null }];
const document = buildReportDocument(everySection(), CHARTS);
const comment = renderMarkdownComment(document, {
  marker: commentMarker('instructions'),
  artifactNote: 'see the run',
});

/** The rows of the first table after `heading`. */
function table(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(heading);
  if (start < 0) throw new Error(`no ${heading}`);
  const lines = markdown.slice(start).split('\n');
  const first = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, index) => index > first && !line.startsWith('|'));
  return lines.slice(first, end < 0 ? undefined : end);
}

describe('renderMarkdownComment', () => {
  it('folds the followers of a variable into a list of their own', () => {
    expect(comment).toContain(
      '| performance\\_schema (and 10 performance\\_schema\\_\\* that follow it) | OFF | ON | statements, waits, stages and memory instrumented in every transaction: a few percent per transaction |',
    );
    expect(comment).toMatch(
      /<details><summary>The 10 performance_schema_\* variables that follow performance_schema<\/summary>\n\n\| setting \| base \| head \|\n\|:---\|:---\|:---\|\n\| performance\\_schema\\_digests\\_size \| -1 \| 5000 \|/,
    );
  });

  it('keeps the hunks that cost anything, linked, with the typographic minus', () => {
    const rows = table(comment, '### Cost of the changed lines');
    expect(rows).toEqual([
      '| workload | threads | lines | instructions per transaction | share |',
      '|:---|---:|:---|---:|---:|',
      `| oltp\\_point\\_select | 1 thread | [sql/sql\\_parse.cc:1627–1634 (+8 lines)](https://github.com/MariaDB/server/blob/${'b'.repeat(40)}/sql/sql_parse.cc#L1627-L1634) (inlined into dispatch\\_command(THD\\*)) | +3,600 | +8.4% of the transaction |`,
      `| oltp\\_point\\_select | 1 thread | [sql/sql\\_select.cc:400–402 (3 lines for 2)](https://github.com/MariaDB/server/blob/${'b'.repeat(40)}/sql/sql_parse.cc#L1627-L1634) | −600 | −1.4% of the transaction |`,
    ]);
    // The @ takes a word joiner, so that no one is mentioned.
    expect(comment).toContain(
      "The diff's lines explain oltp\\_point\\_select @\u2060 1: +3,000 of the +3,593 measured (83%).",
    );
    expect(comment).toContain('1 hunk costs nothing on either side');
  });

  it('ends a cell’s changed counters with how many more verdict.json has', () => {
    const rows = table(comment, '### Work per transaction');
    expect(rows[0]).toBe('| workload | threads | group | counter | base | head | change |');
    expect(rows).toHaveLength(2 + 4);
    expect(rows[5]).toBe('| oltp\\_write\\_only | 1 thread |  | 7 more in verdict.json |  |  |  |');
  });

  it('shows only the cells whose latency tail moved', () => {
    const rows = table(comment, '### Latency tail');
    const moved = document.latency.table.rows.filter((row) => row.tailMoved).length;
    expect([moved, document.latency.table.rows.length]).toEqual([3, 7]);
    expect(rows).toHaveLength(2 + moved);
    expect(rows[2]).toMatch(/^\| oltp\\_point\\_select \| 8 threads \| 0\.099 → 0\.10 \(\+1\.0%\) \|/);
  });

  it('stands in the note for a chart that could not be published', () => {
    expect(comment).toContain('### Charts\n\nsee the run');
  });
});

describe('the job summary', () => {
  it('is the comment, then the stage times with their total', () => {
    const stages = [{ stage: 'compare', seconds: 0.04, detail: 'a | b' }];
    expect(stageMarkdown(stages)).toBe(
      '| stage | time |  |\n|:---|---:|:---|\n| compare | 0.0 s | a \\| b |\n| **total** | **0.0 s** |  |',
    );
    expect(renderJobSummary('comment', stages)).toBe(
      `comment\n\n### Time per stage\n\n${stageMarkdown(stages)}\n`,
    );
  });
});
