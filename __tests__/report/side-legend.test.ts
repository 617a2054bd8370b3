// The side legend of a comparison across variants (compare --against-variant): the charts must say
// which variant each line is, not "base" and "head". Rendered for real, and read from the SVG.
import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { chartsFor, scalingSpec, timeseriesSpec } from '../../src/report/charts.js';
import { renderChart } from '../../src/report/rasterize.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { sideLegend } from '../../src/report/specs/common.js';
import type { Results } from '../../src/results/results-schema.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';

/**
 * A real A/B run turned into the one-server run of a `durability` suite: its base side's cells as
 * the head side's cells under `default`, its head side's under `durable`.
 */
function variantRun(results: Results): Results {
  const under = { base: 'default', head: 'durable' } as const;
  return {
    ...results,
    mode: 'single',
    suite: {
      ...results.suite,
      variants: { durability: { default: {}, durable: { sync_binlog: '1' } } },
    },
    sides: { head: results.sides.head },
    cells: results.cells.map((cell) => ({
      ...cell,
      side: 'head',
      variant: { durability: under[cell.side] },
    })),
  };
}

const ab = fixtureResults('quick-ab-performance-schema.json');
const across: ReportInput = judge({
  results: variantRun(ab),
  resultsPath: 'durable.json',
  base: { kind: 'variant', dimension: 'durability', value: 'default' },
  options: DEFAULT_COMPARE_OPTIONS,
});

describe('the side legend', () => {
  it('names base and head in an A/B comparison', async () => {
    const input = abReportInput(ab);
    expect(sideLegend(input)).toEqual({ title: 'side' });
    const { svg } = await renderChart(scalingSpec(input)!);
    expect(svg).toContain('>base</text>');
    expect(svg).toContain('>head</text>');
  });

  it('names the variants of a comparison across them, in every chart drawn by side', async () => {
    expect(across.verdict.baseSource.kind).toBe('variant');
    for (const spec of [scalingSpec(across)!, timeseriesSpec(across)!]) {
      const { svg } = await renderChart(spec);
      expect(svg).toContain('>durability=default</text>');
      expect(svg).toContain('>durability=durable</text>');
      expect(svg).not.toContain('>base</text>');
      expect(svg).not.toContain('>head</text>');
    }
  });

  it('names them in the charts of the work per transaction too', () => {
    const withWork = judge({
      results: variantRun(fixtureResults('quick-durability.json')),
      resultsPath: 'durable.json',
      base: { kind: 'variant', dimension: 'durability', value: 'default' },
      options: DEFAULT_COMPARE_OPTIONS,
    });
    const charts = chartsFor(withWork).filter((chart) => chart.name.startsWith('work-'));
    expect(charts.length).toBeGreaterThan(0);
    for (const chart of charts) expect(JSON.stringify(chart.spec)).toContain('durability=default');
  });

  it('cannot be broken out of by a value: labels are string literals', () => {
    const legend = sideLegend({
      verdict: {
        ...across.verdict,
        baseSource: { ...across.verdict.baseSource, variant: { dimension: 'd', value: "x' || 1 || '" } },
      },
      head: across.head,
    });
    expect(legend.legend?.labelExpr).toContain(JSON.stringify("d=x' || 1 || '"));
  });
});
