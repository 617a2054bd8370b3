// The parts of a build plan that need no tools: the directory checks, the opening line, and a
// build directory readied for a different tree or compiler.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
  type BuildPlan,
  checkDirectories,
  inside,
  planSummary,
  prepareBuildDir,
} from '../../src/builder/build-plan.js';
import {
  CONFIGURE_RECORD,
  droppedDefinitions,
  recordConfigureArgs,
} from '../../src/builder/configure-record.js';
import { InputError } from '../../src/errors.js';
import type { Logger } from '../../src/shell/logger.js';
import { thrownBy } from '../helpers/errors.js';
import { UNCONFINED } from '../../src/shell/sandbox.js';
import { CLI_NAMES } from '../helpers/option-names.js';

const GCC = {
  cc: '/usr/bin/gcc-12',
  cxx: '/usr/bin/g++-12',
  id: 'gcc',
  version: '12.2.0',
  versionLine: 'gcc-12 (Debian 12.2.0-14) 12.2.0',
} as const;

function plan(overrides: Partial<BuildPlan> = {}): BuildPlan {
  return {
    tree: { flavor: 'mariadb', version: '10.11.18', root: '/src/server' },
    compiler: GCC,
    prefix: '/opt/server',
    buildDir: '/opt/server.build',
    confinement: UNCONFINED,
    buildType: 'RelWithDebInfo',
    targets: [],
    install: 'all',
    jobs: 8,
    ccache: { reason: 'turned off (--ccache off)' },
    toolEnv: {},
    args: [],
    names: CLI_NAMES,
    ...overrides,
  };
}

/** A logger that keeps info lines and fails the test on anything else. */
function infoLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const unexpected = (message: string): void => {
    throw new Error(`unexpected log line: ${message}`);
  };
  const logger: Logger = {
    info: (message) => lines.push(message),
    warning: unexpected,
    error: unexpected,
    debug: unexpected,
    progress: unexpected,
    group: (_name, fn) => fn(),
  };
  return { logger, lines };
}

describe('inside', () => {
  it.each([
    ['/a/b', '/a', true],
    ['/a', '/a', true],
    ['/ab', '/a', false],
    ['/a', '/a/b', false],
    ['/x/y', '/a', false],
  ])('%s inside %s: %s', (child, parent, expected) => {
    expect(inside(child, parent)).toBe(expected);
  });
});

describe('checkDirectories', () => {
  it('accepts separate source, prefix and build directories', () => {
    expect(() => {
      checkDirectories('/src/server', '/opt/server', '/opt/server.build', CLI_NAMES);
    }).not.toThrow();
  });

  it.each([
    [
      'a prefix inside the tree',
      ['/src/server', '/src/server/install', '/opt/b'],
      '--prefix /src/server/install overlaps the source tree /src/server; install somewhere outside it',
    ],
    [
      'a tree inside the prefix',
      ['/opt/server/src', '/opt/server', '/opt/b'],
      '--prefix /opt/server overlaps the source tree /opt/server/src; install somewhere outside it',
    ],
    [
      'an in-source build',
      ['/src/server', '/opt/server', '/src/server'],
      '--build-dir /src/server is the source tree; MySQL-family trees refuse in-source builds',
    ],
    [
      'a build directory inside the prefix',
      ['/src/server', '/opt/server', '/opt/server/build'],
      '--build-dir /opt/server/build and --prefix /opt/server overlap; give them separate directories',
    ],
  ] as const)('refuses %s', (_what, [root, prefix, buildDir], message) => {
    const error = thrownBy(InputError, () => {
      checkDirectories(root, prefix, buildDir, CLI_NAMES);
    });
    expect(error.message).toBe(message);
  });
});

describe('planSummary', () => {
  it('names the server, the tree, the compiler, the build type, the jobs and why ccache is off', () => {
    expect(planSummary(plan())).toBe(
      'building MariaDB 10.11.18 from /src/server with gcc 12.2.0 (RelWithDebInfo, 8 jobs, ccache off: turned off (--ccache off))',
    );
  });

  it('says "job" for one and where the cache is when ccache is used', () => {
    const ccache = { version: '4.8', dir: '/cache/ccache', env: {} };
    expect(planSummary(plan({ jobs: 1, ccache }))).toBe(
      'building MariaDB 10.11.18 from /src/server with gcc 12.2.0 (RelWithDebInfo, 1 job, ccache in /cache/ccache)',
    );
  });
});

