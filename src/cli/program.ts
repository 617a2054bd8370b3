// The `mysql-perf-gate` command line: one commander program whose commands each parse their flags
// into a typed request for the command layer (src/commands/) and print what it returns.
import os from 'node:os';

import { Command, CommanderError } from 'commander';

import { GateError, InterruptedError } from '../errors.js';
import { packageVersion } from '../shell/package-root.js';
import { addBaselineCommands } from './baseline-command.js';
import { addBisectCommand } from './bisect-command.js';
import { addBuildCommand } from './build-command.js';
import { addCompareCommand } from './compare-command.js';
import { addCompareCompilersCommand } from './compare-compilers-command.js';
import { addDoctorCommand } from './doctor-command.js';
import { addHistoryCommands } from './history-command.js';
import { addMergeCommand } from './merge-command.js';
import { addRunCommand } from './run-command.js';
import { EXIT_ERROR, EXIT_OK } from './shared-flags.js';

export function buildProgram(onExitCode: (code: number) => void): Command {
  const program = new Command('mysql-perf-gate')
    .description('Tells whether a change made a MySQL-family server slower, with sysbench and statistics.')
    .version(packageVersion())
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
  return program;
}

/** The exit status for an error: 128 + the signal when interrupted, else 2, with the message on stderr. */
function reportError(error: unknown): number {
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
    return reportError(error);
  }
}
