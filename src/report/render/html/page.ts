// The HTML report: one self-contained page for the report/ artifact, readable offline. Vega,
// Vega-Lite and vega-embed are inlined, each chart's spec sits in the page as JSON, and every
// table of the document is there in full (the pull-request comment has to fit GitHub's limit; this
// page does not). Nothing is fetched from the network: no CDN, no web fonts, no remote images.
//
// The caller passes the libraries' text (see loadEmbedScripts in assets.ts).
import type { ChartRef, ReportDocument } from '../../document/model.js';
import {
  functionsSection,
  linesSection,
  resourcesSection,
  splitSection,
  stallsSection,
  workSection,
} from './evidence.js';
import { section, text } from './format.js';
import { header } from './header.js';
import {
  differencesSection,
  historySection,
  latencySection,
  mixSection,
  machineSection,
  nextSection,
  resultsSection,
  warningsSection,
} from './sections.js';
import { EMBED, STYLE } from './style.js';
import { printableJson } from '../../../untrusted-text.js';

export interface HtmlChart extends ChartRef {
  /** A Vega-Lite (or Vega) spec with its data inline: the page loads nothing. */
  readonly spec: object;
}

/** The browser builds of the chart libraries, as text. */
export interface EmbedScripts {
  readonly vega: string;
  readonly vegaLite: string;
  readonly vegaEmbed: string;
}

/**
 * Library code as the content of a <script> element. `</script` would end the element: written
 * as `<\/script` it means the same inside JavaScript strings and regular expressions, the only
 * places it can occur. The source-map comment goes: the map is not shipped and would only make
 * the browser's tools look for it.
 */
export function scriptContent(code: string): string {
  return code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '').replace(/<\/(script)/gi, '<\\/$1');
}

/**
 * JSON as the content of a <script type="application/json">: every `<` is written `\u003c` (the
 * same string to JSON.parse), so no value can close the element (`</script`) or change how the
 * HTML parser reads the rest of it (`<!--`, `<script`). `<` occurs only inside JSON strings, as
 * do the control characters that `printableJson` writes as escapes too.
 */
export function jsonScriptContent(value: unknown): string {
  return printableJson(JSON.stringify(value)).replace(/</g, '\\u003c');
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

/** The whole page. */
export function renderHtmlPage(document: ReportDocument<HtmlChart>, scripts: EmbedScripts): string {
  const { headline } = document;
  const body = [
    header(headline),
    warningsSection(document.warnings),
    chartsSection(document.charts),
    differencesSection(document.differences),
    resultsSection(document.results, document.method),
    splitSection(document.split),
    stallsSection(document.stalls),
    resourcesSection(document.resources),
    workSection(document.work),
    latencySection(document.latency),
    mixSection(document.mix),
    linesSection(document.lines),
    functionsSection(document.functions),
    machineSection(document.machine),
    historySection(document.history),
    nextSection(document.next),
  ].filter((part) => part !== '');
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${text(`mysql-perf-gate: ${headline.verdict} — suite ${headline.suite}`)}</title>`,
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
