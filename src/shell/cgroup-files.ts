// The files of a control group that differ between cgroup v1 and v2, one description per version:
// what to write for a limit, a freeze or a cpuset, and how to read what the kernel counted. The
// code that acts on a group (cgroup.ts) never asks which version it has. Pure: values in, values out.
//
// Read from the kernel's documentation (admin-guide/cgroup-v2.rst, cgroup-v1/*.rst) and checked on
// this project's machines (v1 on Linux 6.18; v2 core files at /sys/fs/cgroup/unified).
import type { CgroupVersion } from './cgroup-layout.js';

/** A write to one file of a group, in order. */
export interface CgroupWrite {
  readonly file: string;
  readonly value: string;
  /** Left out when the kernel does not have the file (swap accounting off, an older kernel). */
  readonly optional?: boolean;
}

export interface CgroupVersionFiles {
  /** The pids of the group's processes, one a line: written to move a process in. */
  readonly procs: string;
  /** The most processes and threads at once. */
  processLimit(count: number): CgroupWrite[];
  /** Where the times a fork was refused at the limit are counted, and how to read them. */
  readonly processEvents: { readonly file: string; read(text: string): number | undefined };
  /** The most memory, swap left out (a hog is stopped, not swapped). */
  memoryLimit(bytes: number): CgroupWrite[];
  /** Where the processes the kernel killed for want of memory are counted, and how to read them. */
  readonly memoryEvents: { readonly file: string; read(text: string): number | undefined };
  /** Frozen or thawed: the write, and whether the state read back is done freezing. */
  freeze(frozen: boolean): CgroupWrite;
  readonly freezeState: { readonly file: string; isFrozen(text: string): boolean };
  /** CPU time used by the group's processes, in microseconds. */
  readonly cpuUsage: { readonly file: string; microseconds(text: string): number | undefined };
  /** The CPUs the group's processes may run on (cpuset), and the memory nodes it needs in v1. */
  cpus(list: string): CgroupWrite[];
  /** Files a new v1 cpuset group must copy from its parent before it takes a process. */
  readonly inherited: readonly string[];
  /** Kills every process of the group at once, where the kernel has it (v2, Linux 5.14). */
  readonly kill?: CgroupWrite;
}

/** `key value` lines (memory.events, pids.events, cpu.stat, cgroup.events, oom_control): key's value. */
export function flatKeyed(text: string, key: string): number | undefined {
  for (const line of text.split('\n')) {
    const [name, value] = line.trim().split(/\s+/);
    if (name === key && value !== undefined && /^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}

const V2: CgroupVersionFiles = {
  procs: 'cgroup.procs',
  processLimit: (count) => [{ file: 'pids.max', value: String(count) }],
  processEvents: { file: 'pids.events', read: (text) => flatKeyed(text, 'max') },
  memoryLimit: (bytes) => [
    { file: 'memory.max', value: String(bytes) },
    { file: 'memory.swap.max', value: '0', optional: true },
  ],
  // oom_kill, not max: `max` counts every time the group reached its limit and reclaimed its page
  // cache, which a build writing files does all the time.
  memoryEvents: { file: 'memory.events', read: (text) => flatKeyed(text, 'oom_kill') },
  freeze: (frozen) => ({ file: 'cgroup.freeze', value: frozen ? '1' : '0' }),
  freezeState: { file: 'cgroup.events', isFrozen: (text) => flatKeyed(text, 'frozen') === 1 },
  cpuUsage: { file: 'cpu.stat', microseconds: (text) => flatKeyed(text, 'usage_usec') },
  cpus: (list) => [{ file: 'cpuset.cpus', value: list }],
  inherited: [],
  kill: { file: 'cgroup.kill', value: '1', optional: true },
};

const V1: CgroupVersionFiles = {
  procs: 'cgroup.procs',
  processLimit: (count) => [{ file: 'pids.max', value: String(count) }],
  processEvents: { file: 'pids.events', read: (text) => flatKeyed(text, 'max') },
  // The limit first: memsw (memory and swap together) may never be below it.
  memoryLimit: (bytes) => [
    { file: 'memory.limit_in_bytes', value: String(bytes) },
    { file: 'memory.memsw.limit_in_bytes', value: String(bytes), optional: true },
  ],
  // Not memory.failcnt, which counts page cache reclaimed at the limit as well.
  memoryEvents: { file: 'memory.oom_control', read: (text) => flatKeyed(text, 'oom_kill') },
  freeze: (frozen) => ({ file: 'freezer.state', value: frozen ? 'FROZEN' : 'THAWED' }),
  freezeState: { file: 'freezer.state', isFrozen: (text) => text.trim() === 'FROZEN' },
  cpuUsage: {
    file: 'cpuacct.usage',
    microseconds: (text) => (/^\d+$/.test(text.trim()) ? Math.round(Number(text.trim()) / 1000) : undefined),
  },
  cpus: (list) => [{ file: 'cpuset.cpus', value: list }],
  inherited: ['cpuset.cpus', 'cpuset.mems'],
};

export const CGROUP_FILES: Readonly<Record<CgroupVersion, CgroupVersionFiles>> = { v1: V1, v2: V2 };

/** The pids of a cgroup.procs file. */
export function parseProcs(text: string): number[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+$/.test(line))
    .map(Number);
}

/**
 * The script that moves itself into groups, then runs the command in its place: `sh -c SCRIPT sh
 * PROCS… -- COMMAND…`. A process must be in its group before it forks (bwrap's namespaces, the
 * build's compilers), so the wrapper joins first and execs after; if a group cannot be joined it
 * stops (status 125) rather than run the command outside its limits.
 */
export const JOIN_SCRIPT =
  'for f do if [ "$f" = -- ]; then shift; exec "$@"; fi; echo $$ >"$f" || exit 125; shift; done; exit 125';

/** The command run inside the groups whose cgroup.procs files are `procs`. */
export function joinedCommand(
  procs: readonly string[],
  command: { readonly file: string; readonly args: readonly string[] },
): { file: string; args: string[] } {
  return { file: '/bin/sh', args: ['-c', JOIN_SCRIPT, 'sh', ...procs, '--', command.file, ...command.args] };
}

/** A group's name as the tool makes it: `<owner pid>-<owner start time>-<label>`. */
export function groupName(
  owner: { readonly pid: number; readonly startTime: string },
  label: string,
): string {
  const safe = label.replace(/[^A-Za-z0-9_.-]+/g, '-').slice(0, 80) || 'group';
  return `${owner.pid}-${owner.startTime}-${safe}`;
}

/** The owner a group's name records, or undefined for a directory the tool did not name. */
export function groupOwner(name: string): { pid: number; startTime: string } | undefined {
  const match = /^(\d+)-(\d+)-./.exec(name);
  return match === null ? undefined : { pid: Number(match[1]), startTime: match[2] ?? '' };
}
