// Charts become files in one place (report/write-charts.ts). A chart that cannot be drawn keeps its
// spec, gets no image, does not stop the other charts, and is reported with the same warning on
// every path that draws charts: compare's report (and the CLI that prints it), the bisection, the
// history changes and the nightly. The renderer is the boundary mocked here: it fails on demand.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { getOctokit } from '@actions/github';
import { jest } from '@jest/globals';
import type { TopLevelSpec } from 'vega-lite';

import { actionSpelling } from '../../src/commands/spelling.js';
import type { Logger } from '../../src/shell/logger.js';
import { sampleState } from '../bisect/bisect-fixtures.js';
import { ACTIONS_BOT, startGitHubMock } from '../helpers/github-mock.js';

// Mocked before anything that draws charts is loaded (these imports are dynamic for that reason).
const real = await import('../../src/report/rasterize.js');
const renderChart = jest.fn(real.renderChart);
jest.unstable_mockModule('../../src/report/rasterize.js', () => ({ ...real, renderChart }));
const { undrawnWarning, writeCharts } = await import('../../src/report/write-charts.js');
const { writeReport } = await import('../../src/report/write-report.js');
const { writeBisectReport } = await import('../../src/commands/bisect.js');
const { historyChangesCommand, historyChangesRequest } =
  await import('../../src/commands/history-changes.js');
const { historyNightlyCommand } = await import('../../src/commands/history-nightly.js');
const { main } = await import('../../src/cli/program.js');
const { abReportInput, fixtureResults } = await import('../helpers/report-input.js');
const { commitOf, dateOf, nightResults } = await import('../history/nights.js');

const FIXTURES = join(import.meta.dirname, '../../__fixtures__/results');
const BROKEN = 'the chart did not render: Unrecognized signal name: "nowhere"';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-charts-'));
  renderChart.mockImplementation(real.renderChart);
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  jest.restoreAllMocks();
});

/** Every render from now on fails as vega fails on a broken spec. */
function breakTheRenderer(): void {
  renderChart.mockRejectedValue(new Error(BROKEN));
}

function files(path: string): string[] {
  return readdirSync(path).sort();
}

const BARS: TopLevelSpec = {
  data: { values: [{ a: 'x', b: 1 }] },
  mark: 'bar',
  encoding: { x: { field: 'a', type: 'nominal' }, y: { field: 'b', type: 'quantitative' } },
};

describe('writeCharts', () => {
  it('draws each chart as spec, SVG and PNG; one that fails keeps its spec, loses its stale image and says so', async () => {
    // A chart that loads its data is refused by the renderer: charts carry their data inline.
    const loads: TopLevelSpec = { ...BARS, data: { url: 'https://example.com/data.csv' } };
    writeFileSync(join(dir, 'loads.png'), 'an image from an earlier run');
    const written = await writeCharts(dir, [
      { name: 'loads', title: 'Loads its data', spec: loads },
      { name: 'bars', title: 'Bars', spec: BARS },
    ]);
    expect(written.charts.map((chart) => chart.name)).toEqual(['bars']);
    expect(written.undrawn).toEqual([
      expect.objectContaining({ name: 'loads', specPath: join(dir, 'loads.vl.json') }),
    ]);
    const [undrawn] = written.undrawn;
    expect(undrawn?.reason).toMatch(/chart data must be inline, but the spec loads https:\/\/example\.com/);
    expect(undrawn?.warning).toBe(undrawnWarning('loads', undrawn?.reason ?? '', join(dir, 'loads.vl.json')));
    expect(undrawn?.warning).toMatch(/^chart loads could not be drawn, so it has no image: /);
    expect(files(dir)).toEqual(['bars.png', 'bars.svg', 'bars.vl.json', 'loads.vl.json']);
  });
});

