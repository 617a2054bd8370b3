// The steps buildVerdict is made of, each on its own: the counts of the gating cells, the overall
// verdict they give, and what the verdict says about each side's server.
import { readFileSync } from 'node:fs';

import { gatingCounts, overallVerdict, sideIdentity } from '../../src/compare/verdict.js';
import type { CellComparison } from '../../src/compare/verdict-schema.js';
import { parseResults } from '../../src/results/results-file.js';
import type { BuildInfo } from '../../src/results/results-schema.js';

const FIXTURE = new URL('../../__fixtures__/results/quick-mariadb-10.11.json', import.meta.url).pathname;
const facts = parseResults(readFileSync(FIXTURE, 'utf8'), FIXTURE).sides.head;

const STATISTICS = { values: [1], median: 1, min: 1, max: 1, cv: 0 };

function cell(verdict: CellComparison['verdict'], gating: boolean): CellComparison {
  return {
    workload: 'oltp_read_only',
    threads: 1,
    metric: gating ? 'tps' : 'latencyMs',
    base: STATISTICS,
    head: STATISTICS,
    change: 0,
    changeInterval: { low: 0, high: 0, confidence: 0.95 },
    pValue: 1,
    pValueRaw: 1,
    threshold: 0.03,
    minimumDetectableEffect: null,
    repetitionsNeeded: null,
    verdict,
    gating,
    judgedBy: 'statistics',
    reason: 'a test cell',
  };
}

describe('gatingCounts', () => {
  it('counts each verdict of the gating cells and ignores the cells reported only', () => {
    const cells = [
      cell('regression', true),
      cell('unchanged', true),
      cell('unchanged', true),
      cell('within-tolerance', true),
      cell('inconclusive', true),
      cell('regression', false),
      cell('improvement', false),
      cell('within-tolerance', false),
    ];
    expect(gatingCounts(cells)).toEqual({
      regression: 1,
      improvement: 0,
      withinTolerance: 1,
      unchanged: 2,
      inconclusive: 1,
      unjudged: 0,
    });
  });

  it('counts the gating cells that could not be judged, not those reported only', () => {
    const unjudged = [{ gating: true }, { gating: false }, { gating: true }];
    expect(gatingCounts([cell('unchanged', true)], unjudged)).toMatchObject({ unchanged: 1, unjudged: 2 });
  });
});

describe('overallVerdict', () => {
  const counts = {
    regression: 0,
    improvement: 0,
    withinTolerance: 0,
    unchanged: 0,
    inconclusive: 0,
    unjudged: 0,
  };
  it.each([
    ['nothing judged', counts, 'pass'],
    ['improvements only', { ...counts, improvement: 3, unchanged: 1 }, 'pass'],
    ['changes within the tolerance', { ...counts, withinTolerance: 2, unchanged: 1 }, 'pass'],
    ['an inconclusive cell', { ...counts, unchanged: 4, inconclusive: 1 }, 'inconclusive'],
    ['a regression beside inconclusive cells', { ...counts, regression: 1, inconclusive: 2 }, 'fail'],
    ['a gating cell that could not be judged', { ...counts, unchanged: 3, unjudged: 1 }, 'inconclusive'],
    ['a regression beside an unjudged cell', { ...counts, regression: 1, unjudged: 1 }, 'fail'],
  ] as const)('%s: %s', (_what, given, expected) => {
    expect(overallVerdict(given)).toBe(expected);
  });
});

describe('sideIdentity', () => {
  it('names the server a side ran, without a build when there was no build.json', () => {
    expect(sideIdentity({ ...facts, build: undefined })).toEqual({
      flavor: facts.flavor,
      version: facts.version,
      versionFunction: facts.versionFunction,
      compiler: facts.compiler,
      binary: facts.binary,
    });
  });

  it('adds the compiler, build type and commit of a server built from source', () => {
    const build: BuildInfo = {
      format: 'mysql-perf-gate-build/1',
      flavor: 'mariadb',
      version: '10.11.18',
      source: { root: '/src/server', gitCommit: 'abc1234', gitDirty: false },
      compiler: {
        id: 'gcc',
        version: '12.2.0',
        versionLine: 'gcc 12.2.0',
        cc: '/usr/bin/gcc',
        cxx: '/usr/bin/g++',
      },
      buildType: 'RelWithDebInfo',
      cmakeOptions: [],
      flags: { c: '', cxx: '' },
      targets: [],
      startedAt: '2025-01-02T03:04:05.000Z',
      seconds: { configure: 1, build: 2, install: 3 },
      jobs: 1,
      ccache: { used: false, reason: 'off' },
      tool: '0.1.0',
    };
    expect(sideIdentity({ ...facts, build }).build).toEqual({
      compiler: 'gcc 12.2.0',
      buildType: 'RelWithDebInfo',
      sourceCommit: 'abc1234',
    });
  });
});
