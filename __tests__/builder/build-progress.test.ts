import { BuildProgress } from '../../src/builder/build-progress.js';
import { configureFailure, parseBuildType, parseCcacheMode } from '../../src/builder/build-server.js';
import { comparisonLabels, compilerLabel } from '../../src/builder/compilers.js';
import { FLAVOR_NAMES } from '../../src/results/results-schema.js';
import { InputError } from '../../src/errors.js';
import type { ExecResult } from '../../src/shell/exec.js';
import type { Logger } from '../../src/shell/logger.js';

/** A logger that keeps progress lines and fails the test on anything else. */
function fakeLogger(): { logger: Logger; progress: string[] } {
  const progress: string[] = [];
  const unexpected = (message: string): void => {
    throw new Error(`unexpected log line: ${message}`);
  };
  const logger: Logger = {
    info: unexpected,
    warning: unexpected,
    error: unexpected,
    debug: unexpected,
    progress: (message) => progress.push(message),
    group: (_name, fn) => fn(),
  };
  return { logger, progress };
}

/** A clock the test moves by hand, in seconds. */
function fakeClock(start = 1000): { now: () => number; advance: (seconds: number) => void } {
  let t = start;
  return { now: () => t, advance: (seconds) => (t += seconds) };
}

const status = (done: number, total: number): string =>
  `[${done}/${total}] Building CXX object sql/f${done}.cc.o\n`;

describe('BuildProgress', () => {
  it('shows a line at each further 5% of the steps, with the time elapsed and no guess at the time left', () => {
    const { logger, progress } = fakeLogger();
    const clock = fakeClock();
    const build = new BuildProgress(logger, clock.now);
    for (let done = 1; done <= 40; done++) {
      clock.advance(4.5);
      build.feed(status(done, 40));
    }
    // 40 steps are 2.5% each: every second step is a further 5%.
    expect(progress).toHaveLength(20);
    expect(progress[0]).toBe('build: 2/40 (5%) — elapsed 9s');
    expect(progress[1]).toBe('build: 4/40 (10%) — elapsed 18s');
    expect(progress[9]).toBe('build: 20/40 (50%) — elapsed 1m30s');
    expect(progress[19]).toBe('build: 40/40 (100%) — elapsed 3m00s');
    expect(progress.map((line) => /\((\d+)%\)/.exec(line)?.[1])).toEqual(
      Array.from({ length: 20 }, (_, index) => String(5 * (index + 1))),
    );
    expect(build.summary()).toBe('40/40 steps, 40 compiled');
  });

  it('counts a status line split across chunks once, whatever the splits', () => {
    const text = [
      '[1/4] Building C object a.c.o',
      '[2/4] Building C object b.c.o',
      'warning: x',
      '[3/4] Linking C executable app',
      '[4/4] Install',
    ]
      .map((line) => `${line}\n`)
      .join('');
    for (const splits of [
      [],
      [3],
      [5, 6, 7],
      [30, 31],
      Array.from({ length: text.length }, (_, index) => index),
    ]) {
      const { logger, progress } = fakeLogger();
      const build = new BuildProgress(logger, () => 0);
      let from = 0;
      for (const at of [...splits, text.length]) {
        build.feed(text.slice(from, at));
        from = at;
      }
      expect(progress).toEqual([
        'build: 1/4 (25%) — elapsed 0s',
        'build: 2/4 (50%) — elapsed 0s',
        'build: 3/4 (75%) — elapsed 0s',
        'build: 4/4 (100%) — elapsed 0s',
      ]);
      expect(build.summary()).toBe('4/4 steps, 2 compiled');
    }
  });

  it('waits for the end of a line before counting it', () => {
    const { logger, progress } = fakeLogger();
    const build = new BuildProgress(logger, () => 0);
    build.feed('[1/2] Building C object a.c.o');
    expect(progress).toEqual([]);
    expect(build.summary()).toBe('nothing to do');
    build.feed('\n');
    expect(progress).toEqual(['build: 1/2 (50%) — elapsed 0s']);
  });

  it('always shows the last step, even less than 5% after the line before', () => {
    const { logger, progress } = fakeLogger();
    const clock = fakeClock();
    const build = new BuildProgress(logger, clock.now);
    clock.advance(96);
    build.feed(status(960, 1000));
    build.feed(status(990, 1000));
    clock.advance(4);
    build.feed(status(1000, 1000));
    expect(progress).toEqual([
      'build: 960/1000 (96%) — elapsed 1m36s',
      'build: 1000/1000 (100%) — elapsed 1m40s',
    ]);
  });

  it('shows a slow build every minute even when it has not gone 5% further', () => {
    const { logger, progress } = fakeLogger();
    const clock = fakeClock(0);
    const build = new BuildProgress(logger, clock.now);
    clock.advance(30);
    build.feed(status(1, 1000)); // 0%, 30 s: nothing
    clock.advance(31);
    build.feed(status(2, 1000)); // 61 s since the start
    clock.advance(59);
    build.feed(status(3, 1000)); // 59 s since the last line: nothing
    clock.advance(2);
    build.feed(status(4, 1000)); // 61 s since the last line
    expect(progress).toEqual(['build: 2/1000 (0%) — elapsed 1m01s', 'build: 4/1000 (0%) — elapsed 2m02s']);
    expect(build.summary()).toBe('4/1000 steps, 4 compiled');
  });

  it('ignores lines that are not ninja status lines', () => {
    const { logger, progress } = fakeLogger();
    const build = new BuildProgress(logger, () => 0);
    build.feed(
      [
        "ninja: Entering directory `/work/build/obj-gcc'",
        'ninja: no work to do.',
        '/work/src/sql/a.cc:12:3: warning: unused variable [-Wunused-variable]',
        '[x/2] not numbers',
        '[1/2]',
        '',
      ].join('\n'),
    );
    expect(progress).toEqual([]);
    expect(build.summary()).toBe('nothing to do');
  });

  it('reads the current step of a line ninja rewrote with carriage returns', () => {
    const { logger, progress } = fakeLogger();
    const build = new BuildProgress(logger, () => 0);
    build.feed('\r[1/2] Building C object a.c.o\x1b[K\r[2/2] Linking C executable app\x1b[K\n');
    expect(progress).toEqual(['build: 2/2 (100%) — elapsed 0s']);
    expect(build.summary()).toBe('2/2 steps, 0 compiled');
  });
});

