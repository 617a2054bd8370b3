// Control groups for code the tool does not trust: one group per untrusted build or server, with
// a process limit and a memory limit, and the primitives the run uses on a side's server: freeze
// and thaw, a cpuset it cannot widen, the CPU time it used.
//
// Which hierarchy gives what is decided by cgroup-layout.ts from this process's own groups, and
// what to write in each version by cgroup-files.ts. Every group the tool makes is
// `<parent>/mysql-perf-gate/<owner pid>-<owner start time>-<label>` in each hierarchy it uses;
// the name is the record: a group whose owner is gone (a killed run) is emptied and removed by
// the next run that makes one, as the server registry sweeps orphaned servers.
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { errorMessage } from '../errors.js';
import {
  type CgroupCapability,
  type CgroupLayout,
  type CgroupPreference,
  cgroupPlaces,
  type CgroupProbe,
  chooseLayout,
  forcedFreezeMethod,
  FREEZER_ENV,
  freezePreference,
  layoutHierarchies,
  parseMountinfo,
  parseProcCgroup,
  V2_CONTROLLERS,
} from './cgroup-layout.js';
import { CGROUP_FILES, groupName, groupOwner, parseProcs } from './cgroup-files.js';
import { ControlGroup, copyFile, dirHas, type GroupLimits, readText } from './cgroup-group.js';
import { procStat } from './proc-stat.js';

export type { CgroupCapability, CgroupLayout } from './cgroup-layout.js';
export type { ControlGroup, GroupLimits, LimitCounts } from './cgroup-group.js';

/** The directory every group of the tool goes in, in each hierarchy. */
export const CGROUP_CONTAINER = 'mysql-perf-gate';

/** What a sweep of groups left by killed runs did, one group each: the registry's events' shape. */
export interface SweepEvent {
  readonly kind: 'removed' | 'failed';
  readonly message: string;
}

/** Where a file of this process's, /proc/self/…, is read from: replaced by tests. */
export interface CgroupSource {
  readonly mountinfo: string;
  readonly cgroup: string;
}

function readSelf(): CgroupSource {
  return {
    mountinfo: readFileSync('/proc/self/mountinfo', 'utf8'),
    cgroup: readFileSync('/proc/self/cgroup', 'utf8'),
  };
}

function writable(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** Makes `dir` if missing; false when it cannot be. */
function ensureDir(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EEXIST';
  }
}

/**
 * The first v2 candidate where the tool can make its container, with the controllers it could
 * enable there for its groups (of those wanted and handed down by the candidate).
 */
function probeCandidates(candidates: readonly string[]): CgroupProbe['v2'] {
  for (const dir of candidates) {
    if (!writable(dir)) continue;
    const container = join(dir, CGROUP_CONTAINER);
    if (!ensureDir(container)) continue;
    const offered = (readText(join(dir, 'cgroup.subtree_control')) ?? '').trim().split(/\s+/);
    const controllers = V2_CONTROLLERS.filter((controller) => {
      if (!offered.includes(controller)) return false;
      try {
        writeFileSync(join(container, 'cgroup.subtree_control'), `+${controller}`);
        return true;
      } catch {
        return false;
      }
    });
    return { dir, controllers };
  }
  return undefined;
}

/** The group the processes of a delegated group are moved to, so that it may hand out memory. */
export const EVACUATED = 'mysql-perf-gate-others';

/**
 * Moves every process of `dir` into its child EVACUATED; true once `dir` holds none. This is what
 * a delegated group's owner does (systemd's `Delegate=yes`): a group with processes may not hand
 * memory to children, so they go in a leaf of their own, still in the service's subtree.
 */
export function evacuate(dir: string): boolean {
  const leaf = join(dir, EVACUATED);
  if (!ensureDir(leaf)) return false;
  for (let round = 0; round < 10; round++) {
    const pids = parseProcs(readText(join(dir, 'cgroup.procs')) ?? '');
    if (pids.length === 0) return true;
    for (const pid of pids) {
      try {
        writeFileSync(join(leaf, 'cgroup.procs'), String(pid));
      } catch {
        // gone meanwhile, or not ours to move: counted again next round
      }
    }
  }
  return false;
}

/**
 * The v2 directory the tool's container goes in: the nearest ancestor of its own group it may
 * write; else its own group when delegated to it (writable), once its processes are moved out.
 */
function probeV2(v2: NonNullable<ReturnType<typeof cgroupPlaces>['v2']>): CgroupProbe['v2'] {
  const found = probeCandidates(v2.candidates);
  if (found !== undefined || v2.candidates.includes(v2.own) || !writable(v2.own)) return found;
  if (!evacuate(v2.own)) return undefined;
  // Handed to it, now that it holds no process: what its parent gave it.
  const given = (readText(join(v2.own, 'cgroup.controllers')) ?? '').trim().split(/\s+/);
  for (const controller of V2_CONTROLLERS.filter((name) => given.includes(name))) {
    try {
      writeFileSync(join(v2.own, 'cgroup.subtree_control'), `+${controller}`);
    } catch {
      // left out: the capability comes from v1, or is missing
    }
  }
  return probeCandidates([v2.own]);
}

