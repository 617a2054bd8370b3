// The old spellings still work for one release, each with one line on stderr naming the new one:
// bisect --out-dir, compare-compilers --report, history changes and history page --out, and
// compare --out given a directory (the report directory it named before it named verdict.json).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { main } from '../../src/cli/program.js';
import { serializeHistory } from '../../src/history/history-text.js';
import { captureOutput, ROOT, useTempDir } from '../helpers/real-run.js';
import { pageHistory } from '../report/history-pages.js';

const AA = join(ROOT, '__fixtures__/results/quick-aa-5reps.json');

const temp = useTempDir('gate-renamed-');
const output = captureOutput();

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

const deprecated = (old: string): string =>
  `warning: ${old} is deprecated; use --report-dir (the old spelling goes in 0.4.0)\n`;

function historyFile(): string {
  const path = join(temp.path, 'history.json');
  writeFileSync(path, serializeHistory(pageHistory()));
  return path;
}

describe('compare --out', () => {
  it('names verdict.json; the report goes to --report-dir', async () => {
    const verdict = join(temp.path, 'judged', 'ab.json');
    const reports = join(temp.path, 'reports');
    expect(await cli('compare', AA, '--out', verdict, '--report-dir', reports)).toBe(0);
    expect(existsSync(verdict)).toBe(true);
    expect(readdirSync(reports).sort()).toEqual(['charts', 'comment.md', 'report.html']);
    expect(output.text).toContain(`verdict: ${verdict}\n`);
    expect(output.text).not.toContain('deprecated');
  });

  it.each([
    ['a name without .json', (dir: string) => join(dir, 'report')],
    [
      'an existing directory named .json',
      (dir: string) => {
        mkdirSync(join(dir, 'old.json'));
        return join(dir, 'old.json');
      },
    ],
  ])('given %s, still names the report directory, with one line', async (_case, make) => {
    const out = make(temp.path);
    expect(await cli('compare', AA, '--out', out)).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['charts', 'comment.md', 'report.html', 'verdict.json']);
    const lines = output.text.split('\n').filter((line) => line.includes('deprecated'));
    expect(lines).toEqual([
      `warning: --out ${out} names a directory, which is deprecated; use --report-dir ${out} ` +
        '(--out now names the verdict.json file; the old meaning goes in 0.4.0)',
    ]);
  });

  it('refuses a directory for --out beside --report-dir, in one line', async () => {
    const reports = join(temp.path, 'reports');
    expect(await cli('compare', AA, '--out', join(temp.path, 'x'), '--report-dir', reports)).toBe(2);
    expect(output.text).toBe(
      `mysql-perf-gate: --out ${join(temp.path, 'x')}: expected the .json file to write verdict.json to ` +
        '(a directory was the old meaning of --out, and --report-dir is given)\n',
    );
    expect(existsSync(reports)).toBe(false);
  });
});

describe('history changes and history page --out', () => {
  it('history changes --out DIR writes where --report-dir would', async () => {
    const series = join(temp.path, 'series.csv');
    const values = Array.from(
      { length: 12 },
      (_, n) => `c${String(n).padStart(7, '0')},${n < 6 ? 100 : 110}`,
    );
    writeFileSync(series, ['commit,value', ...values].join('\n'));
    const out = join(temp.path, 'changes');
    expect(await cli('history', 'changes', '--series', series, '--out', out)).toBe(0);
    expect(readdirSync(out)).toContain('changes.json');
    expect(output.text.startsWith(deprecated('--out'))).toBe(true);
    expect(output.text.split('deprecated')).toHaveLength(2);
  });

  it('history page --out DIR writes index.html there', async () => {
    const out = join(temp.path, 'site');
    expect(await cli('history', 'page', '--history', historyFile(), '--out', out)).toBe(0);
    expect(existsSync(join(out, 'index.html'))).toBe(true);
    expect(output.text.startsWith(deprecated('--out'))).toBe(true);
  });

  it('history page without either spelling is a usage error', async () => {
    expect(await cli('history', 'page', '--history', historyFile())).toBe(2);
    expect(output.text).toContain("error: required option '--report-dir <dir>' not specified");
  });

  it('both spellings at once are refused, naming the new one', async () => {
    const args = [
      '--history',
      historyFile(),
      '--out',
      join(temp.path, 'a'),
      '--report-dir',
      join(temp.path, 'b'),
    ];
    expect(await cli('history', 'page', ...args)).toBe(2);
    expect(output.text).toBe(
      'mysql-perf-gate: --out and --report-dir name the same thing; give --report-dir only\n',
    );
  });
});

describe('bisect --out-dir and compare-compilers --report', () => {
  // Each refuses its missing source tree after the flags are read: the deprecation line comes first.
  it('bisect --out-dir', async () => {
    const source = join(temp.path, 'no-source');
    const args = [
      '--source',
      source,
      '--good',
      'a',
      '--bad',
      'b',
      '--suite',
      'quick',
      '--cell',
      'oltp_read_only@1',
    ];
    expect(await cli('bisect', ...args, '--out-dir', join(temp.path, 'bisect'))).toBe(2);
    expect(output.text.startsWith(deprecated('--out-dir'))).toBe(true);
    expect(output.text.split('\n')).toHaveLength(3);
  });

  it('compare-compilers --report', async () => {
    const source = join(temp.path, 'no-source');
    const args = ['--source', source, '--base-compiler', 'gcc', '--head-compiler', 'clang'];
    expect(await cli('compare-compilers', ...args, '--report', join(temp.path, 'report'))).toBe(2);
    expect(output.text.startsWith(deprecated('--report'))).toBe(true);
    expect(output.text.split('\n')).toHaveLength(3);
  });
});
