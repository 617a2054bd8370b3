// The HTML report: one self-contained page for the report/ artifact, readable offline. Vega,
// Vega-Lite and vega-embed are inlined, each chart's spec sits in the page as JSON, and every
// table of the verdict is there in full (the pull-request comment has to fit GitHub's limit; this
// page does not). Nothing is fetched from the network: no CDN, no web fonts, no remote images.
//
// Pure: the caller passes the libraries' text (see loadEmbedScripts in assets.ts).
import { groupConfigDiff, oneSidedHeadline } from '../compare/config-groups.js';
import { unnamedNote } from '../compare/function-deltas.js';
import { WORK_GROUP_TITLES } from '../compare/work-changes.js';
import { explainedLabel, hunkUrl, transactionShare } from '../compare/line-costs.js';
import { foldConfigDiff, repetitionsLabel, spentOver } from '../compare/verdict-summary.js';
import {
  type CellComparison,
  type CellFunctionDeltas,
  type ConfigDifference,
  type Verdict,
  verdictLabel,
} from '../compare/verdict-schema.js';
import {
  formatChangePercent,
  formatCountPlain,
  formatFigure,
  formatGiB,
  formatLoadAverage,
  formatPercent,
  formatPValue,
  formatSignedCountPlain,
  formatTolerance,
  plural,
} from '../format.js';
import type { Environment } from '../results/results-schema.js';
import { environmentLabel, metricLabel, noiseWarning, serverLabel, verdictTitle } from './labels.js';
import type { ReportInput } from './report-input.js';
import { escapeHtml } from './markdown.js';
import { counterChangeLabel, workRule } from './comment/work.js';

export interface HtmlChart {
  readonly name: string;
  readonly title: string;
  /** A Vega-Lite (or Vega) spec with its data inline: the page loads nothing. */
  readonly spec: object;
}

/** The browser builds of the chart libraries, as text. */
export interface EmbedScripts {
  readonly vega: string;
  readonly vegaLite: string;
  readonly vegaEmbed: string;
}

// ---- Escaping for the places text goes ----

/**
 * Library code as the content of a <script> element. `</script` would end the element: written
 * as `<\/script` it means the same inside JavaScript strings and regular expressions, the only
 * places it can occur. The source-map comment goes: the map is not shipped and would only make
 * the browser's tools look for it.
 */
function scriptContent(code: string): string {
  return code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '').replace(/<\/(script)/gi, '<\\/$1');
}

/**
 * JSON as the content of a <script type="application/json">: every `<` is written `\u003c` (the
 * same string to JSON.parse), so no value can close the element (`</script`) or change how the
 * HTML parser reads the rest of it (`<!--`, `<script`). `<` occurs only inside JSON strings.
 */