/** The v1 controllers whose own group this process may make its container in. */
function probeV1(places: ReadonlyMap<string, string>): Map<string, string> {
  const usable = new Map<string, string>();
  for (const [controller, dir] of places) {
    const container = join(dir, CGROUP_CONTAINER);
    if (!writable(dir) || !ensureDir(container)) continue;
    try {
      for (const file of controller === 'cpuset' ? CGROUP_FILES.v1.inherited : []) {
        if ((readText(join(container, file)) ?? '').trim() === '') {
          writeFileSync(join(container, file), (readText(join(dir, file)) ?? '').trim());
        }
      }
      usable.set(controller, dir);
    } catch {
      // a cpuset container that cannot take its parent's CPUs would refuse every process
    }
  }
  return usable;
}

/** The control groups this machine gives the tool, found once per process. */
export class CgroupSystem {
  private swept = false;

  constructor(
    readonly layout: CgroupLayout,
    private readonly owner: { readonly pid: number; readonly startTime: string },
  ) {}

  /** Reads this process's hierarchies and probes what it may write; makes the containers. */
  static detect(source: CgroupSource = readSelf(), prefer: CgroupPreference = {}): CgroupSystem {
    const places = cgroupPlaces(parseMountinfo(source.mountinfo), parseProcCgroup(source.cgroup));
    const v2 = places.v2 === undefined ? undefined : probeV2(places.v2);
    const layout = chooseLayout({ ...(v2 === undefined ? {} : { v2 }), v1: probeV1(places.v1) }, prefer);
    const startTime = procStat(process.pid)?.startTime ?? '0';
    return new CgroupSystem(layout, { pid: process.pid, startTime });
  }

  /** The capabilities among `wanted` this machine cannot give. */
  missing(wanted: readonly CgroupCapability[]): CgroupCapability[] {
    return wanted.filter((capability) => this.layout[capability] === undefined);
  }

  /** Whether any capability at all is given. */
  get usable(): boolean {
    return layoutHierarchies(this.layout).length > 0;
  }

  /**
   * Makes the group `label` (after sweeping what killed runs left, once), in every hierarchy the
   * layout uses, with the limits given for the capabilities the machine has.
   */
  async create(
    label: string,
    limits: GroupLimits = {},
    onSweep?: (event: SweepEvent) => void,
  ): Promise<ControlGroup> {
    if (!this.swept) {
      this.swept = true;
      for (const event of await this.sweepOrphans()) onSweep?.(event);
    }
    const name = groupName(this.owner, label);
    const dirs = new Map<string, string>();
    const group = new ControlGroup(name, this.layout, dirs);
    try {
      for (const place of layoutHierarchies(this.layout)) {
        const container = join(place.parent, CGROUP_CONTAINER);
        const dir = join(container, name);
        mkdirSync(dir);
        dirs.set(place.parent, dir);
        // A v1 cpuset group takes no process before it has CPUs and memory nodes.
        for (const file of place.version === 'v1' ? CGROUP_FILES.v1.inherited : []) {
          if (dirHas(dir, file)) copyFile(container, dir, file);
        }
      }
      group.applyLimits(limits);
    } catch (error) {
      await group.remove().catch(() => undefined);
      throw error;
    }
    return group;
  }

  /** The groups of runs whose process is gone: each one's directory in every hierarchy. */
  private orphans(): Map<string, Map<string, string>> {
    const orphans = new Map<string, Map<string, string>>();
    for (const place of layoutHierarchies(this.layout)) {
      const container = join(place.parent, CGROUP_CONTAINER);
      let names: string[];
      try {
        names = readdirSync(container, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name);
      } catch {
        continue;
      }
      for (const name of names) {
        const owner = groupOwner(name);
        if (owner === undefined || procStat(owner.pid)?.startTime === owner.startTime) continue;
        orphans.set(
          name,
          (orphans.get(name) ?? new Map<string, string>()).set(place.parent, join(container, name)),
        );
      }
    }
    return orphans;
  }

  /**
   * Thaws the groups of runs whose process is gone, so that what a killed run left frozen can be
   * stopped (a process frozen by the v1 freezer does not even die of SIGKILL until it is thawed).
   * The server registry then stops their servers, and `sweepOrphans` removes the groups.
   */
  async thawOrphans(): Promise<void> {
    if (this.layout.freeze === undefined) return;
    for (const [name, dirs] of this.orphans()) {
      await new ControlGroup(name, this.layout, dirs).thaw().catch(() => undefined);
    }
  }

  /** Empties and removes the groups of runs whose process is gone. */
  async sweepOrphans(): Promise<SweepEvent[]> {
    const events: SweepEvent[] = [];
    for (const [name, dirs] of this.orphans()) {
      const left = `the control group ${name} (in ${[...dirs.values()].join(', ')})`;
      try {
        await new ControlGroup(name, this.layout, dirs).remove();
        const message = `removed ${left}, left by run pid ${groupOwner(name)?.pid ?? '?'}, which is gone`;
        events.push({ kind: 'removed', message });
      } catch (error) {
        events.push({ kind: 'failed', message: `could not remove ${left}: ${errorMessage(error)}` });
      }
    }
    return events;
  }
}

let system: CgroupSystem | undefined;

/**
 * This machine's control groups, found once per process: every group of a run comes from it, so
 * that a server's limits, freezer, cpuset and CPU time are one group. FREEZER_ENV forces the freezer.
 */
export function cgroupSystem(): CgroupSystem {
  system ??= CgroupSystem.detect(readSelf(), freezePreference(forcedFreezeMethod(process.env[FREEZER_ENV])));
  return system;
}
