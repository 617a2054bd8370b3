// `bisect` end to end on temp git repositories made from the stand-in tree
// (__fixtures__/source-trees/fake-mariadb): real git, cmake, ninja and gcc. Its own "server" only
// answers --version, so it cannot be measured; for the measuring path the tree's install step
// links the machine's MariaDB into the prefix instead, so every commit is the same real server.
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { jest as jestGlobals } from '@jest/globals';

import { BisectState, newState } from '../../src/bisect/bisect-state.js';
import { writeBisectState } from '../../src/bisect/bisect-state-file.js';
import { main } from '../../src/cli/program.js';
import {
  BISECT_DEFAULTS,
  bisectCommand,
  type BisectFlags,
  bisectOptionsFromFlags,
  type BisectOutcome,
} from '../../src/commands/bisect.js';
import type { BisectReferences } from '../../src/bisect/bisect-inputs.js';
import type { Logger } from '../../src/shell/logger.js';
import { loadSuite } from '../../src/suite/load-suite.js';
import { processesMentioning } from '../helpers/leftovers.js';
import { captureStderr, ROOT, useTempDir } from '../helpers/real-run.js';
import { git } from '../helpers/git-repo.js';
import { requireCommand } from '../helpers/requirements.js';
import { sourceCli } from '../helpers/source-cli.js';
import { watchChild } from '../helpers/watched-child.js';

const FAKE = join(ROOT, '__fixtures__/source-trees/fake-mariadb');
const SUITE = join(ROOT, '__fixtures__/suites/tiny-instructions.yml');
const CELL = 'oltp_point_select@1';
const MARIADBD = '/usr/sbin/mariadbd';
const TIMEOUT_MS = 600_000;

const canBuild = ['git', 'cmake', 'ninja', 'gcc'].every((tool) => requireCommand(tool));
const canMeasure = canBuild && ['mariadbd', 'sysbench', 'valgrind'].every((tool) => requireCommand(tool));
const withBuild = canBuild ? describe : describe.skip;
const withServer = canMeasure ? describe : describe.skip;

const temp = useTempDir('gate-bisect-');
const stderr = captureStderr();

// ---- Repositories ----

type Edit = (dir: string) => void;

const touch =
  (n: number): Edit =>
  (dir) => {
    appendFileSync(join(dir, 'sql/mysqld.c'), `/* change ${n} */\n`);
  };

/**
 * Compiles sql/broken.c into the server, which fails. Not through the tree's FAKE_BREAK option: a
 * build directory reused across commits keeps an option's cached value whatever its default says.
 */
const BREAK = 'add_library(broken STATIC sql/broken.c)\nadd_dependencies(mariadbd broken)\n';

const breakBuild: Edit = (dir) => {
  appendFileSync(join(dir, 'CMakeLists.txt'), BREAK);
};

const fixBuild: Edit = (dir) => {
  const file = join(dir, 'CMakeLists.txt');
  writeFileSync(file, readFileSync(file, 'utf8').replace(BREAK, ''));
};

/**
 * Makes the tree install the machine's MariaDB instead of its stand-in: the server and what its
 * bootstrap looks for under the prefix, linked, and the tree's version set to the server's, which
 * `run` checks against build.json.
 */
