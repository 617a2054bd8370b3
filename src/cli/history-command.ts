// `mysql-perf-gate history append|changes`: keep a nightly history across commits and find the
// change points in it. Data goes to stdout, messages to stderr.
import { Command, Option } from 'commander';

import { formatChangePercentPlain, plural } from '../format.js';
import {
  type HistoryAppendFlags,
  historyAppendCommand,
  historyAppendRequest,
} from '../commands/history-append.js';
import {
  DEFAULT_MAX_P,
  DEFAULT_WINDOW,
  type HistoryChangesFlags,
  type HistoryChangesOutcome,
  historyChangesCommand,
  historyChangesRequest,
  recentRegressions,
} from '../commands/history-changes.js';
import { type HistoryPageFlags, historyPageCommand, historyPageRequest } from '../commands/history-page.js';
import { changesText } from '../report/history-report.js';
import { printableJson } from '../untrusted-text.js';
import { optionWithDefault } from './help-text.js';
import { printErr, printOut } from './print.js';
import { addOldSpelling } from './renamed-flags.js';
import { collect, EXIT_OK } from './shared-flags.js';

/** Exit status of `history changes --fail-on-regression` when a regression is found. */
export const EXIT_REGRESSION = 1;

export interface HistoryCommandIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
}

const processIo: HistoryCommandIo = {
  stdout: (text) => {
    printOut(text);
  },
  stderr: (text) => {
    printErr(text);
  },
  env: process.env,
};

async function append(resultsPath: string, flags: HistoryAppendFlags, io: HistoryCommandIo): Promise<void> {
  const outcome = await historyAppendCommand(historyAppendRequest(resultsPath, flags, io.env));
  const { entry } = outcome.run;
  if (outcome.request.testbed === undefined) {
    io.stderr(`testbed ${outcome.file.key.testbed} is the hardware fingerprint; --testbed gives it a name\n`);
  }
  if (entry.commitDate === null)
    io.stderr('the commit date is unknown (pass --commit-date): the entry is ordered by when it ran\n');
  for (const gap of outcome.run.gaps) {
    io.stderr(`warning: ${gap}: the entry keeps the values there are, and a cell with none is left blank\n`);
  }
  for (const earlier of outcome.earlier) {
    const differences = earlier.differences.slice(0, 5).join('; ');
    io.stderr(
      `started a new history: suite ${outcome.file.key.suite} differs from the one ${earlier.path} was measured with (${differences}), so its numbers start a series of their own\n`,
    );
  }
  const verb = outcome.action === 'added' ? 'added' : 'replaced';
  io.stdout(
    `${verb} ${entry.commit.slice(0, 12)} (${outcome.run.cells.length} cells) as run ${outcome.index + 1} of ${outcome.file.entries.length} in ${outcome.path}\n`,
  );
}

interface ChangesCliFlags extends HistoryChangesFlags {
  format: 'table' | 'json';
  failOnRegression?: boolean;
}

function printChanges(outcome: HistoryChangesOutcome, flags: ChangesCliFlags, io: HistoryCommandIo): void {
  for (const warning of outcome.warnings) io.stderr(`warning: ${warning}\n`);
  if (flags.format === 'json') {
    const documents = outcome.histories.map((history) => ({
      path: history.path,
      title: history.title,
      ...history.document,
    }));
    io.stdout(`${printableJson(JSON.stringify({ schemaVersion: 1, histories: documents }, null, 2))}\n`);
  } else {
    for (const history of outcome.histories) {
      io.stdout(`${history.title} (${history.path}):\n${changesText(history.analyses)}\n\n`);
    }
  }
  for (const path of outcome.written) io.stderr(`wrote ${path}\n`);
}

function regressions(outcome: HistoryChangesOutcome): string[] {
  return recentRegressions(outcome).map(
    (change) =>
      `${change.cell} ${change.metric ?? 'value'} ${formatChangePercentPlain(change.change)} at ${change.firstAfter.commit.slice(0, 12)}`,
  );
}

function addAppend(history: Command, onExitCode: (code: number) => void, io: HistoryCommandIo): Command {
  return history
    .command('append')
    .description(
      'Add one run (every repetition of every cell, the commit, its date, the server version and compiler) to its history, ' +
        'keyed by testbed, suite and server options.',
    )
    .argument('<results>', 'results JSON written by run')
    .option('--dir <dir>', 'history directory', 'history')
    .addOption(
      optionWithDefault('--testbed <name>', 'testbed name', 'the hardware fingerprint of the results'),
    )
    .addOption(
      optionWithDefault(
        '--commit <sha>',
        'commit measured',
        'the one the server was built from, else $GITHUB_SHA',
      ),
    )
    .addOption(
      optionWithDefault(
        '--commit-date <iso>',
        "the commit's date, which orders the history",
        'from the source checkout',
      ),
    )
    .addOption(
      optionWithDefault('--run-url <url>', 'link to the run', 'the workflow run under GitHub Actions'),
    )
    .addOption(optionWithDefault('--replace', 'replace this run when it is already in the history', 'refuse'))
    .action(async (resultsPath: string, flags: HistoryAppendFlags) => {
      await append(resultsPath, flags, io);
      onExitCode(EXIT_OK);
    });
}

