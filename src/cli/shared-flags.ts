// What the CLI's commands share: exit statuses, repeatable flags, and the build flags of `build`
// and `compare-compilers`.
import { type Command, Option } from 'commander';

import { BUILD_TYPES, WHILE_MEASURING_POLICIES } from '../commands/build.js';

export const EXIT_OK = 0;
export const EXIT_ERROR = 2;

/** Commander's accumulator for a repeatable flag. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
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
    .option('--jobs <n>', 'parallel compile jobs (default: the number of CPUs)')
    .addOption(
      new Option('--ccache <mode>', 'compile through ccache: auto (when installed), on (required) or off')
        .choices(['auto', 'on', 'off'])
        .default('auto'),
    )
    .option('--ccache-dir <dir>', 'ccache directory to use (default: $CCACHE_DIR, else ~/.cache/ccache)')
    .option(
      '--full-install',
      "MySQL and Percona Server: build and install everything (clients, test plugins), not only the server's install components Server and SharedLibraries",
    )
    .option(
      '--store <dir>',
      'keep installed prefixes in DIR and reuse one built from the same clean commit with the same compiler and options (--prefix becomes a link to it)',
    )
    .option(
      '--store-size <size>',
      'most the store may hold before its least recently used builds are dropped, e.g. 20G or 500M (default 20G)',
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
