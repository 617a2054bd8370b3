// `mysql-perf-gate compare-compilers`: flags → the compare-compilers command. Builds and the run
// report on stderr; the verdict's summary goes to stdout and decides the exit status, as for compare.
import type { Command } from 'commander';

import { type BuildFlags, commonBuildRequest } from '../commands/build.js';
import { compareCompilersCommand, compilerBuilds } from '../commands/compare-compilers.js';
import { COMPARE_FLAG_DEFAULTS, compareOptionsFromFlags, GATE_DEFAULT_SHOWN } from '../commands/compare.js';
import { runConfigFromFlags, type RunFlags } from '../commands/run.js';
import { type PlannedServer, serversToBuild } from '../commands/source-builds.js';
import { cliSpelling } from '../commands/spelling.js';
import { describeCompareOutcome } from './compare-command.js';
import { optionWithDefault } from './help-text.js';
import { printOut } from './print.js';
import { addOldSpelling } from './renamed-flags.js';
import { addBuildOptions, collect, lockTimeoutOption } from './shared-flags.js';
import { createStderrLogger } from './stderr-logger.js';

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
  lockTimeout?: string;
  maxRepetitions?: string;
  budget?: string;
  pin: string;
  parallelSides?: boolean;
  reportDir: string;
  tolerance?: string[];
  alpha: string;
  inconclusive: string;
  gate?: string;
  verbose?: boolean;
}

function runFlags(flags: CompareCompilersFlags): RunFlags {
  return {
    set: flags.set ?? [],
    baseSet: [],
    headSet: [],
    suite: flags.suite,
    out: flags.out,
    ...(flags.workDir === undefined ? {} : { workDir: flags.workDir }),
    keepWorkDir: flags.keepWorkDir ?? false,
    ...(flags.lockTimeout === undefined ? {} : { lockTimeout: flags.lockTimeout }),
    ...(flags.maxRepetitions === undefined ? {} : { maxRepetitions: flags.maxRepetitions }),
    ...(flags.budget === undefined ? {} : { budget: flags.budget }),
    pin: flags.pin,
    ...(flags.parallelSides === undefined ? {} : { parallelSides: flags.parallelSides }),
    verbose: flags.verbose ?? false,
  };
}

async function compareCompilers(flags: CompareCompilersFlags): Promise<number> {
  const logger = createStderrLogger({ verbose: flags.verbose ?? false });
  // Every flag is checked, once, before the builds, which take most of an hour: a typo in the
  // suite name must not wait for them.
  const options = compareOptionsFromFlags({ ...flags, tolerance: flags.tolerance ?? [] });
  const servers = serversToBuild(compilerBuilds(flags));
  const outcome = await compareCompilersCommand(
    {
      run: runConfigFromFlags<PlannedServer>({ ...runFlags(flags), ...servers }, cliSpelling, options),
      build: commonBuildRequest(flags),
      compare: { baselinePath: null, outDir: flags.reportDir, force: false, options },
    },
    logger,
  );
  printOut(describeCompareOutcome(outcome.compare));
  return outcome.compare.exitCode;
}

export function addCompareCompilersCommand(program: Command, onExitCode: (code: number) => void): void {
  const command = addBuildOptions(
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
        'built-in suite (quick, standard, instructions, tpcc) or a suite YAML file',
        'quick',
      )
      .option('--set <name=value>', 'server option for both sides (repeatable)', collect)
      .option('--out <file>', 'results JSON to write', 'results.json')
      .addOption(
        optionWithDefault(
          '--work-dir <dir>',
          'where datadirs, sockets and logs live during the run, created if missing',
          'a temporary directory',
        ),
      )
      .option('--keep-work-dir', 'keep datadirs after the run, for debugging')
      .addOption(lockTimeoutOption())
      .option('--max-repetitions <n>', 'repetitions per side an undecided cell may reach, as for run')
      .option('--budget <time>', 'how long the measurement may take with more repetitions, as for run')
      .option('--pin <mode>', 'CPUs of their own for the server and sysbench, as for run', 'auto')
      .addOption(
        optionWithDefault(
          '--parallel-sides',
          'count suites: both builds measured at once, as for run',
          'on with 2 CPUs or more',
        ),
      )
      .option('--no-parallel-sides', 'measure the two builds one at a time, interleaved')
      .option(
        '--report-dir <dir>',
        'directory for verdict.json, comment.md, report.html and charts/',
        'report',
      )
      .option('--tolerance <rule>', 'tolerance override, as for compare (repeatable)', collect)
      .option('--alpha <p>', 'significance level', COMPARE_FLAG_DEFAULTS.alpha)
      .option(
        '--inconclusive <pass|fail>',
        'what a too-noisy verdict counts as',
        COMPARE_FLAG_DEFAULTS.inconclusive,
      )
      .addOption(
        optionWithDefault('--gate <metrics>', 'metrics whose cells decide the verdict', GATE_DEFAULT_SHOWN),
      )
      .option(
        '--gate-work',
        'a changed status counter (work per transaction) fails the gate too, as for compare',
      ),
  );
  addOldSpelling(command, { old: '--report <dir>', now: '--report-dir' }).action(
    async (flags: CompareCompilersFlags) => {
      onExitCode(await compareCompilers(flags));
    },
  );
}
