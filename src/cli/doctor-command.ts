// `mysql-perf-gate doctor`: the runner check (findings, noise, grade) on stdout, progress on stderr;
// --tune and --reset change and restore the machine's settings.
import type { Command } from 'commander';

import {
  DEFAULT_SERVERS,
  DOCTOR_LOCK_TIMEOUT,
  doctorCommand,
  doctorConfigFromFlags,
  type DoctorFlags,
} from '../commands/doctor.js';
import { printableJson } from '../untrusted-text.js';
import { optionWithDefault } from './help-text.js';
import { printOut } from './print.js';
import { createStderrLogger } from './stderr-logger.js';

export function addDoctorCommand(program: Command, onExitCode: (code: number) => void): void {
  program
    .command('doctor')
    .description(
      'Check this machine as a benchmark runner: each setting that decides the noise (governor, turbo, SMT, ASLR, huge pages, swap, isolated CPUs, irqbalance, steal, neighbours, free disk) and each tool, the noise measured (about 30 s), a grade. Exit status: 0; 1 when the grade is below --min-grade; 3 when the noise was not measured because another run held the machine lock past --lock-timeout (the rest is reported, graded without it); 2 on error.',
    )
    .addOption(
      optionWithDefault(
        '--server <path>',
        'mysqld/mariadbd binary or install prefix to measure the noise with',
        DEFAULT_SERVERS.join(' or '),
      ),
    )
    .option('--no-noise', 'read the machine only; do not measure its noise')
    .addOption(
      optionWithDefault(
        '--build-dir <dir>',
        'where servers are built, for its free disk',
        'the current directory',
      ),
    )
    .addOption(
      optionWithDefault(
        '--work-dir <dir>',
        'where runs keep datadirs and logs, for its free disk',
        'the temporary directory',
      ),
    )
    .option('--json', 'print the check as JSON (docs/doctor.schema.json) instead of text')
    .option('--min-grade <letter>', 'exit with status 1 when the grade is below this letter (A–F)')
    .option(
      '--lock-timeout <time>',
      'wait at most this long while another run measures on this machine, then report without the noise (exit status 3); 0 does not wait',
      DOCTOR_LOCK_TIMEOUT,
    )
    .option(
      '--tune',
      'as root: apply the safe settings (governor, frequency limits, turbo, ASLR, huge pages, swappiness, perf_event_paranoid) and save what was there',
    )
    .option('--reset', 'as root: restore exactly what --tune saved, and forget it')
    .option(
      '--sysfs-root <dir>',
      'read and tune sys/ and proc/ under this directory instead of / (for tests)',
    )
    .option('--verbose', 'show debug output')
    .action(async (flags: DoctorFlags & { verbose?: boolean }) => {
      const logger = createStderrLogger({ verbose: flags.verbose ?? false });
      const config = doctorConfigFromFlags(flags);
      const outcome = await doctorCommand(config, logger);
      printOut(`${flags.json === true ? printableJson(outcome.output) : outcome.output}\n`);
      onExitCode(outcome.exitCode);
    });
}
