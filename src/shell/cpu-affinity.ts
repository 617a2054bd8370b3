// Which CPUs a process may run on, and running a command on some of them (taskset, util-linux).
import { readFileSync } from 'node:fs';
import os from 'node:os';

import { parseCpuList } from '../cpu-list.js';

export const TASKSET = 'taskset';

/** The CPUs this process may run on (its affinity, which a container or cgroup may narrow). */
export function allowedCpus(): number[] {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const line = /^Cpus_allowed_list:\s*(\S+)$/m.exec(status);
    if (line?.[1] !== undefined) return parseCpuList(line[1]);
  } catch {
    // Not Linux, or no /proc: every CPU the system reports.
  }
  return os.cpus().map((_, index) => index);
}

/** The command that runs `command args` on `cpus` only (a taskset list), or itself when undefined. */
export function onCpus(
  command: string,
  args: readonly string[],
  cpus: string | undefined,
): [string, readonly string[]] {
  return cpus === undefined ? [command, args] : [TASKSET, ['-c', cpus, command, ...args]];
}
