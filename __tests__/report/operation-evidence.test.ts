// The evidence sections of an operational cell (recovery, cold start, replica apply) name its own
// unit: where the instructions went and the cost of the changed lines per recovery, the work
// chart's axis and the work sentence per each cell's unit, a `load` variant's rows and function
// panels each its own. A client cell beside it keeps saying "per transaction".
import type { TopLevelSpec } from 'vega-lite';

import { judge } from '../../src/compare/judge.js';
import { parseDiffHunks } from '../../src/compare/diff-hunks.js';
import { lineSection, type SideLines } from '../../src/compare/line-costs.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { CellFunctionDeltas, type Verdict } from '../../src/compare/verdict-schema.js';
import { parseVerdict } from '../../src/compare/verdict-versions.js';
import { chartsFor } from '../../src/report/charts.js';
import { renderComment } from '../../src/report/comment.js';
import { renderHtmlReport } from '../../src/report/html.js';
import { renderChart } from '../../src/report/rasterize.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { renderResultsSummary } from '../../src/results/results-summary.js';
import type { Results } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';
import {
  type OperationCell,
  slowerRecovery,
  steadyColdStart,
  withOperationCells,
} from '../helpers/operation-results.js';

function reportInput(results: Results): ReportInput {
  return {
    ...judge({ results, resultsPath: 'r.json', base: { kind: 'ab' }, options: DEFAULT_COMPARE_OPTIONS }),
    history: [],
  };
}

/** Self instructions per recovery, summing to the whole process's 4e9 × scale. */
const functions = (scale: number) => [
  { name: 'recv_recover_page_func', object: '/usr/sbin/mariadbd', perTransaction: 3e9 * scale },
  { name: 'buf_page_get_low', object: '/usr/sbin/mariadbd', perTransaction: 1e9 },
];

/** A recovery whose head ran `scale` times the base's instructions, with its function lists. */
function recovery(scale: number, variant?: Record<string, string>): OperationCell {
  const cell = slowerRecovery(3);
  const instructions = cell.base.instructions?.map((count) => count * scale);
  return {
    ...cell,
    ...(variant === undefined ? {} : { variant }),
    base: { ...cell.base, functions: functions(1) },
    head: {
      ...cell.head,
      ...(instructions === undefined ? {} : { instructions }),
      functions: functions(scale),
    },
  };
}

/** The chart's spec, to be read as the test's shape of it. */
const chartSpec = (input: ReportInput, name: string): unknown => {
  const spec = chartsFor(input).find((chart) => chart.name === name)?.spec;
  if (spec === undefined) throw new Error(`no ${name} chart`);
  return spec;
};

/** The x axis title and the cells' panel headers of the functions chart. */
function functionsChart(input: ReportInput): { axis: unknown; panels: string[] } {
  const spec = chartSpec(input, 'functions') as {
    data: { values: { cell: string }[] };
    spec: { encoding: { x: { title: unknown } } };
  };
  return {
    axis: spec.spec.encoding.x.title,
    panels: [...new Set(spec.data.values.map((row) => row.cell))],
  };
}

