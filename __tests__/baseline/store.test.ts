import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';

import { checkComparable } from '../../src/baseline/comparable.js';
import { appendEntry, baselineSide, createEntry, newestEntry } from '../../src/baseline/entry.js';
import { baselineKey } from '../../src/baseline/key.js';
import {
  baselinePath,
  findBaseline,
  listBaselines,
  readBaselineFile,
  saveBaseline,
} from '../../src/baseline/store.js';
import { BaselineError } from '../../src/errors.js';
import { fixtureResults, laterRun, withEnvironment } from '../../__fixtures__/baseline/results.js';
import { thrownBy } from '../helpers/errors.js';

const SAVED_AT = '2026-11-22T17:00:00.000Z';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-baseline-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** SHA-256 of a file's bytes: equal digests, unchanged file (Jest compares big Buffers slowly). */
function bytesOf(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Every file under dir, relative, so a test sees stray temp or lock files. */
function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => join(item.parentPath, item.name).slice(root.length + 1))
    .sort();
}

describe('saving and reading baselines', () => {
  it('round-trips a real results file with every repetition and its provenance', () => {
    const results = fixtureResults();
    const outcome = saveBaseline(dir, results, { commit: COMMIT, savedAt: SAVED_AT });
    const key = baselineKey(results);
    expect(outcome).toEqual({
      path: baselinePath(dir, key),
      key,
      entries: 1,
      added: true,
      dropped: 0,
      warnings: [],
    });
    expect(filesUnder(dir)).toEqual([`73565f5a8c11a8d9/quick-${key.optionsHash}.json`]);

    const file = readBaselineFile(outcome.path);
    expect(file.schemaVersion).toBe(1);
    const entry = newestEntry(file);
    expect(entry.cells).toEqual(results.cells);
    expect(entry.cells.flatMap((cell) => cell.repetitions)).toHaveLength(18);
    expect(entry.facts).toEqual(results.sides.head);
    expect(entry.environment).toEqual(results.environment);
    expect(entry.suite).toEqual(results.suite);
    expect(entry).toMatchObject({
      savedAt: SAVED_AT,
      commit: COMMIT,
      side: 'head',
      run: {
        startedAt: results.startedAt,
        finishedAt: results.finishedAt,
        mode: 'single',
        toolVersion: '0.1.0',
      },
    });
    expect(findBaseline(dir, key)?.file).toEqual(file);
    expect(findBaseline(dir, baselineKey(results, { testbed: 'elsewhere' }))).toBeNull();
  });

  it('gives compare a base side: every repetition relabelled "base", with facts, machine, suite and date', () => {
    const results = fixtureResults();
    const { path } = saveBaseline(dir, results, { savedAt: SAVED_AT });
    const side = baselineSide(newestEntry(readBaselineFile(path)));
    expect(side.cells.every((cell) => cell.side === 'base')).toBe(true);
    expect(side.cells.map((cell) => cell.repetitions)).toEqual(results.cells.map((cell) => cell.repetitions));
    expect(side).toMatchObject({
      facts: results.sides.head,
      environment: results.environment,
      savedAt: SAVED_AT,
    });
    expect(side.suite).toEqual(results.suite);
    expect('commit' in side).toBe(false);
  });

  it('keeps a bounded history, newest last', () => {
    let last = saveBaseline(dir, laterRun(0), { savedAt: SAVED_AT, keep: 5 });
    for (let run = 1; run < 8; run += 1) {
      last = saveBaseline(dir, laterRun(run * 60), { savedAt: SAVED_AT, keep: 5 });
    }
    expect(last).toMatchObject({ entries: 5, added: true, dropped: 1 });
    const starts = readBaselineFile(last.path).entries.map((entry) => entry.run.startedAt);
    expect(starts).toEqual([3, 4, 5, 6, 7].map((run) => laterRun(run * 60).startedAt));
    expect(filesUnder(dir)).toHaveLength(1);
  });

  it('keeps 20 entries by default', () => {
    // In memory: 23 round trips through a 2.5 MB file would take seconds and test nothing more.
    const key = baselineKey(fixtureResults());
    let outcome = appendEntry(null, key, createEntry(laterRun(0), { savedAt: SAVED_AT }));
    for (let run = 1; run < 23; run += 1) {
      outcome = appendEntry(outcome.file, key, createEntry(laterRun(run), { savedAt: SAVED_AT }));
    }
    expect(outcome).toMatchObject({ added: true, dropped: 1 });
    expect(outcome.file.entries.map((entry) => entry.run.startedAt)).toEqual(
      Array.from({ length: 20 }, (_, index) => laterRun(index + 3).startedAt),
    );
  });

  it('stores the same run only once', () => {
    const first = saveBaseline(dir, fixtureResults(), { savedAt: SAVED_AT });
    const bytes = bytesOf(first.path);
    const again = saveBaseline(dir, fixtureResults(), { savedAt: '2026-11-23T00:00:00.000Z' });
    expect(again).toMatchObject({ added: false, entries: 1 });
    expect(bytesOf(first.path)).toBe(bytes);
  });

  it('stores the base side of an A/B run from its own cells, keyed by its own options', () => {
    const single = fixtureResults();
    const baseFacts = {
      ...single.sides.head,
      options: { ...single.sides.head.options, performance_schema: 'OFF' },
    };
    const ab = {
      ...single,
      mode: 'ab' as const,
      sides: { base: baseFacts, head: single.sides.head },
      cells: [...single.cells.map((cell) => ({ ...cell, side: 'base' as const })), ...single.cells],
    };
    const base = saveBaseline(dir, ab, { side: 'base', savedAt: SAVED_AT });
    const head = saveBaseline(dir, ab, { side: 'head', savedAt: SAVED_AT });
    expect(base.path).not.toBe(head.path);
    const entry = newestEntry(readBaselineFile(base.path));
    expect(entry.side).toBe('base');
    expect(entry.cells).toHaveLength(6);
    expect(entry.facts.options.performance_schema).toBe('OFF');
  });

  it('warns when the suite definition or the hardware changed since the previous entry', () => {
    saveBaseline(dir, fixtureResults(), { testbed: 'runner', savedAt: SAVED_AT });
    const changed = laterRun(60);
    const outcome = saveBaseline(
      dir,
      withEnvironment(
        { ...changed, suite: { ...changed.suite, durationSeconds: 30 } },
        { fingerprint: 'ffff000011112222' },
      ),
      { testbed: 'runner', savedAt: SAVED_AT },
    );
    expect(outcome.entries).toBe(2);
    expect(outcome.warnings).toEqual([
      expect.stringMatching(
        /^the definition of suite quick changed since the previous entry \(hash [0-9a-f]{12} → [0-9a-f]{12}\): the history has a break here$/,
      ),
      'the hardware changed since the previous entry (fingerprint 73565f5a8c11a8d9 → ffff000011112222): the history has a break here',
    ]);
  });
});

