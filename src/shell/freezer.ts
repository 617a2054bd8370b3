// A server held still while the other side is measured, and kept to its CPUs: the cgroups one
// side's server runs in. Its launcher joins them before it execs the server (or the sandbox), so
// everything the server starts is in them too, a daemon that left its process tree included.
//
// Freezing uses the cgroup v2 freezer (cgroup.freeze) where there is one, else the v1 freezer
// (freezer.state), else SIGSTOP to the server's whole process tree (process-tree.ts): a process
// that left the tree escapes that, which is why the CPU time is read from the group wherever a
// group can be made (v2 cpu.stat, v1 cpuacct.usage), and from the tree's /proc only otherwise.
// The cpuset is a v2 cpuset where the group's parent can hand one down, else a v1 one: unlike
// taskset, a mask the process cannot widen (sched_setaffinity is held to the cpuset's CPUs, and
// the sandbox's /sys is read-only, so it cannot leave the group).
import { existsSync, readdirSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { errorMessage, InputError } from '../errors.js';
import { cgroupLayout, type CgroupLayout } from './cgroup-layout.js';
import { type Cpuset, cpusetV1, cpusetV2, read, tryMkdir, tryRmdir } from './cgroup-dirs.js';
import { isRunning } from './proc-stat.js';
import { continueTree, stopTree, treeCpuSeconds } from './process-tree.js';

export const FREEZE_METHODS = ['cgroup-v2', 'cgroup-v1', 'signals'] as const;
export type FreezeMethod = (typeof FREEZE_METHODS)[number];

/** Where the idle side's CPU time is read: its group's accounting, or its process tree in /proc. */
export type CpuSource = 'cgroup' | 'processes';

/**
 * Forces how servers are frozen (one of FREEZE_METHODS), for tests and for telling a machine's
 * freezer apart from the fallback; the best the machine has when unset.
 */
export const FREEZER_ENV = 'MYSQL_PERF_GATE_FREEZER';

/** The name every group of this tool starts with; a killed run's are found by it. */
const GROUP_PREFIX = 'mysql-perf-gate-';
/** How long a freeze may take to settle (a task in an uninterruptible wait delays it). */
const FREEZE_TIMEOUT_MS = 10_000;
const POLL_MS = 2;

/** Groups made by this process so far: a process that runs several runs names each one's apart. */
let groupsMade = 0;

/** What one server's groups are for. */
export interface GroupRequest {
  /** Names the groups (`mysql-perf-gate-<pid>-<n>-<name>`). */
  readonly name: string;
  /** Whether the server is to be frozen while idle. */
  readonly freeze: boolean;
  /** Whether its CPU time is to be read (an idle side's, frozen or not). */
  readonly count: boolean;
  /** The CPUs (a list, `0-3`) its cpuset keeps it to; no cpuset when undefined. */
  readonly cpus?: string;
  /** How to freeze (FREEZER_ENV); the best the machine has when undefined. */
  readonly force?: FreezeMethod;
}

/** The v2 and v1 groups made for one server, by what they do. */
interface GroupDirs {
  v2?: string;
  freezerV1?: string;
  cpuacctV1?: string;
  cpusetV1?: string;
}

/** The freezing asked for by FREEZER_ENV, or an error naming it and what it takes. */
export function forcedFreezeMethod(value: string | undefined): FreezeMethod | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const method = FREEZE_METHODS.find((candidate) => candidate === value.trim());
  if (method === undefined) {
    throw new InputError(
      `${FREEZER_ENV}=${value}: expected ${FREEZE_METHODS.join(', ')}, or unset for the best the machine has`,
    );
  }
  return method;
}

/** One server's groups: what its launcher joins, how it is frozen and counted, its cpuset. */
export class ServerGroup {
  private constructor(
    private readonly dirs: GroupDirs,
    /** How it is frozen; undefined when it is not to be. */
    readonly freezing: FreezeMethod | undefined,
    readonly cpuSource: CpuSource,
    /** Its cpuset, or why none could be made; undefined when none was asked for. */
    readonly cpuset: Cpuset | undefined,
    /** Why a cgroup freezer is not used, when freezing falls back to signals. */
    readonly fallback: string | undefined,
  ) {}

