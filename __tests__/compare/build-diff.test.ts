import { readFileSync } from 'node:fs';

import { buildDiff, serverDiff } from '../../src/compare/config-diff.js';
import { type BuildInfo, ServerFacts } from '../../src/results/results-schema.js';
import { clangBuild, gccBuild } from '../helpers/build-info.js';

const FIXTURE = new URL('../../__fixtures__/results/quick-ab-performance-schema.json', import.meta.url)
  .pathname;

/** The base side of a real A/B results file: MariaDB 10.11.19 from Debian, compiler unknown. */
const FACTS = ServerFacts.parse(
  (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { sides: { base: unknown } }).sides.base,
);

/** gcc 12 from an unpacked tree (no source commit), with RocksDB off. */
const GCC: BuildInfo = gccBuild({
  source: { root: '/srv/src/mariadb-10.11.18', gitCommit: null, gitDirty: null },
  cmakeOptions: [
    '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
    '-DCMAKE_INSTALL_PREFIX=/srv/prefix/gcc-12',
    '-DCMAKE_C_COMPILER=/usr/bin/gcc-12',
    '-DCMAKE_CXX_COMPILER=/usr/bin/g++-12',
    '-DCMAKE_C_FLAGS=-gdwarf-4',
    '-DCMAKE_CXX_FLAGS=-gdwarf-4',
    '-DWITH_LIBFMT=system',
    '-DPLUGIN_ROCKSDB=NO',
  ],
  flags: { c: '-gdwarf-4 -O2 -g -DNDEBUG', cxx: '-gdwarf-4 -O2 -g -DNDEBUG' },
});

/**
 * clang 16 from the same tree into another prefix, with RocksDB on, WITH_ASAN given and libc++:
 * four differences, beside some that do not count.
 */
const CLANG: BuildInfo = clangBuild({
  source: GCC.source,
  cmakeOptions: [
    '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
    '-DCMAKE_INSTALL_PREFIX=/srv/prefix/clang-16',
    '-DCMAKE_C_COMPILER=/usr/bin/clang-16',
    '-DCMAKE_CXX_COMPILER=/usr/bin/clang++-16',
    '-DCMAKE_C_FLAGS=-gdwarf-4',
    '-DCMAKE_CXX_FLAGS=-gdwarf-4',
    '-DWITH_LIBFMT=system',
    '-DPLUGIN_ROCKSDB=YES',
    '-DWITH_ASAN=OFF',
  ],
  flags: { c: '-gdwarf-4 -O2 -g -DNDEBUG', cxx: '-gdwarf-4 -O2 -g -DNDEBUG -stdlib=libc++' },
  // What the build took and whether ccache helped are not differences of the server.
  seconds: { configure: 30, build: 900, install: 10 },
  jobs: 4,
  ccache: { used: false, reason: 'turned off (--ccache off)' },
  startedAt: '2025-11-22T19:00:00.000Z',
});

