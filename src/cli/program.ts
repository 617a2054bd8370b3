// The `mysql-perf-gate` command line. Flags are read once into a RunConfig; the work itself is
// the same runSuite the action calls.
import os from 'node:os';
import { dirname } from 'node:path';

import { Command, CommanderError } from 'commander';

import { runCompare } from '../commands/compare.js';
import { compareOptionsFromFlags, type CompareOptionFlags } from '../commands/compare-options.js';
import { verdictExitCode } from '../compare/verdict.js';
import { GateError, InterruptedError } from '../errors.js';
import { packageVersion } from '../shell/package-root.js';
import { renderResultsSummary } from '../results/results-summary.js';
import { rawDirFor } from '../run/run-config.js';
import { runConfigFromFlags, type RunFlags } from '../commands/run-options.js';
import { runSuite } from '../run/run-suite.js';
import { withCleanupScope } from '../shell/cleanup.js';
import { addBaselineCommands } from './baseline-command.js';
import { addBuildCommands } from './build-command.js';
import { createStderrLogger } from './stderr-logger.js';

export const EXIT_OK = 0;
export const EXIT_ERROR = 2;

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

type ParsedRunFlags = Omit<RunFlags, 'set' | 'baseSet' | 'headSet'> &
  Partial<Pick<RunFlags, 'set' | 'baseSet' | 'headSet'>>;

async function runCommand(flags: RunFlags): Promise<number> {
  const logger = createStderrLogger({ verbose: flags.verbose ?? false });
  const config = runConfigFromFlags(flags);
  const results = await withCleanupScope(
    (scope) => runSuite(config, logger, scope),
    (failures) => {
      logger.warning(`could not clean up everything:\n${failures.join('\n')}`);
    },
  );
  logger.info('');
  logger.info(renderResultsSummary(results));
  logger.info('');
  logger.info(
    `results: ${config.outPath} (raw sysbench output and error logs: ${rawDirFor(config.outPath)}/)`,
  );
  return EXIT_OK;
}

interface CompareFlags extends Omit<CompareOptionFlags, 'tolerance'> {
  baseline?: string;
  out: string;
  tolerance?: string[];
  force?: boolean;
}

async function compareCommand(resultsPath: string, flags: CompareFlags): Promise<number> {
  const outcome = await runCompare({
    resultsPath,
    baselinePath: flags.baseline ?? null,
    outDir: flags.out,
    force: flags.force ?? false,
    options: compareOptionsFromFlags({ ...flags, tolerance: flags.tolerance ?? [] }),
  });
  process.stdout.write(
    `${outcome.summary}\n\nverdict: ${outcome.verdictPath}\n` +
      `report: ${outcome.report.htmlPath}, comment: ${outcome.report.commentPath}, ` +
      `${outcome.report.charts.length} chart(s) in ${dirname(outcome.report.commentPath)}/charts/\n`,
  );
  return verdictExitCode(outcome.verdict);
}

export function buildProgram(onExitCode: (code: number) => void): Command {
  const program = new Command('mysql-perf-gate')
    .description('Tells whether a change made a MySQL-family server slower, with sysbench and statistics.')
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)');

  program
    .command('run')
    .description('Measure one server (--server) or two interleaved (--base, --head) with a sysbench suite.')
    .option('--server <path>', 'mysqld/mariadbd binary, or an install prefix containing one')
    .option('--base <path>', 'base server for an A/B run (binary or install prefix)')
    .option('--head <path>', 'head server for an A/B run (binary or install prefix)')
    .option('--set <name=value>', 'server option for every side (repeatable)', collect)
    .option('--base-set <name=value>', 'server option for the base side only (repeatable)', collect)
    .option('--head-set <name=value>', 'server option for the head side only (repeatable)', collect)
    .option(
      '--suite <name|file>',
      'built-in suite (quick, standard, instructions) or a suite YAML file',
      'quick',
    )
    .option('--out <file>', 'results JSON to write; raw output goes to <file>.raw/ beside it', 'results.json')
    .option(
      '--work-dir <dir>',
      'where datadirs, sockets and logs live during the run (created if missing; default: a temp dir)',
    )
    .option('--keep-work-dir', 'keep datadirs after the run, for debugging')
    .option('--verbose', 'show debug output (server start-up, commands)')
    .action(async (flags: ParsedRunFlags) => {
      onExitCode(
        await runCommand({
          ...flags,
          set: flags.set ?? [],
          baseSet: flags.baseSet ?? [],
          headSet: flags.headSet ?? [],
        }),
      );
    });
  addBaselineCommands(program, onExitCode);
  addBuildCommands(program, onExitCode, {
    run: runCommand,
    compare: (resultsPath, flags) => compareCommand(resultsPath, flags),
  });

  program
    .command('compare')
    .description(
      'Decide whether the head got slower than the base: exit 0 pass, 1 fail (a regression), 2 error.',
    )
    .argument('<results>', 'results JSON written by run')
    .option(
      '--baseline <file>',
      'stored baseline to compare the head with (default: the base side of an A/B results file)',
    )
    .option('--out <dir>', 'directory for verdict.json', 'report')
    .option(
      '--tolerance <rule>',
      'tolerance override, [WORKLOAD[@THREADS]:]METRIC=FRACTION, e.g. tps=0.03 or oltp_insert@64:tps=10% (repeatable)',
      collect,
    )
    .option('--alpha <p>', 'significance level, after Holm adjustment across cells', '0.05')
    .option(
      '--inconclusive <pass|fail>',
      'what a too-noisy verdict counts as (it is always reported loudly)',
      'pass',
    )
    .option(
      '--gate <metrics>',
      'metrics whose cells decide the verdict, comma-separated (tps, latencyMs, instructions, instructionsTotal, cpuTimeUs, hwInstructions)',
      'tps,instructions',
    )
    .option('--force', 'compare even across suites or machines (the difference becomes a warning)')
    .action(async (resultsPath: string, flags: CompareFlags) => {
      onExitCode(await compareCommand(resultsPath, flags));
    });
  return program;
}

/** Parses argv, runs the command, and returns the process exit status. Never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = EXIT_OK;
  const program = buildProgram((code) => {
    exitCode = code;
  });
  const override = (command: Command): void => {
    command.exitOverride();
    command.commands.forEach(override);
  };
  override(program);
  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version "fail" with exit code 0; usage errors were already printed.
      return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
    }
    if (error instanceof InterruptedError) {
      process.stderr.write(`mysql-perf-gate: ${error.message}\n`);
      return 128 + os.constants.signals[error.signal];
    }
    const message =
      error instanceof GateError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`mysql-perf-gate: ${message}\n`);
    return EXIT_ERROR;
  }
}
