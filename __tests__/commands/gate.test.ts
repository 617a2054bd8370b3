// The gate's judging and delivering (commands/gate.ts) on real results, and its planning: a verdict
// that fails the gate says why in the action's words, every sink receives the verdict with the time
// of each stage, one server without a baseline is recorded and delivered nowhere, and the servers
// built from source are planned per side before anything is built.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { judgeRun, judgeSettingsFromFlags, type JudgeFlags, planGate } from '../../src/commands/gate.js';
import type { RunFlags } from '../../src/commands/run.js';
import {
  checkUntrustedDirs,
  checkUntrustedSettings,
  planBuilds,
  type SourceBuilds,
  withPrefixes,
} from '../../src/commands/source-builds.js';
import { actionSpelling } from '../../src/commands/spelling.js';
import { readResults } from '../../src/results/results-file.js';
import type { Delivery, Sink } from '../../src/sinks/sink.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { CLI_NAMES } from '../helpers/option-names.js';

const FIXTURES = join(import.meta.dirname, '../../__fixtures__/results');

let dir: string;
let logged: string[];
let delivered: Delivery[];

const logger = recordingLogger(() => logged);

const recording: Sink = {
  name: 'recording',
  deliver: (delivery) => {
    delivered.push(delivery);
    return Promise.resolve({ sink: 'recording', url: 'https://chat.example/1' });
  },
};

const JUDGE: JudgeFlags = {
  baseline: undefined,
  reportDir: undefined,
  force: false,
  failOnRegression: true,
  tolerance: [],
  alpha: '0.05',
  inconclusive: 'pass',
  gate: 'tps,instructions',
};

const RUN: RunFlags = {
  server: undefined,
  base: undefined,
  head: undefined,
  set: [],
  baseSet: [],
  headSet: [],
  suite: 'quick',
  out: 'results.json',
  workDir: undefined,
  keepWorkDir: false,
  lockTimeout: undefined,
  maxRepetitions: undefined,
  budget: undefined,
  pin: undefined,
  parallelSides: undefined,
  shard: undefined,
  verbose: false,
};

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-judge-'));
  logged = [];
  delivered = [];
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A fixture's results as the run wrote them, in the temp directory (the report goes beside). */
function measured(name: string) {
  const resultsPath = join(dir, name);
  copyFileSync(join(FIXTURES, name), resultsPath);
  return { results: readResults(resultsPath), resultsPath, rawDir: join(dir, 'raw'), summary: '' };
}

describe('judgeRun', () => {
  it('fails the gate on a regression, in the words of the front end, after delivering to every sink', async () => {
    const run = await judgeRun(
      measured('instructions-performance-schema.json'),
      judgeSettingsFromFlags(JUDGE, actionSpelling),
      { sinks: [recording], context: { runUrl: 'https://github.com/o/r/actions/runs/1' } },
      logger,
      [{ stage: 'head build', seconds: 0, detail: 'reused from the store' }],
    );
    const verdictPath = join(dir, 'report', 'verdict.json');
    expect(run?.compared.verdict.verdict).toBe('fail');
    expect(run?.failure).toMatch(/^\d+ regression\(s\); see /);
    expect(run?.failure?.endsWith(`; see ${verdictPath}`)).toBe(true);
    expect(run?.receipts).toEqual([{ sink: 'recording', url: 'https://chat.example/1' }]);
    expect(delivered).toHaveLength(1);
    const [delivery] = delivered;
    expect(delivery?.suite).toBe('instructions');
    expect(delivery?.verdictPath).toBe(verdictPath);
    expect(delivery?.context.runUrl).toBe('https://github.com/o/r/actions/runs/1');
    expect(delivery?.stages.map((row) => row.stage)).toEqual(['head build', 'compare', 'report']);
  });

  it('does not fail the gate when failing is turned off; the verdict is still delivered', async () => {
    const run = await judgeRun(
      measured('instructions-performance-schema.json'),
      judgeSettingsFromFlags({ ...JUDGE, failOnRegression: false }, actionSpelling),
      { sinks: [recording], context: {} },
      logger,
    );
    expect(run?.compared.verdict.verdict).toBe('fail');
    expect(run?.failure).toBeNull();
    expect(delivered).toHaveLength(1);
  });

  it('records one server without a baseline, and delivers nothing', async () => {
    const run = await judgeRun(
      measured('quick-mariadb-10.11.json'),
      judgeSettingsFromFlags(JUDGE, actionSpelling),
      { sinks: [recording], context: {} },
      logger,
    );
    expect(run).toBeNull();
    expect(delivered).toEqual([]);
    expect(logged).toEqual([
      'info: one server measured and no baseline given: results are recorded, not judged',
    ]);
  });
});

