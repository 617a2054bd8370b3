// The runner check's items about the machine's neighbours, its disks and its tools, judged as
// doctor-findings.ts judges the kernel's settings (which lists these after its own); the types
// and helpers both share. Pure.
import { formatGiB } from '../format.js';
import type { FindingStatus } from './doctor-schema.js';
import type { MachineReadings, ProcessSeen, Reading } from './doctor-readings.js';

export interface Judged {
  readonly value: string;
  readonly status: FindingStatus;
  /** What the value costs; "" when ok. */
  readonly cost?: string;
  readonly fix?: string | null;
}

export interface Item {
  readonly id: string;
  readonly name: string;
  /** Points a bad status takes off the score; a warning takes half. */
  readonly weight: number;
  readonly tunable: boolean;
  readonly judge: (readings: MachineReadings) => Judged;
}

const GiB = 2 ** 30;

/** Disk space below which a build fails (a MySQL build tree takes about 10 GiB), or may. */
export const BUILD_DISK_GiB = { bad: 10, warn: 25 } as const;
/** A run's datadirs, logs and raw output: the standard suite's data with room to spare. */
export const WORK_DISK_GiB = { bad: 2, warn: 5 } as const;
/** CPU steal over the noise window, in percent. */
export const STEAL_PERCENT = { warn: 1, bad: 5 } as const;

export function notRead<T>(reading: Reading<T>, judge: (value: T) => Judged): Judged {
  return reading.known ? judge(reading.value) : { value: `unknown (${reading.reason})`, status: 'unknown' };
}

function processes(seen: readonly ProcessSeen[]): string {
  return seen.length === 0
    ? 'none'
    : seen.map((process) => `${process.name} (pid ${process.pid})`).join(', ');
}

function freeSpace(limits: { bad: number; warn: number }, what: string) {
  return (space: { path: string; measured: string; freeBytes: number }): Judged => {
    const where = space.path === space.measured ? space.path : `${space.path} (on ${space.measured})`;
    const value = `${formatGiB(space.freeBytes)} free under ${where}`;
    const gib = space.freeBytes / GiB;
    if (gib >= limits.warn) return { value, status: 'ok' };
    return {
      value,
      status: gib < limits.bad ? 'bad' : 'warn',
      cost: `${what} needs about ${limits.warn} GiB; a full disk fails the job midway`,
      fix: `free space under ${space.measured}, or point the directory elsewhere`,
    };
  };
}

function tool(name: string, cost: string, fix: string) {
  return (reading: Reading<{ detail: string }>): Judged =>
    reading.known
      ? { value: reading.value.detail, status: 'ok' }
      : { value: `missing (${reading.reason})`, status: 'bad', cost, fix };
}

/** Other runners and databases, free disk, perf, and the tools runs and builds need. */
export const NEIGHBOUR_AND_TOOL_ITEMS: readonly Item[] = [
  {
    id: 'other-runner',
    name: 'another runner',
    weight: 25,
    tunable: false,
    judge: (r) =>
      notRead(r.otherRunners, (seen) =>
        seen.length === 0
          ? { value: 'none', status: 'ok' }
          : {
              value: processes(seen),
              status: 'bad',
              cost: 'its jobs build and measure beside ours',
              fix: 'one runner per measuring machine (or builds that hold the machine lock)',
            },
      ),
  },
  {
    id: 'other-database',
    name: 'another database',
    weight: 20,
    tunable: false,
    judge: (r) =>
      notRead(r.otherDatabases, (seen) =>
        seen.length === 0
          ? { value: 'none', status: 'ok' }
          : {
              value: processes(seen),
              status: 'bad',
              cost: 'its background work (flushing, purge, clients) takes CPU and I/O from the measurement',
              fix: 'systemctl stop mariadb mysql postgresql (and disable them on this machine)',
            },
      ),
  },
  {
    id: 'build-disk',
    name: 'free disk (build directory)',
    weight: 10,
    tunable: false,
    judge: (r) => notRead(r.buildDisk, freeSpace(BUILD_DISK_GiB, 'a server build')),
  },
  {
    id: 'work-disk',
    name: 'free disk (work directory)',
    weight: 10,
    tunable: false,
    judge: (r) => notRead(r.workDisk, freeSpace(WORK_DISK_GiB, 'a run’s datadirs and logs')),
  },
  {
    id: 'perf-event-paranoid',
    name: 'perf_event_paranoid',
    weight: 4,
    tunable: true,
    judge: (r) =>
      notRead(r.perfParanoid, (value) =>
        value <= 2 || r.root
          ? { value: String(value), status: 'ok' }
          : {
              value: String(value),
              status: 'warn',
              cost: 'perf cannot count the server’s instructions for this user',
              fix: 'sysctl kernel.perf_event_paranoid=2',
            },
      ),
  },
  {
    id: 'perf-counters',
    name: 'hardware instruction counter',
    weight: 4,
    tunable: false,
    judge: (r) =>
      notRead(r.perfCounters, (counters) =>
        counters.available
          ? { value: counters.detail, status: 'ok' }
          : {
              value: `not countable (${counters.detail})`,
              status: 'warn',
              cost: 'throughput runs record no instructions; counts come from callgrind only',
              fix: 'a machine (or VM) that exposes the PMU, and perf: apt-get install linux-perf',
            },
      ),
  },
  {
    id: 'valgrind',
    name: 'valgrind',
    weight: 6,
    tunable: false,
    judge: (r) =>
      tool('valgrind', 'the instructions suite cannot run', 'apt-get install valgrind')(r.valgrind),
  },
  {
    id: 'sysbench',
    name: 'sysbench',
    weight: 30,
    tunable: false,
    judge: (r) => tool('sysbench', 'nothing can be measured', 'apt-get install sysbench')(r.sysbench),
  },
  {
    id: 'compilers',
    name: 'compilers',
    weight: 4,
    tunable: false,
    judge: (r) =>
      notRead(r.compilers, (found) =>
        found.length > 0
          ? { value: found.join(', '), status: 'ok' }
          : {
              value: 'none on PATH',
              status: 'warn',
              cost: 'servers cannot be built from source here',
              fix: 'apt-get install gcc g++ (or clang)',
            },
      ),
  },
  {
    id: 'bubblewrap',
    name: 'bubblewrap sandbox',
    weight: 6,
    tunable: false,
    judge: (r) =>
      tool(
        'bubblewrap',
        'a fork’s pull request cannot be built or measured (never unsandboxed)',
        'apt-get install bubblewrap (and allow unprivileged user namespaces)',
      )(r.bubblewrap),
  },
];
