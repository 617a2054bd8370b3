import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { HistoryError, InputError } from '../../src/errors.js';
import { analyzeHistory, DEFAULT_MAX_P, DEFAULT_WINDOW, historySeries } from '../../src/history/changes.js';
import { appendToHistory, historyRun } from '../../src/history/history-entry.js';
import { commitValues, historyReferences } from '../../src/history/history-references.js';
import type { HistoryFile } from '../../src/history/history-schema.js';
import { appendHistory, readHistoryFile } from '../../src/history/history-store.js';
import { parseHistoryText, serializeHistory } from '../../src/history/history-text.js';
import { changesText } from '../../src/report/history-report.js';
import type { Results } from '../../src/results/results-schema.js';
import { commitOf, dateOf, nightResults, type Night, throughputNight } from './nights.js';

const SETTINGS = { windowLength: DEFAULT_WINDOW, maxPValue: DEFAULT_MAX_P };

function night(n: number, extra: Partial<Night> = {}): Night {
  return { commit: commitOf(n), date: dateOf(n), index: n, ...extra };
}

function build(nights: readonly Night[]): HistoryFile {
  let file: HistoryFile | null = null;
  for (const item of nights) {
    const results = nightResults(item);
    const run = historyRun(results, { commitDate: item.date });
    file = appendToHistory(file, results, run, { where: 'history.json' }).file;
  }
  return file!;
}

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('a history entry', () => {
  const results = nightResults(night(0));
  const run = historyRun(results, { commitDate: dateOf(0), run: 'https://example.test/runs/1' });

  it('keeps every repetition of every cell and metric, the commit, version and compiler', () => {
    expect(run.cells).toEqual([
      'oltp_point_select@1',
      'oltp_read_only@1',
      'oltp_read_write@1',
      'oltp_write_only@1',
    ]);
    expect(run.metrics).toEqual(['instructions', 'instructionsTotal']);
    expect(run.entry.values).toHaveLength(4);
    expect(run.entry.values[0]![0]).toHaveLength(3);
    const repetition = results.cells[0]!.repetitions[0]!;
    const expected = repetition.cost!.callgrind!.foreground / repetition.report.transactions;
    expect(run.entry.values[0]![0]![0]).toBeCloseTo(expected, 1);
    expect(run.entry.commit).toBe(commitOf(0));
    expect(run.entry.version).toBe(results.sides.head.versionFunction);
    expect(run.entry.compiler).toMatch(/clang|gcc/i);
    expect(run.entry.run).toBe('https://example.test/runs/1');
  });

  it('needs a commit when the server was not built from a checkout, and refuses a dirty build', () => {
    const unbuilt: Results = { ...results, sides: { head: { ...results.sides.head, build: undefined } } };
    expect(thrown(() => historyRun(unbuilt, { commitDate: null }))).toBeInstanceOf(InputError);
    expect(historyRun(unbuilt, { commitDate: null, commit: 'abcdef1' }).entry.commit).toBe('abcdef1');
    const build = results.sides.head.build!;
    const dirty: Results = {
      ...results,
      sides: {
        head: { ...results.sides.head, build: { ...build, source: { ...build.source, gitDirty: true } } },
      },
    };
    expect(thrown(() => historyRun(dirty, { commitDate: null })).message).toContain('uncommitted changes');
  });
});

