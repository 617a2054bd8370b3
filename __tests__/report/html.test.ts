// The HTML report: one offline page with the chart libraries inline, every table, and nothing
// from a pull request that can turn into markup or script.

import { type EmbedScripts, jsonScriptContent, renderHtmlReport } from '../../src/report/html.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { loadEmbedScripts } from '../../src/report/assets.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';
import { rankConfigDiff } from '../../src/compare/settings-rank.js';

function inputOf(name: string): ReportInput {
  return abReportInput(fixtureResults(name), 'r.json');
}

const EVIL_NAME = '<img src=x onerror=alert(1)>';

/** The input with a hostile workload name, variable value, version and warning. */
function hostile(input: ReportInput): ReportInput {
  const workload = input.verdict.cells[0]!.workload;
  const rename = <T extends { workload: string }>(cell: T): T =>
    cell.workload === workload ? { ...cell, workload: EVIL_NAME } : cell;
  return {
    ...input,
    verdict: {
      ...input.verdict,
      cells: input.verdict.cells.map(rename),
      functionDeltas: input.verdict.functionDeltas.map(rename),
      configDiff: rankConfigDiff(
        [...input.verdict.configDiff, { name: 'evil"name', base: "it's", head: `</td>${EVIL_NAME}` }],
        undefined,
      ),
      sides: {
        ...input.verdict.sides,
        head: { ...input.verdict.sides.head, versionFunction: `11.0 ${EVIL_NAME}` },
      },
      warnings: [...input.verdict.warnings, `</li><script>alert(1)</script>`],
    },
  };
}

/** A spec whose data tries to close its script element. */
const SPEC = {
  $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
  data: {
    values: [
      { cell: '</script><script>alert(1)</script>', value: 1 },
      { cell: '<!-- <script>', value: 2 },
      { cell: 'quote " and \u2028 line separator', value: 3 },
    ],
  },
  mark: 'bar',
  encoding: { x: { field: 'cell', type: 'nominal' }, y: { field: 'value', type: 'quantitative' } },
};
const CHARTS = [
  { name: 'change', title: 'Change per cell <b>', spec: SPEC },
  { name: 'other', title: 'Other', spec: { ...SPEC, mark: 'point' } },
];

const STUB_SCRIPTS: EmbedScripts = {
  vega: '/* vega */',
  vegaLite: '/* vega-lite */',
  vegaEmbed: '/* vega-embed */',
};

const quickAb = inputOf('quick-ab-performance-schema.json');
const instructions = inputOf('instructions-performance-schema.json');
const scripts = loadEmbedScripts();

/** The contents of every <script type="application/json"> element, in order. */
function jsonScripts(page: string): string[] {
  return [...page.matchAll(/<script type="application\/json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1]!,
  );
}

describe('loadEmbedScripts', () => {
  it('reads the browser builds of vega, vega-lite and vega-embed', () => {
    expect(scripts.vega.length).toBeGreaterThan(100_000);
    expect(scripts.vegaLite.length).toBeGreaterThan(100_000);
    expect(scripts.vegaEmbed.length).toBeGreaterThan(10_000);
    // The UMD builds define the globals the page uses.
    expect(scripts.vega).toContain('.vega={}');
    expect(scripts.vegaLite).toContain('.vegaLite={}');
    expect(scripts.vegaEmbed).toContain('.vegaEmbed=');
  });
});

describe('jsonScriptContent', () => {
  it('cannot close its element and parses back to the value', () => {
    const content = jsonScriptContent(SPEC);
    expect(content).not.toContain('<');
    expect(content).toContain('\\u003c/script>\\u003cscript>');
    expect(JSON.parse(content)).toEqual(SPEC);
  });
});

/** A library as inlined: without its source-map comment. */
function withoutMap(code: string): string {
  return code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '');
}