function addChanges(history: Command, onExitCode: (code: number) => void, io: HistoryCommandIo): Command {
  const command = history
    .command('changes')
    .description(
      'Find change points in every cell and metric of the histories under --dir (E-Divisive means with a t-test, as Apache Otava), ' +
        'or in one CSV series (--series).',
    )
    .option('--dir <dir>', 'history directory', 'history')
    .option('--suite <name>', 'only the histories of this suite')
    .option('--testbed <name>', 'only the histories of this testbed')
    .option('--series <file>', 'a CSV file with columns commit,value (one series) instead of a history')
    .option('--window <n>', 'sliding window length', String(DEFAULT_WINDOW))
    .option('--max-p <p>', 'largest p-value of a change point', String(DEFAULT_MAX_P))
    .addOption(
      optionWithDefault(
        '--min-magnitude <fraction>',
        'smallest change reported, e.g. 0.005 or 0.5%',
        'half the tolerance of the metric; 0 for --series',
      ),
    )
    .option('--tolerance <rule>', 'tolerance rule as for compare, e.g. tps=0.05 (repeatable)', collect, [])
    .option(
      '--recent <n>',
      'count only change points among the newest N runs as new (for --fail-on-regression)',
    )
    .option(
      '--report-dir <dir>',
      'directory for changes.json and the history chart (history.png, .svg, .vl.json)',
    )
    .addOption(new Option('--format <format>', 'stdout format').choices(['table', 'json']).default('table'))
    .option('--fail-on-regression', 'exit 1 when a (new, with --recent) regression is found');
  const warn = (line: string): void => {
    io.stderr(`${line}\n`);
  };
  return addOldSpelling(command, { old: '--out <dir>', now: '--report-dir', warn }).action(
    async (flags: ChangesCliFlags) => {
      const outcome = await historyChangesCommand(historyChangesRequest(flags));
      printChanges(outcome, flags, io);
      const found = regressions(outcome);
      if (flags.failOnRegression === true && found.length > 0) {
        io.stderr(`regressions: ${found.join('; ')}\n`);
        onExitCode(EXIT_REGRESSION);
        return;
      }
      onExitCode(EXIT_OK);
    },
  );
}

function addPage(history: Command, onExitCode: (code: number) => void, io: HistoryCommandIo): Command {
  const command = history
    .command('page')
    .description(
      'Render one history file as its page (every workload, threads and metric over the runs, change points marked, ' +
        'each point linked to its run): DIR/index.html, self-contained, the page the nightly publishes on the charts branch.',
    )
    .requiredOption('--history <file>', 'a history file (history append, or the history branch)')
    .option('--report-dir <dir>', 'directory for index.html, created if missing (required)')
    .option('--window <n>', 'sliding window length', String(DEFAULT_WINDOW))
    .option('--max-p <p>', 'largest p-value of a change point', String(DEFAULT_MAX_P))
    .addOption(
      optionWithDefault(
        '--min-magnitude <fraction>',
        'smallest change marked',
        'half the tolerance of the metric',
      ),
    )
    .option('--tolerance <rule>', 'tolerance rule as for compare, e.g. tps=0.05 (repeatable)', collect, []);
  const warn = (line: string): void => {
    io.stderr(`${line}\n`);
  };
  const renamed = { old: '--out <dir>', now: '--report-dir', required: true, warn };
  return addOldSpelling(command, renamed).action((flags: HistoryPageFlags) => {
    const outcome = historyPageCommand(historyPageRequest(flags));
    io.stdout(
      `${outcome.path}: ${plural(outcome.runs, 'run', 'runs')}, ${outcome.series} series, ${plural(outcome.changes, 'change point', 'change points')}\n`,
    );
    onExitCode(EXIT_OK);
  });
}

/** Adds `history append`, `history changes` and `history page` to the program. */
export function addHistoryCommands(
  program: Command,
  onExitCode: (code: number) => void,
  io: HistoryCommandIo = processIo,
): void {
  const history = program
    .command('history')
    .description('Keep a history of nightly runs across commits and find the change points in it.');
  addAppend(history, onExitCode, io);
  addChanges(history, onExitCode, io);
  addPage(history, onExitCode, io);
  for (const command of [history, ...history.commands]) command.exitOverride();
}
