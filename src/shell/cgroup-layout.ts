// Where this process's control groups are, and which hierarchy gives each thing the tool asks of a
// group: read from /proc/self/mountinfo and /proc/self/cgroup, decided here without any I/O (the
// caller reads the files and probes what it may write: cgroup.ts).
//
// Two layouts are met:
//   - cgroup v2, one unified hierarchy (GitHub's Ubuntu runners, current Debian and Ubuntu under
//     systemd): its controllers are listed in each group's cgroup.controllers. A group may hand
//     memory to children only while it holds no process itself, so the tool's groups go in a
//     directory of their own beside its process's group, in the nearest ancestor it may write
//     (the hierarchy's root for root, `app.slice` under `systemd-run --user --scope`);
//   - cgroup v1, one hierarchy per controller (pids, memory, cpuset, freezer, cpuacct), often
//     beside a v2 hierarchy without controllers (/sys/fs/cgroup/unified) whose core files
//     (cgroup.freeze, cpu.stat) still work. A v1 group may hold processes and children at once:
//     the tool's groups nest under its own process's group in each hierarchy.
// Each capability is taken from v2 when v2 gives it, else from its v1 hierarchy, else it is missing.

import { InputError } from '../errors.js';

export type CgroupVersion = 'v1' | 'v2';

/** What the tool asks of a group. */
export const CGROUP_CAPABILITIES = ['processes', 'memory', 'cpuset', 'freeze', 'cpuUsage'] as const;
export type CgroupCapability = (typeof CGROUP_CAPABILITIES)[number];

/**
 * The controller each capability needs, per version; null where v2 gives it in every group
 * (cgroup.freeze and cpu.stat are core files of v2, present with no controller enabled).
 */
export const CAPABILITY_CONTROLLERS: Readonly<
  Record<CgroupCapability, { readonly v2: string | null; readonly v1: string }>
> = {
  processes: { v2: 'pids', v1: 'pids' },
  memory: { v2: 'memory', v1: 'memory' },
  cpuset: { v2: 'cpuset', v1: 'cpuset' },
  freeze: { v2: null, v1: 'freezer' },
  cpuUsage: { v2: null, v1: 'cpuacct' },
};

/** The v2 controllers the tool enables for its groups, where the hierarchy hands them down. */
export const V2_CONTROLLERS: readonly string[] = Object.values(CAPABILITY_CONTROLLERS).flatMap(
  (controllers) => (controllers.v2 === null ? [] : [controllers.v2]),
);

/** The v1 controllers the tool uses; a mount's other options (rw, name=systemd…) are not controllers. */
const V1_CONTROLLERS = new Set(Object.values(CAPABILITY_CONTROLLERS).map((controllers) => controllers.v1));

/** A cgroup file system mounted here (one line of /proc/self/mountinfo). */
export interface CgroupMount {
  readonly version: CgroupVersion;
  /** Where it is mounted: /sys/fs/cgroup/memory. */
  readonly mountPoint: string;
  /** The group of the hierarchy mounted there: / unless only a subtree is (a container's). */
  readonly root: string;
  /** v1: the controllers of this hierarchy, from its options. v2: none (they are per group). */
  readonly controllers: readonly string[];
}

