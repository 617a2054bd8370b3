// A side's server held still while the other side is measured, and kept to its CPUs, in the
// control group it runs in (cgroup.ts; its commands join it before they exec the server or its
// sandbox, so everything the server starts is in it too, a daemon that left its process tree
// included).
//
// Freezing uses the group's freezer (cgroup v2's cgroup.freeze, else v1's freezer.state), else
// SIGSTOP to the server's whole process tree (process-tree.ts): a process that left the tree
// escapes that, which is why the CPU time is read from the group wherever there is one (v2
// cpu.stat, v1 cpuacct.usage), and from the tree's /proc only otherwise. The cpuset is one the
// process cannot widen, unlike taskset: sched_setaffinity is held to the cpuset's CPUs, and the
// sandbox's /sys is read-only, so it cannot leave the group.
import { formatCpuList, parseCpuList } from '../cpu-list.js';
import { errorMessage } from '../errors.js';
import type { ControlGroup } from './cgroup.js';
import { type FreezeMethod, FREEZER_ENV, forcedFreezeMethod } from './cgroup-layout.js';
import { continueTree, stopTree, treeCpuSeconds } from './process-tree.js';

export { FREEZE_METHODS, type FreezeMethod, FREEZER_ENV, forcedFreezeMethod } from './cgroup-layout.js';

/** Where the idle side's CPU time is read: its group's accounting, or its process tree in /proc. */
export type CpuSource = 'cgroup' | 'processes';

/** A cpuset set, with its CPUs as the kernel took them; or why none could be. */
export type Cpuset = { readonly cpus: string; readonly version: 1 | 2 } | { readonly reason: string };

/** How long SIGSTOP may take to reach a whole tree (a task in an uninterruptible wait delays it). */
const STOP_TIMEOUT_MS = 10_000;

/** What one server's hold is for. */
export interface HoldRequest {
  /** Whether the server is to be frozen while idle. */
  readonly freeze: boolean;
  /** Whether its CPU time is to be read (an idle side's, frozen or not). */
  readonly count: boolean;
  /** The CPUs (a list, `0-3`) its cpuset keeps it to; no cpuset when undefined. */
  readonly cpus?: string;
}

/** One server's hold: how it is frozen and counted, its cpuset, in its group when it has one. */
export class ServerHold {
  private constructor(
    private readonly group: ControlGroup | undefined,
    /** How it is frozen; undefined when it is not to be. */
    readonly freezing: FreezeMethod | undefined,
    readonly cpuSource: CpuSource,
    /** Its cpuset, or why none could be set; undefined when none was asked for. */
    readonly cpuset: Cpuset | undefined,
    /** Why a cgroup freezer is not used, when freezing falls back to signals. */
    readonly fallback: string | undefined,
  ) {}

  /**
   * What `request` can have of `group` (the server's control group), or of its process tree where
   * it has none, `noGroup` saying why.
   */
  static create(
    request: HoldRequest,
    group: ControlGroup | undefined,
    noGroup = 'no control group',
  ): ServerHold {
    const freezing = request.freeze ? chooseFreezer(group, noGroup) : undefined;
    const cpuSource: CpuSource = group?.versionOf('cpuUsage') === undefined ? 'processes' : 'cgroup';
    const cpuset = request.cpus === undefined ? undefined : setCpuset(group, request.cpus, noGroup);
    return new ServerHold(group, freezing?.method, cpuSource, cpuset, freezing?.fallback);
  }

  /**
   * Stops the server and everything it started; `root` is the process spawned for it (for
   * signals). Throws, thawed again, when the freeze did not settle in time.
   */
  async freeze(root: number | undefined): Promise<void> {
    try {
      if (this.freezing === 'signals') {
        if (root === undefined) throw new Error('its server is not running');
        if (!(await stopTree(root, STOP_TIMEOUT_MS))) {
          throw new Error(`its process tree did not stop within ${STOP_TIMEOUT_MS / 1000} s`);
        }
      } else if (this.freezing !== undefined) await this.group?.freeze();
    } catch (error) {
      await this.thaw(root).catch(() => undefined);
      throw error;
    }
  }

  /** Lets the server and everything it started run again; safe to call when it is not frozen. */
  async thaw(root: number | undefined): Promise<void> {
    if (this.freezing === 'signals') {
      if (root !== undefined) continueTree(root);
    } else if (this.freezing !== undefined) await this.group?.thaw();
  }

  /** CPU seconds the server and everything it started have used (cumulative); undefined when unreadable. */
  cpuSeconds(root: number | undefined): number | undefined {
    try {
      if (this.cpuSource === 'cgroup') {
        const microseconds = this.group?.cpuMicroseconds();
        return microseconds === undefined ? undefined : microseconds / 1e6;
      }
      return root === undefined ? undefined : treeCpuSeconds(root);
    } catch {
      return undefined;
    }
  }
}

/** The freezer `group` gives, or signals and why (FREEZER_ENV, no group, no freezer in it). */
function chooseFreezer(
  group: ControlGroup | undefined,
  noGroup: string,
): { method: FreezeMethod; fallback?: string } {
  const force = forcedFreezeMethod(process.env[FREEZER_ENV]);
  if (force === 'signals') return { method: 'signals', fallback: `${FREEZER_ENV}=signals` };
  const version = group?.versionOf('freeze');
  if (version !== undefined) return { method: version === 'v2' ? 'cgroup-v2' : 'cgroup-v1' };
  const why = group === undefined ? noGroup : 'no cgroup freezer is mounted here';
  return { method: 'signals', fallback: force === undefined ? why : `${FREEZER_ENV}=${force}: ${why}` };
}

/** `group` kept to `cpus`, read back; or why it cannot be. */
function setCpuset(group: ControlGroup | undefined, cpus: string, noGroup: string): Cpuset {
  const version = group?.versionOf('cpuset');
  if (group === undefined) return { reason: noGroup };
  if (version === undefined) return { reason: 'no cpuset hierarchy this tool may make groups in' };
  try {
    group.setCpus(cpus);
  } catch (error) {
    return { reason: `cgroup ${version} cpuset: ${errorMessage(error)}` };
  }
  const got = group.cpus ?? '';
  const same = formatCpuList(parseCpuList(got)) === formatCpuList(parseCpuList(cpus));
  return same
    ? { cpus: got, version: version === 'v2' ? 2 : 1 }
    : { reason: `the cpuset took CPUs ${got}, not ${cpus}` };
}
