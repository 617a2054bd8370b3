// Property tests: real results files mutated at random (a number changed, a field or a repetition
// or a cell removed, the callgrind counts of a repetition removed, the sides swapped, the text cut
// short), then read and judged as `compare`, publish's re-judge, `history append` and
// `baseline save` read and judge them. For every mutation:
//   - nothing throws but the project's own errors, and their message is one line;
//   - a verdict names every gating cell of its input: judged, or listed as not judged;
//   - where the unmutated input had a gating regression and the mutation only took data away (a
//     field, a repetition, counts, the end of the file), the verdict is never a pass unless that
//     cell is listed as not judged.
// A fixed seed and a stated number of runs (RUNS per fixture), so that a failure replays.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';

import { parseBaselineFile } from '../../src/baseline/parse-baseline.js';
import { baselineSaveCommand } from '../../src/commands/baseline-save.js';
import { judge } from '../../src/compare/judge.js';
import { metricsFor } from '../../src/compare/metrics.js';
import { rejudge } from '../../src/compare/rejudge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { type Verdict, Verdict as VerdictSchema } from '../../src/compare/verdict-schema.js';
import { GateError } from '../../src/errors.js';
import { historyRun } from '../../src/history/history-entry.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { parseResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import { cellName } from '../../src/suite/suite-schema.js';
import { kindOf } from '../../src/workload/kinds.js';

const SEED = 20261128;
const RUNS = 60;

const FIXTURES = ['instructions-performance-schema.json', 'instructions-aa.json', 'quick-aa-5reps.json'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

function fixtureText(name: string): string {
  return readFileSync(new URL(`../../__fixtures__/results/${name}`, import.meta.url), 'utf8');
}

/** Every path to a leaf (number) or to a property (any value) of a JSON document. */
function paths(
  value: Json,
  at: Path = [],
  out: { numbers: Path[]; fields: Path[] } = { numbers: [], fields: [] },
) {
  if (typeof value === 'number') out.numbers.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => paths(item, [...at, index], out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.fields.push([...at, key]);
      paths(item, [...at, key], out);
    }
  }
  return out;
}

function parentOf(document: Json, path: Path): Record<string | number, Json> | undefined {
  let at: Json = document;
  for (const part of path.slice(0, -1)) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, Json>)[part] ?? null;
  }
  return at !== null && typeof at === 'object' ? (at as Record<string | number, Json>) : undefined;
}

type Mutation =
  | { kind: 'number'; pick: number; value: number }
  | { kind: 'delete-field'; pick: number }
  | { kind: 'remove-repetition'; cell: number; repetition: number }
  | { kind: 'remove-counts'; cell: number; repetition: number }
  | { kind: 'remove-cell'; cell: number }
  | { kind: 'swap-sides' }
  | { kind: 'truncate'; at: number };

