// The `build` command end to end on a stand-in tree (__fixtures__/source-trees/fake-mariadb): real
// cmake, ninja, gcc and clang, ccache and install, in seconds. The real MariaDB tree is built in
// mariadb-source.int.test.ts.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants as osConstants } from 'node:os';
import { dirname, join } from 'node:path';

import { jest as jestGlobals } from '@jest/globals';

import { buildServer } from '../../src/builder/build-server.js';
import { CONFIGURED_PREFIX } from '../../src/builder/cmake-args.js';
import { coreLogger } from '../../src/action/core-logger.js';
import { main } from '../../src/cli/program.js';
import { InputError } from '../../src/errors.js';
import { BuildInfo } from '../../src/results/results-schema.js';
import { readCompiler } from '../../src/server/elf-file.js';
import { inspectServer } from '../../src/server/inspect.js';
import { CleanupScope } from '../../src/shell/cleanup.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { requireCommand } from '../helpers/requirements.js';
import { CLI_NAMES } from '../helpers/option-names.js';

const FAKE = join(ROOT, '__fixtures__/source-trees/fake-mariadb');
const ready = ['cmake', 'ninja', 'gcc', 'clang', 'ccache'].every((tool) => requireCommand(tool));
const maybe = ready ? describe : describe.skip;

const temp = useTempDir('gate-build-');
const stderr = captureStderr();

function cli(...args: string[]): Promise<number> {
  return main(['node', 'mysql-perf-gate', ...args]);
}

