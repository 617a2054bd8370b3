// What the CLI's commands share: exit statuses, repeatable flags, the machine lock's flag, and the
// build flags of `build`, `bisect` and `compare-compilers`.
import { type Command, Option } from 'commander';

import { BUILD_TYPES, WHILE_MEASURING_POLICIES } from '../commands/build.js';
import { optionWithDefault } from './help-text.js';

export const EXIT_OK = 0;
export const EXIT_ERROR = 2;

/** Commander's accumulator for a repeatable flag. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** --lock-timeout, as every command that takes the machine lock reads it. */
export function lockTimeoutOption(): Option {
  return optionWithDefault(
    '--lock-timeout <time>',
    'wait at most this long while another run measures on this machine, e.g. 30s or 10m; 0 fails at once',
    'as long as it takes',
  );
}

export function addBuildOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--build-type <type>', 'CMake build type')
        .choices([...BUILD_TYPES])
        .default('RelWithDebInfo'),
    )
    .option(
      '--cmake-arg <arg>',
      'extra CMake argument, e.g. -DPLUGIN_ROCKSDB=YES; comes after the defaults, so it wins (repeatable)',
      collect,
    )
    .addOption(optionWithDefault('--jobs <n>', 'parallel compile jobs', 'the number of CPUs'))
    .addOption(
      new Option('--ccache <mode>', 'compile through ccache: auto (when installed), on (required) or off')
        .choices(['auto', 'on', 'off'])
        .default('auto'),
    )
    .addOption(
      optionWithDefault('--ccache-dir <dir>', 'ccache directory to use', '$CCACHE_DIR, else ~/.cache/ccache'),
    )
    .option(
      '--full-install',
      "MySQL and Percona Server: build and install everything (clients, test plugins), not only the server's install components Server and SharedLibraries",
    )
    .option(
      '--store <dir>',
      'keep installed prefixes in DIR and reuse one built from the same clean commit with the same compiler and options (--prefix becomes a link to it)',
    )
    .addOption(
      optionWithDefault(
        '--store-size <size>',
        'most the store may hold before its least recently used builds are dropped, e.g. 20G or 500M',
        '20G',
      ),
    )
    .addOption(
      new Option(
        '--build-while-measuring <policy>',
        'while another run measures on this machine: wait (a build takes the machine lock, so it waits for a measurement and a measurement for it) or low-priority (build at once, at nice 19 and idle I/O priority)',
      )
        .choices([...WHILE_MEASURING_POLICIES])
        .default('wait'),
    )
    .option('--verbose', 'show debug output');
}
