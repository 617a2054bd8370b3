// `history append` and `history changes` through the CLI: the files they write, the concurrent
// appends of two processes, the bad inputs (one line, exit 2, nothing written), and the --series
// input against apache-otava's change points on the same series.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { jest } from '@jest/globals';

import { main } from '../../src/cli/program.js';
import { appendToHistory, historyRun } from '../../src/history/history-entry.js';
import { readHistoryFile } from '../../src/history/history-store.js';
import { serializeHistory } from '../../src/history/history-text.js';
import { commitOf, dateOf, nightResults } from '../history/nights.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';
import { sourceCli } from '../helpers/source-cli.js';

const dir = useTempDir('gate-history-');
const output = { stdout: '', stderr: '' };

beforeEach(() => {
  output.stdout = '';
  output.stderr = '';
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output.stdout += String(chunk);
    return true;
  });
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output.stderr += String(chunk);
    return true;
  });
});
afterEach(() => jest.restoreAllMocks());

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

/** Writes night n's results file and returns its path. */
function writeNight(n: number, factors: Record<string, number> = {}, suiteName?: string): string {
  const results = nightResults({ commit: commitOf(n), date: dateOf(n), index: n, noise: 0.0005, factors });
  const named =
    suiteName === undefined ? results : { ...results, suite: { ...results.suite, name: suiteName } };
  const path = join(dir.path, `night-${suiteName ?? 'i'}-${n}.json`);
  writeFileSync(path, JSON.stringify(named));
  return path;
}

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => join(item.parentPath, item.name).slice(path.length + 1))
    .sort();
}

describe('history append and changes', () => {
  it('appends nights and finds the step at its commit, with a table, JSON and a chart', async () => {
    const history = join(dir.path, 'history');
    for (let n = 0; n < 14; n += 1) {
      const results = writeNight(n, { oltp_point_select: n >= 9 ? 1.012 : 1 });
      expect(
        await cli(
          'history',
          'append',
          results,
          '--dir',
          history,
          '--commit-date',
          dateOf(n),
          '--testbed',
          'box',
        ),
      ).toBe(0);
    }
    expect(output.stdout).toContain('as run 14 of 14');
    const out = join(dir.path, 'changes');
    output.stdout = '';
    expect(
      await cli('history', 'changes', '--dir', history, '--suite', 'instructions', '--report-dir', out),
    ).toBe(0);
    expect(output.stdout).toMatch(
      new RegExp(
        `oltp_point_select@1 +instructions +${commitOf(8).slice(0, 12)}\\.\\.${commitOf(9).slice(0, 12)} .* \\+1\\.2% .* regression`,
      ),
    );
    expect(filesUnder(out)).toEqual(['changes.json', 'history.png', 'history.svg', 'history.vl.json']);
    const json = JSON.parse(readFileSync(join(out, 'changes.json'), 'utf8')) as {
      histories: {
        changes: { cell: string; metric: string; lastBefore: string; firstAfter: string; change: number }[];
      }[];
    };
    const changes = json.histories[0]!.changes.filter((change) => change.metric === 'instructions');
    expect(changes.map((change) => [change.cell, change.lastBefore, change.firstAfter])).toEqual([
      ['oltp_point_select@1', commitOf(8), commitOf(9)],
    ]);
    expect(changes[0]!.change).toBeCloseTo(0.012, 3);
    expect(await cli('history', 'changes', '--dir', history, '--recent', '3', '--fail-on-regression')).toBe(
      0,
    );
    expect(await cli('history', 'changes', '--dir', history, '--recent', '6', '--fail-on-regression')).toBe(
      1,
    );
  });
});

