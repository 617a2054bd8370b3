// The history page: one self-contained HTML page per nightly history, readable offline and
// served as is (GitHub Pages from the charts branch, or a file opened locally). Every workload ×
// threads × metric over the runs, oldest first, with change points marked and each point linked to
// its run; the change points and the runs as tables. Vega, Vega-Lite and vega-embed are inlined
// as in the HTML report (render/html/page.ts); nothing is fetched.
//
// Pure. Everything shown comes from a history file read from a branch: every text is escaped,
// the charts' data sits in JSON script elements whose `<` are escaped, and only http(s) run
// addresses become links.
import { formatChangePercent, formatFigure, formatPValue, plural } from '../format.js';
import {
  analyzeHistory,
  type ChangeSettings,
  type DetectedChange,
  type SeriesAnalysis,
} from '../history/changes.js';
import type { HistoryEntry, HistoryFile } from '../history/history-schema.js';
import { allChanges } from './history-report.js';
import { rawTable, section, text } from './render/html/format.js';
import { type EmbedScripts, jsonScriptContent, scriptContent } from './render/html/page.js';
import { EMBED, STYLE } from './render/html/style.js';
import { historyMetricSpec, linkableUrl, metricChartTitle, pageMetrics } from './specs/history-page.js';

export interface HistoryPageInput {
  readonly file: HistoryFile;
  readonly settings: ChangeSettings;
}

/**
 * Runs a page shows at most, the newest: a year of nights. Each point is a row of the charts' data,
 * and the page is rewritten on the charts branch every night; the whole history stays on its branch.
 */
export const HISTORY_PAGE_RUNS = 365;

/** The newest HISTORY_PAGE_RUNS runs of the history, and their series analysed for change points. */
export function pageHistory(input: HistoryPageInput): { file: HistoryFile; analyses: SeriesAnalysis[] } {
  const file = { ...input.file, entries: input.file.entries.slice(-HISTORY_PAGE_RUNS) };
  return { file, analyses: analyzeHistory(file, input.settings) };
}

export interface HistoryPageChart {
  readonly title: string;
  readonly spec: object;
}

const PAGE_STYLE = `${STYLE}
.regression { color: var(--fail); font-weight: bold; } .improvement { color: var(--pass); }
.meta { color: var(--muted); }
`;

/** The charts of the page: one per metric, in the file's order. */
export function historyPageCharts(analyses: readonly SeriesAnalysis[]): HistoryPageChart[] {
  return pageMetrics(analyses).flatMap((metric) => {
    const spec = historyMetricSpec(analyses, metric);
    return spec === null ? [] : [{ title: metricChartTitle(metric), spec }];
  });
}

function commitHtml(commit: string, run: string | null): string {
  const code = `<code>${text(commit.slice(0, 12))}</code>`;
  const href = linkableUrl(run);
  return href === null ? code : `<a href="${text(href)}" title="the run of ${text(commit)}">${code}</a>`;
}

function changeRow(change: DetectedChange): string[] {
  return [
    text(change.cell.replace('@', ' @ ')),
    text(change.metric ?? 'value'),
    commitHtml(change.lastBefore.commit, change.lastBefore.run),
    commitHtml(change.firstAfter.commit, change.firstAfter.run),
    text(formatFigure(change.meanBefore)),
    text(formatFigure(change.meanAfter)),
    text(formatChangePercent(change.change)),
    text(formatPValue(change.pValue)),
    `<span class="${change.kind}">${text(change.kind)}</span>`,
  ];
}

function changesSection(analyses: readonly SeriesAnalysis[]): string {
  const changes = allChanges(analyses).sort((a, b) => b.index - a.index);
  if (changes.length === 0) return section('Change points', '<p>None found in any series.</p>');
  const header = [
    'cell',
    'metric',
    'last run before',
    'first run after',
    'before',
    'after',
    'change',
    'p',
    'kind',
  ];
  const classes = ['', '', '', '', 'num', 'num', 'num', 'num', ''];
  return section(
    'Change points',
    `<p>Newest first. Each commit links to its run.</p>\n${rawTable(header, changes.map(changeRow), classes)}`,
  );
}

function chartsSection(charts: readonly HistoryPageChart[]): string {
  const figures = charts.map((chart, index) => {
    const id = `chart-${index}`;
    return (
      `<figure>\n<figcaption>${text(chart.title)}</figcaption>\n<div id="${id}" class="chart"></div>\n` +
      `<script type="application/json" id="${id}-spec" data-chart="${id}">${jsonScriptContent(chart.spec)}</script>\n` +
      '</figure>'
    );
  });
  return section(
    'Every series',
    '<p>One panel per workload and threads, one point per run (the median of its repetitions; ' +
      'click a point to open its run), the mean between change points dashed, each change point a rule.</p>\n' +
      figures.join('\n'),
  );
}

function runRow(entry: HistoryEntry, index: number): string[] {
  const href = linkableUrl(entry.run);
  return [
    text(String(index + 1)),
    `<code>${text(entry.commit)}</code>`,
    text(entry.commitDate ?? 'unknown'),
    href === null ? text(entry.runAt) : `<a href="${text(href)}">${text(entry.runAt)}</a>`,
    text(entry.version),
    text(entry.compiler ?? 'unknown'),
  ];
}

function runsSection(file: HistoryFile): string {
  const rows = file.entries.map(runRow).reverse();
  return section(
    'Runs',
    `<p>Newest first.</p>\n${rawTable(['run', 'commit', 'commit date', 'measured (links to the run)', 'server', 'compiler'], rows, ['num'])}`,
  );
}

function header(input: HistoryPageInput, shown: HistoryFile): string {
  const { key } = input.file;
  const entries = shown.entries;
  const all = input.file.entries.length;
  const newest = entries.at(-1);
  const options = Object.entries(key.options)
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  const facts = [
    `${entries.length === all ? plural(all, 'run', 'runs') : `the newest ${entries.length} of ${all} runs`} of ${plural(input.file.cells.length, 'cell', 'cells')}`,
    newest === undefined ? '' : `newest: ${newest.commit.slice(0, 12)} measured ${newest.runAt}`,
    `server options ${options === '' ? '(none)' : options} (hash ${key.optionsHash})`,
    `change points: E-Divisive means, window ${input.settings.windowLength}, p ≤ ${input.settings.maxPValue}`,
  ].filter((fact) => fact !== '');
  return (
    `<header>\n<h1>${text(`Performance history: suite ${key.suite} on testbed ${key.testbed}`)}</h1>\n` +
    `<p class="meta">${facts.map(text).join(' · ')}</p>\n</header>`
  );
}

/** The whole page. */
export function renderHistoryPage(input: HistoryPageInput, scripts: EmbedScripts): string {
  const { key } = input.file;
  const { file, analyses } = pageHistory(input);
  const charts = historyPageCharts(analyses);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(`mysql-perf-gate history: ${key.suite} on ${key.testbed}`)}</title>`,
    `<style>${PAGE_STYLE}</style>`,
    '</head>',
    '<body>',
    '<noscript><p>The charts need JavaScript; the tables below are plain HTML.</p></noscript>',
    header(input, file),
    changesSection(analyses),
    chartsSection(charts),
    runsSection(file),
    `<script>${scriptContent(scripts.vega)}</script>`,
    `<script>${scriptContent(scripts.vegaLite)}</script>`,
    `<script>${scriptContent(scripts.vegaEmbed)}</script>`,
    `<script>${EMBED}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