describe('damaged baseline files are refused and left untouched', () => {
  function damaged(transform: (text: string) => string): { path: string; before: string } {
    const { path } = saveBaseline(dir, fixtureResults(), { savedAt: SAVED_AT });
    writeFileSync(path, transform(readFileSync(path, 'utf8')));
    return { path, before: bytesOf(path) };
  }

  function refusedSave(path: string, before: string): string {
    const error = thrownBy(BaselineError, () => saveBaseline(dir, laterRun(60), { savedAt: SAVED_AT }));
    expect(bytesOf(path)).toBe(before);
    expect(filesUnder(dir)).toEqual([path.slice(dir.length + 1)]);
    expect(error.message).toContain(`nothing was saved and ${path} was left as it is`);
    return error.message;
  }

  const cases: [string, (text: string) => string, RegExp][] = [
    ['cut short (not JSON)', (text) => text.slice(0, 1000), /^baseline \S+ is not JSON: /],
    ['empty', () => '', /^baseline \S+ is not JSON: /],
    [
      'of another schema version',
      (text) => text.replace('"schemaVersion": 1', '"schemaVersion": 2'),
      /^baseline \S+ has baseline schema version 2; this mysql-perf-gate reads version 1($|\n)/,
    ],
    [
      'without a version',
      () => '{"entries": []}',
      /^\S+ is not a mysql-perf-gate baseline file: it has no "schemaVersion" field($|\n)/,
    ],
    [
      'a JSON array',
      () => '[]',
      /^\S+ is not a mysql-perf-gate baseline file: it holds an array, not an object($|\n)/,
    ],
    [
      'missing a field',
      (text) => text.replace('"suiteHash"', '"suiteHashh"'),
      /^baseline \S+ is not a valid baseline file: entries\[0\]\.suiteHash is missing: .* \(and 1 more problem\)/,
    ],
    [
      'a repetition with a negative tps',
      (text) => text.replace(/"tps": [0-9.]+/, '"tps": -1'),
      /^baseline \S+ is not a valid baseline file: entries\[0\]\.cells\[0\]\.repetitions\[0\]\.report\.tps = -1: /,
    ],
    [
      'an entry of other options',
      (text) => text.replace(/("optionsHash": ")[0-9a-f]+(",\s+"environment")/, '$1000000000000$2'),
      /entries\[0\]\.optionsHash = "000000000000": is 000000000000 but the file is keyed by options hash [0-9a-f]{12}/,
    ],
  ];

  it.each(cases)('refuses a file %s, naming it and the problem', (_name, transform, message) => {
    const { path, before } = damaged(transform);
    expect(thrownBy(BaselineError, () => readBaselineFile(path)).message).toMatch(message);
    expect(refusedSave(path, before)).toMatch(message);
    expect(refusedSave(path, before)).toContain(path);
  });

  it('says a results file is not a baseline', () => {
    const path = join(dir, 'results.json');
    writeFileSync(path, JSON.stringify(fixtureResults()));
    expect(thrownBy(BaselineError, () => readBaselineFile(path, 'compare')).message).toBe(
      `${path} is a results file (written by run), not a baseline: compare reads a baseline file that ` +
        `baseline save writes; store it as one with: mysql-perf-gate baseline save ${path}`,
    );
  });

  it('says a directory is not a baseline', () => {
    expect(thrownBy(BaselineError, () => readBaselineFile(dir, 'compare')).message).toBe(
      `${dir} is a directory, not a baseline: compare reads a baseline file that baseline save writes`,
    );
  });

  it('names a file that cannot be read', () => {
    expect(thrownBy(BaselineError, () => readBaselineFile(join(dir, 'none.json'))).message).toMatch(
      /^cannot read baseline .*none\.json: ENOENT/,
    );
  });

  it('names a baselines directory that cannot be created', () => {
    const notADir = join(dir, 'file');
    writeFileSync(notADir, '');
    expect(
      thrownBy(BaselineError, () => saveBaseline(notADir, fixtureResults(), { savedAt: SAVED_AT })).message,
    ).toMatch(/^cannot create baseline directory .*\/file\/73565f5a8c11a8d9: ENOTDIR/);
  });

  it('refuses to mix two testbeds whose names sanitize alike', () => {
    const { path } = saveBaseline(dir, fixtureResults(), { testbed: 'ci/1', savedAt: SAVED_AT });
    const before = bytesOf(path);
    const message = thrownBy(BaselineError, () =>
      saveBaseline(dir, laterRun(60), { testbed: 'ci_1', savedAt: SAVED_AT }),
    ).message;
    expect(message).toContain('holds the baseline of testbed "ci/1"');
    expect(message).toContain('not of testbed "ci_1"');
    expect(message).toContain('choose another testbed (--testbed, input "testbed")');
    expect(bytesOf(path)).toBe(before);
  });
});

