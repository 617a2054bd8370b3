// Free space, checked before anything is written and asked again when a step fails: a full disk
// must read as a full disk, not as a broken server. Needs are added up per filesystem, since the
// work directory and the results often share one.
import { statSync, statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

import { InputError } from '../errors.js';
import { formatMiB } from '../format.js';

/** Room one thing needs under a path, in the words of the message. */
export interface SpaceNeed {
  /** Where it goes (it need not exist yet: its nearest existing parent is asked). */
  readonly path: string;
  /** How the user named that path: "--work-dir", "the work directory (a temporary directory)". */
  readonly label: string;
  readonly bytes: number;
  /** What takes the room: "the head's datadir". */
  readonly what: string;
  /** How the figure was reached: "server files 32.0 MiB, redo log 96.0 MiB …". */
  readonly detail?: string;
}

/** The nearest existing directory at or above `path`. */
export function existingAncestor(path: string): string {
  let dir = resolve(path);
  for (;;) {
    try {
      if (statSync(dir).isDirectory()) return dir;
    } catch {
      // not there yet: ask its parent
    }
    const parent = dirname(dir);
    if (parent === dir) return dir;
    dir = parent;
  }
}

/** Bytes free to this process (unprivileged blocks as root sees them too) under `path`, or undefined. */
export function freeBytes(path: string): number | undefined {
  try {
    const stats = statfsSync(existingAncestor(path));
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

function deviceOf(path: string): number | undefined {
  try {
    return statSync(existingAncestor(path)).dev;
  } catch {
    return undefined;
  }
}

/**
 * Refuses, in one line, when a filesystem has less room than the needs on it add up to: which
 * path is short and by how much. Needs on a filesystem that cannot be asked are let through.
 */
export function checkFreeSpace(needs: readonly SpaceNeed[]): void {
  const byDevice = new Map<number, SpaceNeed[]>();
  for (const need of needs) {
    const device = deviceOf(need.path);
    if (device === undefined || need.bytes <= 0) continue;
    byDevice.set(device, [...(byDevice.get(device) ?? []), need]);
  }
  for (const group of byDevice.values()) {
    const first = group[0];
    if (first === undefined) continue;
    const free = freeBytes(first.path);
    const total = group.reduce((sum, need) => sum + need.bytes, 0);
    if (free === undefined || free >= total) continue;
    const where = [...new Set(group.map((need) => `${need.path} (${need.label})`))].join(' and ');
    const what = group
      .map(
        (need) =>
          `${need.what} ${formatMiB(need.bytes)}${need.detail === undefined ? '' : ` (${need.detail})`}`,
      )
      .join(', ');
    throw new InputError(
      `not enough free space: ${where} ${group.length === 1 ? 'has' : 'share'} ${formatMiB(free)} free, ` +
        `and the run needs about ${formatMiB(total)} there: ${what}; free ${formatMiB(total - free)} ` +
        `or choose ${[...new Set(group.map((need) => need.label))].join(' or ')} on a larger disk`,
    );
  }
}

/** Below this (1 MiB), a filesystem is full as far as a failed step goes: a full one has next to nothing. */
export const FULL_BELOW_BYTES = 2 ** 20;

/**
 * The one line for a step that failed on a full filesystem: the first of `paths` with less than
 * FULL_BELOW_BYTES free, named with its label; undefined when every one has room.
 */
export function fullDiskLine(
  paths: readonly { readonly path: string; readonly label: string }[],
  failed: string,
): string | undefined {
  for (const { path, label } of paths) {
    const free = freeBytes(path);
    if (free !== undefined && free < FULL_BELOW_BYTES) {
      return `${failed}: the disk is full: ${existingAncestor(path)} (${label}) has ${formatMiB(free)} free; free space there or choose ${label} on a larger disk, then run again`;
    }
  }
  return undefined;
}

/** Error codes of a write the filesystem refused. */
const WRITE_REFUSALS = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'ENOENT',
  'ENOTDIR',
  'EEXIST',
]);

/**
 * A write under `dir` (named `label` to the user, "--out out/") that the filesystem refused, as
 * one line: a full disk said so, anything else with its code. Undefined for any other error.
 */
export function writeRefusal(error: unknown, dir: string, label: string): InputError | undefined {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (!WRITE_REFUSALS.has(code)) return undefined;
  const free = freeBytes(dir);
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new InputError(
      `${label}: the disk is full: ${existingAncestor(dir)} has ${formatMiB(free ?? 0)} free; nothing was replaced there; free space or choose another ${label.split(' ')[0] ?? label}, then run again`,
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message.replace(/^\w+: /, '').replace(/, \w+ '.*$/, '') : '';
  return new InputError(
    `${label}: cannot be written (${code}: ${reason}); choose another ${label.split(' ')[0] ?? label}`,
    { cause: error },
  );
}
