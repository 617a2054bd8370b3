// The HTML page drawn from the report document: every row of every table, in the page's figures,
// and the same figures as the terminal and the comment.
import { buildReportDocument } from '../../../src/report/document/build.js';
import { renderHtmlPage } from '../../../src/report/render/html.js';
import { commentMarker, renderMarkdownComment } from '../../../src/report/render/markdown.js';
import { renderTerminalSummary } from '../../../src/report/render/terminal.js';
import { changeText, intervalText } from '../../../src/report/render/figures.js';
import { everySection } from '../../helpers/report-document.js';

const SCRIPTS = { vega: '', vegaLite: '', vegaEmbed: '' };
const document = buildReportDocument(everySection(), []);
const page = renderHtmlPage(document, SCRIPTS);

describe('renderHtmlPage', () => {
  it('lists the followers of a variable indented under it', () => {
    expect(page).toContain('<h3>Known to change the work per transaction</h3>\n');
    expect(page).toContain(
      '<tr><td><code>performance_schema</code> (and the 10 below, which follow it)</td><td><code>OFF</code></td><td><code>ON</code></td><td>statements, waits, stages and memory instrumented in every transaction: a few percent per transaction</td></tr>\n' +
        '<tr><td><span class="follower"><code>performance_schema_digests_size</code></span></td>',
    );
  });

  it('keeps every hunk, the one that cost nothing too, linked, with the typographic minus', () => {
    const url = `https://github.com/MariaDB/server/blob/${'b'.repeat(40)}/sql/sql_parse.cc#L1627-L1634`;
    expect(page).toContain(
      `<tr><td><a href="${url}">sql/sql_select.cc:400–402 (3 lines for 2)</a></td><td class="num">−600</td><td class="num">700</td><td class="num">100</td><td class="num">−1.4% of the transaction</td><td></td></tr>`,
    );
    expect(page).toContain(
      '<td>sql/comment.cc:1 (+1 line)</td>'
        .replace('<td>', `<td><a href="${url}">`)
        .replace('</td>', '</a></td>'),
    );
    expect(page).toContain('<p>The diff&#39;s lines explain +3,000 of the +3,593 measured (83%).</p>');
  });

  it('ends a cell’s changed counters with how many more verdict.json has', () => {
    expect(page).toContain(
      '<tr><td>oltp_write_only @ 1</td><td></td><td>7 more in verdict.json</td><td class="num"></td><td class="num"></td><td class="num"></td></tr>',
    );
    expect(page).toContain(
      '<td><code>Binlog_commits</code></td><td class="num">0</td><td class="num">1.00</td><td class="num">new</td>',
    );
  });

  it('has every latency distribution, its KS distance and p in columns of their own, a moved tail marked', () => {
    const rows = page.match(/<tr><td>oltp_\w+ @ \d+<\/td><td class="num">[\d,]+<\/td>.*<\/tr>/g) ?? [];
    expect(rows).toHaveLength(7);
    expect(rows.filter((row) => row.endsWith('<td><strong>moved</strong></td></tr>'))).toHaveLength(3);
    expect(page).toMatch(
      /<tr><td>oltp_point_select @ 8<\/td><td class="num">[\d,]+<\/td><td class="num">[\d,]+<\/td><td class="num">0\.099 → 0\.10 \(\+1\.0%\)<\/td>.*<td class="num">0\.030<\/td><td class="num">0\.056<\/td><td><strong>moved<\/strong><\/td><\/tr>/,
    );
  });
});

describe('every renderer of one document', () => {
  const summary = renderTerminalSummary(document);
  const comment = renderMarkdownComment(document, { marker: commentMarker('x') });

  it('shows each gating cell’s change and interval, each in its medium’s figures', () => {
    const gating = document.results.rows.filter((row) => row.gating);
    expect(gating.length).toBeGreaterThan(0);
    for (const row of gating) {
      const { change } = row.cells;
      if (change.kind !== 'change') throw new Error('a result row without its change');
      const plain = `${changeText(change.value, 'plain')}  ${intervalText(change, 'plain')}`;
      expect({ row: row.workload, terminal: summary.includes(plain) }).toEqual({
        row: row.workload,
        terminal: true,
      });
      expect(comment).toContain(`| ${changeText(change.value)} ${intervalText(change)} |`);
      expect(page).toContain(
        `<td class="num">${changeText(change.value)}</td><td class="num">${intervalText(change)}</td>`,
      );
    }
  });

  it('gives each the cost of the same hunks: the terminal and the comment the shown ones, the page all', () => {
    const { lines } = document;
    if (lines?.status !== 'mapped') throw new Error('no lines');
    for (const hunk of lines.cells.flatMap((cell) => cell.hunks.rows)) {
      expect({
        hunk: hunk.label,
        terminal: summary.includes(hunk.label),
        comment: comment.includes(hunk.label.replace(/_/g, '\\_')),
      }).toEqual({
        hunk: hunk.label,
        terminal: hunk.shown,
        comment: hunk.shown,
      });
      expect(page).toContain(hunk.label);
    }
  });
});