function installRealServer(dir: string): void {
  const version = /Ver (\d+)\.(\d+)\.(\d+)/.exec(execFileSync(MARIADBD, ['--version'], { encoding: 'utf8' }));
  if (!version) throw new Error(`cannot read the version of ${MARIADBD}`);
  writeFileSync(
    join(dir, 'VERSION'),
    `MYSQL_VERSION_MAJOR=${version[1]}\nMYSQL_VERSION_MINOR=${version[2]}\nMYSQL_VERSION_PATCH=${version[3]}\n`,
  );
  const links = 'sbin/mariadbd bin/my_print_defaults bin/resolveip share/mysql lib/mysql/plugin';
  const install = [
    `install(CODE "foreach(link ${links})`,
    '  get_filename_component(dir \\${CMAKE_INSTALL_PREFIX}/\\${link} DIRECTORY)',
    '  file(MAKE_DIRECTORY \\${dir})',
    '  file(CREATE_LINK /usr/\\${link} \\${CMAKE_INSTALL_PREFIX}/\\${link} SYMBOLIC)',
    'endforeach()")',
  ].join('\n');
  const file = join(dir, 'CMakeLists.txt');
  const text = readFileSync(file, 'utf8');
  if (!text.includes('install(TARGETS mariadbd DESTINATION bin)')) throw new Error('the fixture changed');
  writeFileSync(file, text.replace('install(TARGETS mariadbd DESTINATION bin)', install));
}

/** A repository of the stand-in tree: "good", then one commit per edit; the commits by subject. */
function makeRepo(
  edits: readonly [string, Edit][],
  options: { realServer?: boolean } = {},
): Record<string, string> {
  const dir = join(temp.path, 'src');
  cpSync(FAKE, dir, { recursive: true });
  if (options.realServer === true) installRealServer(dir);
  git(dir, 'init', '--quiet', '-b', 'main');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'good');
  const shas: Record<string, string> = { good: git(dir, 'rev-parse', 'HEAD') };
  for (const [subject, edit] of edits) {
    edit(dir);
    git(dir, 'commit', '--quiet', '-a', '-m', subject);
    shas[subject] = git(dir, 'rev-parse', 'HEAD');
  }
  return shas;
}

/** Where HEAD is and whether anything changed: must be the same after every bisection. */
function checkoutState(): { head: string; branch: string; status: string } {
  const dir = join(temp.path, 'src');
  let branch: string;
  try {
    branch = git(dir, 'symbolic-ref', '--quiet', '--short', 'HEAD');
  } catch {
    branch = '(detached)';
  }
  return { head: git(dir, 'rev-parse', 'HEAD'), branch, status: git(dir, 'status', '--porcelain') };
}

// ---- Running it ----

const paths = (): { state: string; out: string; prefix: string } => ({
  state: join(temp.path, 'bisect-state.json'),
  out: join(temp.path, 'report'),
  prefix: join(temp.path, 'server'),
});

function cliArgs(good: string, bad: string, ...extra: string[]): string[] {
  const { state, out, prefix } = paths();
  return [
    'bisect',
    '--source',
    join(temp.path, 'src'),
    '--good',
    good,
    '--bad',
    bad,
    '--compiler',
    'gcc',
    '--suite',
    SUITE,
    '--cell',
    CELL,
    '--state',
    state,
    '--report-dir',
    out,
    '--prefix',
    prefix,
    '--ccache-dir',
    join(temp.path, 'ccache'),
    ...extra,
  ];
}

/** The CLI in-process; its exit status and what it printed to stdout. */
async function cli(args: string[]): Promise<{ code: number; stdout: string }> {
  const chunks: string[] = [];
  const spy = jestGlobals.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  });
  try {
    const code = await main(['node', 'mysql-perf-gate', ...args]);
    return { code, stdout: chunks.join('') };
  } finally {
    spy.mockRestore();
  }
}

function errorLines(): string[] {
  return stderr.text.split('\n').filter((line) => line.startsWith('mysql-perf-gate: '));
}

/** A Logger keeping every line, for the command called directly. */
function collectingLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const push = (line: string): void => {
    lines.push(line);
  };
  const logger: Logger = {
    info: push,
    warning: (line) => {
      push(`warning: ${line}`);
    },
    error: (line) => {
      push(`error: ${line}`);
    },
    debug: () => undefined,
    progress: push,
    group: async (name, fn) => {
      push(`== ${name}`);
      return fn();
    },
  };
  return { logger, lines };
}

