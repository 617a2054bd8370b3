// `mysql-perf-gate bisect`: flags → the bisect command. Progress goes to stderr; the result and
// the table of measured commits go to stdout. Exit 0 when the first bad commit was found, 1 when
// the bisection could not decide, 2 for bad input or an error.
import type { Command } from 'commander';

import {
  BISECT_DEFAULTS,
  bisectCommand,
  type BisectFlags,
  bisectOptionsFromFlags,
} from '../commands/bisect.js';
import { optionWithDefault } from './help-text.js';
import { printOut } from './print.js';
import { addOldSpelling } from './renamed-flags.js';
import { addBuildOptions, collect, lockTimeoutOption } from './shared-flags.js';
import { createStderrLogger } from './stderr-logger.js';

interface ParsedBisectFlags extends BisectFlags {
  verbose?: boolean;
}

async function bisect(flags: ParsedBisectFlags): Promise<number> {
  const logger = createStderrLogger({ verbose: flags.verbose ?? false });
  const options = bisectOptionsFromFlags(flags);
  const outcome = await bisectCommand(options, logger);
  printOut(`${outcome.summary}\n`);
  const { report } = outcome;
  const chart = report.pngPath === undefined ? '' : `, chart ${report.pngPath}`;
  logger.info(`report: ${report.jsonPath}${chart}; state: ${options.statePath}`);
  return outcome.exitCode;
}

export function addBisectCommand(program: Command, onExitCode: (code: number) => void): void {
  const command = addBuildOptions(
    program
      .command('bisect')
      .description(
        'Find the first commit between --good and --bad where a cell changed, by building and measuring commits of a git checkout; exit 0 found, 1 undecided, 2 error.',
      )
      .requiredOption(
        '--source <dir>',
        'git checkout of the server source, without local changes to tracked files',
      )
      .requiredOption('--good <commit>', 'a commit before the change (hash, tag or branch)')
      .requiredOption('--bad <commit>', 'a commit after the change; --good must be its ancestor')
      .option(
        '--compiler <spec>',
        'gcc-12, clang-16, a path to gcc/clang, or a CC:CXX pair',
        BISECT_DEFAULTS.compiler,
      )
      .addOption(
        optionWithDefault(
          '--cell <workload@threads>',
          'the cell that changed, e.g. oltp_point_select@1 (repeatable: a commit is bad only when every cell says so)',
          "the suite's only cell",
        ).argParser(collect),
      )
      .addOption(
        optionWithDefault(
          '--metric <name>',
          'metric to bisect on',
          'instructions for an instruction suite, tps for a throughput suite',
        ),
      )
      .option(
        '--suite <name|file>',
        'built-in suite (quick, standard, instructions, tpcc) or a suite YAML file; only the --cell cells run',
        BISECT_DEFAULTS.suite,
      )
      .option(
        '--max-repetitions <n>',
        'throughput-like metrics: measure an ambiguous commit again until it has this many repetitions, then skip it',
        BISECT_DEFAULTS.maxRepetitions,
      )
      .option('--set <name=value>', 'server option (repeatable)', collect)
      .addOption(
        optionWithDefault(
          '--prefix <dir>',
          'install prefix every step reuses',
          '<source>.bisect-server, beside the checkout',
        ),
      )
      .addOption(
        optionWithDefault(
          '--build-dir <dir>',
          'CMake build directory every step reuses, so a step recompiles only what changed',
          '<prefix>.build',
        ),
      )
      .option(
        '--history <dir>',
        'a history directory (history append): its runs of --good and --bad stand for the ends, which are then not measured again',
      )
      .option('--testbed <name>', 'the testbed of the history to read, when --history holds several')
      .option(
        '--state <file>',
        'state file, written after every step; run the same command again to resume',
        BISECT_DEFAULTS.state,
      )
      .option(
        '--report-dir <dir>',
        "directory for bisect.json, bisect.png and bisect.vl.json, and each run's results (runs/)",
        BISECT_DEFAULTS.reportDir,
      )
      .addOption(lockTimeoutOption()),
  );
  addOldSpelling(command, { old: '--out-dir <dir>', now: '--report-dir' }).action(
    async (flags: ParsedBisectFlags) => {
      onExitCode(await bisect(flags));
    },
  );
}
