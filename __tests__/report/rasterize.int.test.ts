// The chart renderer as the action runs it: bundled by Rollup, with no node_modules anywhere above
// it, finding resvg's wasm beside the bundle and the fonts under the package root. Slow (a
// bundle), so it is an integration test. The shipped dist/ is what CI's "dist/ is current" check
// has just bundled afresh and compared (scripts/test.sh), so its wasm is checked there, not bundled
// a second time.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import type { TopLevelSpec } from 'vega-lite';

import { renderChart } from '../../src/report/rasterize.js';

const ROOT = join(import.meta.dirname, '../..');
const INSTALLED_WASM = join(ROOT, 'node_modules/@resvg/resvg-wasm/index_bg.wasm');

const SPEC: TopLevelSpec = {
  title: 'Throughput by workload',
  config: { font: 'DejaVu Sans' },
  data: {
    values: [
      { workload: 'oltp_read_only', tps: 1200 },
      { workload: 'oltp_read_write @ 16 (tps)', tps: 800 },
    ],
  },
  mark: 'bar',
  encoding: {
    y: { field: 'workload', type: 'nominal', title: 'Workload' },
    x: { field: 'tps', type: 'quantitative', title: 'Transactions per second' },
  },
};

/** `npm run bundle` into `dir`, with extra rollup arguments. */
function bundle(dir: string, ...rollupArgs: string[]): void {
  execFileSync(
    'npm',
    ['run', '--silent', 'bundle', ...(rollupArgs.length > 0 ? ['--', ...rollupArgs] : [])],
    {
      cwd: ROOT,
      env: { ...process.env, BUNDLE_DIR: dir },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
}

/** Whether a node_modules directory is at `dir` or any directory above it. */
function nodeModulesAbove(dir: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    if (existsSync(join(at, 'node_modules'))) return true;
    if (dirname(at) === at) return false;
  }
}

let tmp = '';

beforeAll(() => {
  tmp = mkdtempSync(join(os.tmpdir(), 'render-bundle-'));
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

test('the bundle (dist/) has resvg.wasm beside the entries, byte for byte the installed binary', () => {
  const dir = join(ROOT, 'dist');
  for (const file of ['index.js', 'cli.js']) expect(existsSync(join(dir, file))).toBe(true);
  expect(readFileSync(join(dir, 'resvg.wasm')).equals(readFileSync(INSTALLED_WASM))).toBe(true);
});

test('the bundled renderer runs without node_modules and draws the same PNG as src', async () => {
  // The action's layout: package.json and assets/ at the root, the bundle in dist/.
  const root = join(tmp, 'package');
  mkdirSync(root);
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'mysql-perf-gate', type: 'module' }));
  cpSync(join(ROOT, 'assets'), join(root, 'assets'), { recursive: true });
  bundle(join(root, 'dist'), '--input', 'src/report/rasterize.ts');
  expect(nodeModulesAbove(root)).toBe(false);

  writeFileSync(join(root, 'spec.json'), JSON.stringify(SPEC));
  writeFileSync(
    join(root, 'run.mjs'),
    [
      "import { readFileSync, writeFileSync } from 'node:fs';",
      "import { renderChart, resvgWasmPath } from './dist/rasterize.js';",
      "const chart = await renderChart(JSON.parse(readFileSync('spec.json', 'utf8')));",
      "writeFileSync('chart.png', chart.png);",
      'process.stdout.write(resvgWasmPath());',
    ].join('\n'),
  );
  const wasmPath = execFileSync(process.execPath, ['run.mjs'], { cwd: root, encoding: 'utf8' });

  expect(wasmPath).toBe(join(root, 'dist/resvg.wasm'));
  const fromSrc = await renderChart(SPEC);
  expect(readFileSync(join(root, 'chart.png')).equals(Buffer.from(fromSrc.png))).toBe(true);
});
