// One control group of the tool's (cgroup.ts makes them): in every hierarchy the machine's layout
// uses, joined by a command before it starts anything, with its limits, what the kernel counted
// against them, freeze and thaw, a cpuset, the CPU time used, and its removal.
import { existsSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { errorMessage, GateError } from '../errors.js';
import {
  type CapabilityPlace,
  type CgroupCapability,
  type CgroupLayout,
  type CgroupVersion,
  layoutHierarchies,
} from './cgroup-layout.js';
import type { Confinement } from './sandbox.js';
import { CGROUP_FILES, type CgroupWrite, joinedCommand, parseProcs } from './cgroup-files.js';

const FREEZE_WAIT_MS = 5_000;
const KILL_ROUNDS = 200;
const POLL_MS = 20;

/** The limits a group is made with; a capability the machine lacks is left out (see `missing`). */
export interface GroupLimits {
  readonly processes?: number;
  readonly memoryBytes?: number;
}

/** What the kernel counted against a group's limits since it was made. */
export interface LimitCounts {
  /** Forks refused at the process limit. */
  readonly processes: number;
  /** Processes killed for want of memory at the memory limit. */
  readonly memory: number;
}

export function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A write to a group's file; an optional one the kernel does not have is left out. */
export function write(dir: string, change: CgroupWrite): void {
  const path = join(dir, change.file);
  if (change.optional === true && !existsSync(path)) return;
  writeFileSync(path, change.value);
}

export function dirHas(dir: string, file: string): boolean {
  return readText(join(dir, file)) !== undefined;
}

export function copyFile(from: string, to: string, file: string): void {
  writeFileSync(join(to, file), (readText(join(from, file)) ?? '').trim());
}

/** SIGKILL to every process of one hierarchy's group until it is empty (a fork bomb included). */
async function killAll(dir: string, place: CapabilityPlace): Promise<void> {
  const files = CGROUP_FILES[place.version];
  if (files.kill !== undefined && dirHas(dir, files.kill.file)) write(dir, files.kill);
  for (let round = 0; round < KILL_ROUNDS; round++) {
    const pids = parseProcs(readText(join(dir, files.procs)) ?? '');
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
    await sleep(POLL_MS);
  }
  throw new GateError(`${dir} still has processes after ${KILL_ROUNDS} rounds of SIGKILL`);
}

/** One group of the tool's, in every hierarchy its machine's layout uses. */
export class ControlGroup {
  private removing: Promise<void> | undefined;

  constructor(
    readonly name: string,
    private readonly layout: CgroupLayout,
    /** The group's directory in each hierarchy, by the hierarchy's parent directory. */
    private readonly dirs: Map<string, string>,
  ) {}

  /** The cgroup.procs file of each of its directories: a process written there joins the group. */
  get procsFiles(): string[] {
    return [...this.dirs.entries()].map(([parent, dir]) => {
      const place = layoutHierarchies(this.layout).find((candidate) => candidate.parent === parent);
      return join(dir, CGROUP_FILES[place?.version ?? 'v2'].procs);
    });
  }

  /** `command` run as a member of the group: it joins before it starts anything. */
  wrap(command: { readonly file: string; readonly args: readonly string[] }): {
    file: string;
    args: string[];
  } {
    return joinedCommand(this.procsFiles, command);
  }

  /** `confinement` with every command it runs joining the group first (outside the sandbox). */
  confine(confinement: Confinement): Confinement {
    return {
      sandboxed: confinement.sandboxed,
      wrap: (file, args) => this.wrap(confinement.wrap(file, args)),
      env: (base) => confinement.env(base),
    };
  }

  /** The cgroup version that gives the group `capability`; undefined where the machine does not. */
  versionOf(capability: CgroupCapability): CgroupVersion | undefined {
    return this.where(capability)?.place.version;
  }

  /** The group's directory and the files of its version for `capability`, if the machine gives it. */
  private where(capability: CgroupCapability): { dir: string; place: CapabilityPlace } | undefined {
    const place = this.layout[capability];
    const dir = place === undefined ? undefined : this.dirs.get(place.parent);
    return place === undefined || dir === undefined ? undefined : { dir, place };
  }

  /** Writes the limits given, for the capabilities the machine has. */
  applyLimits(limits: GroupLimits): void {
    const processes = this.where('processes');
    if (processes && limits.processes !== undefined) {
      for (const change of CGROUP_FILES[processes.place.version].processLimit(limits.processes))
        write(processes.dir, change);
    }
    const memory = this.where('memory');
    if (memory && limits.memoryBytes !== undefined) {
      for (const change of CGROUP_FILES[memory.place.version].memoryLimit(limits.memoryBytes))
        write(memory.dir, change);
    }
  }

  /** What the kernel counted against the limits so far (0 where the machine has no such limit). */
  limitCounts(): LimitCounts {
    const count = (capability: 'processes' | 'memory'): number => {
      const at = this.where(capability);
      if (at === undefined) return 0;
      const files = CGROUP_FILES[at.place.version];
      const events = capability === 'processes' ? files.processEvents : files.memoryEvents;
      return events.read(readText(join(at.dir, events.file)) ?? '') ?? 0;
    };
    return { processes: count('processes'), memory: count('memory') };
  }

  /** Stops every process of the group (the cgroup freezer); resolves once the kernel says it is frozen. */
  freeze(): Promise<void> {
    return this.setFrozen(true);
  }

  /** Lets the group's processes run again. */
  thaw(): Promise<void> {
    return this.setFrozen(false);
  }

  /** Whether the group is frozen now. */
  get frozen(): boolean {
    const at = this.where('freeze');
    if (at === undefined) return false;
    const state = CGROUP_FILES[at.place.version].freezeState;
    return state.isFrozen(readText(join(at.dir, state.file)) ?? '');
  }

  private async setFrozen(frozen: boolean): Promise<void> {
    const at = this.where('freeze');
    if (at === undefined) throw new GateError(`this machine has no cgroup freezer for ${this.name}`);
    write(at.dir, CGROUP_FILES[at.place.version].freeze(frozen));
    const deadline = Date.now() + FREEZE_WAIT_MS;
    while (this.frozen !== frozen) {
      if (Date.now() >= deadline) {
        throw new GateError(`the control group ${at.dir} was not ${frozen ? 'frozen' : 'thawed'} within 5 s`);
      }
      await sleep(POLL_MS);
    }
  }

  /** CPU time the group's processes used, in microseconds; undefined where it cannot be read. */
  cpuMicroseconds(): number | undefined {
    const at = this.where('cpuUsage');
    if (at === undefined) return undefined;
    const usage = CGROUP_FILES[at.place.version].cpuUsage;
    return usage.microseconds(readText(join(at.dir, usage.file)) ?? '');
  }

  /** Confines the group to `cpus` (a list such as 0-3,6), which its processes cannot widen. */
  setCpus(cpus: string): void {
    const at = this.where('cpuset');
    if (at === undefined) throw new GateError(`this machine has no cpuset for ${this.name}`);
    for (const change of CGROUP_FILES[at.place.version].cpus(cpus)) write(at.dir, change);
  }

  /** The CPUs the group may use now, as the kernel lists them. */
  get cpus(): string | undefined {
    const at = this.where('cpuset');
    if (at === undefined) return undefined;
    const effective =
      readText(join(at.dir, 'cpuset.cpus.effective')) ?? readText(join(at.dir, 'cpuset.cpus'));
    return effective?.trim();
  }

  /** The pids of its processes (from any one hierarchy: every member joins all of them). */
  pids(): number[] {
    const [first] = this.procsFiles;
    return first === undefined ? [] : parseProcs(readText(first) ?? '');
  }

  /** Kills every process of the group and removes it from every hierarchy; once. */
  remove(): Promise<void> {
    this.removing ??= this.removeAll();
    return this.removing;
  }

  private async removeAll(): Promise<void> {
    const problems: string[] = [];
    // Thawed first: a process frozen by the v1 freezer does not die until it is.
    const freezer = this.where('freeze');
    if (freezer !== undefined && existsSync(freezer.dir)) {
      try {
        write(freezer.dir, CGROUP_FILES[freezer.place.version].freeze(false));
      } catch (error) {
        problems.push(`${freezer.dir}: ${errorMessage(error)}`);
      }
    }
    for (const place of layoutHierarchies(this.layout)) {
      const dir = this.dirs.get(place.parent);
      if (dir === undefined) continue;
      try {
        await killAll(dir, place);
        await removeDir(dir);
      } catch (error) {
        problems.push(`${dir}: ${errorMessage(error)}`);
      }
    }
    if (problems.length > 0)
      throw new GateError(`could not remove the control group ${this.name}: ${problems.join('; ')}`);
  }
}

/** rmdir, retried while the kernel still counts a process that just died. */
async function removeDir(dir: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      rmdirSync(dir);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY' || attempt >= 100) throw error;
      await sleep(POLL_MS);
    }
  }
}
