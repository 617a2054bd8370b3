// Where this process's cgroups are: its group in the unified (v2) hierarchy, and in the v1
// hierarchies of the controllers the idle side uses (freezer, cpuacct, cpuset). The one place
// the freezer (freezer.ts) learns the cgroup layout, so that it can later read it from one shared
// cgroup module instead.
//
// A group is found from /proc/self/cgroup (the path of this process's group in each hierarchy)
// and /proc/self/mountinfo (where each hierarchy is mounted, and which of its groups the mount
// shows as its root: a container's cgroup namespace mounts its own group as the root).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type V1Controller = 'freezer' | 'cpuacct' | 'cpuset';

const V1_CONTROLLERS: readonly V1Controller[] = ['freezer', 'cpuacct', 'cpuset'];

export interface CgroupLayout {
  /** This process's group in the unified (v2) hierarchy, as a directory; absent when not mounted. */
  readonly unified?: string;
  /** This process's group in the v1 hierarchy of each controller mounted, as a directory. */
  readonly v1: Readonly<Partial<Record<V1Controller, string>>>;
}

/** A mount of a cgroup hierarchy: where it is, which group it shows as its root, its controllers. */
interface CgroupMount {
  readonly point: string;
  readonly root: string;
  readonly version: 1 | 2;
  readonly controllers: readonly string[];
}

/** mountinfo's octal escapes (`\040` for a space) decoded. */
function unescape(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

function cgroupMounts(mountinfo: string): CgroupMount[] {
  return mountinfo.split('\n').flatMap((line): CgroupMount[] => {
    // "id parent major:minor root point options [optional…] - fstype source superoptions"
    const [before, after] = line.split(' - ');
    if (before === undefined || after === undefined) return [];
    const fields = before.split(' ');
    const [fstype, , superOptions = ''] = after.split(' ');
    const root = fields[3];
    const point = fields[4];
    if (root === undefined || point === undefined) return [];
    if (fstype === 'cgroup2')
      return [{ point: unescape(point), root: unescape(root), version: 2, controllers: [] }];
    if (fstype !== 'cgroup') return [];
    return [
      { point: unescape(point), root: unescape(root), version: 1, controllers: superOptions.split(',') },
    ];
  });
}

/** The directory of group `group` (a path in its hierarchy) under `mount`; undefined when the mount does not show it. */
function groupDir(mount: CgroupMount, group: string): string | undefined {
  const relative = path.posix.relative(mount.root, group);
  if (relative.startsWith('..') || path.posix.isAbsolute(relative)) return undefined;
  return path.posix.join(mount.point, relative);
}

/**
 * The layout from the text of /proc/self/mountinfo and /proc/self/cgroup. Pure: tested with the
 * texts of the machines it must support (v1 with a v2 beside it, v2 alone under systemd).
 */
export function parseCgroupLayout(mountinfo: string, membership: string): CgroupLayout {
  const mounts = cgroupMounts(mountinfo);
  const v1: Partial<Record<V1Controller, string>> = {};
  let unified: string | undefined;
  for (const line of membership.split('\n')) {
    // "hierarchy-id:controllers:path"; the unified hierarchy is "0::path".
    const match = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, id, list = '', group = '/'] = match;
    if (id === '0' && list === '') {
      const mount = mounts.find((candidate) => candidate.version === 2);
      unified = mount === undefined ? undefined : groupDir(mount, group);
      continue;
    }
    const controllers = list.split(',');
    for (const controller of V1_CONTROLLERS) {
      if (!controllers.includes(controller) || v1[controller] !== undefined) continue;
      const mount = mounts.find(
        (candidate) => candidate.version === 1 && candidate.controllers.includes(controller),
      );
      const dir = mount === undefined ? undefined : groupDir(mount, group);
      if (dir !== undefined) v1[controller] = dir;
    }
  }
  return { ...(unified === undefined ? {} : { unified }), v1 };
}

/** This process's cgroups as the machine has them now; none where /proc does not say (not Linux). */
export function cgroupLayout(): CgroupLayout {
  try {
    return parseCgroupLayout(
      readFileSync('/proc/self/mountinfo', 'utf8'),
      readFileSync('/proc/self/cgroup', 'utf8'),
    );
  } catch {
    return { v1: {} };
  }
}