describe('prepareBuildDir', () => {
  let temp: string;
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'build-plan-test-'));
  });
  afterEach(async () => {
    await rm(temp, { recursive: true, force: true });
  });

  /** A build directory that CMake configured for `root` with gcc-12 and Ninja. */
  async function configured(buildDir: string, root: string): Promise<void> {
    await mkdir(join(buildDir, 'CMakeFiles'), { recursive: true });
    await writeFile(
      join(buildDir, 'CMakeCache.txt'),
      [
        `CMAKE_HOME_DIRECTORY:INTERNAL=${root}`,
        `CMAKE_C_COMPILER:FILEPATH=${GCC.cc}`,
        `CMAKE_CXX_COMPILER:FILEPATH=${GCC.cxx}`,
        'CMAKE_GENERATOR:INTERNAL=Ninja',
        '',
      ].join('\n'),
    );
  }

  it('creates a missing build directory and says nothing', async () => {
    const { logger, lines } = infoLogger();
    const buildDir = join(temp, 'a', 'server.build');
    await prepareBuildDir(plan({ buildDir }), logger);
    expect(existsSync(buildDir)).toBe(true);
    expect(lines).toEqual([]);
  });

  it('keeps a build directory configured for the same tree and compiler', async () => {
    const { logger, lines } = infoLogger();
    const buildDir = join(temp, 'server.build');
    await configured(buildDir, '/src/server');
    await prepareBuildDir(plan({ buildDir }), logger);
    expect(existsSync(join(buildDir, 'CMakeCache.txt'))).toBe(true);
    expect(lines).toEqual([]);
  });

  it('configures afresh a build directory left by another tree', async () => {
    const { logger, lines } = infoLogger();
    const buildDir = join(temp, 'server.build');
    await configured(buildDir, '/src/other');
    await prepareBuildDir(plan({ buildDir }), logger);
    expect(existsSync(join(buildDir, 'CMakeCache.txt'))).toBe(false);
    expect(existsSync(join(buildDir, 'CMakeFiles'))).toBe(false);
    expect(lines).toEqual([
      `${buildDir} was configured with another source (/src/other); configuring it afresh`,
    ]);
  });

  it('configures afresh a build directory whose last configure set a variable this build does not', async () => {
    const { logger, lines } = infoLogger();
    const buildDir = join(temp, 'server.build');
    await configured(buildDir, '/src/server');
    recordConfigureArgs(buildDir, ['-DCMAKE_BUILD_TYPE=Debug', '-DWITH_ASAN=ON', '-D', 'FAKE_SLOW:BOOL=ON']);
    await prepareBuildDir(plan({ buildDir, args: ['-DCMAKE_BUILD_TYPE=RelWithDebInfo'] }), logger);
    expect(existsSync(join(buildDir, 'CMakeCache.txt'))).toBe(false);
    expect(lines).toEqual([
      `${buildDir} was configured with CMake variables this build does not set (WITH_ASAN, FAKE_SLOW); configuring it afresh`,
    ]);
  });

  it('keeps a build directory when this build only adds variables or changes their values', async () => {
    const { logger, lines } = infoLogger();
    const buildDir = join(temp, 'server.build');
    await configured(buildDir, '/src/server');
    recordConfigureArgs(buildDir, ['-DCMAKE_BUILD_TYPE=Debug']);
    await prepareBuildDir(plan({ buildDir, args: ['-DCMAKE_BUILD_TYPE=Release', '-DWITH_ASAN=ON'] }), logger);
    expect(existsSync(join(buildDir, 'CMakeCache.txt'))).toBe(true);
    expect(lines).toEqual([]);
  });

  it.each([
    ['not JSON', '{"schemaVersion": 1, "args": ['],
    ['another shape', '{"schemaVersion": 2, "args": "-DX=1"}'],
  ])('configures afresh when the record of the last configure is %s', async (_, text) => {
    const { logger, lines } = infoLogger();
    const buildDir = join(temp, 'server.build');
    await configured(buildDir, '/src/server');
    await writeFile(join(buildDir, CONFIGURE_RECORD), text);
    await prepareBuildDir(plan({ buildDir }), logger);
    expect(existsSync(join(buildDir, 'CMakeCache.txt'))).toBe(false);
    expect(lines).toEqual([
      `${buildDir} was configured with arguments it cannot tell (configure-args.json unreadable); configuring it afresh`,
    ]);
  });
});

describe('droppedDefinitions', () => {
  it('names each variable set before and not now, in both spellings of -D, once', () => {
    expect(
      droppedDefinitions(
        ['-DA=1', '-D', 'B:BOOL=ON', '-DC=3', '-DA=2', '-G', 'Ninja', '-Wno-dev'],
        ['-DC=4', '-D', 'D=1'],
      ),
    ).toEqual(['A', 'B']);
    expect(droppedDefinitions([], ['-DA=1'])).toEqual([]);
  });
});
