// Which settings decide what publish posts, as a table: whatever the artifact claims (a 50%
// tolerance, a gate without tps, a loose alpha, the suite's own tolerances), the verdict published
// is judged with the publishing workflow's settings; a suite whose definition differs is refused,
// naming both hashes.
import { suiteHash } from '../../src/suite/suite-hash.js';
import { judge } from '../../src/compare/judge.js';
import { suiteMismatch, withTrustedSuite } from '../../src/compare/publish-settings.js';
import { rejudge } from '../../src/compare/rejudge.js';
import { type CompareOptions, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { VERDICT_SCHEMA_VERSION } from '../../src/compare/verdict-schema.js';
import type { Results } from '../../src/results/results-schema.js';
import type { Suite } from '../../src/suite/suite-schema.js';
import { fixtureResults } from '../helpers/report-input.js';

/** The same server on both sides, five repetitions each; every head repetition 10% slower. */
function tenPercentSlower(): Results {
  const results = fixtureResults('quick-aa-5reps.json');
  for (const cell of results.cells) {
    if (cell.side === 'head') for (const repetition of cell.repetitions) repetition.report.tps *= 0.9;
  }
  return results;
}

const slower = tenPercentSlower();
const suite = slower.suite;

function measuredWith(options: CompareOptions, results: Results = slower): Parameters<typeof rejudge>[0] {
  const verdict = judge({ results, resultsPath: 'results.json', base: { kind: 'ab' }, options }).verdict;
  return { results, verdict, verdictSchemaVersion: VERDICT_SCHEMA_VERSION };
}

const TRUSTED = { suite, options: DEFAULT_COMPARE_OPTIONS };
const LOOSE = [{ metric: 'tps' as const, value: 0.5 }];
const withSuiteTolerance = (value: number): Suite => ({
  ...suite,
  tolerances: { tps: value, overrides: [] },
});

const CASES: [string, Parameters<typeof rejudge>[0], Parameters<typeof rejudge>[2], string, number][] = [
  [
    'the artifact claims a 50% tolerance',
    measuredWith({ ...DEFAULT_COMPARE_OPTIONS, toleranceRules: LOOSE }),
    TRUSTED,
    'fail',
    0.05,
  ],
  [
    'the artifact gates on latency only',
    measuredWith({ ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['p99Ms'] }),
    TRUSTED,
    'fail',
    0.05,
  ],
  [
    'the default branch allows 50%',
    measuredWith(DEFAULT_COMPARE_OPTIONS),
    { suite, options: { ...DEFAULT_COMPARE_OPTIONS, toleranceRules: LOOSE } },
    'pass',
    0.5,
  ],
  [
    "the artifact's suite copy allows 50%",
    measuredWith(DEFAULT_COMPARE_OPTIONS, { ...slower, suite: withSuiteTolerance(0.5) }),
    TRUSTED,
    'fail',
    0.05,
  ],
  [
    "the default branch's suite allows 50%",
    measuredWith(DEFAULT_COMPARE_OPTIONS),
    { suite: withSuiteTolerance(0.5), options: DEFAULT_COMPARE_OPTIONS },
    'pass',
    0.5,
  ],
  [
    // The fixture kept no latency histograms: every p99 cell is named as not judged, which counts
    // as inconclusive (and follows the inconclusive policy), never as a clean pass.
    'the default branch gates on latency only',
    measuredWith(DEFAULT_COMPARE_OPTIONS),
    { suite, options: { ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['p99Ms'] } },
    'inconclusive',
    0.05,
  ],
];

describe('the settings publish judges with', () => {
  it.each(CASES)('%s', (_name, artifact, judging, verdict, tpsThreshold) => {
    const judged = rejudge(artifact, null, judging).verdict;
    expect(judged.verdict).toBe(verdict);
    const tps = judged.cells.filter((cell) => cell.metric === 'tps');
    expect(tps.length).toBeGreaterThan(0);
    expect(new Set(tps.map((cell) => cell.threshold))).toEqual(new Set([tpsThreshold]));
    expect(judged.settings.gateMetrics).toEqual(judging.options.gateMetrics);
  });

  it('the alpha is the default branch’s', () => {
    const artifact = measuredWith({ ...DEFAULT_COMPARE_OPTIONS, alpha: 0.4 });
    expect(rejudge(artifact, null, TRUSTED).verdict.settings.alpha).toBe(0.05);
    const strict = { suite, options: { ...DEFAULT_COMPARE_OPTIONS, alpha: 0.01 } };
    expect(rejudge(measuredWith(DEFAULT_COMPARE_OPTIONS), null, strict).verdict.settings.alpha).toBe(0.01);
  });
});

describe('the suite an artifact was measured with', () => {
  const hash = suiteHash(suite);
  it.each([
    ['the same suite', suite, null],
    ['its description changed', { ...suite, description: 'edited' }, null],
    ['its tolerances changed', withSuiteTolerance(0.5), null],
    ['fewer repetitions', { ...suite, repetitions: 2 }, suiteHash({ ...suite, repetitions: 2 })],
    ['other threads', { ...suite, threads: [1] }, suiteHash({ ...suite, threads: [1] })],
    ['another name', { ...suite, name: 'mine' }, suiteHash({ ...suite, name: 'mine' })],
  ])('%s', (_name, measured, measuredHash) => {
    const mismatch = suiteMismatch(measured, suite);
    if (measuredHash === null) {
      expect(mismatch).toBeNull();
      return;
    }
    expect(mismatch).toBe(
      `results.json was measured with suite ${JSON.stringify(measured.name)} (hash ${measuredHash}), not the ` +
        `publishing workflow's suite "quick" (hash ${hash}); measure with the default branch's suite`,
    );
  });

  it('is refused by rejudge, the hashes named', () => {
    const warmer = { ...suite, warmupSeconds: suite.warmupSeconds + 10 };
    const artifact = measuredWith(DEFAULT_COMPARE_OPTIONS, { ...slower, suite: warmer });
    expect(() => rejudge(artifact, null, TRUSTED)).toThrow(
      new RegExp(
        `^artifact refused: results\\.json was measured with suite "quick" \\(hash [0-9a-f]{12}\\), not .*\\(hash ${hash}\\)`,
      ),
    );
  });

  it('is the hash of results.suite, the suite the judge reads', () => {
    // A loose gate in results.suite (a longer warm-up, say) next to a shard record naming the
    // trusted suite: the record cannot stand in for the suite that is judged.
    const warmer = { ...suite, warmupSeconds: suite.warmupSeconds + 10 };
    const shard = {
      index: 1,
      count: 1,
      suite,
      cells: [],
      servers: { head: { binarySha256: 'a'.repeat(64), build: null } },
    };
    const artifact = measuredWith(DEFAULT_COMPARE_OPTIONS, { ...slower, suite: warmer, shard });
    expect(() => rejudge(artifact, null, TRUSTED)).toThrow(
      'artifact refused: results.json holds shard 1/1 alone; publish judges the merged results of every shard (merge mode), never one shard',
    );
  });

  it("the trusted suite's tolerances replace the copy's", () => {
    const replaced = withTrustedSuite({ ...slower, suite: withSuiteTolerance(0.5) }, TRUSTED);
    expect(replaced.suite.tolerances).toEqual(suite.tolerances);
  });
});
