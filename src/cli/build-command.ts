// `mysql-perf-gate build` and `compare-compilers`: a server built from source with a chosen
// compiler, and the same source built with two compilers and measured against each other.
import { join } from 'node:path';

import { type Command, Option } from 'commander';

import {
  BUILD_TYPES,
  type BuildOutcome,
  type BuildRequest,
  buildServer,
  parseBuildType,
  parseCcacheMode,
} from '../builder/build-server.js';
import { comparisonLabels, resolveCompiler } from '../builder/compilers.js';
import { detectSourceTree } from '../builder/source-tree.js';
import { compareOptionsFromFlags } from '../commands/compare-options.js';
import { InputError } from '../errors.js';
import { FLAVOR_NAMES } from '../results/results-schema.js';
import { runConfigFromFlags, type RunFlags } from '../commands/run-options.js';
import { type CleanupScope, withCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { createStderrLogger } from './stderr-logger.js';

/** Same value as program.ts's EXIT_OK; not imported, since program.ts imports this module. */
const EXIT_OK = 0;

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

interface BuildFlags {
  buildType: string;
  cmakeArg?: string[];
  jobs?: string;
  ccache: string;
  ccacheDir?: string;
  verbose?: boolean;
}

interface SingleBuildFlags extends BuildFlags {
  source: string;
  compiler: string;
  prefix: string;
  buildDir?: string;
  target?: string[];
}

/** What compare-compilers needs from program.ts (which imports this module). */
export interface RunAndCompare {
  run(flags: RunFlags): Promise<number>;
  compare(
    resultsPath: string,
    flags: { out: string; tolerance: string[]; alpha: string; inconclusive: string; gate: string },
  ): Promise<number>;
}

function parseJobs(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InputError(`--jobs ${value}: expected a whole number ≥ 1`);
  }
  return Number(value);
}

function commonRequest(flags: BuildFlags): Omit<BuildRequest, 'source' | 'compiler' | 'prefix' | 'targets'> {
  const jobs = parseJobs(flags.jobs);
  return {
    buildType: parseBuildType(flags.buildType, '--build-type'),
    cmakeArgs: flags.cmakeArg ?? [],
    ccache: parseCcacheMode(flags.ccache, '--ccache'),
    ...(jobs === undefined ? {} : { jobs }),
    ...(flags.ccacheDir === undefined ? {} : { ccacheDir: flags.ccacheDir }),
  };
}

function addBuildOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--build-type <type>', 'CMake build type')
        .choices([...BUILD_TYPES])
        .default('RelWithDebInfo'),
    )
    .option(
      '--cmake-arg <arg>',
      'extra CMake argument, e.g. -DPLUGIN_ROCKSDB=YES; comes after the defaults, so it wins (repeatable)',
      collect,
    )
    .option('--jobs <n>', 'parallel compile jobs (default: the number of CPUs)')
    .addOption(
      new Option('--ccache <mode>', 'compile through ccache: auto (when installed), on (required) or off')
        .choices(['auto', 'on', 'off'])
        .default('auto'),
    )
    .option('--ccache-dir <dir>', 'ccache directory to use (default: $CCACHE_DIR, else ~/.cache/ccache)')
    .option('--verbose', 'show debug output');
}

function describe(outcome: BuildOutcome): string {
  const { info } = outcome;
  const lines = [
    `${FLAVOR_NAMES[info.flavor]} ${info.version} built with ${info.compiler.id} ${info.compiler.version} (${info.buildType}; C flags "${info.flags.c}", C++ flags "${info.flags.cxx}")`,
    `source: ${info.source.root}${info.source.gitCommit ? ` at ${info.source.gitCommit}${info.source.gitDirty ? ' with local changes' : ''}` : ''}`,
    `time: configure ${info.seconds.configure} s, build ${info.seconds.build} s, install ${info.seconds.install} s`,
  ];
  if (outcome.binary !== undefined) {
    lines.push(`server: ${outcome.binary}`, `build description: ${outcome.infoPath ?? ''}`);
    lines.push(`measure it with: mysql-perf-gate run --server ${outcome.prefix}`);
  } else {
    lines.push(`built targets ${info.targets.join(', ')} in ${outcome.buildDir} (not installed)`);
  }
  return lines.join('\n');
}

async function inScope<T>(logger: Logger, fn: (scope: CleanupScope) => Promise<T>): Promise<T> {
  return withCleanupScope(fn, (failures) => {
    logger.warning(`could not clean up everything:\n${failures.join('\n')}`);
  });
}

interface CompareCompilersFlags extends BuildFlags {
  source: string;
  baseCompiler: string;
  headCompiler: string;
  prefixDir: string;
  suite: string;
  set?: string[];
  out: string;
  workDir?: string;
  keepWorkDir?: boolean;
  report: string;
  tolerance?: string[];
  alpha: string;
  inconclusive: string;
  gate: string;
}