  /** Makes the groups `request` needs, in the hierarchies `layout` has, as well as the machine allows. */
  static create(request: GroupRequest, layout: CgroupLayout = cgroupLayout()): ServerGroup {
    groupsMade += 1;
    const name = `${GROUP_PREFIX}${process.pid}-${groupsMade}-${request.name}`;
    const dirs: GroupDirs = {};
    dirs.v2 = tryMkdir(layout.unified, name);
    const freezing = request.freeze ? chooseFreezer(request.force, dirs, layout, name) : undefined;
    let cpuSource: CpuSource = 'processes';
    if (request.count && dirs.v2 !== undefined && existsSync(join(dirs.v2, 'cpu.stat'))) cpuSource = 'cgroup';
    else if (request.count) {
      dirs.cpuacctV1 = tryMkdir(layout.v1.cpuacct, name);
      if (dirs.cpuacctV1 !== undefined) cpuSource = 'cgroup';
    }
    let cpuset: Cpuset | undefined;
    if (request.cpus !== undefined) {
      const v2 = dirs.v2 === undefined ? { reason: 'no cgroup v2 group' } : cpusetV2(dirs.v2, request.cpus);
      if ('reason' in v2) {
        const v1 = cpusetV1(layout.v1.cpuset, name, request.cpus);
        if (v1.dir !== undefined) dirs.cpusetV1 = v1.dir;
        cpuset = 'reason' in v1.cpuset ? { reason: `${v2.reason}; ${v1.cpuset.reason}` } : v1.cpuset;
      } else cpuset = v2;
    }
    const usesV2 =
      freezing?.method === 'cgroup-v2' ||
      (cpuSource === 'cgroup' && dirs.cpuacctV1 === undefined) ||
      (cpuset !== undefined && 'version' in cpuset && cpuset.version === 2);
    if (!usesV2) {
      tryRmdir(dirs.v2);
      delete dirs.v2;
    }
    return new ServerGroup(dirs, freezing?.method, cpuSource, cpuset, freezing?.fallback);
  }

  /** The cgroup.procs files the server's launcher writes its pid to before it execs (joiningGroups). */
  get procsFiles(): string[] {
    return this.groupDirs.map((dir) => join(dir, 'cgroup.procs'));
  }

  private get groupDirs(): string[] {
    return Object.values(this.dirs).filter((dir): dir is string => dir !== undefined);
  }

  /**
   * Stops the server and everything it started; `root` is the process spawned for it (for
   * signals). False when the freeze did not settle in time: it is thawed again then.
   */
  async freeze(root: number | undefined): Promise<boolean> {
    const settled = await this.settle(root);
    if (!settled) await this.thaw(root);
    return settled;
  }

  private async settle(root: number | undefined): Promise<boolean> {
    const { v2, freezerV1 } = this.dirs;
    switch (this.freezing) {
      case 'cgroup-v2':
        if (v2 === undefined) return false;
        writeFileSync(join(v2, 'cgroup.freeze'), '1');
        return poll(() => /^frozen 1$/m.test(read(join(v2, 'cgroup.events'))));
      case 'cgroup-v1':
        if (freezerV1 === undefined) return false;
        writeFileSync(join(freezerV1, 'freezer.state'), 'FROZEN');
        return poll(() => read(join(freezerV1, 'freezer.state')) === 'FROZEN');
      case 'signals':
        return root === undefined ? false : stopTree(root, FREEZE_TIMEOUT_MS);
      case undefined:
        return false;
    }
  }

  /** Lets the server and everything it started run again; safe to call when it is not frozen. */
  thaw(root: number | undefined): Promise<void> {
    const { v2, freezerV1 } = this.dirs;
    switch (this.freezing) {
      case 'cgroup-v2':
        if (v2 !== undefined) writeFileSync(join(v2, 'cgroup.freeze'), '0');
        break;
      case 'cgroup-v1':
        if (freezerV1 !== undefined) writeFileSync(join(freezerV1, 'freezer.state'), 'THAWED');
        break;
      case 'signals':
        if (root !== undefined) continueTree(root);
        break;
      case undefined:
        break;
    }
    return Promise.resolve();
  }

  /** CPU seconds the server and everything it started have used (cumulative); undefined when unreadable. */
  cpuSeconds(root: number | undefined): number | undefined {
    try {
      if (this.cpuSource === 'cgroup' && this.dirs.cpuacctV1 !== undefined) {
        return Number(read(join(this.dirs.cpuacctV1, 'cpuacct.usage'))) / 1e9;
      }
      if (this.cpuSource === 'cgroup' && this.dirs.v2 !== undefined) {
        const usage = /^usage_usec (\d+)$/m.exec(read(join(this.dirs.v2, 'cpu.stat')))?.[1];
        return usage === undefined ? undefined : Number(usage) / 1e6;
      }
      return root === undefined ? undefined : treeCpuSeconds(root);
    } catch {
      return undefined;
    }
  }

