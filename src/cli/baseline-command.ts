// `mysql-perf-gate baseline save|show`: store one side of a results file as a baseline, and look
// at what is stored. Data goes to stdout, messages to stderr.
import { Command, Option } from 'commander';

import { checkKeep, DEFAULT_KEEP, parseCommit } from '../baseline/entry.js';
import { renderBaselineFile, renderBaselineList } from '../baseline/baseline-listing.js';
import { listBaselines, readBaselineFile, saveBaseline } from '../baseline/store.js';
import { BaselineError, InputError } from '../errors.js';
import { readResults } from '../results/results-file.js';
import type { SideName } from '../results/results-schema.js';

/** Same value as program.ts's EXIT_OK; not imported, since program.ts imports this module. */
const EXIT_OK = 0;

/** Where the commands write and what they read from the process; tests pass their own. */
export interface BaselineCommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly now: () => Date;
}

const processIo: BaselineCommandIo = {
  stdout: (text) => {
    process.stdout.write(text);
  },
  stderr: (text) => {
    process.stderr.write(text);
  },
  env: process.env,
  now: () => new Date(),
};

interface SaveFlags {
  dir: string;
  testbed?: string;
  commit?: string;
  side: SideName;
  keep: string;
}

interface ShowFlags {
  dir: string;
  testbed?: string;
  suite?: string;
}

function parseKeepFlag(text: string): number {
  const keep = /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
  if (Number.isNaN(keep))
    throw new InputError(`--keep must be a whole number of entries, 1 or more; got "${text}"`);
  return checkKeep(keep, '--keep');
}

function commitFrom(flags: SaveFlags, env: BaselineCommandIo['env']): string | undefined {
  if (flags.commit !== undefined) return parseCommit(flags.commit, '--commit');
  const sha = env.GITHUB_SHA;
  return sha === undefined || sha.trim() === '' ? undefined : parseCommit(sha, 'GITHUB_SHA');
}

function save(resultsPath: string, flags: SaveFlags, io: BaselineCommandIo): void {
  const keep = parseKeepFlag(flags.keep);
  const commit = commitFrom(flags, io.env);
  const results = readResults(resultsPath);
  const outcome = saveBaseline(flags.dir, results, {
    ...(flags.testbed === undefined ? {} : { testbed: flags.testbed }),
    ...(commit === undefined ? {} : { commit }),
    side: flags.side,
    keep,
    savedAt: io.now().toISOString(),
  });
  if (flags.testbed === undefined) {
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
  if (file !== undefined) {
    if (flags.testbed !== undefined || flags.suite !== undefined) {
      throw new InputError(
        '--testbed and --suite choose baselines to list; leave them out when naming a FILE',
      );
    }
    io.stdout(`${renderBaselineFile(readBaselineFile(file), file)}\n`);
    return;
  }
  const listing = listBaselines(flags.dir, flags.testbed);
  const shown = listing.found.filter(
    (baseline) => flags.suite === undefined || baseline.file.key.suite === flags.suite,
  );
  if (shown.length > 0) io.stdout(`${renderBaselineList(shown)}\n`);
  else {
    const filter = [
      flags.testbed === undefined ? '' : ` for testbed ${flags.testbed}`,
      flags.suite === undefined ? '' : ` for suite ${flags.suite}`,
    ].join('');
    io.stderr(
      `no baselines${filter} under ${flags.dir}${listing.exists ? '' : ' (the directory does not exist)'}; store one with: mysql-perf-gate baseline save RESULTS\n`,
    );
  }
  if (listing.problems.length > 0) {
    throw new BaselineError(
      `${listing.problems.length} baseline ${listing.problems.length === 1 ? 'file' : 'files'} under ${flags.dir} could not be read:\n${listing.problems.join('\n')}`,
    );
  }
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
    .argument('<results>', 'results JSON written by mysql-perf-gate run')
    .option('--dir <dir>', 'baselines directory', 'baselines')
    .option('--testbed <name>', 'testbed name (default: the hardware fingerprint of the results)')
    .option('--commit <sha>', 'commit measured (default: $GITHUB_SHA when set)')
    .addOption(
      new Option('--side <side>', 'side of an A/B run to store').choices(['head', 'base']).default('head'),
    )
    .option('--keep <n>', 'entries kept per baseline, oldest dropped first', String(DEFAULT_KEEP))
    .action((resultsPath: string, flags: SaveFlags) => {
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