describe('buildDiff', () => {
  it('reports compiler, flags and CMake option differences, and no install prefix or compiler paths', () => {
    expect(buildDiff(GCC, CLANG)).toEqual([
      { name: 'build compiler', base: 'gcc 12.2.0', head: 'clang 16.0.6' },
      {
        name: 'C++ flags',
        base: '-gdwarf-4 -O2 -g -DNDEBUG',
        head: '-gdwarf-4 -O2 -g -DNDEBUG -stdlib=libc++',
      },
      { name: 'cmake -DPLUGIN_ROCKSDB', base: 'NO', head: 'YES' },
      { name: 'cmake -DWITH_ASAN', base: null, head: 'OFF' },
    ]);
  });

  it('is symmetric: an option only on the base side has a null head', () => {
    expect(buildDiff(CLANG, GCC)).toEqual([
      { name: 'build compiler', base: 'clang 16.0.6', head: 'gcc 12.2.0' },
      {
        name: 'C++ flags',
        base: '-gdwarf-4 -O2 -g -DNDEBUG -stdlib=libc++',
        head: '-gdwarf-4 -O2 -g -DNDEBUG',
      },
      { name: 'cmake -DPLUGIN_ROCKSDB', base: 'YES', head: 'NO' },
      { name: 'cmake -DWITH_ASAN', base: 'OFF', head: null },
    ]);
  });

  it('is empty for the same build, and for builds that differ only in where and how long', () => {
    expect(buildDiff(GCC, GCC)).toEqual([]);
    const elsewhere: BuildInfo = {
      ...GCC,
      source: { root: '/elsewhere/mariadb', gitCommit: null, gitDirty: null },
      compiler: { ...GCC.compiler, cc: '/opt/gcc/bin/gcc-12', cxx: '/opt/gcc/bin/g++-12' },
      cmakeOptions: GCC.cmakeOptions.map((option) =>
        option.startsWith('-DCMAKE_INSTALL_PREFIX=') ? '-DCMAKE_INSTALL_PREFIX=/tmp/other' : option,
      ),
      seconds: { configure: 1, build: 2, install: 3 },
      jobs: 16,
      startedAt: '2026-01-01T00:00:00.000Z',
      ccache: { used: false, reason: 'ccache is not installed (Debian/Ubuntu: apt-get install ccache)' },
    };
    expect(buildDiff(GCC, elsewhere)).toEqual([]);
  });

  it('reports build type, C flags and source commit', () => {
    const head: BuildInfo = {
      ...GCC,
      buildType: 'Debug',
      flags: { c: '-gdwarf-4 -g', cxx: '-gdwarf-4 -g' },
      source: { ...GCC.source, gitCommit: 'abcdef0123456789abcdef0123456789abcdef01', gitDirty: false },
      cmakeOptions: GCC.cmakeOptions.map((option) =>
        option === '-DCMAKE_BUILD_TYPE=RelWithDebInfo' ? '-DCMAKE_BUILD_TYPE=Debug' : option,
      ),
    };
    expect(buildDiff(GCC, head)).toEqual([
      { name: 'build type', base: 'RelWithDebInfo', head: 'Debug' },
      { name: 'C flags', base: '-gdwarf-4 -O2 -g -DNDEBUG', head: '-gdwarf-4 -g' },
      { name: 'C++ flags', base: '-gdwarf-4 -O2 -g -DNDEBUG', head: '-gdwarf-4 -g' },
      { name: 'source commit', base: null, head: 'abcdef0123456789abcdef0123456789abcdef01' },
      { name: 'cmake -DCMAKE_BUILD_TYPE', base: 'RelWithDebInfo', head: 'Debug' },
    ]);
  });

  it('reads -DNAME:TYPE=VALUE like -DNAME=VALUE, keeping "=" in the value', () => {
    const typed: BuildInfo = {
      ...GCC,
      cmakeOptions: [...GCC.cmakeOptions, '-DWITH_EMBEDDED_SERVER:BOOL=ON', '-DEXTRA:STRING=a=b'],
    };
    const plain: BuildInfo = {
      ...GCC,
      cmakeOptions: [...GCC.cmakeOptions, '-DWITH_EMBEDDED_SERVER=ON', '-DEXTRA=a=b'],
    };
    expect(buildDiff(typed, plain)).toEqual([]);
    const off: BuildInfo = { ...GCC, cmakeOptions: [...GCC.cmakeOptions, '-DWITH_EMBEDDED_SERVER:BOOL=OFF'] };
    expect(buildDiff(typed, off)).toEqual([
      { name: 'cmake -DEXTRA', base: 'a=b', head: null },
      { name: 'cmake -DWITH_EMBEDDED_SERVER', base: 'ON', head: 'OFF' },
    ]);
  });

  it('takes the last -D of a name, as CMake does', () => {
    // The tool's -DPLUGIN_ROCKSDB=NO, then the user's --cmake-arg -DPLUGIN_ROCKSDB=YES.
    const overridden: BuildInfo = { ...GCC, cmakeOptions: [...GCC.cmakeOptions, '-DPLUGIN_ROCKSDB=YES'] };
    const yes: BuildInfo = {
      ...GCC,
      cmakeOptions: GCC.cmakeOptions.map((option) =>
        option.replace('-DPLUGIN_ROCKSDB=NO', '-DPLUGIN_ROCKSDB=YES'),
      ),
    };
    expect(buildDiff(overridden, yes)).toEqual([]);
    expect(buildDiff(GCC, overridden)).toEqual([{ name: 'cmake -DPLUGIN_ROCKSDB', base: 'NO', head: 'YES' }]);
  });

  it('sorts the CMake options by name after the other fields', () => {
    const head: BuildInfo = {
      ...GCC,
      compiler: { ...GCC.compiler, version: '12.3.0' },
      cmakeOptions: [...GCC.cmakeOptions, '-DZZZ=1', '-DAAA=1', '-DMMM=1'],
    };
    expect(buildDiff(GCC, head).map((entry) => entry.name)).toEqual([
      'build compiler',
      'cmake -DAAA',
      'cmake -DMMM',
      'cmake -DZZZ',
    ]);
  });
});

describe('serverDiff with builds', () => {
  it('appends the build differences when both sides were built here', () => {
    const base: ServerFacts = { ...FACTS, build: GCC };
    const head: ServerFacts = {
      ...FACTS,
      compiler: { known: true, name: 'Debian clang version 16.0.6', comments: [] },
      build: CLANG,
    };
    expect(serverDiff(base, head)).toEqual([
      { name: 'compiler', base: 'unknown', head: 'Debian clang version 16.0.6' },
      ...buildDiff(GCC, CLANG),
    ]);
    expect(serverDiff(base, head)).toHaveLength(5);
  });

  it('leaves the build out when only one side has it', () => {
    expect(serverDiff({ ...FACTS, build: GCC }, FACTS)).toEqual([]);
    expect(serverDiff(FACTS, { ...FACTS, build: CLANG })).toEqual([]);
    expect(
      serverDiff({ ...FACTS, versionFunction: '10.11.18-MariaDB-log' }, { ...FACTS, build: CLANG }),
    ).toEqual([{ name: 'version', base: '10.11.18-MariaDB-log', head: FACTS.versionFunction }]);
  });

  it('is empty for two identical builds', () => {
    expect(serverDiff({ ...FACTS, build: GCC }, { ...FACTS, build: GCC })).toEqual([]);
  });
});