describe('planning', () => {
  const builds = (overrides: Partial<SourceBuilds>): SourceBuilds => ({
    source: '/src/head',
    baseSource: undefined,
    compiler: 'gcc-12',
    baseCompiler: undefined,
    common: { buildType: 'RelWithDebInfo', cmakeArgs: [], ccache: 'off', names: CLI_NAMES },
    buildDir: '/builds',
    ...overrides,
  });

  it.each([
    [{}, [['server', '/src/head', 'gcc-12', '/builds/gcc-12']]],
    [
      { baseSource: '/src/base' },
      [
        ['base', '/src/base', 'gcc-12', '/builds/base-gcc-12'],
        ['head', '/src/head', 'gcc-12', '/builds/head-gcc-12'],
      ],
    ],
    [
      { baseCompiler: 'clang-16' },
      [
        ['base', '/src/head', 'clang-16', '/builds/clang-16'],
        ['head', '/src/head', 'gcc-12', '/builds/gcc-12'],
      ],
    ],
  ])('builds %j as the sides %j', (overrides, sides) => {
    const planned = planBuilds(builds(overrides)).map((build) => [
      build.side,
      build.source,
      build.compiler,
      build.prefix,
    ]);
    expect(planned).toEqual(sides);
  });

  it('builds an untrusted head apart, sandboxed, through its own ccache, and the merge base as trusted code', () => {
    const planned = planBuilds(
      builds({
        baseSource: '/src/base',
        untrusted: { sides: ['head'], buildDir: '/tmp/untrusted', ccacheDir: '/cache/pr-7' },
      }),
    );
    expect(planned).toEqual([
      { side: 'base', source: '/src/base', compiler: 'gcc-12', prefix: '/builds/base-gcc-12' },
      {
        side: 'head',
        source: '/src/head',
        compiler: 'gcc-12',
        prefix: '/tmp/untrusted/head-gcc-12',
        untrusted: { ccacheDir: '/cache/pr-7' },
      },
    ]);
  });

  it("starts an untrusted head from the trusted base's build directory when told auto, and only then", () => {
    const untrusted = (baseBuildDir?: string) =>
      planBuilds(
        builds({
          baseSource: '/src/base',
          untrusted: {
            sides: ['head'],
            buildDir: '/tmp/untrusted',
            ccacheDir: '/cache/pr-7',
            ...(baseBuildDir === undefined ? {} : { baseBuildDir }),
          },
        }),
      ).find((build) => build.side === 'head')?.untrusted;
    expect(untrusted('auto')).toEqual({
      ccacheDir: '/cache/pr-7',
      baseBuildDir: '/builds/base-gcc-12.build',
    });
    expect(untrusted('/kept/base.build')).toEqual({
      ccacheDir: '/cache/pr-7',
      baseBuildDir: '/kept/base.build',
    });
    expect(untrusted(undefined)).toEqual({ ccacheDir: '/cache/pr-7' });
    // No trusted base built here (a compiler comparison of one untrusted tree): nothing to start from.
    const alone = planBuilds(
      builds({
        baseCompiler: 'clang-16',
        untrusted: {
          sides: ['base', 'head'],
          buildDir: '/tmp/untrusted',
          ccacheDir: undefined,
          baseBuildDir: 'auto',
        },
      }),
    );
    expect(alone.map((build) => build.untrusted)).toEqual([
      { ccacheDir: undefined },
      { ccacheDir: undefined },
    ]);
  });

  it.each([
    [
      '/cache/trusted/pr-7',
      '/tmp/untrusted',
      'input "untrusted-ccache-dir" is, or is in or holds, input "ccache-dir"',
    ],
    ['/cache', '/tmp/untrusted', 'input "untrusted-ccache-dir" is, or is in or holds, input "ccache-dir"'],
    [
      '/cache/pr-7',
      '/builds/untrusted',
      'input "untrusted-build-dir" is, or is in or holds, input "build-dir"',
    ],
    ['/cache/pr-7', '/', 'input "untrusted-build-dir" is, or is in or holds, input "build-dir"'],
  ])(
    'refuses an untrusted ccache %s or build directory %s that overlaps a trusted one',
    (ccacheDir, buildDir, message) => {
      const untrusted = { sides: ['head' as const], buildDir, ccacheDir };
      expect(() => {
        checkUntrustedDirs(untrusted, { buildDir: '/builds', ccacheDir: '/cache/trusted' }, actionSpelling);
      }).toThrow(message);
    },
  );

  it.each([
    [
      { compiler: '/src/head/evil-gcc' },
      'input "compiler" /src/head/evil-gcc: with an untrusted side, compilers are given by name',
    ],
    [{ baseCompiler: './cc' }, 'input "base-compiler" ./cc'],
    [
      { cmakeArgs: ['-DCMAKE_C_COMPILER_LAUNCHER=/src/head/run.sh'] },
      'input "cmake-args" -DCMAKE_C_COMPILER_LAUNCHER=/src/head/run.sh',
    ],
    [{ cmakeArgs: ['-DCMAKE_PROJECT_INCLUDE=x.cmake'] }, "set none of CMake's own variables"],
    [{ cmakeArgs: ['-DWITH_SSL=/src/head/ssl'] }, 'name no path'],
    [{ cmakeArgs: ['-C', 'cache.cmake'] }, 'input "cmake-args" -C'],
    [{ cmakeArgs: ['-DMY_LAUNCHER=x'] }, 'input "cmake-args" -DMY_LAUNCHER=x'],
  ])(
    'with an untrusted side, refuses settings that could run its code in the trusted build: %j',
    (overrides, message) => {
      const { cmakeArgs, ...rest } = overrides as { cmakeArgs?: string[] } & Partial<SourceBuilds>;
      const planned = builds({
        baseSource: '/src/base',
        untrusted: { sides: ['head'], buildDir: '/tmp/untrusted', ccacheDir: undefined },
        ...rest,
        ...(cmakeArgs
          ? { common: { buildType: 'RelWithDebInfo', cmakeArgs, ccache: 'off', names: CLI_NAMES } }
          : {}),
      });
      expect(() => {
        checkUntrustedSettings(planned, actionSpelling);
      }).toThrow(message);
      // The same settings are the maintainer's own without an untrusted side.
      expect(() => {
        checkUntrustedSettings({ ...planned, untrusted: undefined }, actionSpelling);
      }).not.toThrow();
    },
  );

  it('with an untrusted side, takes compilers by name and plain -D options', () => {
    const planned = builds({
      compiler: 'clang-16',
      common: {
        buildType: 'RelWithDebInfo',
        cmakeArgs: ['-DPLUGIN_ROCKSDB=NO', '-DWITH_UNIT_TESTS:BOOL=OFF'],
        ccache: 'off',
        names: CLI_NAMES,
      },
      untrusted: { sides: ['head'], buildDir: '/tmp/untrusted', ccacheDir: undefined },
    });
    expect(() => {
      checkUntrustedSettings(planned, actionSpelling);
    }).not.toThrow();
  });

  it('lets untrusted directories apart from the trusted ones be', () => {
    const untrusted = { sides: ['head' as const], buildDir: '/tmp/untrusted', ccacheDir: '/cache/pr-7' };
    expect(() => {
      checkUntrustedDirs(untrusted, { buildDir: '/builds', ccacheDir: '/cache/trusted' }, actionSpelling);
    }).not.toThrow();
  });

  it('checks the run as it will be once built, before anything is built', () => {
    const judge = judgeSettingsFromFlags(JUDGE, actionSpelling);
    const planned = planGate(RUN, builds({ baseSource: '/src/base' }), judge).run;
    // Each side a build to do, its prefix filled in once it is built.
    expect(planned.sides.map((side) => [side.name, side.server])).toEqual([
      ['base', expect.objectContaining({ source: '/src/base', prefix: '/builds/base-gcc-12' })],
      ['head', expect.objectContaining({ source: '/src/head', prefix: '/builds/head-gcc-12' })],
    ]);
    expect(
      withPrefixes(planned, { base: '/p/base', head: '/p/head' }).sides.map((side) => side.server),
    ).toEqual(['/p/base', '/p/head']);
    expect(() =>
      planGate({ ...RUN, server: '/usr/sbin/mariadbd', base: '/usr/sbin/mariadbd' }, undefined, judge),
    ).toThrow('use either input "server" (one server) or input "base" and input "head" (two), not both');
    // The suite is named as the action's input, not as the command line's flag.
    expect(() =>
      planGate({ ...RUN, suite: 'qiuck', server: '/usr/sbin/mariadbd' }, undefined, judge),
    ).toThrow(/^input "suite" qiuck: no such file, and not a built-in suite; built-in suites: /);
    expect(() => judgeSettingsFromFlags({ ...JUDGE, inconclusive: 'maybe' }, actionSpelling)).toThrow(
      'input "inconclusive" maybe: expected pass or fail',
    );
  });
});