describe('one saver per file', () => {
  it('refuses while another save holds the lock, and proceeds past a stale lock', () => {
    const path = baselinePath(dir, baselineKey(fixtureResults()));
    mkdirSync(dirname(path), { recursive: true });
    const lock = `${path}.lock`;
    writeFileSync(lock, JSON.stringify({ pid: process.pid, hostname: os.hostname(), createdAt: SAVED_AT }));
    expect(
      thrownBy(BaselineError, () => saveBaseline(dir, fixtureResults(), { savedAt: SAVED_AT })).message,
    ).toBe(
      `another save is writing ${path} (lock file ${lock} exists); try again, or delete the lock if no save is running`,
    );
    expect(existsSync(path)).toBe(false);

    const old = new Date(Date.now() - 11 * 60_000);
    utimesSync(lock, old, old);
    expect(saveBaseline(dir, fixtureResults(), { savedAt: SAVED_AT }).entries).toBe(1);
    expect(existsSync(lock)).toBe(false);
  });

  it('takes over the lock of a process that no longer runs on this host', () => {
    const path = baselinePath(dir, baselineKey(fixtureResults()));
    mkdirSync(dirname(path), { recursive: true });
    // PIDs stay below 2^22 on Linux, so this one cannot be running.
    writeFileSync(
      `${path}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 1, hostname: os.hostname(), createdAt: SAVED_AT }),
    );
    expect(saveBaseline(dir, fixtureResults(), { savedAt: SAVED_AT }).entries).toBe(1);
  });
});

describe('listing baselines', () => {
  it('finds every testbed and suite file, and reports damaged ones separately', () => {
    saveBaseline(dir, fixtureResults(), { testbed: 'b-runner', savedAt: SAVED_AT });
    saveBaseline(dir, fixtureResults(), { testbed: 'a-runner', savedAt: SAVED_AT });
    writeFileSync(join(dir, 'a-runner', 'broken.json'), '{');
    writeFileSync(join(dir, 'README.md'), 'not a testbed');
    const listing = listBaselines(dir);
    expect(listing.found.map((item) => item.file.key.testbed)).toEqual(['a-runner', 'b-runner']);
    expect(listing.problems).toEqual([expect.stringMatching(/^baseline .*broken\.json is not JSON/)]);
    expect(listBaselines(dir, 'b-runner').found).toHaveLength(1);
    expect(listBaselines(dir, 'c-runner')).toEqual({ exists: true, found: [], problems: [] });
    expect(listBaselines(join(dir, 'none'))).toEqual({ exists: false, found: [], problems: [] });
  });
});

describe('the stored format', () => {
  const GOLDEN = join(import.meta.dirname, '../../__fixtures__/baseline/quick-mariadb-10.11.baseline.json');

  it('still reads a version 1 file written by baseline save, as what a save writes today', () => {
    const golden = readBaselineFile(GOLDEN);
    expect(golden.key.testbed).toBe('debian12-2core-vm');
    const { path } = saveBaseline(dir, fixtureResults(), {
      testbed: 'debian12-2core-vm',
      commit: '3f1e2d4c5b6a79880123456789abcdef01234567',
      savedAt: '2026-11-22T16:45:00.000Z',
    });
    // Compared parsed, not as bytes: fields added since with defaults are filled in on reading.
    expect(golden).toEqual(readBaselineFile(path));
  });

  it('finds the golden entry comparable with the results it was saved from', () => {
    const entry = newestEntry(readBaselineFile(GOLDEN));
    expect(checkComparable(entry, fixtureResults())).toEqual([]);
  });
});