describe('appending', () => {
  it('orders entries by commit date, whatever the order of appends', () => {
    const file = build([night(2), night(0), night(1)]);
    expect(file.entries.map((entry) => entry.commit)).toEqual([commitOf(0), commitOf(1), commitOf(2)]);
  });

  it('refuses the same run twice unless replacing, and never duplicates', () => {
    const file = build([night(0), night(1)]);
    const results = nightResults(night(1));
    const run = historyRun(results, { commitDate: dateOf(1) });
    const error = thrown(() => appendToHistory(file, results, run, { where: 'h.json' }));
    expect(error).toBeInstanceOf(HistoryError);
    expect(error.message).toContain('already has this run');
    const replaced = appendToHistory(file, results, run, { where: 'h.json', replace: true });
    expect(replaced.action).toBe('replaced');
    expect(replaced.file.entries).toHaveLength(2);
    // The same commit measured by another run is another point.
    const again = nightResults(night(1, { date: dateOf(1) }));
    const later = { ...again, startedAt: new Date(Date.parse(again.startedAt) + 60_000).toISOString() };
    expect(
      appendToHistory(file, later, historyRun(later, { commitDate: dateOf(1) }), { where: 'h.json' }).file
        .entries,
    ).toHaveLength(3);
  });

  it('refuses a run of a changed suite definition, and of another key', () => {
    const file = build([night(0)]);
    const results = nightResults(night(1));
    const changed: Results = {
      ...results,
      suite: { ...results.suite, repetitions: results.suite.repetitions + 1 },
    };
    const error = thrown(() =>
      appendToHistory(file, changed, historyRun(changed, { commitDate: null }), { where: 'h.json' }),
    );
    expect(error.message).toContain('repetitions 3 → 4');
    const other = historyRun(results, { commitDate: null, testbed: 'other-box' });
    expect(thrown(() => appendToHistory(file, results, other, { where: 'h.json' })).message).toContain(
      'other-box',
    );
    // Tolerances are not part of the definition.
    const tolerant: Results = {
      ...results,
      suite: { ...results.suite, tolerances: { ...results.suite.tolerances, instructions: 0.03 } },
    };
    expect(
      appendToHistory(file, tolerant, historyRun(tolerant, { commitDate: null }), { where: 'h.json' }).file
        .entries,
    ).toHaveLength(2);
  });
});

describe('the file', () => {
  it('round-trips, one entry per line', () => {
    const file = build([night(0), night(1), night(2)]);
    const text = serializeHistory(file);
    expect(parseHistoryText(text, 'h.json')).toEqual(file);
    const entryLines = text.split('\n').filter((line) => line.startsWith('    {"commit"'));
    expect(entryLines).toHaveLength(3);
  });

  it("keeps a variant's cells, named as the suite names them, and reads them back", () => {
    const file = build([night(0)]);
    const variant = { ...file, cells: file.cells.map((cell) => `${cell}[innodb_thread_concurrency=8]`) };
    expect(parseHistoryText(serializeHistory(variant), 'h.json').cells).toEqual(variant.cells);
    const broken = { ...file, cells: file.cells.map((cell) => `${cell}[a]b]`) };
    expect(() => parseHistoryText(serializeHistory(broken), 'h.json')).toThrow(HistoryError);
  });

  it('rejects a malformed file with a HistoryError naming it', () => {
    const file = build([night(0)]);
    const broken = serializeHistory({ ...file, entries: [{ ...file.entries[0]!, values: [[[1]]] }] });
    const error = thrown(() => parseHistoryText(broken, 'h.json'));
    expect(error).toBeInstanceOf(HistoryError);
    expect(error.message).toContain('h.json is not a valid history file');
    expect(thrown(() => parseHistoryText('{', 'h.json')).message).toContain('not JSON');
  });

  it('stays small: 1,000 nights of the standard suite (24 cells, 4 metrics, 5 repetitions)', () => {
    const one = build([night(0)]);
    const cells = Array.from({ length: 24 }, (_, index) => `oltp_cell_${index}@${[1, 4, 16, 64][index % 4]}`);
    // Throughput-like values as sysbench and the counters give them: tps, ms, µs, instructions.
    const level = [26_123.45, 0.05, 38.21, 123_456.7];
    const entries = Array.from({ length: 1000 }, (_, n) => ({
      ...one.entries[0]!,
      commit: commitOf(n),
      commitDate: dateOf(n),
      runAt: dateOf(n),
      run: `https://github.com/owner/repo/actions/runs/${19_000_000_000 + n}`,
      values: cells.map(() =>
        level.map((value, m) =>
          [0, 1, 2, 3, 4].map((r) =>
            Number((value * (1 + 0.013 * r + 0.0007 * n + m * 1e-4)).toPrecision(7)),
          ),
        ),
      ),
    }));
    const text = serializeHistory({
      ...one,
      cells,
      metrics: ['tps', 'latencyMs', 'cpuTimeUs', 'hwInstructions'],
      entries,
    });
    const bytes = Buffer.byteLength(text);
    process.stdout.write(
      `history of 1,000 nights × 24 cells × 4 metrics × 5 repetitions: ${bytes} bytes (${(bytes / 1e6).toFixed(2)} MB)\n`,
    );
    expect(bytes).toBeLessThan(8_000_000);
    expect(parseHistoryText(text, 'standard.json').entries).toHaveLength(1000);
  });

  it('stays small: 1,000 nights of 20 cells', () => {
    const one = build([night(0)]);
    const cells = Array.from({ length: 20 }, (_, index) => `oltp_cell_${index}@1`);
    const entries = Array.from({ length: 1000 }, (_, n) => ({
      ...one.entries[0]!,
      commit: commitOf(n),
      commitDate: dateOf(n),
      runAt: dateOf(n),
      run: `https://github.com/owner/repo/actions/runs/${19_000_000_000 + n}`,
      values: cells.map((_, c) =>
        [0, 1].map((m) =>
          [0, 1, 2].map((r) => Number((43_712.35 * (1 + c + m) + r * 0.731 + n * 0.0137).toPrecision(7))),
        ),
      ),
    }));
    const text = serializeHistory({ ...one, cells, entries });
    const bytes = Buffer.byteLength(text);
    process.stdout.write(
      `history of 1,000 nights × 20 cells × 2 metrics × 3 repetitions: ${bytes} bytes (${(bytes / 1e6).toFixed(2)} MB)\n`,
    );
    expect(bytes).toBeLessThan(2_500_000);
    expect(parseHistoryText(text, 'big.json').entries).toHaveLength(1000);
  });
});