describe('renderHtmlReport', () => {
  const page = renderHtmlReport(instructions, CHARTS, scripts);

  it('inlines the three libraries', () => {
    for (const code of [scripts.vega, scripts.vegaLite, scripts.vegaEmbed]) {
      expect(page).toContain(`<script>${withoutMap(code)}</script>`);
    }
    // The three builds are about 840 kB together.
    expect(page.length).toBeGreaterThan(800_000);
  });

  it('has balanced script elements, each spec JSON in one that parses back to the spec', () => {
    expect(page.match(/<script\b/gi)?.length).toBe(page.match(/<\/script>/gi)?.length);
    const specs = jsonScripts(page);
    expect(specs).toHaveLength(2);
    expect(specs.map((content) => JSON.parse(content) as unknown)).toEqual(CHARTS.map((chart) => chart.spec));
    expect(page).toContain('<div id="chart-0" class="chart"></div>');
    expect(page).toContain('<script type="application/json" id="chart-1-spec" data-chart="chart-1">');
    expect(page).toContain("vegaEmbed('#' + id, spec, { actions: false, renderer: 'svg' })");
    expect(page).toContain('<figcaption>Change per cell &lt;b&gt;</figcaption>');
  });

  it('loads nothing from the network', () => {
    let own = page;
    for (const code of [scripts.vega, scripts.vegaLite, scripts.vegaEmbed])
      own = own.replace(withoutMap(code), '');
    const local = renderHtmlReport(instructions, CHARTS, STUB_SCRIPTS);
    for (const text of [own, local]) {
      expect(text).not.toMatch(/\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
      expect(text).not.toMatch(/<link\b|@import|url\(/i);
    }
    // The only URL outside the libraries is the spec's $schema, which is data, not a request.
    expect(local.match(/https?:\/\/[^"\s]+/g)).toEqual([
      'https://vega.github.io/schema/vega-lite/v6.json',
      'https://vega.github.io/schema/vega-lite/v6.json',
    ]);
  });

  it('has the verdict, every cell, the config diff, the functions and the environment', () => {
    const local = renderHtmlReport(instructions, [], STUB_SCRIPTS);
    expect(local).toMatch(
      /<h1><svg class="icon" [^>]*role="img" aria-label="cross mark">.*?<\/svg>Performance: fail — 4 regressions<\/h1>/,
    );
    expect(local).toContain('<header class="fail">');
    expect(local.match(/<span class="verdict regression gating">regression<\/span>/g)).toHaveLength(4);
    expect(local.match(/<span class="verdict regression">regression \(not gating\)<\/span>/g)).toHaveLength(
      4,
    );
    // min–max, CV and "counts" beside the medians.
    expect(local).toMatch(
      /<td class="num">43,005<\/td><td class="num">[\d,]+–[\d,]+<\/td><td class="num">\d+\.\d%<\/td>/,
    );
    expect(local).toContain('<td class="num">counts</td>');
    expect(local).toContain('<code>performance_schema</code> (and the 10 below, which follow it)');
    expect(local).toContain('<span class="follower"><code>performance_schema_digests_size</code></span>');
    expect(local).toContain('<code>THD::inc_sent_row_count(unsigned long long)</code>');
    expect(local).toContain('<td>CPU model</td><td>Intel(R) Xeon(R) Processor</td>');
    expect(local).not.toContain('<section>\n<h2>Charts</h2>');
  });

  it('says what is inconclusive, with a p-value where the statistics judged', () => {
    const local = renderHtmlReport(quickAb, [], STUB_SCRIPTS);
    expect(local).toContain('<header class="inconclusive">');
    expect(local).toContain('<strong>6 of 6 gating cells are inconclusive:</strong>');
    expect(local).toContain('<li>the machine was busy before the run');
    expect(local).toMatch(/<td class="num"><span title="before the adjustment: [\d.]+">0\.30<\/span><\/td>/);
  });

  it('escapes names and values from results and servers', () => {
    const local = renderHtmlReport(hostile(quickAb), CHARTS, STUB_SCRIPTS);
    expect(local).not.toMatch(/<img/i);
    expect(local).toContain('<td>&lt;img src=x onerror=alert(1)&gt;</td>');
    expect(local).toContain('MariaDB 11.0 &lt;img src=x onerror=alert(1)&gt;');
    expect(local).toContain('<code>evil&quot;name</code>');
    expect(local).toContain('<code>it&#39;s</code>');
    expect(local).toContain('<li>&lt;/li&gt;&lt;script&gt;alert(1)&lt;/script&gt;</li>');
    // Only the page's own scripts: three libraries, two specs, the embedding.
    expect(local.match(/<script\b/gi)).toHaveLength(6);
    expect(local.match(/<\/script>/gi)).toHaveLength(6);
  });
});
