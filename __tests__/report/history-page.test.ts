// The history page as text: a chart per metric with every cell, points linked to their runs
// (http and https only), everything from the history file escaped.
import { loadEmbedScripts } from '../../src/report/assets.js';
import {
  HISTORY_PAGE_RUNS,
  historyPageCharts,
  pageHistory as pageHistoryOf,
  renderHistoryPage,
} from '../../src/report/history-page.js';
import { linkableUrl } from '../../src/report/specs/history-page.js';
import { NIGHTS, pageHistory, pageInput, runUrlOf } from './history-pages.js';

const scripts = loadEmbedScripts();

interface Row {
  readonly type: string;
  readonly panel: string;
  readonly run?: string | null;
  readonly kind?: string;
}

function rowsOf(spec: object): Row[] {
  return (spec as { data: { values: Row[] } }).data.values;
}

describe('the history page', () => {
  const input = pageInput();
  const charts = historyPageCharts(input.analyses);

  it('draws one chart per metric of the history, a panel per cell and a point per run', () => {
    expect(charts.map((chart) => chart.title)).toHaveLength(input.file.metrics.length);
    for (const chart of charts) {
      const points = rowsOf(chart.spec).filter((row) => row.type === 'point');
      expect(new Set(points.map((row) => row.panel)).size).toBe(input.file.cells.length);
      expect(points).toHaveLength(input.file.cells.length * NIGHTS);
    }
  });

  it('links every point to its run and marks the change points', () => {
    const rows = charts.flatMap((chart) => rowsOf(chart.spec));
    const runs = new Set(rows.filter((row) => row.type === 'point').map((row) => row.run));
    expect([...runs].sort()).toEqual(Array.from({ length: NIGHTS }, (_, n) => runUrlOf(n)).sort());
    const kinds = rows.filter((row) => row.type === 'change').map((row) => row.kind);
    expect(kinds).toContain('regression');
    expect(kinds).toContain('improvement');
  });

  it('links only http and https addresses', () => {
    expect(linkableUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(linkableUrl('http://example.com/')).toBe('http://example.com/');
    expect(linkableUrl('javascript:alert(1)')).toBeNull();
    expect(linkableUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(linkableUrl(null)).toBeNull();
  });

  it('escapes everything the history file says', () => {
    const hostile = '</script><img src=x onerror=alert(1)>';
    const file = pageHistory({
      testbed: `bed${hostile}`,
      run: (n) => (n === 3 ? 'javascript:alert(1)' : runUrlOf(n)),
    });
    const withVersion = {
      ...file,
      entries: file.entries.map((entry, index) =>
        index === 0 ? { ...entry, version: hostile, compiler: hostile } : entry,
      ),
    };
    const html = renderHistoryPage(pageInput(withVersion), scripts);
    const body = html.slice(0, html.indexOf('<script>'));
    expect(body).not.toContain('<img');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('javascript:alert');
    // The data in the JSON script elements cannot close them.
    const json = [...body.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)];
    expect(json).toHaveLength(charts.length);
    for (const [, content] of json) expect(content).not.toContain('<');
  });
});

describe('a long history', () => {
  it('shows its newest HISTORY_PAGE_RUNS runs', () => {
    const file = pageHistory();
    const entries = Array.from({ length: HISTORY_PAGE_RUNS + 5 }, (_, n) => ({
      ...file.entries[n % NIGHTS]!,
      commit: (n + 1).toString(16).padStart(40, '0'),
    }));
    const shown = pageHistoryOf({ file: { ...file, entries }, settings: pageInput().settings });
    expect(shown.file.entries).toHaveLength(HISTORY_PAGE_RUNS);
    expect(shown.file.entries[0]!.commit).toBe(entries[5]!.commit);
    const html = renderHistoryPage({ file: { ...file, entries }, settings: pageInput().settings }, scripts);
    expect(html).toContain(`the newest ${HISTORY_PAGE_RUNS} of ${HISTORY_PAGE_RUNS + 5} runs`);
  });
});
