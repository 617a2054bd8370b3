// The gate parses its options once: with both sides built from source, the suite file is read once
// and each side's options are built once, before anything is built, and the run measures the
// prefixes the builds installed. The builds and the measurement are the boundaries faked here
// (each takes minutes for real); the planning, the time limit, judging and delivering are real.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { jest } from '@jest/globals';

import type { SideBuild, SidePrefixes } from '../../src/commands/build.js';
import type { RunFlags } from '../../src/commands/run.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import { readResults } from '../../src/results/results-file.js';
import type { RunConfig } from '../../src/run/run-config.js';
import { recordingLogger } from '../helpers/recording-logger.js';

const FIXTURES = join(import.meta.dirname, '../../__fixtures__');

// Mocked before the gate is loaded (these imports are dynamic for that reason).
const realSuite = await import('../../src/suite/load-suite.js');
const loadSuite = jest.fn(realSuite.loadSuite);
jest.unstable_mockModule('../../src/suite/load-suite.js', () => ({ ...realSuite, loadSuite }));
const realOptions = await import('../../src/server/options.js');
const parseOptionAssignments = jest.fn(realOptions.parseOptionAssignments);
jest.unstable_mockModule('../../src/server/options.js', () => ({ ...realOptions, parseOptionAssignments }));

const built: SideBuild[][] = [];
const realBuild = await import('../../src/commands/build.js');
const checkedSides: SideBuild[][] = [];
jest.unstable_mockModule('../../src/commands/build.js', () => ({
  ...realBuild,
  // The trees are not there: what the builds check before the wait is faked with them.
  checkSides: (sides: readonly SideBuild[]) => {
    checkedSides.push([...sides]);
    return Promise.resolve(new Map());
  },
  buildSides: (sides: readonly SideBuild[]): Promise<SidePrefixes> => {
    built.push([...sides]);
    const prefixes: SidePrefixes = {};
    for (const side of sides) prefixes[side.side] = `/installed/${side.side}`;
    return Promise.resolve(prefixes);
  },
}));

const measured: RunConfig[] = [];
const realRun = await import('../../src/run/run-suite.js');
jest.unstable_mockModule('../../src/run/run-suite.js', () => ({
  ...realRun,
  // The servers are not there either: their checks pass, and the measurement writes
  // results.json where the run says; these are a real run's.
  checkRun: () => Promise.resolve({}),
  measureChecked: (config: RunConfig) => {
    measured.push(config);
    copyFileSync(join(FIXTURES, 'results/quick-aa-5reps.json'), config.outPath);
    return Promise.resolve(readResults(config.outPath));
  },
}));

const { gateCommand, judgeSettingsFromFlags, planGate } = await import('../../src/commands/gate.js');
const { commonBuildRequest } = await import('../../src/commands/build.js');

let dir: string;
let logged: string[];
const logger = recordingLogger(() => logged);
let stateDir: string | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-once-'));
  logged = [];
  stateDir = process.env.MYSQL_PERF_GATE_STATE_DIR;
  process.env.MYSQL_PERF_GATE_STATE_DIR = join(dir, 'state');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (stateDir === undefined) delete process.env.MYSQL_PERF_GATE_STATE_DIR;
  else process.env.MYSQL_PERF_GATE_STATE_DIR = stateDir;
});

it('reads the suite file once and builds each side’s options once, for two sides built from source', async () => {
  const suite = join(FIXTURES, 'suites/tiny.yml');
  const run: RunFlags = {
    set: ['innodb_buffer_pool_size=256M'],
    baseSet: ['innodb_flush_log_at_trx_commit=2'],
    headSet: [],
    suite,
    out: join(dir, 'results.json'),
    timeLimit: '300m',
  };
  const builds = {
    source: join(dir, 'head'),
    baseSource: join(dir, 'base'),
    compiler: 'gcc-12',
    baseCompiler: undefined,
    common: commonBuildRequest({ buildType: 'RelWithDebInfo', ccache: 'off' }, actionSpelling),
    buildDir: join(dir, 'build'),
  };
  const judge = judgeSettingsFromFlags(
    {
      baseline: undefined,
      reportDir: undefined,
      force: false,
      failOnRegression: true,
      tolerance: [],
      alpha: '0.05',
      inconclusive: 'pass',
      gate: 'tps',
    },
    actionSpelling,
  );

  const plan = planGate(run, builds, judge);
  const outcome = await gateCommand(plan, { sinks: [], context: {} }, {}, logger);

  expect(loadSuite.mock.calls).toEqual([[suite, 'input "suite"']]);
  expect(parseOptionAssignments.mock.calls.map(([, label]) => label).sort()).toEqual([
    'input "base-set"',
    'input "head-set"',
    'input "set"',
  ]);
  // Both trees checked before the wait, built once, then measured at the prefixes they were installed in.
  expect(checkedSides.map((sides) => sides.map((side) => side.side))).toEqual([['base', 'head']]);
  expect(built.map((sides) => sides.map((side) => [side.side, side.source]))).toEqual([
    [
      ['base', join(dir, 'base')],
      ['head', join(dir, 'head')],
    ],
  ]);
  expect(measured.map((config) => config.sides.map((side) => [side.name, side.server]))).toEqual([
    [
      ['base', '/installed/base'],
      ['head', '/installed/head'],
    ],
  ]);
  expect(measured[0]?.sides[0]?.options).toEqual({ innodb_flush_log_at_trx_commit: '2' });
  expect(outcome.kind).toBe('judged');
});
