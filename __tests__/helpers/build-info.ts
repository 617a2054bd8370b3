// Build descriptions (the build.json the `build` command writes, see src/server/build-info.ts) for
// the tests that read, compare or print them: one realistic build of MariaDB 10.11.18 per compiler.
// A test passes overrides for the fields its assertions depend on; every result is checked
// against the schema, so a test cannot start from a description `build` would never write.
import { cmakeArgs } from '../../src/builder/cmake-args.js';
import { BuildInfo } from '../../src/results/results-schema.js';
import { CLI_NAMES } from './option-names.js';

const SOURCE = '/srv/src/mariadb-10.11.18';

/** The CMake options `build` gives MariaDB with ccache on, from the function that makes them. */
function mariadbOptions(cc: string, cxx: string): string[] {
  return cmakeArgs({
    flavor: 'mariadb',
    version: '10.11.18',
    cc,
    cxx,
    extra: [],
    ccache: true,
    names: CLI_NAMES,
  });
}

/**
 * The whole server built with Debian's gcc 12 from an unpacked MariaDB 10.11.18 source tree (not a
 * git checkout): RelWithDebInfo, the tool's default CMake options, 2 jobs, through a cold ccache.
 */
function gccDefaults(): BuildInfo {
  const cc = '/usr/bin/gcc-12';
  const cxx = '/usr/bin/g++-12';
  return {
    format: 'mysql-perf-gate-build/1',
    flavor: 'mariadb',
    version: '10.11.18',
    source: { root: SOURCE, gitCommit: null, gitDirty: null },
    compiler: { id: 'gcc', version: '12.2.0', versionLine: 'gcc-12 (Debian 12.2.0-14) 12.2.0', cc, cxx },
    buildType: 'RelWithDebInfo',
    cmakeOptions: mariadbOptions(cc, cxx),
    flags: { c: '-gdwarf-4 -O2 -g -DNDEBUG', cxx: '-gdwarf-4 -O2 -g -DNDEBUG' },
    targets: [],
    startedAt: '2025-11-22T18:00:00.000Z',
    seconds: { configure: 41.2, build: 1380.5, install: 12.3 },
    jobs: 2,
    ccache: {
      used: true,
      dir: '/root/.cache/ccache',
      version: '4.7.5',
      hits: 0,
      misses: 1290,
      uncacheable: 96,
    },
    tool: '0.1.0',
  };
}

/** A gcc 12 build of MariaDB 10.11.18 (see gccDefaults), with `overrides` in place of its fields. */
export function gccBuild(overrides: Partial<BuildInfo> = {}): BuildInfo {
  return BuildInfo.parse({ ...gccDefaults(), ...overrides });
}

/**
 * The same build with Debian's clang 16 (compiler paths, CMake compiler options and install prefix
 * changed with it), with `overrides` in place of its fields.
 */
export function clangBuild(overrides: Partial<BuildInfo> = {}): BuildInfo {
  const cc = '/usr/bin/clang-16';
  const cxx = '/usr/bin/clang++-16';
  return BuildInfo.parse({
    ...gccDefaults(),
    compiler: {
      id: 'clang',
      version: '16.0.6',
      versionLine: 'Debian clang version 16.0.6 (15~deb12u1)',
      cc,
      cxx,
    },
    cmakeOptions: mariadbOptions(cc, cxx),
    ...overrides,
  });
}