/** The command itself, with reference values for the ends (which the CLI has no flag for). */
async function bisectDirect(
  good: string,
  bad: string,
  references: BisectReferences,
): Promise<{ outcome: BisectOutcome; lines: string[] }> {
  const { state, out, prefix } = paths();
  const flags: BisectFlags = {
    source: join(temp.path, 'src'),
    good,
    bad,
    cell: [CELL],
    suite: SUITE,
    maxRepetitions: BISECT_DEFAULTS.maxRepetitions,
    compiler: 'gcc',
    prefix,
    state,
    reportDir: out,
    buildType: 'RelWithDebInfo',
    ccache: 'auto',
    ccacheDir: join(temp.path, 'ccache'),
  };
  const { logger, lines } = collectingLogger();
  const outcome = await bisectCommand({ ...bisectOptionsFromFlags(flags), references }, logger);
  return { outcome, lines };
}

function readState(): BisectState {
  return BisectState.parse(JSON.parse(readFileSync(paths().state, 'utf8')));
}

/** Every measured commit nearer this good end than this bad end: the first bad is BAD itself. */
const FAR_APART: BisectReferences = { good: { [CELL]: [1, 1] }, bad: { [CELL]: [1e9, 1e9] } };

// ---- The tests ----

withBuild('bisect checks everything before it writes or builds anything', () => {
  interface Case {
    readonly name: string;
    /** Prepares the tree; returns the good and bad commits to pass. */
    readonly setUp: () => [string, string];
    /** More flags; a function, since temp.path is only known inside a test. */
    readonly extra?: () => string[];
    readonly message: RegExp;
    /** A state file the case wrote itself, which must be left as it was. */
    readonly keepsState?: boolean;
  }
  const twoCommits = (): Record<string, string> =>
    makeRepo([
      ['change 1', touch(1)],
      ['change 2', touch(2)],
    ]);
  const cases: Case[] = [
    {
      name: 'not a git checkout',
      setUp: () => {
        cpSync(FAKE, join(temp.path, 'src'), { recursive: true });
        return ['HEAD~1', 'HEAD'];
      },
      message: /^--source .*\/src is not a git checkout: bisect checks commits out/,
    },
    {
      name: 'local changes to tracked files',
      setUp: () => {
        twoCommits();
        touch(9)(join(temp.path, 'src'));
        appendFileSync(join(temp.path, 'src/VERSION'), '# edited\n');
        return ['HEAD~2', 'HEAD'];
      },
      message: /has local changes to tracked files \(VERSION, sql\/mysqld\.c\); commit or stash them first/,
    },
    {
      name: 'an unknown --good',
      setUp: () => {
        twoCommits();
        return ['no-such-tag', 'HEAD'];
      },
      message: /^--good no-such-tag: no such commit in /,
    },
    {
      name: 'an unknown --bad',
      setUp: () => {
        twoCommits();
        return ['HEAD~2', 'f'.repeat(40)];
      },
      message: /^--bad f{40}: no such commit in /,
    },
    {
      name: 'good and bad swapped',
      setUp: () => {
        twoCommits();
        return ['HEAD', 'HEAD~2'];
      },
      message: /^--good HEAD is not an ancestor of --bad HEAD~2: the good commit must come before/,
    },
    {
      name: 'the same commit twice',
      setUp: () => {
        twoCommits();
        return ['HEAD', 'main'];
      },
      message: /^no commits between --good HEAD and --bad main: they are the same commit$/,
    },
    {
      name: 'a cell the suite does not have',
      setUp: () => {
        twoCommits();
        return ['HEAD~2', 'HEAD'];
      },
      extra: () => ['--cell', 'oltp_read_only@1'],
      message: /^--cell oltp_read_only@1: suite tiny-instructions has no such cell; its cells: /,
    },
    {
      name: 'a metric the suite does not measure',
      setUp: () => {
        twoCommits();
        return ['HEAD~2', 'HEAD'];
      },
      extra: () => ['--metric', 'tps'],
      message: /^--metric tps: suite tiny-instructions \(metric: instructions\) measures instructions/,
    },
    {
      name: "another bisection's state file",
      setUp: () => {
        const shas = twoCommits();
        const suite = loadSuite(SUITE);
        const inputs = {
          source: resolve(temp.path, 'src'),
          good: shas['change 1'] ?? '',
          bad: shas['change 2'] ?? '',
          suite: { name: suite.name, definition: suite },
          cells: [CELL],
          metric: 'instructions' as const,
          serverOptions: {},
          compiler: 'gcc',
          build: { buildType: 'RelWithDebInfo', cmakeArgs: [] },
          references: {},
        };
        writeBisectState(paths().state, newState(inputs, [{ sha: inputs.bad, subject: 'change 2' }], '0'));
        return ['HEAD~2', 'HEAD'];
      },
      message:
        /bisect-state\.json belongs to another bisection \(its --good differ from this one's\); remove it/,
      keepsState: true,
    },
    {
      name: 'a prefix inside the checkout',
      setUp: () => {
        twoCommits();
        return ['HEAD~2', 'HEAD'];
      },
      extra: () => ['--prefix', join(temp.path, 'src/install')],
      message: /^--prefix .*\/src\/install overlaps the source tree .*; install somewhere outside it$/,
    },
    {
      name: 'a corrupt state file',
      setUp: () => {
        twoCommits();
        writeFileSync(paths().state, '{"schemaVersion": 1, "inputs"');
        return ['HEAD~2', 'HEAD'];
      },
      message: /^--state .*bisect-state\.json is not JSON; remove it to start afresh/,
      keepsState: true,
    },
  ];

  it.each(cases)('$name: exit 2, one line, nothing written, checkout unchanged', async (testCase) => {
    const [good, bad] = testCase.setUp();
    const { state, out, prefix } = paths();
    const stateBefore = existsSync(state) ? readFileSync(state, 'utf8') : null;
    const isRepo = existsSync(join(temp.path, 'src/.git'));
    const before = isRepo ? checkoutState() : null;
    const { code, stdout } = await cli(cliArgs(good, bad, ...(testCase.extra?.() ?? [])));
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(errorLines()).toEqual([expect.stringMatching(/^mysql-perf-gate: /)]);
    expect(errorLines()[0]?.slice('mysql-perf-gate: '.length)).toMatch(testCase.message);
    expect(existsSync(state) ? readFileSync(state, 'utf8') : null).toBe(
      testCase.keepsState ? stateBefore : null,
    );
    expect([out, prefix, `${prefix}.build`].filter((path) => existsSync(path))).toEqual([]);
    if (before !== null) expect(checkoutState()).toEqual(before);
  });
});

withBuild('bisect on the stand-in server, which builds but cannot be measured', () => {
  it(
    'skips the commit that does not build and those it cannot measure, names the suspects, resumes, and puts the checkout back',
    async () => {
      const shas = makeRepo([
        ['change 1', touch(1)],
        ['change 2', touch(2)],
        ['break the build', breakBuild],
        ['fix the build', fixBuild],
        ['change 5', touch(5)],
      ]);
      const before = checkoutState();
      const { outcome, lines } = await bisectDirect('HEAD~5', 'HEAD', FAR_APART);
      expect(outcome.exitCode).toBe(1);
      const { state } = outcome;
      // Every candidate but BAD was tried; none could be called, so all five are suspects.
      expect(state.result).toEqual({
        outcome: 'undecided',
        reason: 'only skipped commits are left to test; the first bad commit is one of these 5',
        suspects: ['change 1', 'change 2', 'break the build', 'fix the build', 'change 5'].map(
          (s) => shas[s],
        ),
      });
      const bySubject = Object.fromEntries(state.measured.map((commit) => [commit.subject, commit]));
      expect(Object.keys(bySubject).sort()).toEqual([
        'break the build',
        'change 1',
        'change 2',
        'fix the build',
      ]);
      expect(bySubject['break the build']).toMatchObject({
        call: 'skipped',
        reason: expect.stringMatching(/^does not build: compile error: sql\/broken\.c:3: /) as unknown,
        values: {},
        measureSeconds: null,
      });
      for (const subject of ['change 1', 'change 2', 'fix the build']) {
        expect(bySubject[subject]).toMatchObject({
          call: 'skipped',
          reason: expect.stringMatching(/^could not be measured: /) as unknown,
        });
      }
      // The lower of the two middles of 0..3 first (BAD, 4, is not measured).
      expect(lines.filter((line) => line.startsWith('step '))[0]).toBe(
        `step 1 of about 3: ${shas['change 2']?.slice(0, 12)} change 2`,
      );
      expect(lines).toContain(
        `range: good ${shas.good?.slice(0, 12)}..bad ${shas['change 5']?.slice(0, 12)}, 5 candidates left`,
      );
      expect(checkoutState()).toEqual(before);
      expect(lines.at(-1)).toMatch(/src is back on branch main$/);
      expect(outcome.summary).toMatch(/^could not decide: only skipped commits are left to test/);
      expect(readState()).toEqual(state);
      expect(JSON.parse(readFileSync(outcome.report.jsonPath, 'utf8'))).toMatchObject({
        result: state.result,
      });
      // Nothing was measured, so there is nothing to chart.
      expect(outcome.report.pngPath).toBeUndefined();
      expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([]);

      // Again: the result, without building or measuring anything.
      const again = await bisectDirect('HEAD~5', 'HEAD', FAR_APART);
      expect(again.outcome.state).toEqual(state);
      expect(again.lines[0]).toMatch(/is finished; its result again, without measuring:$/);
      expect(again.lines.filter((line) => /^building |^step /.test(line))).toEqual([]);

      // Interrupted before its last step: only that commit is built and measured again.
      const last = state.measured.at(-1);
      writeFileSync(
        paths().state,
        JSON.stringify({ ...state, result: null, measured: state.measured.slice(0, -1) }),
      );
      const resumed = await bisectDirect('HEAD~5', 'HEAD', FAR_APART);
      expect(resumed.lines[0]).toBe(`resuming the bisection in ${paths().state}: 3 commits measured already`);
      expect(resumed.lines.filter((line) => line.startsWith('step '))).toEqual([
        `step 4 of about 3: ${last?.sha.slice(0, 12)} ${last?.subject}`,
      ]);
      expect(resumed.outcome.state.result).toEqual(state.result);
      expect(checkoutState()).toEqual(before);
    },
    TIMEOUT_MS,
  );

  it(
    'an interrupt during a build stops it and puts the checkout back',
    async () => {
      makeRepo([
        ['change 1', touch(1)],
        ['change 2', touch(2)],
      ]);
      const before = checkoutState();
      const [node, args] = sourceCli(...cliArgs('HEAD~2', 'HEAD', '--cmake-arg=-DFAKE_SLOW=ON'));
      const child = spawn(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env } });
      const watched = watchChild(child, 'bisect');
      await watched.waitFor('build…');
      // Let ninja start the one-minute step first.
      await new Promise((done) => setTimeout(done, 1000));
      child.kill('SIGINT');
      const status = await watched.exit;
      expect({ status, output: status === 130 ? '' : watched.output() }).toEqual({ status: 130, output: '' });
      expect(watched.output()).toContain('interrupted by SIGINT');
      expect(watched.output()).toMatch(/src is back on branch main/);
      expect(checkoutState()).toEqual(before);
      expect(processesMentioning(`${paths().prefix}.build`)).toEqual([]);
      // The state was written before the first build, with nothing measured: a re-run starts there.
      expect(readState()).toMatchObject({ measured: [], result: null });
    },
    TIMEOUT_MS,
  );
});