describe('a chart that cannot be drawn is reported the same way by', () => {
  const expected = (name: string, specPath: string): string => undrawnWarning(name, BROKEN, specPath);

  it("compare's report: no image, left out of the comment, its warning in undrawn", async () => {
    breakTheRenderer();
    const report = await writeReport(dir, abReportInput(fixtureResults('quick-ab-performance-schema.json')));
    expect(report.charts).toEqual([]);
    expect(report.undrawn.length).toBeGreaterThan(0);
    const change = report.undrawn.find((chart) => chart.name === 'change');
    expect(change?.warning).toBe(expected('change', join(dir, 'charts', 'change.vl.json')));
    expect(report.comment).not.toContain('charts/change.png');
    expect(files(join(dir, 'charts')).filter((name) => !name.endsWith('.vl.json'))).toEqual([]);
    expect(existsSync(report.htmlPath)).toBe(true);
  });

  it('the compare command line: a warning on stderr, and the verdict still decides the exit', async () => {
    breakTheRenderer();
    let stderr = '';
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    });
    jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const out = join(dir, 'report');
    const code = await main([
      'node',
      'mysql-perf-gate',
      'compare',
      join(FIXTURES, 'quick-ab-performance-schema.json'),
      '--report-dir',
      out,
    ]);
    expect(code).toBe(0);
    expect(stderr).toContain(`warning: ${expected('change', join(out, 'charts', 'change.vl.json'))}\n`);
  });

  it('the bisection: no PNG, the warning among the ones bisect logs', async () => {
    breakTheRenderer();
    const report = await writeBisectReport(dir, sampleState());
    expect(report.pngPath).toBeUndefined();
    expect(report.specPath).toBe(join(dir, 'bisect.vl.json'));
    expect(report.warnings).toEqual([expected('bisect', join(dir, 'bisect.vl.json'))]);
    expect(files(dir)).toEqual(['bisect.json', 'bisect.vl.json']);
  });

  it('history changes: the warning among its warnings, no PNG among the files written', async () => {
    breakTheRenderer();
    const series = join(dir, 'series.csv');
    const values = Array.from({ length: 12 }, (_, n) => `${commitOf(n)},${n < 6 ? 100 : 110}`);
    writeFileSync(series, ['commit,value', ...values].join('\n'));
    const out = join(dir, 'out');
    const request = historyChangesRequest({
      dir: '',
      series,
      window: '50',
      maxP: '0.001',
      tolerance: [],
      reportDir: out,
    });
    const outcome = await historyChangesCommand(request);
    expect(outcome.warnings).toContain(expected('history', join(out, 'history.vl.json')));
    expect(outcome.written).toEqual([join(out, 'changes.json')]);
  });

  it('the nightly: a warning, and no image published or linked', async () => {
    breakTheRenderer();
    const mock = await startGitHubMock();
    try {
      mock.tokens.set('nightly', { user: ACTIONS_BOT, installation: true, readOnly: false });
      const resultsPath = join(dir, 'results.json');
      writeFileSync(resultsPath, JSON.stringify(nightResults({ commit: commitOf(1), date: dateOf(1) })));
      const warnings: string[] = [];
      const logger: Logger = {
        info: () => undefined,
        warning: (message) => warnings.push(message),
        error: () => undefined,
        debug: () => undefined,
        progress: () => undefined,
        group: (_name, fn) => fn(),
      };
      const reportDir = join(dir, 'nightly');
      const request = historyChangesRequest(
        { dir: '', window: '50', maxP: '0.001', tolerance: [] },
        actionSpelling,
      );
      const outcome = await historyNightlyCommand(
        getOctokit('nightly', { baseUrl: mock.baseUrl }),
        {
          resultsPath,
          owner: mock.owner,
          repo: mock.repo,
          branch: 'mysql-perf-gate-history',
          chartsBranch: 'mysql-perf-gate-charts',
          testbed: 'ci',
          commit: undefined,
          runUrl: 'https://github.com/octo-org/server/actions/runs/1',
          runKey: '1-1',
          repositoryUrl: 'https://github.com/octo-org/server',
          settings: request.settings,
          recent: 10,
          alert: false,
          labels: [],
          reportDir,
        },
        logger,
      );
      expect(warnings).toContain(expected('history', join(reportDir, 'history.vl.json')));
      expect(outcome.chartUrl).toBeNull();
      // The page needs no image: only it (and the file that turns Jekyll off) reaches the charts branch.
      const charts = mock.branches.get('mysql-perf-gate-charts')!;
      expect([...mock.filesAt(charts).keys()].filter((path) => path.endsWith('.png'))).toEqual([]);
      expect(files(reportDir)).toEqual(['changes.json', 'history.vl.json', 'page']);
      expect(mock.failures).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});