describe('the store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(os.tmpdir(), 'history-store-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends into <testbed>/<suite>-<options>-<definition>.json and leaves a bad file as it is', () => {
    const results = nightResults(night(0));
    const outcome = appendHistory(dir, results, historyRun(results, { commitDate: dateOf(0) }));
    expect(outcome.path).toMatch(/\/instructions-[0-9a-f]{12}-[0-9a-f]{12}\.json$/);
    expect(readHistoryFile(outcome.path).entries).toHaveLength(1);
    const second = nightResults(night(1));
    const again = appendHistory(dir, second, historyRun(second, { commitDate: dateOf(1) }));
    expect(again.file.entries).toHaveLength(2);
    const before = readFileSync(outcome.path, 'utf8');
    expect(() => appendHistory(dir, second, historyRun(second, { commitDate: dateOf(1) }))).toThrow(
      HistoryError,
    );
    expect(readFileSync(outcome.path, 'utf8')).toBe(before);
  });
});

describe('change points in a history', () => {
  it('finds a 1% and a −2% instruction step at their commits, nothing in the quiet cells', () => {
    const nights = Array.from({ length: 16 }, (_, n) =>
      night(n, {
        noise: 0.0005,
        factors: { oltp_point_select: n >= 6 ? 1.01 : 1, oltp_read_only: n >= 11 ? 0.98 : 1 },
      }),
    );
    const analyses = analyzeHistory(build(nights), SETTINGS);
    const changes = analyses.flatMap((analysis) =>
      analysis.changes.filter((change) => change.metric === 'instructions'),
    );
    expect(
      changes.map((change) => [change.cell, change.lastBefore.commit, change.firstAfter.commit, change.kind]),
    ).toEqual([
      ['oltp_point_select@1', commitOf(5), commitOf(6), 'regression'],
      ['oltp_read_only@1', commitOf(10), commitOf(11), 'improvement'],
    ]);
    expect(changes[0]!.change).toBeCloseTo(0.01, 3);
    expect(changes[1]!.change).toBeCloseTo(-0.02, 3);
    expect(changes.every((change) => change.pValue < DEFAULT_MAX_P)).toBe(true);
  });

  it('leaves out a step below half the tolerance (0.3% of instructions), unless told a smaller magnitude', () => {
    const nights = Array.from({ length: 16 }, (_, n) =>
      night(n, { noise: 0.0002, factors: { oltp_point_select: n >= 8 ? 1.003 : 1 } }),
    );
    const file = build(nights);
    const pointSelect = (settings: typeof SETTINGS & { minMagnitude?: number }) =>
      analyzeHistory(file, settings).find(
        (analysis) =>
          analysis.series.cell === 'oltp_point_select@1' && analysis.series.metric === 'instructions',
      )!;
    expect(pointSelect(SETTINGS).minMagnitude).toBeCloseTo(0.005, 9);
    expect(pointSelect(SETTINGS).changes).toEqual([]);
    expect(pointSelect({ ...SETTINGS, minMagnitude: 0.001 }).changes.map((change) => change.index)).toEqual([
      8,
    ]);
  });

  it('series are one point per run: the median of its repetitions', () => {
    const file = build([night(0), night(1)]);
    const series = historySeries(file);
    expect(series).toHaveLength(8);
    expect(series[0]!.points).toHaveLength(2);
    const values = file.entries[0]!.values[0]![0]!;
    expect(series[0]!.points[0]!.value).toBe([...values].sort((a, b) => a - b)[1]);
  });
});

