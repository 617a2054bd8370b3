// The process table as the registry (registry.ts) reads it: a process's start time and command
// line from /proc, a signal, and this user's pids; tests give the registry a fake one.
import { readdirSync, readFileSync, statSync } from 'node:fs';

import { procStat } from '../shell/proc-stat.js';

/** A process as the kernel knows it: a pid is reused, a pid with its start time is not. */
export interface ProcessIdentity {
  readonly pid: number;
  /** Field 22 of /proc/<pid>/stat: clock ticks from boot to the process's start. */
  readonly startTime: string;
}

/** What the registry needs of the process table; tests inject a fake one. */
export interface ProcessTable {
  /** The start time of a live process; undefined when there is none (or only a zombie). */
  startTime(pid: number): string | undefined;
  /** Its command-line arguments; undefined when it is gone. */
  cmdline(pid: number): readonly string[] | undefined;
  kill(pid: number, signal: NodeJS.Signals): void;
  /** The pids of this user's processes. */
  pids(): readonly number[];
}

/** The process table of Linux's /proc. */
export const procProcesses: ProcessTable = {
  startTime(pid) {
    const stat = procStat(pid);
    return stat === undefined || stat.state === 'Z' || stat.state === 'X' ? undefined : stat.startTime;
  },
  cmdline(pid) {
    try {
      // NUL-terminated arguments.
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0$/, '').split('\0');
    } catch {
      return undefined;
    }
  },
  kill(pid, signal) {
    process.kill(pid, signal);
  },
  pids() {
    const uid = process.getuid?.();
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((name) => {
        try {
          return uid === undefined || statSync(`/proc/${name}`).uid === uid;
        } catch {
          return false; // gone meanwhile
        }
      })
      .map(Number);
  },
};

/**
 * Whether a command line names `dir` or a path below it: a process a killed run left working in
 * its directory (a bootstrap that was making a datadir, a sandbox around it).
 */
export function namesDir(cmdline: readonly string[], dir: string): boolean {
  return cmdline.some((arg) => arg === dir || arg.endsWith(`=${dir}`) || arg.includes(`${dir}/`));
}
