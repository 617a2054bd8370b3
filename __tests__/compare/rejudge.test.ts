// The publishing half's check, as a table: each way an uploaded verdict.json can part from the
// verdict its results give, and the one line that names it; the honest verdict agrees.
import { readFileSync } from 'node:fs';

import { judge } from '../../src/compare/judge.js';
import { checkArtifact, disagreement, recordedOptions, rejudge } from '../../src/compare/rejudge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { type Verdict, VERDICT_SCHEMA_VERSION } from '../../src/compare/verdict-schema.js';
import { parseVerdict } from '../../src/compare/verdict-versions.js';
import { fixtureResults } from '../helpers/report-input.js';

const results = fixtureResults('quick-ab-performance-schema.json');
const honest = judge({
  results,
  resultsPath: 'results.json',
  base: { kind: 'ab' },
  options: DEFAULT_COMPARE_OPTIONS,
}).verdict;
const first = honest.cells[0]!;
const label = `"${first.workload}"@${first.threads} ${first.metric}`;
const other = first.verdict === 'regression' ? 'unchanged' : 'regression';

const CASES: [string, (verdict: Verdict) => Verdict, string | null][] = [
  ['the honest verdict', (verdict) => verdict, null],
  [
    'another suite',
    (verdict) => ({ ...verdict, suite: 'standard' }),
    `it is for suite "standard", the results for "quick"`,
  ],
  [
    'a cell left out',
    (verdict) => ({ ...verdict, cells: verdict.cells.slice(1) }),
    `it judges ${honest.cells.length - 1} cells, the results give ${honest.cells.length}`,
  ],
  [
    'a cell renamed',
    (verdict) => ({ ...verdict, cells: [{ ...first, threads: 999 }, ...verdict.cells.slice(1)] }),
    `its cell 1 is "${first.workload}"@999 ${first.metric}, the results give ${label}`,
  ],
  [
    'a cell verdict forged',
    (verdict) => ({ ...verdict, cells: [{ ...first, verdict: other }, ...verdict.cells.slice(1)] }),
    `it calls ${label} ${other}, the results give ${first.verdict}`,
  ],
  [
    'a cell taken out of the gate',
    (verdict) => ({ ...verdict, cells: [{ ...first, gating: !first.gating }, ...verdict.cells.slice(1)] }),
    `it has ${label} ${first.gating ? 'not ' : ''}gating, its own settings say otherwise`,
  ],
  [
    'the overall verdict forged',
    (verdict) => ({ ...verdict, verdict: verdict.verdict === 'pass' ? 'fail' : 'pass' }),
    `it says ${honest.verdict === 'pass' ? 'fail' : 'pass'}, the results give ${honest.verdict}`,
  ],
  [
    'the counts forged',
    (verdict) => ({ ...verdict, counts: { ...verdict.counts, improvement: verdict.counts.improvement + 1 } }),
    `its counts ${JSON.stringify({ ...honest.counts, improvement: honest.counts.improvement + 1 })} are not the results' ${JSON.stringify(honest.counts)}`,
  ],
  [
    'a warning left out',
    (verdict) => ({ ...verdict, warnings: verdict.warnings.slice(1) }),
    `it leaves out the warning ${JSON.stringify((honest.warnings[0] ?? '').slice(0, 120))}`,
  ],
  ['a warning added', (verdict) => ({ ...verdict, warnings: [...verdict.warnings, 'extra'] }), null],
];

describe('disagreement between an uploaded verdict and the one judged again', () => {
  it('the fixture has warnings to leave out', () => {
    expect(honest.warnings.length).toBeGreaterThan(0);
  });

  it.each(CASES)('%s', (_name, tamper, expected) => {
    expect(disagreement(tamper(honest), honest)).toBe(expected);
  });
});

