// Which of the tool's files a JSON document is, from real files of every kind, and the one line a
// reader says when it got another kind than it reads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { bisectReport } from '../src/bisect/bisect-report.js';
import {
  directoryMessage,
  type FileKind,
  fileKindOf,
  kindMismatch,
  type ShapeIssue,
} from '../src/file-kind.js';
import { appendToHistory, historyRun } from '../src/history/history-entry.js';
import { Results } from '../src/results/results-schema.js';
import { sampleState } from './bisect/bisect-fixtures.js';
import { fixtureResults } from './helpers/report-input.js';
import { ROOT } from './helpers/real-run.js';

const FIXTURES = join(ROOT, '__fixtures__');

function json(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function jsonFiles(dir: string): string[] {
  return readdirSync(join(FIXTURES, dir))
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(FIXTURES, dir, name));
}

const results = fixtureResults('quick-aa-5reps.json');
const history = appendToHistory(null, results, historyRun(results, { commitDate: null, commit: 'abcdef1' }), {
  where: 'h.json',
}).file;
/** The build description run read from the head's prefix, as build writes it. */
const build = fixtureResults('quick-mysql-9.7.json').sides.head.build;

/** What history changes writes as changes.json (and prints with --format json). */
const changes = { schemaVersion: 1, histories: [{ path: 'h.json', title: 'suite quick', series: [] }] };

const doctor = {
  tool: 'mysql-perf-gate doctor',
  toolVersion: '0.2.0',
  checkedAt: '2026-11-02T00:00:00.000Z',
  hostname: 'runner',
  findings: [],
  noise: null,
  grade: { score: 100, letter: 'A' },
};

describe('fileKindOf', () => {
  it.each([
    ...jsonFiles('results').map((path) => [path, 'results'] as const),
    ...jsonFiles('verdict').map((path) => [path, 'verdict'] as const),
    ...jsonFiles('baseline').map((path) => [path, 'baseline'] as const),
  ])('%s is %s', (path, kind) => {
    expect(fileKindOf(json(path))).toBe(kind);
  });

  it('knows a history, its change points, a runner check, a bisection and its state, and a build description', () => {
    expect(fileKindOf(JSON.parse(JSON.stringify(history)))).toBe('history');
    expect(fileKindOf(changes)).toBe('changes');
    expect(fileKindOf(doctor)).toBe('doctor');
    expect(fileKindOf(sampleState())).toBe('bisect-state');
    expect(fileKindOf(bisectReport(sampleState()))).toBe('bisect-report');
    expect(build).toBeDefined();
    expect(fileKindOf(build)).toBe('build');
  });

  it('knows nothing else', () => {
    for (const data of [null, [], 'results', 1, {}, json(join(ROOT, 'package.json')), { cells: [] }]) {
      expect(fileKindOf(data)).toBeNull();
    }
  });
});

describe('kindMismatch', () => {
  const issuesOf = (data: unknown): readonly ShapeIssue[] => Results.safeParse(data).error?.issues ?? [];
  const expectResults = (data: unknown, reader?: string): string | null =>
    kindMismatch(data, 'f.json', { expected: 'results', reader, newest: 1, issues: () => issuesOf(data) });

  it('accepts the kind it expects, whatever its version', () => {
    expect(expectResults(results)).toBeNull();
    expect(expectResults({ ...results, schemaVersion: 7 })).toBeNull();
  });

  it.each<[FileKind | 'history', unknown, string]>([
    [
      'baseline',
      json(join(FIXTURES, 'baseline/quick-mariadb-10.11.baseline.json')),
      'a baseline (written by baseline save)',
    ],
    ['history', history, 'a history (written by history append)'],
    ['changes', changes, "histories' change points (written by history changes)"],
    ['doctor', doctor, 'a runner check (written by doctor --json)'],
    ['bisect-state', sampleState(), "a bisection's state (written by bisect --state)"],
    ['bisect-report', bisectReport(sampleState()), 'a bisection report (written by bisect)'],
  ])('names %s and the command that writes it, in one line', (_kind, data, what) => {
    expect(expectResults(data, 'compare')).toBe(
      `f.json is ${what}, not results: compare reads the results.json that run writes`,
    );
  });

  it('names a verdict, and the results an A/B verdict judged', () => {
    const verdict = json(join(FIXTURES, 'verdict/quick-durability.v3.json'));
    expect(expectResults(verdict, 'compare')).toBe(
      'f.json is a verdict (written by compare), not results: compare reads the results.json that run ' +
        'writes; give the results it judged instead: /work/main/__fixtures__/results/quick-durability.json',
    );
    const againstBaseline = { ...(verdict as object), baseSource: { kind: 'baseline', path: 'b.json' } };
    expect(expectResults(againstBaseline, 'compare')).toBe(
      'f.json is a verdict (written by compare), not results: compare reads the results.json that run writes',
    );
  });

  it('says what was expected when the reader is not named', () => {
    expect(expectResults(doctor)).toBe(
      'f.json is a runner check (written by doctor --json), not results: expected the results.json that run writes',
    );
  });

  it('advises storing results given for a baseline or a history', () => {
    const wanted = (expected: FileKind): string | null =>
      kindMismatch(results, 'r.json', { expected, reader: 'x', newest: 1, issues: () => [] });
    expect(wanted('baseline')).toBe(
      'r.json is a results file (written by run), not a baseline: x reads a baseline file that baseline save ' +
        'writes; store it as one with: mysql-perf-gate baseline save r.json',
    );
    expect(wanted('history')).toBe(
      'r.json is a results file (written by run), not a history: x reads a history file that history append ' +
        'writes; append it to one with: mysql-perf-gate history append r.json',
    );
  });

  it('names the first top-level field that shows JSON of no known kind is not the one expected', () => {
    const toolless = Object.fromEntries(Object.entries(results).filter(([key]) => key !== 'tool'));
    expect(expectResults(toolless)).toBe(
      'f.json is not a mysql-perf-gate results file: it has no "tool" field',
    );
    expect(expectResults({ name: 'x', version: '1' })).toBe(
      'f.json is not a mysql-perf-gate results file: it has no "schemaVersion" field',
    );
    expect(expectResults([results])).toBe(
      'f.json is not a mysql-perf-gate results file: it holds an array, not an object',
    );
    expect(expectResults(null)).toBe(
      'f.json is not a mysql-perf-gate results file: it holds null, not an object',
    );
    const strict: ShapeIssue[] = [{ code: 'unrecognized_keys', path: [], keys: ['extra'] }];
    expect(
      kindMismatch({ schemaVersion: 1, extra: 1 }, 'f.json', {
        expected: 'results',
        newest: 1,
        issues: () => strict,
      }),
    ).toBe('f.json is not a mysql-perf-gate results file: it has an unexpected field "extra"');
  });

  it('leaves an unknown shape of a newer version to the version check', () => {
    expect(expectResults({ schemaVersion: 2, renamed: true })).toBeNull();
    expect(expectResults({ schemaVersion: 1, renamed: true })).toMatch(
      /^f\.json is not a mysql-perf-gate results file/,
    );
  });
});

describe('directoryMessage', () => {
  it('gives the file inside when there is one, else what the reader reads', () => {
    expect(directoryMessage('out', 'results', 'out/results.json', 'compare')).toBe(
      'out is a directory: give the results.json inside it, out/results.json',
    );
    expect(directoryMessage('out', 'results', null, 'compare')).toBe(
      'out is a directory, not results: compare reads the results.json that run writes',
    );
    expect(directoryMessage('b', 'baseline', null)).toBe(
      'b is a directory, not a baseline: expected a baseline file that baseline save writes',
    );
  });
});