/** mountinfo escapes space, tab, newline and backslash as \040, \011, \012, \134. */
function unescapeMountPath(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_match, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/**
 * The cgroup mounts of /proc/self/mountinfo, in its order. A line is
 * `ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL…] - FSTYPE SOURCE SUPER-OPTIONS`.
 */
export function parseMountinfo(text: string): CgroupMount[] {
  const mounts: CgroupMount[] = [];
  for (const line of text.split('\n')) {
    const [before, after] = line.split(' - ');
    if (before === undefined || after === undefined) continue;
    const fields = before.split(' ');
    const [fsType, , superOptions = ''] = after.split(' ');
    const root = fields[3];
    const mountPoint = fields[4];
    if (root === undefined || mountPoint === undefined) continue;
    if (fsType === 'cgroup2') {
      mounts.push({
        version: 'v2',
        mountPoint: unescapeMountPath(mountPoint),
        root: unescapeMountPath(root),
        controllers: [],
      });
    } else if (fsType === 'cgroup') {
      const controllers = superOptions.split(',').filter((option) => V1_CONTROLLERS.has(option));
      mounts.push({
        version: 'v1',
        mountPoint: unescapeMountPath(mountPoint),
        root: unescapeMountPath(root),
        controllers,
      });
    }
  }
  return mounts;
}

/** This process's group in each hierarchy (/proc/self/cgroup): v2's, and v1's by controller. */
export interface CgroupMembership {
  readonly v2?: string;
  readonly v1: ReadonlyMap<string, string>;
}

/** Parses /proc/<pid>/cgroup: `ID:CONTROLLERS:PATH` per line, `0::PATH` for v2. */
export function parseProcCgroup(text: string): CgroupMembership {
  let v2: string | undefined;
  const v1 = new Map<string, string>();
  for (const line of text.split('\n')) {
    const first = line.indexOf(':');
    const second = line.indexOf(':', first + 1);
    if (first < 0 || second < 0) continue;
    const controllers = line.slice(first + 1, second);
    const path = line.slice(second + 1).replace(/ \(deleted\)$/, '');
    if (!path.startsWith('/')) continue;
    if (line.slice(0, first) === '0' && controllers === '') v2 = path;
    else for (const controller of controllers.split(',')) if (controller !== '') v1.set(controller, path);
  }
  return v2 === undefined ? { v1 } : { v2, v1 };
}

/**
 * The directory of group `path` under a mount of its hierarchy, or undefined when the mount shows
 * only another part of the hierarchy.
 */
export function groupDir(mount: Pick<CgroupMount, 'mountPoint' | 'root'>, path: string): string | undefined {
  const root = mount.root === '/' ? '' : mount.root.replace(/\/$/, '');
  if (path !== root && !path.startsWith(`${root}/`) && root !== '') return undefined;
  const rest = path.slice(root.length).replace(/^\/+/, '');
  const base = mount.mountPoint.replace(/\/$/, '');
  return rest === '' ? base : `${base}/${rest}`;
}

/** Where this process sits in each hierarchy mounted here: what the probes then look at. */
export interface CgroupPlaces {
  /** The v2 hierarchy: this process's group's directory, and its ancestors' up to the mount. */
  readonly v2?: { readonly own: string; readonly candidates: readonly string[] };
  /** Each v1 controller the tool uses: this process's group's directory in its hierarchy. */
  readonly v1: ReadonlyMap<string, string>;
}

/**
 * The directories the tool's groups may go under. In v2: the process's own group only when it is
 * the hierarchy's root (the one group that may hold processes and hand out memory), then each
 * ancestor from the parent up, nearest first. In v1: the process's own group per controller.
 */
export function cgroupPlaces(mounts: readonly CgroupMount[], membership: CgroupMembership): CgroupPlaces {
  const v1 = new Map<string, string>();
  for (const mount of mounts) {
    if (mount.version !== 'v1') continue;
    for (const controller of mount.controllers) {
      const path = membership.v1.get(controller);
      const dir = path === undefined ? undefined : groupDir(mount, path);
      if (dir !== undefined && !v1.has(controller)) v1.set(controller, dir);
    }
  }
  const mount = mounts.find((candidate) => candidate.version === 'v2');
  const own = mount === undefined || membership.v2 === undefined ? undefined : groupDir(mount, membership.v2);
  if (mount === undefined || own === undefined) return { v1 };
  const top = mount.mountPoint.replace(/\/$/, '');
  const candidates = own === top ? [own] : [];
  for (let dir = parentDir(own); dir.length >= top.length; dir = parentDir(dir)) {
    candidates.push(dir);
    if (dir === top) break;
  }
  return { v2: { own, candidates }, v1 };
}

function parentDir(dir: string): string {
  const slash = dir.lastIndexOf('/');
  return slash <= 0 ? '/' : dir.slice(0, slash);
}

/** What the probes found: the v2 directory the tool may write, and the v1 ones. */
export interface CgroupProbe {
  /** The first v2 candidate the tool may write, and the controllers its children get. */
  readonly v2?: { readonly dir: string; readonly controllers: readonly string[] };
  /** The v1 controllers whose own directory the tool may write, with it. */
  readonly v1: ReadonlyMap<string, string>;
}

/** Where one capability comes from: the version, and the directory the tool's groups go under. */
export interface CapabilityPlace {
  readonly version: CgroupVersion;
  /** The directory the tool's own directory is made in. */
  readonly parent: string;
  /** v1: the controller, whose hierarchy this is. */
  readonly controller?: string;
}

export type CgroupLayout = Readonly<Partial<Record<CgroupCapability, CapabilityPlace>>>;

/** A capability taken from one version only (a test's, or a user's who tells freezers apart). */
export type CgroupPreference = Readonly<Partial<Record<CgroupCapability, CgroupVersion>>>;

/**
 * Each capability from v2 when v2 gives it, else from its v1 hierarchy; missing otherwise. One
 * `prefer`red takes that version or nothing.
 */
export function chooseLayout(probe: CgroupProbe, prefer: CgroupPreference = {}): CgroupLayout {
  const layout: Partial<Record<CgroupCapability, CapabilityPlace>> = {};
  for (const capability of CGROUP_CAPABILITIES) {
    const wanted = CAPABILITY_CONTROLLERS[capability];
    const { v2 } = probe;
    const v2Gives = v2 !== undefined && (wanted.v2 === null || v2.controllers.includes(wanted.v2));
    if (v2Gives && prefer[capability] !== 'v1') {
      layout[capability] = { version: 'v2', parent: v2.dir };
      continue;
    }
    const v1 = probe.v1.get(wanted.v1);
    if (v1 !== undefined && prefer[capability] !== 'v2') {
      layout[capability] = { version: 'v1', parent: v1, controller: wanted.v1 };
    }
  }
  return layout;
}

/** How a side's server is frozen: the cgroup v2 or v1 freezer, or SIGSTOP to its process tree. */
export const FREEZE_METHODS = ['cgroup-v2', 'cgroup-v1', 'signals'] as const;
export type FreezeMethod = (typeof FREEZE_METHODS)[number];

/**
 * Forces how servers are frozen (one of FREEZE_METHODS), for tests and for telling a machine's
 * freezer apart from the fallback; the best the machine has when unset.
 */
export const FREEZER_ENV = 'MYSQL_PERF_GATE_FREEZER';

/** The freezing FREEZER_ENV's `value` asks for, or an error naming it and what it takes. */
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

/** The layout's preference for a forced freezer: that version's, or (signals) none at all. */
export function freezePreference(method: FreezeMethod | undefined): CgroupPreference {
  if (method === 'cgroup-v1') return { freeze: 'v1' };
  if (method === 'cgroup-v2') return { freeze: 'v2' };
  return {};
}

/** The hierarchies a layout uses, one entry each (v1 hierarchies may carry several controllers). */
export function layoutHierarchies(layout: CgroupLayout): CapabilityPlace[] {
  const seen = new Map<string, CapabilityPlace>();
  for (const capability of CGROUP_CAPABILITIES) {
    const place = layout[capability];
    if (place !== undefined && !seen.has(place.parent)) seen.set(place.parent, place);
  }
  return [...seen.values()];
}
