// The report's charts with operational cells: a chart per operation (each repetition's seconds and
// figures per unit, base beside head), drawn for real; the client charts (scaling, time series,
// latency, instructions per transaction) leave those cells out rather than draw them empty.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { chartsFor } from '../../src/report/charts.js';
import { renderChart } from '../../src/report/rasterize.js';
import type { ReportInput } from '../../src/report/report-input.js';
import type { Results } from '../../src/results/results-schema.js';
import { fixtureResults } from '../helpers/report-input.js';
import {
  grade,
  slowerRecovery,
  slowerReplicaApply,
  steadyColdStart,
  withOperationCells,
} from '../helpers/operation-results.js';
import { useTempDir } from '../helpers/real-run.js';

function reportInput(results: Results): ReportInput {
  return {
    ...judge({ results, resultsPath: 'r.json', base: { kind: 'ab' }, options: DEFAULT_COMPARE_OPTIONS }),
    history: [],
  };
}

const throughput = reportInput(
  withOperationCells(
    fixtureResults('quick-durability.json'),
    [slowerRecovery(5), steadyColdStart(5), slowerReplicaApply(5)],
    grade('B'),
  ),
);
const charts = chartsFor(throughput);
const chart = (name: string) => charts.find((candidate) => candidate.name === name);
const rows = (name: string): Record<string, unknown>[] => {
  const spec = chart(name)?.spec as { data?: { values?: Record<string, unknown>[] } } | undefined;
  return spec?.data?.values ?? [];
};

describe('the charts of a verdict with operational cells', () => {
  const dir = useTempDir('operation-charts-');

  it('draw one chart per operation, after what changed and why', () => {
    const names = charts.map((candidate) => candidate.name);
    expect(names.slice(0, 1)).toEqual(['change']);
    const operations = names.filter((name) => name.startsWith('operation-'));
    expect(operations).toEqual(['operation-recovery', 'operation-cold-start', 'operation-replica-apply']);
    expect(names.indexOf('operation-recovery')).toBeLessThan(names.indexOf('scaling'));
    expect(chart('operation-recovery')?.title).toBe('Crash recovery');
    const panels = [...new Set(rows('operation-replica-apply').map((row) => row.panel))];
    expect(panels).toEqual([
      'apply @ 1: seconds (s)',
      'apply @ 1: applied trx/s',
      'apply @ 1: CPU time (µs/applied trx)',
    ]);
    // Every repetition of both sides: 5 each, per metric.
    expect(rows('operation-recovery').filter((row) => row.panel === 'crash @ 1: seconds (s)')).toHaveLength(
      10,
    );
  });

  it("name a recovery's redo and its unit in the work chart", () => {
    const durability = rows('work-durability').filter((row) => row.counter === 'redo bytes recovered');
    expect(durability.map((row) => [row.cell, row.side, row.value])).toEqual([
      ['crash @ 1, per recovery', 'base', 50_000_002],
      ['crash @ 1, per recovery', 'head', 80_000_002],
    ]);
  });

  it('leave operational cells out of the throughput, time-series and latency charts', () => {
    const workloads = (name: string) => new Set(rows(name).map((row) => String(row.workload ?? row.cell)));
    for (const name of ['scaling', 'timeseries']) {
      expect(chart(name)).toBeDefined();
      expect([...workloads(name)].some((label) => /crash|start|apply/.test(label))).toBe(false);
    }
    expect(rows('latency').some((row) => /crash|start|apply/.test(String(row.cell)))).toBe(false);
    // The change chart shows the gating seconds of the operational cells.
    expect(rows('change').map((row) => row.cell)).toEqual(
      expect.arrayContaining(['crash @ 1 (s)', 'apply @ 1 (trx/s)']),
    );
  });

  it("keep the instruction suite's instructions per transaction to client cells", () => {
    const counted = reportInput(
      withOperationCells(
        fixtureResults('instructions-performance-schema-work.json'),
        [slowerRecovery(3)],
        null,
      ),
    );
    const cost = chartsFor(counted).find((candidate) => candidate.name === 'cost');
    const values = (cost?.spec as { data: { values: { workload: string }[] } }).data.values;
    expect(values.length).toBeGreaterThan(0);
    expect(values.some((row) => row.workload === 'crash')).toBe(false);
    expect(chartsFor(counted).map((candidate) => candidate.name)).toContain('operation-recovery');
    // The change chart labels the recovery's gating instructions in its unit.
    const change = chartsFor(counted).find((candidate) => candidate.name === 'change');
    const cells = (change?.spec as { data: { values: { cell: string }[] } }).data.values.map(
      (row) => row.cell,
    );
    expect(cells).toContain('crash @ 1 (instr/recovery)');
    expect(cells).toContain('oltp_write_only @ 1 (instr/txn)');
  });

  it('renders the recovery chart with the real rasterizer: both sides drawn in their colours', async () => {
    const spec = chart('operation-recovery')?.spec;
    if (spec === undefined) throw new Error('no recovery chart');
    const rendered = await renderChart(spec);
    writeFileSync(join(dir.path, 'operation-recovery.png'), rendered.png);
    if (process.env.KEEP_CHART !== undefined) writeFileSync(process.env.KEEP_CHART, rendered.png);
    const image = PNG.sync.read(Buffer.from(rendered.png));
    expect(image.width).toBeGreaterThan(300);
    const colour = (r: number, g: number, b: number): number => {
      let count = 0;
      for (let i = 0; i < image.data.length; i += 4) {
        const near = (at: number, want: number) => Math.abs((image.data[at] ?? 0) - want) < 40;
        if (near(i, r) && near(i + 1, g) && near(i + 2, b)) count++;
      }
      return count;
    };
    // Base blue (#4c78a8) and head orange (#f58518), a panel of bars each.
    expect(colour(0x4c, 0x78, 0xa8)).toBeGreaterThan(500);
    expect(colour(0xf5, 0x85, 0x18)).toBeGreaterThan(500);
    expect(rendered.svg).toContain('crash @ 1: seconds (s)');
    expect(rendered.svg).toContain('Crash recovery: every repetition');
  });
});