describe('rejudge', () => {
  it('judges with the recorded settings and agrees with the honest verdict', () => {
    expect(
      checkArtifact({ results, verdict: honest, verdictSchemaVersion: VERDICT_SCHEMA_VERSION }, null).verdict,
    ).toEqual(honest);
    // Under the same settings in the publishing workflow, the verdict it publishes is that one too.
    const judging = { suite: results.suite, options: DEFAULT_COMPARE_OPTIONS };
    const judged = rejudge(
      { results, verdict: honest, verdictSchemaVersion: VERDICT_SCHEMA_VERSION },
      null,
      judging,
    );
    expect(judged.verdict).toEqual(honest);
  });

  it('takes each recorded tolerance as the most specific rule', () => {
    const options = recordedOptions(honest);
    expect(options.toleranceRules).toHaveLength(honest.cells.length);
    expect(options.toleranceRules[0]).toEqual({
      workload: first.workload,
      threads: first.threads,
      metric: first.metric,
      value: first.threshold,
    });
  });

  it.each([
    [{ alpha: 0.7 }, 'artifact refused: verdict.json settings.alpha 0.7 is not between 0 and 0.5'],
    [{ confidence: 1 }, 'artifact refused: verdict.json settings.confidence 1 is not between 0 and 1'],
  ])('refuses recorded settings out of range: %j', (settings, message) => {
    const verdict = { ...honest, settings: { ...honest.settings, ...settings } };
    expect(() =>
      checkArtifact({ results, verdict, verdictSchemaVersion: VERDICT_SCHEMA_VERSION }, null),
    ).toThrow(message);
  });

  it('refuses a verdict on one server that claims an A/B comparison', () => {
    const single = { ...results, mode: 'single' as const };
    expect(() =>
      checkArtifact({ results: single, verdict: honest, verdictSchemaVersion: VERDICT_SCHEMA_VERSION }, null),
    ).toThrow(
      'artifact refused: verdict.json compares the two sides of an A/B run, but results.json measured one server',
    );
  });

  it.each([
    [
      'a verdict against a stored baseline',
      {
        results,
        verdict: { ...honest, baseSource: { kind: 'baseline' as const, path: 'b.json', savedAt: null } },
      },
      'artifact refused: verdict.json compares with a stored baseline; the pull-request gate judges only an A/B run (base and head measured side by side), never reference numbers from the artifact',
    ],
    [
      'results of one server',
      { results: { ...results, mode: 'single' as const }, verdict: honest },
      'artifact refused: verdict.json compares the two sides of an A/B run, but results.json measured one server',
    ],
  ])('rejudge refuses %s before anything else', (_name, artifact, message) => {
    const judging = { suite: results.suite, options: DEFAULT_COMPARE_OPTIONS };
    expect(() =>
      rejudge({ ...artifact, verdictSchemaVersion: VERDICT_SCHEMA_VERSION }, null, judging),
    ).toThrow(message);
  });
});

describe('a verdict.json of version 2, from before the stall metrics', () => {
  const path = new URL('../../__fixtures__/verdict/quick-aa-5reps.v2.json', import.meta.url).pathname;
  const read = parseVerdict(readFileSync(path, 'utf8'), 'verdict.json');
  const aa = fixtureResults('quick-aa-5reps.json');
  const artifact = { results: aa, verdict: read.verdict, verdictSchemaVersion: read.schemaVersion };

  it('is judged again on the metrics version 2 knew, and agrees', () => {
    expect(recordedOptions(read.verdict, 2).metrics).not.toContain('stallSeconds');
    expect(checkArtifact(artifact, null).verdict.cells).toHaveLength(read.verdict.cells.length);
  });

  it('is published with the stall metrics judged too', () => {
    const judging = { suite: aa.suite, options: DEFAULT_COMPARE_OPTIONS };
    const metrics = rejudge(artifact, null, judging).verdict.cells.map((cell) => cell.metric);
    expect(metrics).toContain('stallSeconds');
    expect(metrics).toContain('lowestSecondRatio');
  });
});
