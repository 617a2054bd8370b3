// `mysql-perf-gate baseline save|show`: store one side of a results file as a baseline, and look
// at what is stored. Data goes to stdout, messages to stderr.
import { Command, Option } from 'commander';

import { DEFAULT_KEEP } from '../commands/baseline-save.js';
import {
  type BaselineSaveFlags,
  baselineSaveCommand,
  baselineSaveRequest,
} from '../commands/baseline-save.js';
import { baselineShowCommand, baselineShowRequest } from '../commands/baseline-show.js';
import { optionWithDefault } from './help-text.js';
import { printErr, printOut } from './print.js';
import { EXIT_OK } from './shared-flags.js';

/** Where the commands write and what they read from the process; tests pass their own. */
export interface BaselineCommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => Date;
}

const processIo: BaselineCommandIo = {
  stdout: (text) => {
    printOut(text);
  },
  stderr: (text) => {
    printErr(text);
  },
  env: process.env,
  now: () => new Date(),
};

interface ShowFlags {
  dir: string;
  testbed?: string;
  suite?: string;
}

function save(resultsPath: string, flags: BaselineSaveFlags, io: BaselineCommandIo): void {
  const outcome = baselineSaveCommand(baselineSaveRequest(resultsPath, flags, io.env, io.now()));
  const { keep, testbed, commit } = outcome.request;
  if (testbed === undefined) {
    io.stderr(`testbed ${outcome.key.testbed} is the hardware fingerprint; --testbed gives it a name\n`);
  }
  if (commit === undefined) io.stderr('no commit recorded: pass --commit, or set GITHUB_SHA\n');
  for (const warning of outcome.warnings) io.stderr(`warning: ${warning}\n`);
  if (outcome.dropped > 0) {
    io.stderr(
      `dropped the oldest ${outcome.dropped} ${outcome.dropped === 1 ? 'entry' : 'entries'} to keep ${keep}\n`,
    );
  }
  const count = `${outcome.entries} ${outcome.entries === 1 ? 'entry' : 'entries'}`;
  io.stdout(
    outcome.added
      ? `saved ${outcome.path} (${count}, newest last, keeping at most ${keep})\n`
      : `already stored: ${outcome.path} holds this run (${count}); nothing changed\n`,
  );
}

function show(file: string | undefined, flags: ShowFlags, io: BaselineCommandIo): void {
  const outcome = baselineShowCommand(baselineShowRequest(file, flags));
  if (outcome.text !== undefined) io.stdout(`${outcome.text}\n`);
  if (outcome.nothingFound !== undefined) io.stderr(`${outcome.nothingFound}\n`);
  if (outcome.error) throw outcome.error;
}

/** Adds `baseline save` and `baseline show` to the program. */
export function addBaselineCommands(
  program: Command,
  onExitCode: (code: number) => void,
  io: BaselineCommandIo = processIo,
): void {
  const baseline = program
    .command('baseline')
    .description('Store results as a baseline for later comparisons, and show stored baselines.');

  baseline
    .command('save')
    .description(
      'Append one side of a results file (every repetition, server facts, machine, commit) to its baseline, ' +
        'keyed by testbed, suite and server options.',
    )
    .argument('<results>', 'results JSON written by run')
    .option('--dir <dir>', 'baselines directory', 'baselines')
    .addOption(
      optionWithDefault('--testbed <name>', 'testbed name', 'the hardware fingerprint of the results'),
    )
    .addOption(optionWithDefault('--commit <sha>', 'commit measured', '$GITHUB_SHA when set'))
    .addOption(
      new Option('--side <side>', 'side of an A/B run to store').choices(['head', 'base']).default('head'),
    )
    .option('--keep <n>', 'entries kept per baseline, oldest dropped first', String(DEFAULT_KEEP))
    .action((resultsPath: string, flags: BaselineSaveFlags) => {
      save(resultsPath, flags, io);
      onExitCode(EXIT_OK);
    });

  baseline
    .command('show')
    .description('List the baselines under --dir, or show the entries of one baseline FILE.')
    .argument('[file]', 'a baseline file to show in full')
    .option('--dir <dir>', 'baselines directory to list', 'baselines')
    .option('--testbed <name>', 'list only this testbed')
    .option('--suite <name>', 'list only this suite')
    .action((file: string | undefined, flags: ShowFlags) => {
      show(file, flags, io);
      onExitCode(EXIT_OK);
    });

  // main() applies exitOverride to top-level commands only; usage errors in these nested ones
  // must throw a CommanderError too, not call process.exit.
  for (const command of [baseline, ...baseline.commands]) command.exitOverride();
}