/** Mutations that only take data away: a regression they leave measurable must stay visible. */
const SUBTRACTIVE = new Set<Mutation['kind']>([
  'delete-field',
  'remove-repetition',
  'remove-counts',
  'truncate',
]);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('number' as const),
    pick: fc.nat(),
    value: fc.oneof(
      fc.constantFrom(0, -1, 1, 0.5, 1e-300, 1e300, 1.7e308, Number.MAX_SAFE_INTEGER + 2),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    ),
  }),
  fc.record({ kind: fc.constant('delete-field' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('remove-repetition' as const), cell: fc.nat(), repetition: fc.nat() }),
  fc.record({ kind: fc.constant('remove-counts' as const), cell: fc.nat(), repetition: fc.nat() }),
  fc.record({ kind: fc.constant('remove-cell' as const), cell: fc.nat() }),
  fc.constant({ kind: 'swap-sides' as const }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

interface Cells {
  cells: { side: string; repetitions: { cost?: Json }[] }[];
  sides: { base?: Json; head: Json };
}

/** The results text after one mutation. */
function mutate(text: string, change: Mutation): string {
  if (change.kind === 'truncate') return text.slice(0, change.at % text.length);
  const document = JSON.parse(text) as Json;
  const results = document as unknown as Cells;
  const cell = (index: number) => results.cells[index % results.cells.length];
  switch (change.kind) {
    case 'number': {
      const { numbers } = paths(document);
      const path = numbers[change.pick % numbers.length] ?? [];
      const parent = parentOf(document, path);
      const key = path.at(-1);
      if (parent !== undefined && key !== undefined) parent[key] = change.value;
      break;
    }
    case 'delete-field': {
      const { fields } = paths(document);
      const path = fields[change.pick % fields.length] ?? [];
      const parent = parentOf(document, path);
      const key = path.at(-1);
      if (parent !== undefined && key !== undefined) Reflect.deleteProperty(parent, key);
      break;
    }
    case 'remove-repetition': {
      const target = cell(change.cell);
      target?.repetitions.splice(change.repetition % target.repetitions.length, 1);
      break;
    }
    case 'remove-counts': {
      const target = cell(change.cell);
      const repetition = target?.repetitions[change.repetition % target.repetitions.length];
      if (repetition !== undefined) repetition.cost = {};
      break;
    }
    case 'remove-cell':
      results.cells.splice(change.cell % results.cells.length, 1);
      break;
    case 'swap-sides': {
      const { base, head } = results.sides;
      if (base !== undefined) results.sides = { base: head, head: base };
      for (const entry of results.cells) entry.side = entry.side === 'base' ? 'head' : 'base';
      break;
    }
  }
  return JSON.stringify(document);
}

/** Only the project's own errors, in one line; anything else fails the property. */
function refusedInOneLine(error: unknown): void {
  if (!(error instanceof GateError)) throw error;
  expect(error.message).not.toContain('\n');
  expect(error.message.length).toBeGreaterThan(0);
}

/** "oltp_point_select@1 instructions" for every gating cell and metric the input holds on both sides. */
function gatingCellsOf(results: Results, gateMetrics: readonly string[]): string[] {
  const heads = results.cells.filter((cell) => cell.side === 'head');
  const bases = new Set(results.cells.filter((cell) => cell.side === 'base').map(cellName));
  const metrics = metricsFor(results.suite.metric).filter((metric) => gateMetrics.includes(metric.name));
  return heads
    .filter((cell) => bases.has(cellName(cell)))
    .flatMap((cell) => {
      const workload = results.suite.workloads.find((candidate) => candidate.name === cell.workload);
      return metrics
        .filter((metric) => workload === undefined || kindOf(workload).metrics.includes(metric.name))
        .map((metric) => `${cellName(cell)} ${metric.name}`);
    });
}

/** The verdict's unjudged cells; read defensively, so this suite also runs against older verdicts. */
function unjudgedOf(verdict: Verdict): string[] {
  const list =
    (verdict as { unjudged?: { workload: string; threads: number; metric: string }[] }).unjudged ?? [];
  return list.map((cell) => `${cellName(cell)} ${cell.metric}`);
}

function namedCells(verdict: Verdict): Set<string> {
  return new Set([
    ...verdict.cells.map((cell) => `${cellName(cell)} ${cell.metric}`),
    ...unjudgedOf(verdict),
  ]);
}

/** The gating regressions of a verdict. */
function regressions(verdict: Verdict): string[] {
  return verdict.cells
    .filter((cell) => cell.gating && cell.verdict === 'regression')
    .map((cell) => `${cellName(cell)} ${cell.metric}`);
}

/** Every gating cell named; no pass that hides a regression the unmutated input had. */
function checkVerdict(verdict: Verdict, results: Results, original: Verdict, change: Mutation): void {
  VerdictSchema.parse(verdict);
  const named = namedCells(verdict);
  for (const cell of gatingCellsOf(results, verdict.settings.gateMetrics)) expect(named).toContain(cell);
  if (SUBTRACTIVE.has(change.kind) && verdict.verdict === 'pass') {
    const unjudged = new Set(unjudgedOf(verdict));
    const stillThere = new Set(gatingCellsOf(results, verdict.settings.gateMetrics));
    for (const cell of regressions(original)) {
      if (stillThere.has(cell))
        expect({ cell, unjudged: unjudged.has(cell) }).toEqual({ cell, unjudged: true });
    }
  }
}

const judged = (results: Results): Verdict =>
  judge({ results, resultsPath: 'r.json', base: { kind: 'ab' }, options: DEFAULT_COMPARE_OPTIONS }).verdict;

describe.each(FIXTURES)('mutations of %s', (name) => {
  const text = fixtureText(name);
  const original = judged(parseResults(text, name));
  const workDir = mkdtempSync(join(tmpdir(), 'gate-properties-'));
  afterAll(() => {
    rmSync(workDir, { recursive: true, force: true });
  });

  it('the unmutated file is judged (the reference the mutations are held to)', () => {
    expect(original.cells.length).toBeGreaterThan(0);
  });

  it(`compare and publish's re-judge: a one-line refusal, or every gating cell named (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(mutation, (change) => {
        const mutated = mutate(text, change);
        let results: Results;
        let verdict: Verdict;
        try {
          results = parseResults(mutated, 'r.json');
          verdict = judged(results);
        } catch (error) {
          refusedInOneLine(error);
          return;
        }
        checkVerdict(verdict, results, original, change);
        expect(renderVerdictSummary(verdict)).toMatch(/^verdict: /);
        try {
          const trusted = { suite: results.suite, options: DEFAULT_COMPARE_OPTIONS };
          const artifact = { results, verdict, verdictSchemaVersion: verdict.schemaVersion };
          checkVerdict(rejudge(artifact, null, trusted).verdict, results, original, change);
        } catch (error) {
          refusedInOneLine(error);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it(`history append and baseline save: a one-line refusal, or every head cell kept (${RUNS} runs)`, () => {
    fc.assert(
      fc.property(mutation, fc.nat(), (change, run) => {
        const mutated = mutate(text, change);
        let results: Results;
        try {
          results = parseResults(mutated, 'r.json');
        } catch (error) {
          refusedInOneLine(error);
          return;
        }
        const heads = results.cells.filter((cell) => cell.side === 'head');
        try {
          const history = historyRun(results, { commit: 'a'.repeat(40), commitDate: null });
          expect(history.cells).toEqual(heads.map(cellName));
          // A cell and metric with fewer values than repetitions is named, never thinned in silence.
          heads.forEach((cell, index) => {
            history.metrics.forEach((metric, at) => {
              const values = history.entry.values[index]?.[at] ?? null;
              if ((values?.length ?? 0) < cell.repetitions.length) {
                const gaps = (history as { gaps?: readonly string[] }).gaps ?? [];
                expect(gaps.some((gap) => gap.startsWith(`${cellName(cell)} ${metric}:`))).toBe(true);
              }
            });
          });
        } catch (error) {
          refusedInOneLine(error);
        }
        const path = join(workDir, `r-${run}.json`);
        writeFileSync(path, mutated);
        const dir = join(workDir, `baselines-${run}`);
        try {
          const saved = baselineSaveCommand({
            resultsPath: path,
            dir,
            testbed: 't',
            keep: 3,
            commit: undefined,
            side: 'head',
            savedAt: '2026-11-28T00:00:00.000Z',
          });
          const file = parseBaselineFile(readFileSync(saved.path, 'utf8'), saved.path);
          const entry = file.entries.at(-1);
          expect(entry?.cells.map(cellName)).toEqual(heads.map(cellName));
        } catch (error) {
          refusedInOneLine(error);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