const FAILED: ExecResult = { exitCode: 1, signal: null, stdout: '', stderr: '' };
const LOG = '/work/build/obj-gcc/configure.log';

// cmake on MariaDB 10.11.18's cmake/libfmt.cmake with -DWITH_LIBFMT=system and libfmt-dev missing.
const CFG_LIBFMT = `-- Running cmake version 3.25.1
-- MariaDB 10.11.18
CMake Error at cmake/libfmt.cmake:44 (MESSAGE):
  system libfmt library is not found or unusable
Call Stack (most recent call first):
  CMakeLists.txt:6 (CHECK_LIBFMT)


-- Configuring incomplete, errors occurred!
See also "/work/build/obj-gcc/CMakeFiles/CMakeOutput.log".
`;

describe('configureFailure', () => {
  it('names the CMake error, the known remedy and the log', () => {
    expect(configureFailure(CFG_LIBFMT, LOG, FAILED)).toBe(
      'configure failed: cmake/libfmt.cmake:44: system libfmt library is not found or unusable; ' +
        'install libfmt-dev, or pass -DWITH_LIBFMT=bundled on a machine with internet access; ' +
        `full log: ${LOG}`,
    );
  });

  it('gives the CMake error without a remedy when it is not a known one', () => {
    const text = 'CMake Error: The source directory "/nowhere" does not exist.\n';
    expect(configureFailure(text, LOG, FAILED)).toBe(
      `configure failed: The source directory "/nowhere" does not exist.; full log: ${LOG}`,
    );
  });

  it('falls back to the exit status and the last non-empty line', () => {
    const text = '-- The C compiler identification is GNU 12.2.0\n-- something went wrong here\n\n   \n';
    expect(configureFailure(text, LOG, FAILED)).toBe(
      `configure failed (cmake exit status 1): -- something went wrong here; full log: ${LOG}`,
    );
  });

  it('says which signal killed cmake', () => {
    const killed: ExecResult = { exitCode: -1, signal: 'SIGTERM', stdout: '', stderr: '' };
    expect(configureFailure('-- Looking for sys/types.h\n', LOG, killed)).toBe(
      `configure failed (cmake killed by SIGTERM): -- Looking for sys/types.h; full log: ${LOG}`,
    );
  });

  it('says there was no output when there was none', () => {
    expect(configureFailure('', LOG, { ...FAILED, exitCode: 2 })).toBe(
      `configure failed (cmake exit status 2): (no output); full log: ${LOG}`,
    );
  });
});

describe('FLAVOR_NAMES', () => {
  it('names the flavors as their makers do', () => {
    // A flavor added later has its name checked by the flavor table test (__tests__/flavor/).
    expect(FLAVOR_NAMES).toMatchObject({ mariadb: 'MariaDB', mysql: 'MySQL', percona: 'Percona Server' });
  });
});

describe('compilerLabel', () => {
  it.each([
    ['gcc-12', 'gcc-12'],
    ['clang-16', 'clang-16'],
    ['gcc', 'gcc'],
    ['/opt/gcc-13/bin/gcc', 'gcc'],
    ['/usr/bin/clang-14', 'clang-14'],
    ['gcc-12:g++-12', 'gcc-12'],
    ['/usr/lib/ccache/gcc-12:/usr/lib/ccache/g++-12', 'gcc-12'],
    ['my cc:my c++', 'my_cc'],
    [' clang-16 ', 'clang-16'],
  ])('%s → %s', (spec, label) => {
    expect(compilerLabel(spec)).toBe(label);
  });

  it('refuses a spec that names no compiler', () => {
    expect(() => compilerLabel('icc')).toThrow(InputError);
    expect(() => compilerLabel('gcc-12:')).toThrow(
      'compiler "gcc-12:" is not a CC:CXX pair; write it like gcc-12:g++-12',
    );
  });
});

describe('comparisonLabels', () => {
  it('names each side after its compiler, and tells equal ones apart', () => {
    expect(comparisonLabels('gcc-12', 'clang-16')).toEqual(['gcc-12', 'clang-16']);
    expect(comparisonLabels('gcc-12', '/usr/bin/gcc-12')).toEqual(['gcc-12-base', 'gcc-12-head']);
  });
});

describe('parseBuildType and parseCcacheMode', () => {
  it('accept any case for the build type and give CMake its spelling', () => {
    expect(parseBuildType('relwithdebinfo', '--build-type')).toBe('RelWithDebInfo');
    expect(parseBuildType('DEBUG', '--build-type')).toBe('Debug');
  });

  it('name the flag or input in their errors', () => {
    expect(() => parseBuildType('Fast', 'input "build-type"')).toThrow(
      'input "build-type" Fast: expected one of RelWithDebInfo, Release, Debug, MinSizeRel',
    );
    expect(parseCcacheMode('off', '--ccache')).toBe('off');
    expect(() => parseCcacheMode('yes', '--ccache')).toThrow(InputError);
    expect(() => parseCcacheMode('yes', '--ccache')).toThrow('--ccache yes: expected auto, on or off');
  });
});