export function addBuildCommands(
  program: Command,
  onExitCode: (code: number) => void,
  runAndCompare: RunAndCompare,
): void {
  addBuildOptions(
    program
      .command('build')
      .description(
        'Build a MySQL, Percona Server or MariaDB source tree with a chosen compiler and install it into a prefix that run --server accepts.',
      )
      .requiredOption('--source <dir>', 'top of the source tree')
      .requiredOption('--compiler <spec>', 'gcc-12, clang-16, a path to gcc/clang, or a CC:CXX pair')
      .requiredOption('--prefix <dir>', 'install prefix; build.json describing the build is written there')
      .option(
        '--build-dir <dir>',
        'CMake build directory, kept for incremental rebuilds (default: <prefix>.build)',
      )
      .option(
        '--target <name>',
        'build only this CMake target and do not install, to check a configuration quickly (repeatable)',
        collect,
      ),
  ).action(async (flags: SingleBuildFlags) => {
    const logger = createStderrLogger({ verbose: flags.verbose ?? false });
    const outcome = await inScope(logger, (scope) =>
      buildServer(
        {
          ...commonRequest(flags),
          source: flags.source,
          compiler: flags.compiler,
          prefix: flags.prefix,
          targets: flags.target ?? [],
          ...(flags.buildDir === undefined ? {} : { buildDir: flags.buildDir }),
        },
        logger,
        scope,
      ),
    );
    process.stdout.write(`${describe(outcome)}\n`);
    onExitCode(EXIT_OK);
  });

  addBuildOptions(
    program
      .command('compare-compilers')
      .description(
        'Build one source tree with two compilers and run the gate between them (base = first compiler, head = second); exit 0 pass, 1 fail, 2 error.',
      )
      .requiredOption('--source <dir>', 'top of the source tree')
      .requiredOption('--base-compiler <spec>', 'compiler of the base side, e.g. gcc-12')
      .requiredOption('--head-compiler <spec>', 'compiler of the head side, e.g. clang-16')
      .option(
        '--prefix-dir <dir>',
        'where the two builds go: <dir>/<compiler> and <dir>/<compiler>.build',
        'compilers',
      )
      .option(
        '--suite <name|file>',
        'built-in suite (quick, standard, instructions) or a suite YAML file',
        'quick',
      )
      .option('--set <name=value>', 'server option for both sides (repeatable)', collect)
      .option('--out <file>', 'results JSON to write', 'results.json')
      .option('--work-dir <dir>', 'where datadirs, sockets and logs live during the run')
      .option('--keep-work-dir', 'keep datadirs after the run, for debugging')
      .option('--report <dir>', 'directory for verdict.json, comment.md, report.html and charts', 'report')
      .option('--tolerance <rule>', 'tolerance override, as for compare (repeatable)', collect)
      .option('--alpha <p>', 'significance level', '0.05')
      .option('--inconclusive <pass|fail>', 'what a too-noisy verdict counts as', 'pass')
      .option('--gate <metrics>', 'metrics whose cells decide the verdict', 'tps,instructions'),
  ).action(async (flags: CompareCompilersFlags) => {
    const logger = createStderrLogger({ verbose: flags.verbose ?? false });
    const runFlags = (base: string, head: string): RunFlags => ({
      base,
      head,
      set: flags.set ?? [],
      baseSet: [],
      headSet: [],
      suite: flags.suite,
      out: flags.out,
      ...(flags.workDir === undefined ? {} : { workDir: flags.workDir }),
      keepWorkDir: flags.keepWorkDir ?? false,
      verbose: flags.verbose ?? false,
    });
    const compareFlags = {
      out: flags.report,
      tolerance: flags.tolerance ?? [],
      alpha: flags.alpha,
      inconclusive: flags.inconclusive,
      gate: flags.gate,
    };
    // Every flag is checked before the builds, which take most of an hour: a typo in the suite
    // name must not wait for them.
    runConfigFromFlags(runFlags(flags.source, flags.source));
    compareOptionsFromFlags(compareFlags);
    await detectSourceTree(flags.source);
    await resolveCompiler(flags.baseCompiler);
    await resolveCompiler(flags.headCompiler);
    const [baseLabel, headLabel] = comparisonLabels(flags.baseCompiler, flags.headCompiler);
    const prefixes: string[] = [];
    for (const [side, spec, label] of [
      ['base', flags.baseCompiler, baseLabel],
      ['head', flags.headCompiler, headLabel],
    ] as const) {
      const outcome = await logger.group(`Build the ${side} side with ${spec}`, () =>
        inScope(logger, (scope) =>
          buildServer(
            {
              ...commonRequest(flags),
              source: flags.source,
              compiler: spec,
              prefix: join(flags.prefixDir, label),
              targets: [],
            },
            logger,
            scope,
          ),
        ),
      );
      logger.info(describe(outcome));
      prefixes.push(outcome.prefix);
    }
    const [base = '', head = ''] = prefixes;
    const runExit = await runAndCompare.run(runFlags(base, head));
    if (runExit !== EXIT_OK) {
      onExitCode(runExit);
      return;
    }
    onExitCode(await runAndCompare.compare(flags.out, compareFlags));
  });
}
