// `compare` and `baseline save` through the CLI's main(), on real results files.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { PNG } from 'pngjs';

import { main } from '../../src/cli/program.js';
import { captureOutput } from '../helpers/real-run.js';
import { Verdict } from '../../src/compare/verdict-schema.js';

const FIXTURES = new URL('../../__fixtures__/results/', import.meta.url).pathname;
const AB = join(FIXTURES, 'quick-ab-performance-schema.json'); // base performance_schema=OFF, head ON
const SINGLE = join(FIXTURES, 'quick-mariadb-10.11.json');
// The same Debian mariadbd on both sides, quick suite, 5 repetitions a side, on a 2-core VM.
const AA = join(FIXTURES, 'quick-aa-5reps.json');

let dir: string;
const output = captureOutput();

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-compare-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

function readVerdict(out: string): Verdict {
  return Verdict.parse(JSON.parse(readFileSync(join(out, 'verdict.json'), 'utf8')));
}

describe('mysql-perf-gate compare', () => {
  it('compares an A/B file with its own base side and shows the changed default', async () => {
    const out = join(dir, 'report');
    const code = await cli('compare', AB, '--report-dir', out);
    const verdict = readVerdict(out);
    expect(code).toBe(verdict.verdict === 'fail' ? 1 : 0);
    expect(verdict.configDiff).toContainEqual(
      expect.objectContaining({ name: 'performance_schema', base: 'OFF', head: 'ON', tier: 1 }),
    );
    expect(verdict.cells).toHaveLength(24);
    expect(verdict.baseSource).toEqual({ kind: 'ab', path: AB, savedAt: null });
    expect(output.text).toContain(
      'performance_schema: OFF → ON (and 10 performance_schema_* variable(s) that follow it)',
    );
  });

  it('writes the comment, the offline HTML report and every chart as spec, SVG and PNG', async () => {
    const out = join(dir, 'report');
    await cli('compare', AB, '--report-dir', out);
    expect(readdirSync(out).sort()).toEqual(['charts', 'comment.md', 'report.html', 'verdict.json']);
    const charts = readdirSync(join(out, 'charts')).sort();
    for (const name of ['change', 'scaling', 'timeseries']) {
      expect(charts).toEqual(expect.arrayContaining([`${name}.png`, `${name}.svg`, `${name}.vl.json`]));
      const png = PNG.sync.read(readFileSync(join(out, 'charts', `${name}.png`)));
      expect(png.width).toBeGreaterThan(600);
      const svg = readFileSync(join(out, 'charts', `${name}.svg`), 'utf8');
      expect(svg).toMatch(/^<svg/);
      expect(svg).toContain('font-family="DejaVu Sans"');
      // The chart's own title and an axis title are drawn as text, and there are marks.
      const spec = JSON.parse(readFileSync(join(out, 'charts', `${name}.vl.json`), 'utf8')) as {
        title: { text: string };
      };
      expect(svg).toContain(`>${spec.title.text}<`);
      expect(svg).toMatch(/>(change, head \/ base − 1 \(%\)|throughput \(tps\))</);
      expect(svg).toMatch(/<path|<rect|<line/);
      expect(png.height).toBeGreaterThan(200);
    }
    const comment = readFileSync(join(out, 'comment.md'), 'utf8');
    expect(comment).toMatch(/^<!-- mysql-perf-gate:suite=quick -->/);
    expect(comment).toContain('](charts/change.png)');
    expect(comment).toContain('performance\\_schema');
    const html = readFileSync(join(out, 'report.html'), 'utf8');
    expect(html).not.toMatch(/(src|href)=["']https?:/);
    expect(html).toContain('vegaEmbed');
    expect(output.text).toMatch(/report: .*report\.html, comment: .*comment\.md, 3 chart\(s\)/);
  });

  it('A/A: the same server on both sides is not called a regression anywhere', async () => {
    const out = join(dir, 'report');
    expect(await cli('compare', AA, '--report-dir', out)).toBe(0);
    const verdict = readVerdict(out);
    expect(verdict.counts.regression).toBe(0);
    expect(verdict.configDiff).toEqual([]);
    expect(verdict.verdict).not.toBe('fail');
  });

  it('exits 1 when every repetition is 15% slower than a stored baseline of the same run', async () => {
    const baselines = join(dir, 'baselines');
    expect(await cli('baseline', 'save', AA, '--dir', baselines, '--testbed', 'ci')).toBe(0);
    const [file] = readdirSync(join(baselines, 'ci'));
    const slower = JSON.parse(readFileSync(AA, 'utf8')) as {
      cells: { side: string; repetitions: { report: { tps: number } }[] }[];
    };
    for (const cell of slower.cells) for (const repetition of cell.repetitions) repetition.report.tps *= 0.85;
    const slowerPath = join(dir, 'slower.json');
    writeFileSync(slowerPath, JSON.stringify(slower));
    const out = join(dir, 'report');
    const code = await cli(
      'compare',
      slowerPath,
      '--baseline',
      join(baselines, 'ci', file ?? ''),
      '--report-dir',
      out,
    );
    const verdict = readVerdict(out);
    const throughput = verdict.cells.filter((cell) => cell.metric === 'tps');
    expect(throughput.map((cell) => cell.verdict)).toEqual(new Array(6).fill('regression'));
    for (const cell of throughput) expect(cell.change).toBeCloseTo(-0.15, 6);
    expect(verdict.verdict).toBe('fail');
    expect(verdict.baseSource.kind).toBe('baseline');
    expect(code).toBe(1);
    expect(output.text).toMatch(/verdict: FAIL — 6 regression\(s\)/);
  });

  it('three repetitions a side cannot confirm a 15% drop: those cells say so instead of guessing', async () => {
    const baselines = join(dir, 'baselines');
    expect(await cli('baseline', 'save', AB, '--dir', baselines, '--testbed', 'ci', '--side', 'head')).toBe(
      0,
    );
    const [file] = readdirSync(join(baselines, 'ci'));
    const slower = JSON.parse(readFileSync(AB, 'utf8')) as {
      cells: { side: string; repetitions: { report: { tps: number } }[] }[];
    };
    for (const cell of slower.cells) for (const repetition of cell.repetitions) repetition.report.tps *= 0.85;
    const slowerPath = join(dir, 'slower.json');
    writeFileSync(slowerPath, JSON.stringify(slower));
    const out = join(dir, 'report');
    await cli('compare', slowerPath, '--baseline', join(baselines, 'ci', file ?? ''), '--report-dir', out);
    const throughput = readVerdict(out).cells.filter((cell) => cell.metric === 'tps');
    expect(throughput.every((cell) => cell.verdict === 'regression' || cell.verdict === 'inconclusive')).toBe(
      true,
    );
    expect(throughput.some((cell) => cell.verdict === 'unchanged')).toBe(false);
  });

  it('exits 2 with the reason when the baseline comes from another suite', async () => {
    const baselines = join(dir, 'baselines');
    expect(await cli('baseline', 'save', SINGLE, '--dir', baselines, '--testbed', 'ci')).toBe(0);
    const [file] = readdirSync(join(baselines, 'ci'));
    const other = JSON.parse(readFileSync(SINGLE, 'utf8')) as {
      suite: { name: string; durationSeconds: number };
    };
    other.suite.durationSeconds = 60;
    const otherPath = join(dir, 'other.json');
    writeFileSync(otherPath, JSON.stringify(other));
    const code = await cli(
      'compare',
      otherPath,
      '--baseline',
      join(baselines, 'ci', file ?? ''),
      '--report-dir',
      join(dir, 'r'),
    );
    expect(code).toBe(2);
    expect(output.text).toMatch(/suite/i);
    expect(output.text).toContain('--force');
  });

  it('exits 2 for a one-server results file without a baseline, and for a bad tolerance', async () => {
    expect(await cli('compare', SINGLE, '--report-dir', join(dir, 'r'))).toBe(2);
    expect(output.text).toContain('measured one server; give a stored baseline');
    expect(await cli('compare', AB, '--tolerance', 'qps=1', '--report-dir', join(dir, 'r'))).toBe(2);
    expect(output.text).toContain('--tolerance "qps=1": unknown metric "qps"');
  });

  it('between gcc 12 and clang 16 builds of one source, lists the compilers and the instruction-count change per cell', async () => {
    // MariaDB 10.11.18 built here from Debian's source by `compare-compilers` (gcc-12 base,
    // clang-16 head), instructions suite; function lists cut to the 300 costliest per cell.
    const code = await cli(
      'compare',
      join(FIXTURES, 'instructions-gcc12-clang16.json'),
      '--report-dir',
      join(dir, 'r'),
    );
    expect(code).toBe(1);
    const verdict = Verdict.parse(JSON.parse(readFileSync(join(dir, 'r/verdict.json'), 'utf8')));
    expect(verdict.serverDiff).toEqual([
      {
        name: 'compiler',
        base: 'GCC: (Debian 12.2.0-14+deb12u1) 12.2.0',
        head: 'Debian clang version 16.0.6 (15~deb12u1)',
      },
      { name: 'build compiler', base: 'gcc 12.2.0', head: 'clang 16.0.6' },
    ]);
    expect(verdict.sides.head.build).toEqual({
      compiler: 'clang 16.0.6',
      buildType: 'RelWithDebInfo',
      sourceCommit: null,
    });
    const cells = verdict.cells.filter((cell) => cell.metric === 'instructions');
    // The sides of one run: each count against its counterpart (read-write's medians were 4.6% apart).
    expect(cells.map((cell) => [cell.workload, cell.verdict, Math.round(cell.change * 1000) / 10])).toEqual([
      ['oltp_point_select', 'regression', 4.4],
      ['oltp_read_only', 'regression', 4.6],
      ['oltp_read_write', 'regression', 4.5],
      ['oltp_write_only', 'regression', 5.6],
    ]);
    const text = output.text;
    expect(text).toContain('server build compiler: gcc 12.2.0 → clang 16.0.6');
    expect(text).toContain(
      'The sides were built differently (compiler), so functions are inlined differently',
    );
    const comment = readFileSync(join(dir, 'r/comment.md'), 'utf8');
    expect(comment).toContain('| **build compiler** | gcc 12.2.0 | clang 16.0.6 |');
    expect(comment).toContain('built here with clang 16.0.6, RelWithDebInfo');
  });

  it('between two runs of one binary, says nothing about inlining', async () => {
    expect(
      await cli(
        'compare',
        join(FIXTURES, 'instructions-performance-schema.json'),
        '--report-dir',
        join(dir, 'r'),
      ),
    ).toBe(1);
    expect(output.text).not.toContain('built differently');
  });
});