describe('where the instructions went, for a recovery beside client cells', () => {
  const input = reportInput(
    withOperationCells(fixtureResults('instructions-performance-schema.json'), [recovery(1.6)], null),
  );
  const { verdict } = input;

  it("records the recovery's operation in verdict.json, and the schema checks it", () => {
    const crash = verdict.functionDeltas.find((cell) => cell.workload === 'crash');
    expect(crash?.operation).toEqual({ kind: 'recovery', per: 'recovery' });
    expect(verdict.functionDeltas.filter((cell) => cell.operation !== undefined)).toHaveLength(1);
    const read = parseVerdict(JSON.stringify(verdict), 'verdict.json').verdict;
    expect(read.functionDeltas.find((cell) => cell.workload === 'crash')?.operation?.per).toBe('recovery');
    expect(() =>
      CellFunctionDeltas.parse({ ...crash, operation: { kind: 'recovery', per: 'txn' } }),
    ).toThrow();
  });

  it('says per recovery in the comment, the terminal and the page, and per transaction for the client cells', () => {
    const comment = renderComment(input, { charts: [], marker: '<!-- m -->' });
    expect(comment).toContain(
      'Where the instructions went: crash @ 1 thread (regression): +2,400,060,000 instructions per recovery, all threads',
    );
    expect(comment).toContain('Self instructions per recovery, largest changes first.');
    expect(comment).toMatch(
      /oltp_point_select @ 1 thread \(regression\): \+[\d,]+ instructions per transaction/,
    );
    expect(comment).toContain('Self instructions per transaction, largest changes first.');

    const summary = renderVerdictSummary(verdict);
    expect(summary).toContain(
      'Where the instructions went (self instructions per transaction or per recovery, all threads; base → head):',
    );
    expect(summary).toContain('crash @ 1 (regression): +2,400,060,000 per recovery in all');
    expect(summary).toMatch(/oltp_point_select @ 1 \(regression\): \+[\d,]+ per transaction in all/);

    const html = renderHtmlReport(input, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(html).toContain('+2,400,060,000 instructions per recovery, all threads');
    expect(html).toContain(
      'Self instructions per transaction or per recovery of the functions that changed most',
    );
  });

  it("labels the chart's axis with both units, and the recovery's panel with its own", () => {
    const chart = functionsChart(input);
    expect(chart.axis).toBe('self cost, head − base (instr/txn or instr/recovery)');
    expect(chart.panels).toContain('crash @ 1: regression, +60.0% instr/recovery');
    expect(chart.panels.find((panel) => panel.startsWith('oltp_point_select'))).toMatch(/% instr\/txn$/);
  });

  it('draws both with the real rasterizer', async () => {
    const rendered = await renderChart(chartSpec(input, 'functions') as TopLevelSpec);
    expect(rendered.svg).toContain('self cost, head − base (instr/txn or instr/recovery)');
    expect(rendered.svg).toContain('crash @ 1: regression, +60.0% instr/recovery');
  });

  it('keeps a client-only chart per transaction', () => {
    const client = reportInput(fixtureResults('instructions-performance-schema.json'));
    expect(functionsChart(client).axis).toBe('self cost, head − base (instr/txn)');
    expect(client.verdict.functionDeltas.some((cell) => cell.operation !== undefined)).toBe(false);
  });
});

describe('the cost of the changed lines of a recovery', () => {
  const input = reportInput(
    withOperationCells(fixtureResults('instructions-performance-schema.json'), [recovery(1.6)], null),
  );
  const hunks = parseDiffHunks(
    'diff --git a/storage/innobase/log/log0recv.cc b/storage/innobase/log/log0recv.cc\n' +
      '--- a/storage/innobase/log/log0recv.cc\n+++ b/storage/innobase/log/log0recv.cc\n' +
      '@@ -100,0 +101,2 @@ recv_recover_page_func()\n+  one;\n+  two;\n',
  );
  const side = (cost: number): SideLines => ({
    costs: {
      files: new Map([['storage/innobase/log/log0recv.cc', new Map([[101, cost]])]]),
      inlinedInto: new Map(),
      lineNumbered: true,
    },
    transactions: 1,
  });
  const judged = (workload: string) => {
    const cell = input.verdict.cells.find((c) => c.workload === workload && c.metric === 'instructions');
    if (cell === undefined) throw new Error(`no ${workload}`);
    return { sides: { base: side(0), head: side(cell.head.median - cell.base.median) }, judged: cell };
  };
  const lines = lineSection({ base: 'a'.repeat(40), head: 'b'.repeat(40), sourceUrl: null }, hunks, [
    judged('oltp_point_select'),
    judged('crash'),
  ]);
  const verdict: Verdict = { ...input.verdict, lines };

  it('records the operation of the cell, and lists its hunks in instructions per recovery', () => {
    expect(lines.status === 'mapped' && lines.cells.map((cell) => cell.operation)).toEqual([
      undefined,
      { kind: 'recovery', per: 'recovery' },
    ]);
    const summary = renderVerdictSummary(verdict);
    expect(summary).toContain(
      "instructions per transaction or per recovery on the head's added and changed lines less the base's removed ones",
    );
    expect(summary).toMatch(
      /log0recv\.cc:101–102 \(\+2 lines\): \+2,400,060,000 instructions\/recovery in crash @ 1 \(\+60\.0% of the recovery\)/,
    );
    expect(summary).toMatch(/instructions\/txn in oltp_point_select @ 1 \(\+[\d.]+% of the transaction\)/);
  });

  it('names both units in the comment and the page', () => {
    const withLines = { ...input, verdict };
    const comment = renderComment(withLines, { charts: [], marker: '<!-- m -->' });
    expect(comment).toContain('Instructions per transaction or per recovery on the head');
    expect(comment).toContain('| instructions per transaction or per recovery | share |');
    expect(comment).toContain('+60.0% of the recovery');
    const html = renderHtmlReport(withLines, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(html).toContain('Instructions per transaction or per recovery on the head');
  });
});

describe('work per each cell its unit', () => {
  it('titles the work chart, its axis and its tooltip with the units of the cells it draws', () => {
    const input = reportInput(
      withOperationCells(fixtureResults('quick-durability.json'), [slowerRecovery(5)], null),
    );
    const spec = chartSpec(input, 'work-durability') as {
      title: { text: string };
      data: { values: { cell: string }[] };
      spec: { layer: { encoding: { x: { title: unknown }; tooltip?: { title?: string }[] } }[] };
    };
    const [bars] = spec.spec.layer;
    const cells = new Set(spec.data.values.map((row) => row.cell));
    expect(cells).toContain('crash @ 1, per recovery');
    expect([...cells].some((cell) => !cell.includes(', per '))).toBe(true);
    expect(bars?.encoding.x.title).toBe('per transaction or per recovery');
    expect(bars?.encoding.tooltip?.at(-1)?.title).toBe('per transaction or per recovery');
    expect(spec.title.text).toBe('Work per transaction or per recovery: I/O and durability');
    expect(chartsFor(input).find((chart) => chart.name === 'work-durability')?.title).toBe(spec.title.text);
    const client = reportInput(fixtureResults('quick-durability.json'));
    const clientBars = (chartSpec(client, 'work-durability') as typeof spec).spec.layer[0];
    expect(clientBars?.encoding.x.title).toBe('per transaction');
    expect(chartsFor(client).find((chart) => chart.name === 'work-durability')?.title).toBe(
      'Work per transaction: I/O and durability',
    );
  });

  it('says the same work was done per start beside per transaction', () => {
    const input = reportInput(
      withOperationCells(fixtureResults('io-bound-aa.json'), [steadyColdStart(3)], null),
    );
    const work = input.verdict.work;
    expect(work?.status === 'compared' && work.sentence).toBe(
      'Same statements, same work: every status counter did the same per transaction or per start on both sides, ' +
        'so any cost difference is in the code path.',
    );
  });
});

describe('two `load` variants of a recovery', () => {
  // A suite that varies the load holds only recoveries and replica applies.
  const fixture = fixtureResults('instructions-performance-schema.json');
  const results = withOperationCells(
    { ...fixture, suite: { ...fixture.suite, workloads: [] }, cells: [] },
    [recovery(1.6, { load: '2000' }), recovery(1.2, { load: '4000' })],
    null,
  );

  it('prints each variant on its own rows of the terminal summary', () => {
    const text = renderResultsSummary(results);
    expect(text).toMatch(
      /workload +threads +variant +side +s \(median\) +instr\/recovery +µs CPU\/recovery +reps\n/,
    );
    expect(text).toMatch(/^crash +1 +load=2000 +head +3\.21 +6400160000 /m);
    expect(text).toMatch(/^crash +1 +load=4000 +head +3\.21 +4800120000 /m);
  });

  it("heads each variant's function panel with its own change", () => {
    const { panels } = functionsChart(reportInput(results));
    expect(panels).toContain('crash @ 1 [load=2000]: regression, +60.0% instr/recovery');
    expect(panels).toContain('crash @ 1 [load=4000]: regression, +20.0% instr/recovery');
  });
});