  /**
   * Thaws the groups, ends what is left in them (the server is stopped by now: this is what it
   * left running) and removes them. Returns what could not be removed, in words.
   */
  async remove(): Promise<string[]> {
    return removeGroups(this.groupDirs);
  }
}

/** The freezer to use, from what is asked and what the machine has; signals with why otherwise. */
function chooseFreezer(
  force: FreezeMethod | undefined,
  dirs: GroupDirs,
  layout: CgroupLayout,
  name: string,
): { method: FreezeMethod; fallback?: string } {
  if (force === 'signals') return { method: 'signals', fallback: `${FREEZER_ENV}=signals` };
  const v2 = dirs.v2 !== undefined && existsSync(join(dirs.v2, 'cgroup.freeze'));
  if (v2 && force !== 'cgroup-v1') return { method: 'cgroup-v2' };
  if (force !== 'cgroup-v2') {
    dirs.freezerV1 = tryMkdir(layout.v1.freezer, name);
    if (dirs.freezerV1 !== undefined) return { method: 'cgroup-v1' };
  }
  const why =
    layout.unified === undefined && layout.v1.freezer === undefined
      ? 'no cgroup freezer is mounted'
      : `no group could be made for it (${[layout.unified, layout.v1.freezer].filter(Boolean).join(', ')})`;
  return { method: 'signals', fallback: force === undefined ? why : `${FREEZER_ENV}=${force}: ${why}` };
}

async function poll(done: () => boolean): Promise<boolean> {
  const deadline = Date.now() + FREEZE_TIMEOUT_MS;
  while (!done()) {
    if (Date.now() >= deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

/** Thaws, empties (SIGKILL) and removes groups; what could not be removed, in words. */
async function removeGroups(dirs: readonly string[]): Promise<string[]> {
  for (const dir of dirs) thawDir(dir);
  const left: string[] = [];
  for (const dir of dirs) {
    for (const pid of groupPids(dir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }
    const deadline = Date.now() + 5_000;
    while (groupPids(dir).length > 0 && Date.now() < deadline) await sleep(20);
    try {
      rmdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        left.push(`cgroup ${dir}: ${errorMessage(error)}`);
    }
  }
  return left;
}

function thawDir(dir: string): void {
  for (const [file, value] of [
    ['cgroup.freeze', '0'],
    ['freezer.state', 'THAWED'],
  ] as const) {
    try {
      if (existsSync(join(dir, file))) writeFileSync(join(dir, file), value);
    } catch {
      // Not this kind of group.
    }
  }
}

function groupPids(dir: string): number[] {
  try {
    return read(join(dir, 'cgroup.procs'))
      .split('\n')
      .filter((line) => line !== '')
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * The groups a killed run of this tool left (its pid no longer runs) thawed, emptied and removed:
 * a server frozen by the v1 freezer cannot even be killed until thawed. What it did, each: the
 * registry's events' shape (server/registry.ts), so that its callers list them together.
 */
export async function removeLeftGroups(
  layout: CgroupLayout = cgroupLayout(),
): Promise<{ kind: 'removed' | 'failed'; message: string }[]> {
  const parents = [layout.unified, ...Object.values(layout.v1)].filter(
    (dir): dir is string => dir !== undefined,
  );
  const owned = new RegExp(`^${GROUP_PREFIX}(\\d+)-`);
  const left = parents.flatMap((parent) => {
    try {
      return readdirSync(parent)
        .filter((entry) => {
          const owner = owned.exec(entry)?.[1];
          return owner !== undefined && !isRunning(Number(owner));
        })
        .map((entry) => join(parent, entry));
    } catch {
      return [];
    }
  });
  if (left.length === 0) return [];
  const failures = await removeGroups(left);
  return [
    { kind: 'removed', message: `removed the cgroups a killed run left: ${left.join(', ')}` },
    ...failures.map((message) => ({ kind: 'failed' as const, message })),
  ];
}

/**
 * The command that joins the groups whose cgroup.procs files are `procsFiles` and then execs
 * `file args…` (the same pid: the server's, or the sandbox's). A write refused ends it with
 * status 125, the shell's message in the server's log.
 */
export function joiningGroups(
  procsFiles: readonly string[],
  file: string,
  args: readonly string[],
): { file: string; args: string[] } {
  if (procsFiles.length === 0) return { file, args: [...args] };
  const script =
    'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1" || exit 125; shift; n=$((n - 1)); done; exec "$@"';
  return {
    file: '/bin/sh',
    args: ['-c', script, 'sh', String(procsFiles.length), ...procsFiles, file, ...args],
  };
}
