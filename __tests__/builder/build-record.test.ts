// build.json's content from a plan and what the build learnt while it ran.
import type { BuildPlan } from '../../src/builder/build-plan.js';
import { type BuildFacts, buildRecord, ccacheRecord } from '../../src/builder/build-record.js';
import { packageVersion } from '../../src/shell/package-root.js';
import { UNCONFINED } from '../../src/shell/sandbox.js';
import { CLI_NAMES } from '../helpers/option-names.js';

const counters = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries));

const CCACHE = { version: '4.8.3', dir: '/cache/ccache', env: {} };

const PLAN: BuildPlan = {
  tree: { flavor: 'mysql', version: '8.0.36', root: '/src/mysql' },
  compiler: {
    cc: '/usr/bin/clang-16',
    cxx: '/usr/bin/clang++-16',
    id: 'clang',
    version: '16.0.6',
    versionLine: 'Debian clang version 16.0.6 (15~deb12u1)',
  },
  prefix: '/opt/mysql',
  buildDir: '/opt/mysql.build',
  confinement: UNCONFINED,
  buildType: 'Release',
  targets: ['mysqld'],
  install: 'none',
  jobs: 4,
  ccache: { reason: 'turned off (--ccache off)' },
  toolEnv: {},
  args: ['-DCMAKE_BUILD_TYPE=Release', '-DCMAKE_INSTALL_PREFIX=/opt/mysql'],
  names: CLI_NAMES,
};

const FACTS: BuildFacts = {
  git: { commit: 'abc1234', dirty: false },
  startedAt: '2025-01-02T03:04:05.000Z',
  seconds: { configure: 12.345, build: 600.04, install: 0 },
  ninja: {
    steps: 3,
    compiled: ['sql/CMakeFiles/sql.dir/sql_parse.cc.o', 'sql/CMakeFiles/sql.dir/sql_select.cc.o'],
  },
  cmakeCache: 'CMAKE_C_FLAGS:STRING=-gdwarf-4\nCMAKE_C_FLAGS_RELEASE:STRING=-O3 -DNDEBUG\n',
  ccacheBefore: undefined,
  ccacheAfter: undefined,
};

describe('buildRecord', () => {
  it('records the plan, the facts and the flags CMake ended with, times in tenths of a second', () => {
    expect(buildRecord(PLAN, FACTS)).toEqual({
      format: 'mysql-perf-gate-build/1',
      flavor: 'mysql',
      version: '8.0.36',
      source: { root: '/src/mysql', gitCommit: 'abc1234', gitDirty: false },
      compiler: PLAN.compiler,
      buildType: 'Release',
      cmakeOptions: PLAN.args,
      flags: { c: '-gdwarf-4 -O3 -DNDEBUG', cxx: '' },
      targets: ['mysqld'],
      startedAt: '2025-01-02T03:04:05.000Z',
      seconds: { configure: 12.3, build: 600, install: 0 },
      ninja: {
        steps: 3,
        compiledCount: 2,
        compiled: ['sql/CMakeFiles/sql.dir/sql_parse.cc.o', 'sql/CMakeFiles/sql.dir/sql_select.cc.o'],
      },
      jobs: 4,
      ccache: { used: false, reason: 'turned off (--ccache off)' },
      tool: packageVersion(),
    });
  });

  it('copies the targets rather than sharing the plan’s list', () => {
    expect(buildRecord(PLAN, FACTS).targets).not.toBe(PLAN.targets);
  });
});

describe('ccacheRecord', () => {
  it('says why ccache was not used', () => {
    expect(ccacheRecord({ reason: 'not installed' }, undefined, undefined)).toEqual({
      used: false,
      reason: 'not installed',
    });
  });

  it('says so when ccache was used but could not print its counters', () => {
    expect(ccacheRecord(CCACHE, undefined, counters({}))).toEqual({
      used: false,
      reason: 'ccache 4.8.3 cannot print its counters (--print-stats needs 4.x)',
    });
  });

  it('gives this build’s own figures: the difference of the counters', () => {
    const before = counters({ direct_cache_hit: 5, cache_miss: 10 });
    const after = counters({ direct_cache_hit: 8, cache_miss: 11, called_for_link: 2 });
    expect(ccacheRecord(CCACHE, before, after)).toEqual({
      used: true,
      dir: '/cache/ccache',
      version: '4.8.3',
      hits: 3,
      remoteHits: 0,
      misses: 1,
      uncacheable: 2,
    });
  });
});
