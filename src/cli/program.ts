// The `mysql-perf-gate` command line: one commander program whose commands each parse their flags
// into a typed request for the command layer (src/commands/) and print what it returns.
import os from 'node:os';
import { inspect } from 'node:util';

import { Command, CommanderError } from 'commander';

import { GateError, internalErrorLine, InterruptedError } from '../errors.js';
import { packageIssuesUrl, packageRelease, releaseLine } from '../shell/package-root.js';
import { addBaselineCommands } from './baseline-command.js';
import { addBisectCommand } from './bisect-command.js';
import { addBuildCommand } from './build-command.js';
import { addCompareCommand } from './compare-command.js';
import { addCompareCompilersCommand } from './compare-compilers-command.js';
import { addDoctorCommand } from './doctor-command.js';
import { withHelpText } from './help-text.js';
import { addHistoryCommands } from './history-command.js';
import { addInitCommand } from './init-command.js';
import { addMergeCommand } from './merge-command.js';
import { printErr } from './print.js';
import { addRunCommand } from './run-command.js';
import { EXIT_ERROR, EXIT_OK } from './shared-flags.js';

export function buildProgram(onExitCode: (code: number) => void): Command {
  const program = withHelpText(new Command('mysql-perf-gate'))
    .description('Tells whether a change made a MySQL-family server slower, with sysbench and statistics.')
    .version(releaseLine(packageRelease()))
    .showHelpAfterError('(run with --help for usage)');
  // The order of --help's command list.
  addRunCommand(program, onExitCode);
  addMergeCommand(program, onExitCode);
  addBaselineCommands(program, onExitCode);
  addHistoryCommands(program, onExitCode);
  addBuildCommand(program, onExitCode);
  addCompareCompilersCommand(program, onExitCode);
  addCompareCommand(program, onExitCode);
  addBisectCommand(program, onExitCode);
  addDoctorCommand(program, onExitCode);
  addInitCommand(program, onExitCode);
  addVerboseEverywhere(program);
  return program;
}

/** Set to 1, an error's stack is printed below its line, as --verbose does on every command. */
export const DEBUG_ENV = 'MYSQL_PERF_GATE_DEBUG';

/** --verbose on every command that runs, for an error's stack; run, build and others give it more. */
function addVerboseEverywhere(command: Command): void {
  if (command.commands.length > 0) {
    command.commands.forEach(addVerboseEverywhere);
  } else if (!command.options.some((option) => option.long === '--verbose')) {
    command.option('--verbose', "print an error's stack trace");
  }
}

/**
 * The exit status for an error: 128 + the signal when interrupted, else 2, with one line on
 * stderr: the message of the tool's own errors, or, for anything else (a bug), the message said
 * to be internal, with where to report it. The stack follows only with `verbose`.
 */
export function reportError(error: unknown, verbose: boolean): number {
  if (error instanceof CommanderError) {
    // --help and --version "fail" with exit code 0; usage errors were already printed.
    return error.exitCode === 0 ? EXIT_OK : EXIT_ERROR;
  }
  if (error instanceof InterruptedError) {
    printErr(`mysql-perf-gate: ${error.message}\n`);
    return 128 + os.constants.signals[error.signal];
  }
  const line =
    error instanceof GateError
      ? error.message
      : internalErrorLine(error, packageIssuesUrl(), 'run with --verbose for the stack');
  printErr(`mysql-perf-gate: ${line}\n`);
  if (verbose) printErr(`${inspect(error)}\n`);
  return EXIT_ERROR;
}

/** Parses argv, runs the command, and returns the process exit status. Never throws. */
export async function main(argv: readonly string[]): Promise<number> {
  let exitCode = EXIT_OK;
  let verbose = process.env[DEBUG_ENV] === '1';
  let program: Command;
  try {
    // A damaged release.json (an installed package's commit) is refused here, in one line.
    program = buildProgram((code) => {
      exitCode = code;
    });
  } catch (error) {
    return reportError(error, verbose);
  }
  program.hook('preAction', (_program, command) => {
    if (command.opts<{ verbose?: boolean }>().verbose === true) verbose = true;
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
    return reportError(error, verbose);
  }
}