export function jsonScriptContent(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

const text = escapeHtml;

function cells(tag: 'td' | 'th', values: readonly string[], classes: readonly string[] = []): string {
  return values
    .map((value, index) => {
      const name = classes[index];
      return name === undefined || name === ''
        ? `<${tag}>${value}</${tag}>`
        : `<${tag} class="${name}">${value}</${tag}>`;
    })
    .join('');
}

/**
 * A table from already-escaped cells; `numeric` marks right-aligned columns. It sits in a box of
 * its own that scrolls sideways: the results table is wider than a laptop's screen, and the page
 * itself should not scroll sideways for it.
 */
function table(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  numeric: readonly boolean[] = [],
): string {
  const classes = header.map((_, index) => (numeric[index] === true ? 'num' : ''));
  return (
    `<div class="table-scroll">\n<table>\n<thead><tr>${cells('th', header, classes)}</tr></thead>\n<tbody>\n` +
    rows.map((row) => `<tr>${cells('td', row, classes)}</tr>`).join('\n') +
    '\n</tbody>\n</table>\n</div>'
  );
}

function section(title: string, body: string): string {
  return `<section>\n<h2>${text(title)}</h2>\n${body}\n</section>`;
}

// ---- Sections ----

/**
 * The headline's icon, drawn inline: the comment's emoji need an emoji font, and a reader's
 * machine without one shows a missing-glyph box in the report's first line. Paths need no font;
 * they take the headline's colour (currentColor, set per verdict in the style sheet). The label is
 * what a screen reader says for the emoji it replaces.
 */
const VERDICT_ICONS: Record<Verdict['verdict'], { readonly label: string; readonly shape: string }> = {
  pass: {
    label: 'check mark',
    shape:
      '<circle cx="12" cy="12" r="11" fill="currentColor"/>' +
      '<path d="M6.5 12.5l3.5 3.5 7.5-8" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>',
  },
  fail: {
    label: 'cross mark',
    shape:
      '<circle cx="12" cy="12" r="11" fill="currentColor"/>' +
      '<path d="M8 8l8 8M16 8l-8 8" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>',
  },
  inconclusive: {
    label: 'warning',
    shape:
      '<path d="M12 2.5L22.5 21h-21z" fill="currentColor" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/>' +
      '<path d="M12 9v5.5" fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round"/>' +
      '<circle cx="12" cy="17.8" r="1.3" fill="#fff"/>',
  },
};

function verdictIcon(verdict: Verdict['verdict']): string {
  const { label, shape } = VERDICT_ICONS[verdict];
  return `<svg class="icon" viewBox="0 0 24 24" width="24" height="24" role="img" aria-label="${label}">${shape}</svg>`;
}

/** The comment's title without its leading emoji, which verdictIcon draws instead. */
function headline(verdict: Verdict): string {
  return verdictTitle(verdict).replace(/^[\p{Extended_Pictographic}\u{FE0F}\s]+/u, '');
}

function header(input: ReportInput): string {
  const { verdict } = input;
  const { counts } = verdict;
  const tally = [
    plural(counts.regression, 'regression', 'regressions'),
    plural(counts.improvement, 'improvement', 'improvements'),
    `${counts.withinTolerance} within tolerance`,
    `${counts.unchanged} unchanged`,
    `${counts.inconclusive} inconclusive`,
  ].join(' · ');
  const gatingMetrics = [
    ...new Set(verdict.cells.filter((cell) => cell.gating).map((cell) => cell.metric)),
  ].map((metric) => metricLabel(metric, input.suite.percentile));
  const policy =
    verdict.verdict === 'inconclusive'
      ? ` Inconclusive counts as ${verdict.settings.inconclusivePolicy} here.`
      : '';
  const source = verdict.baseSource;
  const origin =
    source.kind === 'ab'
      ? `the base side of the A/B run ${source.path}`
      : `stored baseline ${source.path}${source.savedAt === null ? '' : `, saved ${source.savedAt}`}`;
  const side = (name: string, identity: Verdict['sides']['base'], note: string): string[] => [
    text(name),
    text(serverLabel(identity)),
    `<code>${text(identity.binary)}</code>`,
    text(note),
  ];
  return (
    `<header class="${verdict.verdict}">\n<h1>${verdictIcon(verdict.verdict)}${text(headline(verdict))}</h1>\n` +
    `<p class="tally">Suite <code>${text(verdict.suite)}</code>, ${text(
      gatingMetrics.length > 0
        ? `judged on ${gatingMetrics.join(', ')}`
        : 'no cell judged on a gating metric',
    )}: <strong>${text(tally)}</strong>.${text(policy)}</p>\n` +
    table(
      ['side', 'server', 'binary', 'note'],
      [side('base', verdict.sides.base, origin), side('head', verdict.sides.head, '')],
    ) +
    '\n</header>'
  );
}

function chartsSection(charts: readonly HtmlChart[]): string {
  if (charts.length === 0) return '';
  const figures = charts.map((chart, index) => {
    const id = `chart-${index}`;
    return (
      `<figure>\n<figcaption>${text(chart.title)}</figcaption>\n<div id="${id}" class="chart"></div>\n` +
      `<script type="application/json" id="${id}-spec" data-chart="${id}">${jsonScriptContent(chart.spec)}</script>\n` +
      '</figure>'
    );
  });
  return section('Charts', figures.join('\n'));
}

function valueCell(value: string | null): string {
  return value === null ? '<em>(absent)</em>' : `<code>${text(value)}</code>`;
}

function differencesSection(verdict: Verdict): string {
  if (verdict.configDiff.length === 0 && verdict.serverDiff.length === 0) {
    return section(
      'What else differs between the sides',
      '<p>Server variables, version and compiler are the same on both sides (volatile ones such as paths and ports aside).</p>',
    );
  }
  const row = (name: string, entry: ConfigDifference): string[] => [
    name,
    valueCell(entry.base),
    valueCell(entry.head),
  ];
  const rows: string[][] = verdict.serverDiff.map((entry) =>
    row(`<strong>${text(entry.name)}</strong>`, entry),
  );
  const grouped = groupConfigDiff(verdict);
  for (const { entry, followers } of foldConfigDiff(grouped.rows)) {
    rows.push(
      row(
        `<code>${text(entry.name)}</code>${followers > 0 ? ` (and the ${followers} below, which follow it)` : ''}`,
        entry,
      ),
    );
    for (const other of grouped.rows) {
      if (other.name.startsWith(`${entry.name}_`))
        rows.push(row(`<span class="follower"><code>${text(other.name)}</code></span>`, other));
    }
  }
  const groups = grouped.groups.map(
    (group) =>
      `<details class="one-sided"><summary>${text(oneSidedHeadline(group))}</summary>\n` +
      table(
        ['variable', `value in ${text(group.label)}`],
        group.entries.map((entry) => [`<code>${text(entry.name)}</code>`, valueCell(entry[group.side])]),
      ) +
      '\n</details>',
  );
  return section(
    'What else differs between the sides',
    '<p>Besides the code, these differ; they may explain the changes.</p>\n' +
      table(['setting', 'base', 'head'], rows) +
      groups.map((block) => `\n${block}`).join(''),
  );
}

function verdictCell(cell: CellComparison): string {
  const label = cell.gating ? verdictLabel(cell.verdict) : `${verdictLabel(cell.verdict)} (not gating)`;
  return `<span class="verdict ${cell.verdict}${cell.gating ? ' gating' : ''}">${text(label)}</span>`;
}

function resultsSection(input: ReportInput): string {
  const { verdict } = input;
  const confidence = Math.round(verdict.settings.confidence * 100);
  const columns = [
    'workload',
    'threads',
    'metric',
    'base median',
    'base min–max',
    'base CV',
    'head median',
    'head min–max',
    'head CV',
    'change',
    `${confidence}% interval`,
    'p',
    'reps',
    'tolerance',
    'verdict',
    'reason',
  ];
  const numeric = columns.map((_, index) => index === 1 || (index >= 3 && index <= 13));
  const rows = verdict.cells.map((cell) => [
    text(cell.workload),
    String(cell.threads),
    text(metricLabel(cell.metric, input.suite.percentile)),
    text(formatFigure(cell.base.median)),
    text(`${formatFigure(cell.base.min)}–${formatFigure(cell.base.max)}`),
    text(formatPercent(cell.base.cv)),
    text(formatFigure(cell.head.median)),
    text(`${formatFigure(cell.head.min)}–${formatFigure(cell.head.max)}`),
    text(formatPercent(cell.head.cv)),
    text(formatChangePercent(cell.change)),
    text(
      `[${formatChangePercent(cell.changeInterval.low)}, ${formatChangePercent(cell.changeInterval.high)}]`,
    ),
    cell.judgedBy === 'counts'
      ? 'counts'
      : `<span title="before the adjustment: ${text(formatPValue(cell.pValueRaw))}">${text(formatPValue(cell.pValue))}</span>`,
    text(repetitionsLabel(cell)),
    text(formatTolerance(cell.threshold)),
    verdictCell(cell),
    // A block with a minimum width: the table is wider than the screen anyway (it scrolls in its
    // box), and without one the reason column shrinks to a word a line, rows a screen tall.
    `<span class="reason">${text(cell.reason)}</span>`,
  ]);
  return section(
    'Results',
    `<p>Medians, ranges and robust coefficients of variation (CV) of each side's repetitions; ` +
      `change = head ÷ base − 1 with its ${confidence}% bootstrap interval; p: one-sided Mann-Whitney U that ` +
      `head is worse, Benjamini-Hochberg adjusted per metric (alpha ${text(String(verdict.settings.alpha))}${text(spentOver(verdict))}); ` +
      '"counts": instruction counts whose repetitions agree closely, judged on the change itself. ' +
      `Gating metrics decide the verdict: ${text(verdict.settings.gateMetrics.join(', '))}.</p>\n` +
      table(columns, rows, numeric),
  );
}

/** "0.088 → 0.176 (+100.0%)" for one percentile of a latency distribution. */
function percentileCell(base: number, head: number): string {
  const change = base > 0 ? ` (${formatChangePercent(head / base - 1)})` : '';
  return text(`${formatFigure(base)} → ${formatFigure(head)}${change}`);
}

function latencySection(verdict: Verdict): string {
  if (verdict.latency.length === 0) return '';
  const rows = verdict.latency.map((cell) => [
    text(`${cell.workload} @ ${cell.threads}`),
    text(formatCountPlain(cell.base.events)),
    text(formatCountPlain(cell.head.events)),
    percentileCell(cell.base.p50, cell.head.p50),
    percentileCell(cell.base.p95, cell.head.p95),
    percentileCell(cell.base.p99, cell.head.p99),
    text(cell.ks.statistic.toFixed(3)),
    text(
      `${formatPValue(cell.ks.pValue)}${cell.ks.exact ? '' : ` (${formatCountPlain(cell.ks.permutations)} random splits)`}`,
    ),
    cell.tailMoved ? '<strong>moved</strong>' : '',
  ]);
  return section(
    'Latency distributions',
    "<p>Every event of every repetition, pooled per side, from sysbench's latency histogram (buckets about 1.8% apart). " +
      'KS: the largest gap between the two distributions; its p-value comes from permuting whole repetitions between ' +
      "the sides, since one repetition's events are not independent of each other. Tail: the cell's p95 or p99, judged " +
      "on each repetition's own value like the other metrics, was called a regression or an improvement.</p>\n" +
      table(
        [
          'cell',
          'base events',
          'head events',
          'p50 (ms)',
          'p95 (ms)',
          'p99 (ms)',
          'KS distance',
          'KS p',
          'tail',
        ],
        rows,
        [false, true, true, true, true, true, true, true, false],
      ),
  );
}

function functionTable(cell: CellFunctionDeltas): string {
  const change = cell.headTotal - cell.baseTotal;
  const rows = cell.functions.map((fn) => [
    text(`${fn.delta > 0 ? '+' : ''}${formatCountPlain(fn.delta)}`),
    text(formatCountPlain(fn.base)),
    text(formatCountPlain(fn.head)),
    `<code>${text(fn.name)}</code>`,
    text(fn.object.slice(fn.object.lastIndexOf('/') + 1)),
  ]);
  return (
    `<h3>${text(`${cell.workload} @ ${cell.threads}`)}${cell.verdict === null ? '' : ` (${text(verdictLabel(cell.verdict))})`}</h3>\n` +
    `<p>${text(`${change > 0 ? '+' : ''}${formatCountPlain(change)} instructions per transaction, all threads (${formatCountPlain(cell.baseTotal)} → ${formatCountPlain(cell.headTotal)})`)}</p>\n` +
    table(['change', 'base', 'head', 'function', 'object'], rows, [true, true, true, false, false])
  );
}

function functionsSection(verdict: Verdict): string {
  if (verdict.functionDeltas.length === 0) return '';
  const unnamed = unnamedNote(verdict.functionDeltas.flatMap((cell) => cell.functions));
  return section(
    'Where the instructions went',
    '<p>Self instructions per transaction of the functions that changed most, per cell.' +
      (unnamed === undefined ? '' : ` ${text(unnamed)}.`) +
      '</p>\n' +
      verdict.functionDeltas.map(functionTable).join('\n'),
  );
}

/** Work per transaction: the sentence, and the changed counters when any changed. */
function workSection(verdict: Verdict): string {
  const { work } = verdict;
  if (work === undefined) return '';
  if (work.status === 'unavailable') return section('Work per transaction', `<p>${text(work.reason)}.</p>`);
  const rows = work.cells.flatMap((cell) =>
    cell.changes.map((change) => [
      text(`${cell.workload} @ ${cell.threads}`),
      text(WORK_GROUP_TITLES[change.group]),
      `<code>${text(change.name)}</code>`,
      text(formatFigure(change.base)),
      text(formatFigure(change.head)),
      text(counterChangeLabel(change) + (change.followsThroughput ? ' (follows throughput)' : '')),
    ]),
  );
  const sentence = `<p><strong>${text(work.sentence)}</strong></p>`;
  if (rows.length === 0) return section('Work per transaction', sentence);
  return section(
    'Work per transaction',
    `${sentence}\n<p>${text(workRule(work.thresholds))}</p>\n` +
      table(['cell', 'group', 'counter', 'base', 'head', 'change'], rows, [
        false,
        false,
        false,
        true,
        true,
        true,
      ]),
  );
}

/** The cost of the changed lines per instruction cell, every hunk kept, or why not. */
function linesSection(verdict: Verdict): string {
  const { lines } = verdict;
  if (lines === undefined) return '';
  if (lines.status === 'unavailable')
    return section('Cost of the changed lines', `<p>${text(lines.reason)}.</p>`);
  const body = lines.cells.map((cell) => {
    const rows = cell.hunks.map((hunk) => [
      lines.sourceUrl === null
        ? text(hunk.label)
        : `<a href="${text(hunkUrl(lines.sourceUrl, lines.headCommit, hunk))}">${text(hunk.label)}</a>`,
      text(formatSignedCountPlain(hunk.delta)),
      text(formatCountPlain(hunk.base)),
      text(formatCountPlain(hunk.head)),
      text(transactionShare(hunk)),
      text(hunk.inlinedInto.join(', ')),
    ]);
    return (
      `<h3>${text(`${cell.workload} @ ${cell.threads}`)}</h3>\n<p>${text(`The diff's lines explain ${explainedLabel(cell, formatSignedCountPlain)}.`)}</p>\n` +
      table(['lines', 'change', 'base', 'head', 'share', 'inlined into'], rows, [
        false,
        true,
        true,
        true,
        true,
        false,
      ])
    );
  });
  return section(
    'Cost of the changed lines',
    `<p>${text(`Instructions per transaction on the head's added and changed lines less the base's removed ones, ${lines.baseCommit.slice(0, 12)}..${lines.headCommit.slice(0, 12)}; inlined code is counted on its own lines, and calls made from a line on that line.`)}</p>\n${body.join('\n')}`,
  );
}

function warningsSection(verdict: Verdict): string {
  const items: string[] = [];
  const noise = noiseWarning(verdict);
  if (noise) items.push(`<strong>${text(noise.lead)}</strong> ${text(noise.detail)}`);
  items.push(...verdict.warnings.map(text));
  if (items.length === 0) return '';
  return section(
    'Warnings',
    `<ul class="warnings">\n${items.map((item) => `<li>${item}</li>`).join('\n')}\n</ul>`,
  );
}

function environmentSection(input: ReportInput): string {
  const fields: [string, (env: Environment) => string][] = [
    ['CPU model', (env) => env.cpuModel],
    ['logical cores', (env) => String(env.logicalCores)],
    ['physical cores', (env) => (env.physicalCores === null ? 'unknown' : String(env.physicalCores))],
    ['SMT', (env) => (env.smt === null ? 'unknown' : env.smt ? 'on' : 'off')],
    ['frequency governor', (env) => env.governor ?? 'none exposed'],
    ['virtualized', (env) => (env.virtualized ? 'yes' : 'no')],
    ['memory', (env) => formatGiB(env.memoryBytes)],
    ['load average before (1, 5, 15 min)', (env) => env.loadAverageBefore.map(formatLoadAverage).join(', ')],
    ['load average after (1, 5, 15 min)', (env) => env.loadAverageAfter.map(formatLoadAverage).join(', ')],
    ['OS', (env) => env.os],
    ['kernel', (env) => env.kernel],
    ['platform', (env) => `${env.platform} ${env.arch}`],
    ['sysbench', (env) => env.sysbenchVersion],
    ['Node.js', (env) => env.nodeVersion],
    ['host', (env) => env.hostname],
    ['hardware fingerprint', (env) => env.fingerprint],
  ];
  const base = input.base.environment;
  const head = input.head.environment;
  const same = environmentLabel(base) === environmentLabel(head) && base.fingerprint === head.fingerprint;
  const rows = fields.map(([name, value]) =>
    same ? [text(name), text(value(head))] : [text(name), text(value(base)), text(value(head))],
  );
  return section('Environment', table(same ? ['', 'both sides'] : ['', 'base', 'head'], rows));
}

function historySection(input: ReportInput): string {
  if (input.history.length === 0) return '';
  const rows = input.history.map((entry) => [
    text(entry.savedAt),
    entry.commit === undefined ? '' : `<code>${text(entry.commit)}</code>`,
    text(entry.facts.versionFunction),
    text(entry.run.toolVersion),
  ]);
  return section(
    'Baseline history (oldest first; the newest is the base)',
    table(['saved', 'commit', 'version', 'tool'], rows),
  );
}

const STYLE = `
:root { color-scheme: light dark; --pass: #1a7f37; --fail: #cf222e; --warn: #9a6700; --muted: #6e7781; --within: #1f77b4; }
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; margin: 2rem auto; max-width: 96rem; padding: 0 1rem; line-height: 1.45; }
header.pass h1 { color: var(--pass); } header.fail h1 { color: var(--fail); } header.inconclusive h1 { color: var(--warn); }
h1 .icon { width: 1em; height: 1em; vertical-align: -0.14em; margin-right: 0.35em; }
.table-scroll { overflow-x: auto; margin: 0.5rem 0 1.5rem; }
table { border-collapse: collapse; font-size: 0.9rem; }
th, td { border: 1px solid #d0d7de; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
th.num, td.num { text-align: right; font-variant-numeric: tabular-nums; } td.num { white-space: nowrap; }
.reason { display: block; min-width: 16rem; }
thead th { background: rgba(127, 127, 127, 0.12); }
code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.85em; overflow-wrap: anywhere; }
.verdict.regression.gating { color: var(--fail); font-weight: bold; }
.verdict.improvement.gating { color: var(--pass); }
.verdict.within-tolerance.gating { color: var(--within); }
.verdict.inconclusive.gating { color: var(--warn); }
.follower { padding-left: 1.5rem; display: inline-block; color: var(--muted); }
figure { margin: 1rem 0 2rem; } figcaption { font-weight: bold; margin-bottom: 0.5rem; }
.chart { overflow-x: auto; background: white; }
.warnings li { color: var(--warn); }
`;

/**
 * Draws each chart from its JSON spec. A chart that fails says so in its place instead of
 * leaving a blank.
 */
const EMBED = `
for (const element of document.querySelectorAll('script[type="application/json"][data-chart]')) {
  const id = element.dataset.chart;
  const target = document.getElementById(id);
  let spec;
  try {
    spec = JSON.parse(element.textContent);
  } catch (error) {
    target.textContent = 'This chart could not be read: ' + error.message;
    continue;
  }
  vegaEmbed('#' + id, spec, { actions: false, renderer: 'svg' }).catch((error) => {
    target.textContent = 'This chart could not be drawn: ' + error.message;
  });
}
`;

/** The whole page. */
export function renderHtmlReport(
  input: ReportInput,
  charts: readonly HtmlChart[],
  scripts: EmbedScripts,
): string {
  const { verdict } = input;
  const body = [
    header(input),
    warningsSection(verdict),
    chartsSection(charts),
    differencesSection(verdict),
    resultsSection(input),
    workSection(verdict),
    latencySection(verdict),
    linesSection(verdict),
    functionsSection(verdict),
    environmentSection(input),
    historySection(input),
  ].filter((part) => part !== '');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(`mysql-perf-gate: ${verdict.verdict} — suite ${verdict.suite}`)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<noscript><p>The charts need JavaScript; every table below is plain HTML.</p></noscript>',
    ...body,
    `<script>${scriptContent(scripts.vega)}</script>`,
    `<script>${scriptContent(scripts.vegaLite)}</script>`,
    `<script>${scriptContent(scripts.vegaEmbed)}</script>`,
    `<script>${EMBED}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
