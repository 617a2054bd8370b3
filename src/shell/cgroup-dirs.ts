// The groups of the cgroup file system a server's groups are made of: made, read, and removed
// where they can be, and the cpuset that keeps an untrusted server to its CPUs (freezer.ts).
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { formatCpuList, parseCpuList } from '../cpu-list.js';
import { errorMessage } from '../errors.js';

/** A cpuset made, with its CPUs as the kernel took them; or why none could be. */
export type Cpuset = { readonly cpus: string; readonly version: 1 | 2 } | { readonly reason: string };

/** `parent`/`name` made (or found: a group of this run already), or undefined where it cannot be. */
export function tryMkdir(parent: string | undefined, name: string): string | undefined {
  if (parent === undefined) return undefined;
  const dir = join(parent, name);
  try {
    mkdirSync(dir);
    return dir;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EEXIST' ? dir : undefined;
  }
}

/** A cgroup file's content, trimmed. */
export function read(file: string): string {
  return readFileSync(file, 'utf8').trim();
}

/** The group of a stopped run's or a dropped purpose, removed; no error when it cannot be. */
export function tryRmdir(dir: string | undefined): void {
  if (dir === undefined) return;
  try {
    rmdirSync(dir);
  } catch {
    // Still holding processes, or gone already.
  }
}

/** A v2 cpuset for `dir`: the parent hands the controller down, and the CPUs are written and read back. */
export function cpusetV2(dir: string, cpus: string): Cpuset {
  const parent = join(dir, '..');
  try {
    if (!read(join(parent, 'cgroup.controllers')).split(' ').includes('cpuset')) {
      return { reason: 'the cgroup v2 hierarchy does not offer the cpuset controller here' };
    }
    if (!read(join(parent, 'cgroup.subtree_control')).split(' ').includes('cpuset')) {
      writeFileSync(join(parent, 'cgroup.subtree_control'), '+cpuset');
    }
    writeFileSync(join(dir, 'cpuset.cpus'), cpus);
    return checkedCpuset(read(join(dir, 'cpuset.cpus')), cpus, 2);
  } catch (error) {
    return { reason: `cgroup v2 cpuset: ${errorMessage(error)}` };
  }
}

/** A v1 cpuset group with the parent's memory nodes and `cpus`, or why none. */
export function cpusetV1(
  parent: string | undefined,
  name: string,
  cpus: string,
): { dir?: string; cpuset: Cpuset } {
  if (parent === undefined) return { cpuset: { reason: 'no cpuset hierarchy is mounted' } };
  const dir = tryMkdir(parent, name);
  if (dir === undefined) return { cpuset: { reason: `cannot create a group under ${parent}` } };
  try {
    writeFileSync(join(dir, 'cpuset.mems'), read(join(parent, 'cpuset.mems')));
    writeFileSync(join(dir, 'cpuset.cpus'), cpus);
    return { dir, cpuset: checkedCpuset(read(join(dir, 'cpuset.cpus')), cpus, 1) };
  } catch (error) {
    tryRmdir(dir);
    return { cpuset: { reason: `cgroup v1 cpuset: ${errorMessage(error)}` } };
  }
}

function checkedCpuset(got: string, wanted: string, version: 1 | 2): Cpuset {
  const same = formatCpuList(parseCpuList(got)) === formatCpuList(parseCpuList(wanted));
  return same ? { cpus: got, version } : { reason: `the cpuset took CPUs ${got}, not ${wanted}` };
}