function buildJson(dir: string): BuildInfo {
  return BuildInfo.parse(JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')));
}

/** The lines the CLI printed as its error (its other stderr lines are progress). */
function errorLines(): string[] {
  return stderr.text.split('\n').filter((line) => line.startsWith('mysql-perf-gate: '));
}

/** `build` of the stand-in tree with gcc into `prefix`, ccache off unless `extra` says otherwise. */
function buildFake(prefix: string, ...extra: string[]): Promise<number> {
  const ccache = extra.some((arg) => arg.startsWith('--ccache')) ? [] : ['--ccache', 'off'];
  return cli('build', '--source', FAKE, '--compiler', 'gcc', '--prefix', prefix, ...ccache, ...extra);
}

maybe('mysql-perf-gate build (stand-in tree, real tools)', () => {
  it('installs a second prefix from the same build directory without compiling anything', async () => {
    // A base and a head built in one build directory into their own prefixes: the configured
    // prefix is the same for both, so the generated my_config.h does not change and nothing
    // that includes it compiles again (MariaDB: 965 of 1,089 steps when the prefix was in it).
    const buildDir = join(temp.path, 'shared.build');
    const first = join(temp.path, 'base');
    const second = join(temp.path, 'head');
    expect(await buildFake(first, '--build-dir', buildDir)).toBe(0);
    expect(buildJson(first).ninja).toEqual({
      steps: 2,
      compiledCount: 1,
      compiled: ['CMakeFiles/mariadbd.dir/sql/mysqld.c.o'],
    });
    expect(await buildFake(second, '--build-dir', buildDir)).toBe(0);
    expect(buildJson(second).ninja).toEqual({ steps: 0, compiledCount: 0, compiled: [] });
    expect(existsSync(join(second, 'bin/mariadbd'))).toBe(true);
    expect(existsSync(join(first, 'bin/mariadbd'))).toBe(true);
    expect(existsSync(CONFIGURED_PREFIX)).toBe(false);
    expect(readFileSync(join(buildDir, 'include/my_config.h'), 'utf8')).toContain(CONFIGURED_PREFIX);
    // A changed source file compiles again, and only that.
    const tree = join(temp.path, 'tree');
    cpSync(FAKE, tree, { recursive: true });
    const treeDir = join(temp.path, 'tree.build');
    expect(
      await cli(
        'build',
        '--source',
        tree,
        '--compiler',
        'gcc',
        '--prefix',
        first,
        '--build-dir',
        treeDir,
        '--ccache',
        'off',
      ),
    ).toBe(0);
    const source = join(tree, 'sql/mysqld.c');
    writeFileSync(source, `${readFileSync(source, 'utf8')}\n/* a change */\n`);
    expect(
      await cli(
        'build',
        '--source',
        tree,
        '--compiler',
        'gcc',
        '--prefix',
        second,
        '--build-dir',
        treeDir,
        '--ccache',
        'off',
      ),
    ).toBe(0);
    expect(buildJson(second).ninja).toMatchObject({ steps: 2, compiledCount: 1 });
  });

  it('fails, in one line, an install that wrote into the configured prefix instead of --prefix', async () => {
    const existedBefore = existsSync(dirname(CONFIGURED_PREFIX));
    const prefix = join(temp.path, 'absolute');
    expect(await buildFake(prefix, '--cmake-arg=-DFAKE_ABSOLUTE_INSTALL=ON')).toBe(2);
    expect(errorLines()).toEqual([
      `mysql-perf-gate: the install wrote share, share/VERSION under ${CONFIGURED_PREFIX}, the prefix the build is configured with, instead of ${prefix}: an install rule of this tree uses a path fixed at configure time; removed them`,
    ]);
    expect(existsSync(CONFIGURED_PREFIX)).toBe(false);
    // Nor the directory above it, which cmake created for it: /nonexistent is system users' home.
    expect(existsSync(dirname(CONFIGURED_PREFIX))).toBe(existedBefore);
  });

  it('builds and installs with gcc; build.json says how, and run picks it up from the prefix', async () => {
    const prefix = join(temp.path, 'gcc');
    const code = await buildFake(prefix, '--ccache-dir', join(temp.path, 'ccache'), '--jobs', '1');
    expect({ code, errors: errorLines() }).toEqual({ code: 0, errors: [] });
    const info = buildJson(prefix);
    expect(info).toMatchObject({
      flavor: 'mariadb',
      version: '10.11.18',
      compiler: { id: 'gcc', cc: expect.stringMatching(/\/gcc$/) as unknown },
      buildType: 'RelWithDebInfo',
      targets: [],
      jobs: 1,
      ccache: { used: true, hits: 0, misses: 1 },
    });
    // The effective flags come from CMake's cache: ours (-gdwarf-4) and the build type's.
    expect(info.flags.c).toBe('-gdwarf-4 -O2 -g -DNDEBUG');
    expect(info.cmakeOptions).toContain('-DWITH_LIBFMT=system');
    expect(info.cmakeOptions).toContain(`-DCMAKE_INSTALL_PREFIX=${CONFIGURED_PREFIX}`);
    // The binary says gcc built it, and inspecting the prefix (what run does) finds build.json.
    const compiler = await readCompiler(join(prefix, 'bin/mariadbd'));
    expect(compiler.known && compiler.name).toMatch(/^GCC: /);
    const install = await inspectServer(prefix);
    expect(install.build).toEqual(info);
    // Progress and the log stay behind in the build directory.
    expect(stderr.text).toMatch(/build: 2\/2 \(100%\)/);
    expect(stderr.text).toMatch(
      /^installed: .*mariadbd {2}Ver 10\.11\.18-MariaDB for Linux on x86_64 \(fake server for tests\)$/m,
    );
    expect(readFileSync(join(`${prefix}.build`, 'build.log'), 'utf8')).toMatch(
      /\[2\/2\] Linking C executable mariadbd/,
    );
  });

  it('a second build of the same sources is answered by ccache', async () => {
    const prefix = join(temp.path, 'p');
    const args = [
      'build',
      '--source',
      FAKE,
      '--compiler',
      'gcc',
      '--prefix',
      prefix,
      '--ccache-dir',
      join(temp.path, 'cc'),
    ];
    expect(await cli(...args)).toBe(0);
    rmSync(`${prefix}.build`, { recursive: true });
    rmSync(prefix, { recursive: true });
    expect(await cli(...args)).toBe(0);
    expect(buildJson(prefix).ccache).toMatchObject({ used: true, hits: 1, misses: 0 });
  });

  it('builds with clang into the same build directory, configuring it afresh', async () => {
    const buildDir = join(temp.path, 'shared-build');
    const common = ['--source', FAKE, '--build-dir', buildDir, '--ccache', 'off'];
    expect(await cli('build', ...common, '--compiler', 'gcc', '--prefix', join(temp.path, 'a'))).toBe(0);
    expect(await cli('build', ...common, '--compiler', 'clang', '--prefix', join(temp.path, 'b'))).toBe(0);
    expect(stderr.text).toMatch(
      /was configured with another C compiler \(\/usr\/bin\/gcc\).*configuring it afresh/,
    );
    const info = buildJson(join(temp.path, 'b'));
    expect(info.compiler.id).toBe('clang');
    expect(info.ccache).toEqual({ used: false, reason: 'turned off (--ccache off)' });
    const compiler = await readCompiler(join(temp.path, 'b/bin/mariadbd'));
    expect(compiler.known && compiler.name).toMatch(/clang version/);
  });

  it('a compile error ends with one line naming file, line and message; the full log is kept', async () => {
    const prefix = join(temp.path, 'broken');
    const code = await buildFake(prefix, '--cmake-arg=-DFAKE_BREAK=ON');
    expect(code).toBe(2);
    const log = join(`${prefix}.build`, 'build.log');
    // gcc quotes with ‘’ in a UTF-8 locale and with '' in the C locale.
    expect(errorLines()).toEqual([
      expect.stringMatching(
        /^mysql-perf-gate: compile error: sql\/broken\.c:3: [‘']undeclared_variable[’'] undeclared \(first use in this function\); full log: (.*)$/,
      ),
    ]);
    expect(errorLines()[0]?.endsWith(`full log: ${log}`)).toBe(true);
    expect(readFileSync(log, 'utf8')).toMatch(
      /broken\.c:3:10: error: [‘']undeclared_variable[’'] undeclared/,
    );
    expect(existsSync(join(prefix, 'build.json'))).toBe(false);
  });

  it('in the action, the compile error becomes an annotation on the file, relative to the workspace', async () => {
    const tree = join(temp.path, 'workspace');
    cpSync(FAKE, tree, { recursive: true });
    const written: string[] = [];
    const spy = jestGlobals
      .spyOn(process.stdout, 'write')
      .mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
    const saved = process.env.GITHUB_WORKSPACE;
    process.env.GITHUB_WORKSPACE = tree;
    try {
      const outcome = buildServer(
        {
          source: tree,
          compiler: 'clang',
          prefix: join(temp.path, 'out'),
          buildType: 'RelWithDebInfo',
          names: CLI_NAMES,
          cmakeArgs: ['-DFAKE_BREAK=ON'],
          targets: [],
          ccache: 'off',
        },
        coreLogger,
        new CleanupScope(),
        (prefix) => inspectServer(prefix, '--prefix'),
      );
      await expect(outcome).rejects.toThrow(
        /^compile error: sql\/broken\.c:3: use of undeclared identifier 'undeclared_variable'/,
      );
    } finally {
      spy.mockRestore();
      if (saved === undefined) delete process.env.GITHUB_WORKSPACE;
      else process.env.GITHUB_WORKSPACE = saved;
    }
    expect(written.join('')).toContain(
      "::error file=sql/broken.c,line=3,col=10::use of undeclared identifier 'undeclared_variable'",
    );
  });

  it("a configure error ends with CMake's message and what to install", async () => {
    const prefix = join(temp.path, 'noconf');
    const code = await buildFake(prefix, '--cmake-arg=-DFAKE_REQUIRE=ON');
    expect(code).toBe(2);
    const [line, ...more] = errorLines();
    expect(more).toEqual([]);
    expect(line).toMatch(
      /^mysql-perf-gate: configure failed: CMakeLists.txt:\d+: system libfmt library is not found or unusable; .*libfmt-dev.*; full log: .*configure\.log$/,
    );
  });

  it('a missing compiler fails at once, listing the compilers found, and creates nothing', async () => {
    const prefix = join(temp.path, 'never');
    const code = await cli('build', '--source', FAKE, '--compiler', 'clang-99', '--prefix', prefix);
    expect(code).toBe(2);
    expect(errorLines()).toEqual([
      expect.stringMatching(
        /^mysql-perf-gate: compiler clang-99 was not found on PATH; found: .*\bgcc\b.*; install it or pass one of those to --compiler$/,
      ),
    ]);
    expect(existsSync(prefix)).toBe(false);
    expect(existsSync(`${prefix}.build`)).toBe(false);
  });

  it('a directory that is not a MySQL-family tree fails with one line', async () => {
    const code = await cli(
      'build',
      '--source',
      temp.path,
      '--compiler',
      'gcc',
      '--prefix',
      join(temp.path, 'x'),
    );
    expect(code).toBe(2);
    expect(errorLines()).toEqual([
      expect.stringMatching(
        /^mysql-perf-gate: .* is not a MySQL, Percona Server or MariaDB source tree \(looked for CMakeLists\.txt/,
      ),
    ]);
  });

  it('checks the installed server as run will: a binary that does not answer --version like a server fails the build', async () => {
    const prefix = join(temp.path, 'odd');
    const code = await buildFake(prefix, '--cmake-arg=-DFAKE_BAD_VERSION=ON');
    expect(code).toBe(2);
    expect(errorLines()).toEqual([
      expect.stringMatching(
        new RegExp(`^mysql-perf-gate: the server installed in ${prefix} failed its first check: `),
      ),
    ]);
    // One line, with what the binary printed and where the logs are.
    expect(errorLines()[0]).toContain(
      `it printed: hello from something that is not a server (logs: ${prefix}.build)`,
    );
    expect(stderr.text).not.toContain('installed: ');
  });

  it('run refuses a prefix whose build.json describes another version', async () => {
    const prefix = join(temp.path, 'stale');
    expect(await buildFake(prefix)).toBe(0);
    const info = buildJson(prefix);
    writeFileSync(join(prefix, 'build.json'), JSON.stringify({ ...info, version: '10.6.1' }));
    await expect(inspectServer(prefix)).rejects.toThrow(InputError);
    await expect(inspectServer(prefix)).rejects.toThrow(
      /describes mariadb 10\.6\.1 but .* is 10\.11\.18; rebuild/,
    );
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    '%s during the build stops ninja and its children, keeps the log and exits 128 + signal',
    async (signal) => {
      const slowMark = `0.000${process.pid}${osConstants.signals[signal]}`;
      const prefix = join(temp.path, 'slow');
      const child = spawn(
        process.execPath,
        [
          join(ROOT, 'dist/cli.js'),
          'build',
          '--source',
          FAKE,
          '--compiler',
          'gcc',
          '--prefix',
          prefix,
          '--ccache',
          'off',
          '--cmake-arg=-DFAKE_SLOW=ON',
          `--cmake-arg=-DFAKE_SLOW_MARK=${slowMark}`,
        ],
        // Jest's environment (this file's private state directory, not the machine's lock).
        { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env } },
      );
      let text = '';
      let sent = false;
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        if (!sent && text.includes('build…')) {
          sent = true;
          // Let ninja start the one-minute step first.
          setTimeout(() => child.kill(signal), 1000);
        }
      });
      const started = Date.now();
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect({ code, text: code === 128 + osConstants.signals[signal] ? '' : text }).toEqual({
        code: 128 + osConstants.signals[signal],
        text: '',
      });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(text).toContain(`interrupted by ${signal}`);
      expect(text).toContain(`build interrupted; its output so far is in ${prefix}.build/build.log`);
      expect(existsSync(join(`${prefix}.build`, 'build.log'))).toBe(true);
      expect(processesMentioning(`${prefix}.build`)).toEqual([]);
      // Its own one-minute step: another test's may run beside it.
      expect(processesMentioning(`sleep 60 ${slowMark}`)).toEqual([]);
    },
  );

  it.each([
    [['--suite', 'no-such-suite'], /suite/],
    [['--gate', 'speed'], /unknown metric "speed"/],
    [['--head-compiler', 'clang-99'], /compiler clang-99 was not found/],
  ])('compare-compilers checks %j before building anything', async (extra, message) => {
    const dir = join(temp.path, 'compilers');
    const args = [
      '--source',
      FAKE,
      '--base-compiler',
      'gcc',
      '--head-compiler',
      'clang',
      '--prefix-dir',
      dir,
    ];
    const code = await cli('compare-compilers', ...args, ...extra);
    expect(code).toBe(2);
    expect(errorLines()).toEqual([expect.stringMatching(message)]);
    expect(existsSync(dir)).toBe(false);
  });
});
