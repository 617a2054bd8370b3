// Whether `perf stat` can count an event of a process here, and why not in words: perf missing,
// the event unsupported (typical in VMs), or perf_event_paranoid too strict. Counting itself is in
// perf.ts.
import { readFile } from 'node:fs/promises';

import { DependencyError, errorMessage } from '../errors.js';
import { childEnv } from '../shell/child-env.js';
import { exec } from '../shell/exec.js';
import {
  carriesEvent,
  isPermissionProblem,
  perfMessages,
  perfStatRows,
  uncountedMessage,
} from './perf-output.js';
import { quickDeadline } from '../shell/deadline.js';

export const PERF = 'perf';

export const PERF_INSTALL_HINT =
  'install perf: on Debian `sudo apt-get install linux-perf`, on Ubuntu ' +
  '`sudo apt-get install linux-tools-common linux-tools-$(uname -r)`';

const PARANOID_FILE = '/proc/sys/kernel/perf_event_paranoid';

/**
 * A few tens of milliseconds of user-space work for detection. `true` alone runs so briefly that
 * a hardware counter may never get scheduled on it and read as "<not counted>".
 */
const BUSY_WORKLOAD = ['sh', '-c', 'i=0; while [ "$i" -lt 20000 ]; do i=$((i+1)); done'];

/** perf formats numbers by locale (a decimal comma would break its CSV), so force the C locale. */
export function perfEnv(): NodeJS.ProcessEnv {
  return childEnv({ ...process.env, LC_ALL: 'C' });
}

export type PerfSupport =
  | {
      readonly available: true;
      readonly perfVersion: string;
      /**
       * perf counted user space only (it printed the event as "<event>:u"): what an unprivileged
       * user gets with perf_event_paranoid >= 2. Still comparable between runs made the same way.
       */
      readonly userSpaceOnly: boolean;
    }
  | { readonly available: false; readonly reason: string };

/** What perf_event_paranoid is set to, for messages. */
async function paranoidSetting(): Promise<string> {
  try {
    return `${PARANOID_FILE} is ${(await readFile(PARANOID_FILE, 'utf8')).trim()}`;
  } catch {
    return `${PARANOID_FILE} does not exist (a kernel without perf events support?)`;
  }
}

export async function permissionAdvice(): Promise<string> {
  return (
    `${await paranoidSetting()}; run as root or with CAP_PERFMON, or lower it ` +
    '(`sudo sysctl kernel.perf_event_paranoid=1`; 2 allows user-space-only counts of your own ' +
    "processes); attaching to another user's process also needs CAP_SYS_PTRACE (run perf as that user)"
  );
}

/**
 * Whether `perf stat` can count `event` on this machine, for startPerfStat. Never throws: every
 * obstacle becomes a `reason` that says what to do.
 */
export async function detectPerfCounters(event = 'instructions'): Promise<PerfSupport> {
  let version;
  try {
    version = await exec(PERF, ['--version'], {
      check: false,
      env: perfEnv(),
      installHint: PERF_INSTALL_HINT,
      deadline: quickDeadline('perf --version'),
    });
  } catch (error) {
    if (error instanceof DependencyError) return { available: false, reason: error.message };
    return { available: false, reason: `could not run \`perf --version\`: ${errorMessage(error)}` };
  }
  const versionMatch = /^perf version (\S+)/m.exec(version.stdout);
  if (version.exitCode !== 0 || !versionMatch?.[1]) {
    // Ubuntu's /usr/bin/perf is a wrapper that fails like this when the perf for the running
    // kernel is not installed ("perf not found for kernel …").
    const said = perfMessages(`${version.stderr}\n${version.stdout}`, 5);
    return {
      available: false,
      reason: `\`perf --version\` did not print a version${said ? `:\n${said}\n` : '; '}${PERF_INSTALL_HINT}`,
    };
  }
  const perfVersion = versionMatch[1];

  // startPerfStat needs --control and -D -1 to know when counting has started (perf 5.10+).
  const help = await exec(PERF, ['stat', '-h'], {
    check: false,
    env: perfEnv(),
    deadline: quickDeadline('perf stat -h'),
  }).catch(() => undefined);
  if (help && !`${help.stdout}${help.stderr}`.includes('--control')) {
    return {
      available: false,
      reason: `perf ${perfVersion} is too old: its \`perf stat\` has no --control option (perf 5.10 or later); ${PERF_INSTALL_HINT}`,
    };
  }

  const args = ['stat', '-x,', '--no-big-num', '-e', event, '--', ...BUSY_WORKLOAD];
  const command = [PERF, ...args].join(' ');
  let result;
  try {
    result = await exec(PERF, args, { check: false, env: perfEnv(), deadline: quickDeadline(command) });
  } catch (error) {
    return { available: false, reason: `could not run \`${command}\`: ${errorMessage(error)}` };
  }
  if (result.exitCode !== 0 || result.signal !== null) {
    const said = perfMessages(result.stderr);
    const advice = isPermissionProblem(result.stderr) ? `\n${await permissionAdvice()}` : '';
    return {
      available: false,
      reason: `\`${command}\` failed (${result.signal ?? `exit status ${result.exitCode}`})${said ? `:\n${said}` : ''}${advice}`,
    };
  }
  const row = perfStatRows(result.stderr).find((candidate) => carriesEvent(candidate.event, event));
  if (!row) {
    const said = perfMessages(result.stderr);
    return {
      available: false,
      reason: `\`${command}\` printed no count for ${event}${said ? `:\n${said}` : ''}`,
    };
  }
  if (typeof row.value !== 'number') return { available: false, reason: uncountedMessage(row) };
  return { available: true, perfVersion, userSpaceOnly: row.event.endsWith(':u') && !event.endsWith(':u') };
}