withServer('bisect on the machine’s MariaDB (every commit installs the same server)', () => {
  it(
    'measures both ends, finds them indistinguishable and says so (exit 1), with the chart and the checkout back',
    async () => {
      makeRepo(
        [
          ['change 1', touch(1)],
          ['change 2', touch(2)],
        ],
        { realServer: true },
      );
      const before = checkoutState();
      const { code, stdout } = await cli(cliArgs('HEAD~2', 'HEAD'));
      expect({ code, errors: errorLines() }).toEqual({ code: 1, errors: [] });
      expect(stdout).toMatch(
        /^could not decide: the good and the bad end are indistinguishable: oltp_point_select@1: good [\d,]+, bad [\d,]+, a difference of .* within the noise \(.*\)\n2 commits measured \(2 candidates between the good and the bad commit\)\n/,
      );
      expect(stdout).toMatch(/\n[0-9a-f]{12} {2}good .* good \(good-end\) /);
      expect(stdout).toMatch(/\n[0-9a-f]{12} {2}change 2 .* bad \(bad-end\) /);
      const state = readState();
      expect(state.measured.map((commit) => commit.role)).toEqual(['good-end', 'bad-end']);
      for (const commit of state.measured) {
        const values = commit.values[CELL] ?? [];
        // Instructions per point select: tens of thousands, the same binary both times.
        expect(values).toHaveLength(2);
        expect(Math.min(...values)).toBeGreaterThan(10_000);
        expect(commit.resultsFiles.every((file) => existsSync(file))).toBe(true);
      }
      const png = readFileSync(join(paths().out, 'bisect.png'));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.length).toBeGreaterThan(10_000);
      expect(existsSync(join(paths().out, 'bisect.vl.json'))).toBe(true);
      expect(JSON.parse(readFileSync(join(paths().out, 'bisect.json'), 'utf8'))).toMatchObject({
        result: { outcome: 'undecided' },
      });
      expect(checkoutState()).toEqual(before);
      expect(processesMentioning(temp.path)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  it(
    'with reference ends, measures commits in the middle, skips the one that does not build, finds the first bad one and goes back to a detached HEAD',
    async () => {
      const shas = makeRepo(
        [
          ['change 1', touch(1)],
          ['break the build', breakBuild],
          ['fix the build', fixBuild],
          ['change 4', touch(4)],
        ],
        { realServer: true },
      );
      git(join(temp.path, 'src'), 'checkout', '--quiet', '--detach', shas['change 1'] ?? '');
      const before = checkoutState();
      const { outcome, lines } = await bisectDirect(shas.good ?? '', shas['change 4'] ?? '', FAR_APART);
      expect({ code: outcome.exitCode, lines: outcome.exitCode === 0 ? [] : lines }).toEqual({
        code: 0,
        lines: [],
      });
      expect(outcome.state.result).toEqual({ outcome: 'found', sha: shas['change 4'], subject: 'change 4' });
      // The middle (index 1) does not build; then 0 and 2 measure like the good end.
      expect(outcome.state.measured.map((commit) => [commit.subject, commit.call])).toEqual([
        ['break the build', 'skipped'],
        ['change 1', 'good'],
        ['fix the build', 'good'],
      ]);
      expect(lines.filter((line) => line.startsWith('step '))).toHaveLength(3);
      expect(lines).toContain(
        'the ends differ: oltp_point_select@1 good 1.00, bad 1,000,000,000 (noise 1,000,000)',
      );
      expect(outcome.summary).toMatch(
        new RegExp(`^first bad commit: ${shas['change 4']} change 4\\n3 commits measured`),
      );
      expect(outcome.report.pngPath).toBeDefined();
      expect(lines.filter((line) => line.startsWith('warning:'))).toEqual([]);
      expect(checkoutState()).toEqual({ ...before, branch: '(detached)' });
      expect(processesMentioning(temp.path)).toEqual([]);
    },
    TIMEOUT_MS,
  );
});
