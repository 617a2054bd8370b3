// `mysql-perf-gate build`: flags → the build command; what was built goes to stdout.
import type { Command } from 'commander';

import { buildCommand, type BuildFlags, commonBuildRequest } from '../commands/build.js';
import { LIMIT_HELP } from '../commands/limit-flags.js';
import { printOut } from './print.js';
import { optionWithDefault } from './help-text.js';
import { addBuildOptions, collect, EXIT_OK, lockTimeoutOption } from './shared-flags.js';
import { createStderrLogger } from './stderr-logger.js';

interface SingleBuildFlags extends BuildFlags {
  source: string;
  compiler: string;
  prefix: string;
  buildDir?: string;
  target?: string[];
  verbose?: boolean;
}

export function addBuildCommand(program: Command, onExitCode: (code: number) => void): void {
  addBuildOptions(
    program
      .command('build')
      .description(
        'Build a MySQL, Percona Server or MariaDB source tree with a chosen compiler and install it into a prefix that run --server accepts.',
      )
      .requiredOption('--source <dir>', 'top of the source tree')
      .requiredOption('--compiler <spec>', 'gcc-12, clang-16, a path to gcc/clang, or a CC:CXX pair')
      .requiredOption('--prefix <dir>', 'install prefix; build.json describing the build is written there')
      .addOption(
        optionWithDefault(
          '--build-dir <dir>',
          'CMake build directory, kept for incremental rebuilds',
          '<prefix>.build',
        ),
      )
      .option(
        '--untrusted',
        "the tree is a pull request's from outside: configure, build and install in the bubblewrap sandbox (needs --ccache-dir of its own, or --ccache off; no --store)",
      )
      .option(
        '--base-build-dir <dir>',
        "with --untrusted: the trusted build directory of the pull request's base to start from: the sandbox gets a private copy of it at that directory's own path and builds only what the pull request changed (the trusted directory is never written)",
      )
      .option(
        '--max-processes <n>',
        `with --untrusted: the most processes and threads the build may have at once (a cgroup's pids.max); ${LIMIT_HELP.buildProcesses}`,
      )
      .option(
        '--max-memory <size>',
        `with --untrusted: the most memory the build may use, e.g. 8G or 1536M (a cgroup's memory limit); ${LIMIT_HELP.memory}`,
      )
      .addOption(lockTimeoutOption())
      .option(
        '--target <name>',
        'build only this CMake target and do not install, to check a configuration quickly (repeatable)',
        collect,
      ),
  ).action(async (flags: SingleBuildFlags) => {
    const logger = createStderrLogger({ verbose: flags.verbose ?? false });
    const outcome = await buildCommand(
      {
        ...commonBuildRequest(flags),
        source: flags.source,
        compiler: flags.compiler,
        prefix: flags.prefix,
        targets: flags.target ?? [],
        ...(flags.buildDir === undefined ? {} : { buildDir: flags.buildDir }),
      },
      logger,
    );
    printOut(`${outcome.summary}\n`);
    onExitCode(EXIT_OK);
  });
}