describe('an append while another holds the lock', () => {
  it('waits for it and adds to what the other wrote, losing neither', async () => {
    const history = join(dir.path, 'history');
    expect(await cli('history', 'append', writeNight(0), '--dir', history, '--testbed', 'box')).toBe(0);
    const [name] = filesUnder(history);
    const path = join(history, name!);
    // Another append holds the lock (a live process: this one).
    writeFileSync(
      `${path}.lock`,
      JSON.stringify({ pid: process.pid, hostname: os.hostname(), createdAt: dateOf(0) }),
    );
    const [node, args] = sourceCli('history', 'append', writeNight(2), '--dir', history, '--testbed', 'box');
    const child = spawn(node, args, { stdio: 'ignore' });
    const exited = new Promise<number>((resolve) => {
      child.on('exit', (code) => {
        resolve(code ?? 1);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 4000));
    expect(child.exitCode).toBeNull(); // still waiting
    // The holder writes its entry and lets go.
    const held = readHistoryFile(path);
    const results = nightResults({ commit: commitOf(1), date: dateOf(1), index: 1 });
    const added = appendToHistory(
      held,
      results,
      historyRun(results, { commitDate: dateOf(1), testbed: 'box' }),
      {
        where: path,
      },
    );
    writeFileSync(path, serializeHistory(added.file));
    rmSync(`${path}.lock`);
    expect(await exited).toBe(0);
    expect(readHistoryFile(path).entries.map((entry) => entry.commit)).toEqual([
      commitOf(0),
      commitOf(1),
      commitOf(2),
    ]);
  }, 120_000);
});

describe('a changed suite', () => {
  it('starts a history of its own, and says how the definition differs', async () => {
    const history = join(dir.path, 'history');
    expect(await cli('history', 'append', writeNight(0), '--dir', history, '--testbed', 'box')).toBe(0);
    const changed = nightResults({ commit: commitOf(1), date: dateOf(1) });
    const path = join(dir.path, 'changed.json');
    writeFileSync(path, JSON.stringify({ ...changed, suite: { ...changed.suite, tables: 8 } }));
    output.stderr = '';
    expect(await cli('history', 'append', path, '--dir', history, '--testbed', 'box')).toBe(0);
    expect(output.stderr).toMatch(
      /started a new history: suite instructions differs from .* \(tables 4 → 8\)/,
    );
    const files = filesUnder(history);
    expect(files).toHaveLength(2);
    expect(files.every((file) => /^box\/instructions-[0-9a-f]{12}-[0-9a-f]{12}\.json$/.test(file))).toBe(
      true,
    );
  });
});

describe('bad input: one line, exit 2, nothing written', () => {
  async function refused(args: string[], message: RegExp): Promise<void> {
    const before = filesUnder(dir.path);
    expect(await cli(...args)).toBe(2);
    const lines = output.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
    expect(filesUnder(dir.path)).toEqual(before);
  }

  it.each([
    ['empty.csv', '', /empty\.csv is empty/],
    ['one.csv', 'commit,value\nabc,1.5\n', /one\.csv has one point: a change needs at least 2 points/],
    ['header.csv', 'commit,value\n', /header\.csv has no points/],
    ['column.csv', 'commit,tps\na,1\nb,2\n', /column\.csv has no "value" column \(header: commit,tps\)/],
    ['number.csv', 'commit,value\na,1\nb,fast\n', /number\.csv line 3: value "fast" is not a number/],
  ])('--series %s', async (name, text, message) => {
    const path = join(dir.path, name);
    writeFileSync(path, text);
    await refused(['history', 'changes', '--series', path, '--report-dir', join(dir.path, 'out')], message);
  });

  it('a history of another suite passed with --dir', async () => {
    const history = join(dir.path, 'history');
    expect(await cli('history', 'append', writeNight(0, {}, 'quick-like'), '--dir', history)).toBe(0);
    output.stderr = '';
    await refused(
      [
        'history',
        'changes',
        '--dir',
        history,
        '--suite',
        'instructions',
        '--report-dir',
        join(dir.path, 'out'),
      ],
      /no history of suite instructions under .* \(it holds: quick-like \(testbed [0-9a-f]+\)\)/,
    );
  });

  it('the same run twice', async () => {
    const history = join(dir.path, 'history');
    const results = writeNight(0);
    expect(await cli('history', 'append', results, '--dir', history)).toBe(0);
    output.stderr = '';
    await refused(
      ['history', 'append', results, '--dir', history],
      /already has this run of .*pass --replace/,
    );
  });

  it('bad flags', async () => {
    await refused(
      ['history', 'changes', '--window', '1'],
      /--window "1": expected a whole number, 2 or more/,
    );
    output.stderr = '';
    await refused(['history', 'changes', '--max-p', '2'], /--max-p "2": expected a fraction/);
    output.stderr = '';
    await refused(
      ['history', 'append', writeNight(0), '--commit', 'main'],
      /--commit is "main", not a commit SHA/,
    );
  });
});

// The series input against Otava: every reference case through `history changes --series`.
interface ReferenceCase {
  name: string;
  windowLength: number;
  maxPValue: number;
  minMagnitude: number;
  values: number[];
  changePoints: { index: number }[];
}
const fixtureDir = join(ROOT, '__fixtures__/change-points');
const otavaPython = join(ROOT, '.work/otava/bin/python');

function referenceCases(): ReferenceCase[] {
  // Live from Otava when installed (CI installs it: scripts/install-deps.sh --tests), else the
  // recorded reference.
  if (existsSync(otavaPython)) {
    const live = execFileSync(otavaPython, [join(fixtureDir, 'otava_reference.py'), '--stdout'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    return (JSON.parse(live) as { cases: ReferenceCase[] }).cases;
  }
  if (process.env.CI === 'true') throw new Error(`apache-otava is not installed in ${otavaPython}`);
  return (JSON.parse(readFileSync(join(fixtureDir, 'cases.json'), 'utf8')) as { cases: ReferenceCase[] })
    .cases;
}

describe('history changes --series against apache-otava', () => {
  it('reports the same change-point indices on every reference series', async () => {
    const cases = referenceCases();
    expect(cases.length).toBeGreaterThanOrEqual(40);
    mkdirSync(join(dir.path, 'series'));
    for (const [number, c] of cases.entries()) {
      const csv = join(dir.path, 'series', `${number}.csv`);
      writeFileSync(
        csv,
        `commit,value\n${c.values.map((value, index) => `p${index},${value}`).join('\n')}\n`,
      );
      output.stdout = '';
      const args = [
        '--window',
        String(c.windowLength),
        '--max-p',
        String(c.maxPValue),
        '--min-magnitude',
        String(c.minMagnitude),
      ];
      expect(await cli('history', 'changes', '--series', csv, '--format', 'json', ...args)).toBe(0);
      const document = JSON.parse(output.stdout) as {
        histories: { changes: { index: number; firstAfter: string }[] }[];
      };
      const ours = document.histories[0]!.changes;
      expect({ name: c.name, indices: ours.map((change) => change.index) }).toEqual({
        name: c.name,
        indices: c.changePoints.map((point) => point.index),
      });
      expect(ours.map((change) => change.firstAfter)).toEqual(
        c.changePoints.map((point) => `p${point.index}`),
      );
    }
  }, 120_000);
});