describe("bisect's ends from a history", () => {
  it('takes every repetition of every run of each end, and leaves out an end it has not measured', () => {
    const file = build([night(0), night(1), night(2)]);
    const suite = nightResults(night(0)).suite;
    const options = {
      suite,
      good: commitOf(0),
      bad: commitOf(2),
      cells: ['oltp_point_select@1'],
      metric: 'instructions' as const,
    };
    const references = historyReferences(file, 'h.json', options);
    expect(references.good?.['oltp_point_select@1']).toEqual(file.entries[0]!.values[0]![0]);
    expect(references.bad?.['oltp_point_select@1']).toEqual(file.entries[2]!.values[0]![0]);
    expect(historyReferences(file, 'h.json', { ...options, bad: commitOf(9) }).bad).toBeUndefined();
    expect(commitValues(file, commitOf(1), ['no_such@1'], 'instructions')).toBeUndefined();
    const changed = { ...suite, repetitions: 5 };
    expect(thrown(() => historyReferences(file, 'h.json', { ...options, suite: changed })).message).toContain(
      'another definition of suite instructions',
    );
  });
});

describe('throughput: what its noise allows, said', () => {
  function throughputHistory(step: number, noise: number): HistoryFile {
    let file: HistoryFile | null = null;
    for (let n = 0; n < 30; n += 1) {
      const results = throughputNight(n, n >= 15 ? 1 + step : 1, noise);
      const run = historyRun(results, { commitDate: dateOf(n), commit: commitOf(n) });
      file = appendToHistory(file, results, run, { where: 'h.json' }).file;
    }
    return file!;
  }
  const tps = (analyses: ReturnType<typeof analyzeHistory>) =>
    analyses.filter((analysis) => analysis.series.metric === 'tps');

  it('finds a 15% step in 6% noise at its commit, and misses a 1.5% one while saying the smallest it can show', () => {
    const big = tps(analyzeHistory(throughputHistory(-0.15, 0.06), SETTINGS));
    for (const analysis of big) {
      // In this noise the estimate of where a step is can be a run off.
      expect(analysis.changes.map((change) => change.kind)).toEqual(['regression']);
      expect(Math.abs(analysis.changes[0]!.index - 15)).toBeLessThanOrEqual(1);
    }
    const small = tps(analyzeHistory(throughputHistory(-0.015, 0.06), SETTINGS));
    expect(small.flatMap((analysis) => analysis.changes)).toEqual([]);
    for (const analysis of small) {
      expect(analysis.minMagnitude).toBeCloseTo(0.025, 9);
      expect(analysis.detectable).toBeGreaterThan(0.025);
    }
    expect(changesText(small)).toMatch(
      /oltp_point_select@1 tps: noise [0-9.]+% from run to run, so only steps of about [0-9.]+% or more can show/,
    );
  });
});
