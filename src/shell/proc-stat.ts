// What Linux's /proc/<pid>/stat says of a process: whether it still runs, and when it started.
import { readFileSync } from 'node:fs';

export interface ProcStat {
  /** One letter: R running, S sleeping, D disk wait, T stopped, t traced, Z zombie, X dead … */
  readonly state: string;
  /** Field 22: clock ticks from boot to the process's start. */
  readonly startTime: string;
}

/** The process's state and start time; undefined when there is no such process. */
export function procStat(pid: number): ProcStat | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid …": comm may hold spaces and parentheses, so fields count from the
  // last ')'. After it, field 3 (state) is the first, and field 22 (starttime) the 20th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [state, startTime] = [fields[0], fields[19]];
  return state === undefined || startTime === undefined ? undefined : { state, startTime };
}

/**
 * Whether the process still runs. A process that died but was not yet collected (a zombie)
 * does not, though `kill(pid, 0)` still succeeds on it: a ptrace tracer such as vgdb holds a
 * dead tracee as a zombie, and its parent does not hear of the death, until the tracer lets go.
 */
export function isRunning(pid: number): boolean {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}
