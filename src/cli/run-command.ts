// `mysql-perf-gate run`: flags → the run command; the summary goes to stderr with the progress.
import type { Command } from 'commander';

import { LIMIT_HELP } from '../commands/limit-flags.js';
import { describeRunOutcome, runCommand, runConfigFromFlags, type RunFlags } from '../commands/run.js';
import { optionWithDefault } from './help-text.js';
import { collect, EXIT_OK, lockTimeoutOption } from './shared-flags.js';
import { shellWord } from '../report/document/shell-words.js';
import { createStderrLogger } from './stderr-logger.js';

type ParsedRunFlags = Omit<RunFlags, 'set' | 'baseSet' | 'headSet'> &
  Partial<Pick<RunFlags, 'set' | 'baseSet' | 'headSet'>>;

export function addRunCommand(program: Command, onExitCode: (code: number) => void): void {
  const command = program
    .command('run')
    .description('Measure one server (--server) or two interleaved (--base, --head) with a sysbench suite.');
  addUntrustedOptions(addScheduleOptions(addServerOptions(command)))
    .option('--verbose', 'show debug output (server start-up, commands)')
    .action(async (parsed: ParsedRunFlags) => {
      const flags = {
        ...parsed,
        set: parsed.set ?? [],
        baseSet: parsed.baseSet ?? [],
        headSet: parsed.headSet ?? [],
      };
      const logger = createStderrLogger({ verbose: flags.verbose ?? false });
      const outcome = await runCommand(runConfigFromFlags(flags), logger);
      logger.info(describeRunOutcome(outcome));
      // An A/B run's results are judged by compare: say so, with the file it wrote.
      if (outcome.results.mode === 'ab')
        logger.info(
          `next: mysql-perf-gate compare ${shellWord(outcome.resultsPath)} (the verdict, and its report in report/)`,
        );
      onExitCode(EXIT_OK);
    });
}

/** The servers, their options, the suite and where the run writes. */
function addServerOptions(command: Command): Command {
  return command
    .option('--server <path>', 'mysqld/mariadbd binary, or an install prefix containing one')
    .option(
      '--host <host[:port]>',
      'a server already running on another machine, over TCP; its user and password come from MYSQL_PERF_GATE_USER and MYSQL_PERF_GATE_PASSWORD',
    )
    .option('--base <path>', 'base server for an A/B run (binary or install prefix)')
    .option('--head <path>', 'head server for an A/B run (binary or install prefix)')
    .option('--set <name=value>', 'server option for every side (repeatable)', collect)
    .option('--base-set <name=value>', 'server option for the base side only (repeatable)', collect)
    .option('--head-set <name=value>', 'server option for the head side only (repeatable)', collect)
    .option(
      '--suite <name|file>',
      'built-in suite (quick, standard, instructions, tpcc, io-bound, scaling, network, durable…: docs/suites.md) or a suite YAML file',
      'quick',
    )
    .option('--out <file>', 'results JSON to write; raw output goes to <file>.raw/ beside it', 'results.json')
    .addOption(
      optionWithDefault(
        '--work-dir <dir>',
        'where datadirs, sockets and logs live during the run, created if missing',
        'a temporary directory',
      ),
    )
    .option('--keep-work-dir', 'keep datadirs after the run, for debugging');
}

/** When and how long the run measures, and on which CPUs. */
function addScheduleOptions(command: Command): Command {
  return command
    .addOption(lockTimeoutOption())
    .option(
      '--time-limit <time>',
      "the job's time limit, e.g. 3h or 180m: a plan that does not fit in it (with a margin) is refused at once, naming the shards that would fit",
    )
    .addOption(
      optionWithDefault(
        '--max-repetitions <n>',
        'A/B runs: repetitions per side a cell the planned ones leave undecided may reach',
        'the planned ones only',
      ),
    )
    .option(
      '--budget <time>',
      'A/B runs: how long the measurements may take, the plan included, while undecided cells get more repetitions, e.g. 20m',
    )
    .option(
      '--pin <mode>',
      'run the server and sysbench on CPUs of their own (taskset): auto (wherever there are 2 CPUs or more), on (a warning when it cannot) or off',
      'auto',
    )
    .addOption(
      optionWithDefault(
        '--parallel-sides',
        'count suites (instructions): measure base and head at once, each with its CPUs',
        'on with 2 CPUs or more',
      ),
    )
    .option('--no-parallel-sides', 'measure base and head one at a time, interleaved');
}

/** Untrusted sides and their limits, a shard of the suite, and the aligned head. */
function addUntrustedOptions(command: Command): Command {
  return command
    .option(
      '--freeze-idle-side <mode>',
      "sides measured one at a time: freeze the idle side's server and everything it started while the other is measured (on), or leave it running (off); its CPU time is read either way, and an idle side that worked makes its cells inconclusive",
      'on',
    )
    .option(
      '--untrusted-side <side>',
      "which sides were built from a pull request's untrusted code: none, head, base or both; their servers, bootstrap and sysbench run in the bubblewrap sandbox (the suite must connect through the socket)",
    )
    .option(
      '--max-processes <n>',
      `with --untrusted-side: the most processes and threads an untrusted side's server may have at once, its bootstrap included (a cgroup's pids.max); ${LIMIT_HELP.serverProcesses}`,
    )
    .option(
      '--max-memory <size>',
      `with --untrusted-side: the most memory an untrusted side's server may use, e.g. 8G (a cgroup's memory limit); ${LIMIT_HELP.memory}`,
    )
    .option(
      '--shard <K/N>',
      "measure only shard K of N: a share of the suite's cells balanced by planned time, for a matrix of identical machines; `merge` joins the shards' results",
    )
    .option(
      '--align-settings',
      "A/B runs: measure the head a third time with the base's values of the settings known to change the work (docs/settings.md), so compare splits each change into what the settings did and what the code did",
    );
}
