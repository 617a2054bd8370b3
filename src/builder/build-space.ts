// The room a build needs, checked before it configures: a build directory is a few times the
// source tree, an install prefix a little more than it. Measured here: MariaDB 10.11's 622 MB tree
// made a 2,134 MB build directory and an 819 MB prefix; MySQL 9.7's 1,240 MB tree, built for the
// server's components only, 2,178 MB and 415 MB. An existing build directory (an incremental
// build) needs no more than it has.
//
// After an untrusted build the same figures are checked the other way: its code could write what
// it liked in its build directory and prefix, so what they hold is measured, and a build that left
// far more than a build of its tree makes (a disk filled on purpose) fails, naming the largest files.
import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

import { BuildError } from '../errors.js';
import { formatMiB } from '../format.js';
import { freeBytes, fullDiskLine, type SpaceNeed } from '../shell/disk-space.js';
import type { BuildPlan } from './build-plan.js';

export const BUILD_DIR_FACTOR = 4;
export const PREFIX_FACTOR = 1.5;
/** Entries walked at most: past them the tree's size is what was counted. */
const MAX_ENTRIES = 400_000;
/** An untrusted build may leave this many times what the check before it asked room for… */
export const UNTRUSTED_SLACK = 3;
/** …and at least this much (1 GiB) in each directory: a small tree's CMake files are most of it. */
export const UNTRUSTED_FLOOR_BYTES = 2 ** 30;
/** The largest files named when an untrusted build left too much. */
const NAMED_FILES = 3;

/** Bytes of the files under `root`, .git left out, and whether the walk stopped at MAX_ENTRIES. */
export async function treeBytes(root: string): Promise<{ bytes: number; complete: boolean }> {
  let bytes = 0;
  let entries = 0;
  const pending = [root];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const names = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of names) {
      if (++entries > MAX_ENTRIES) return { bytes, complete: false };
      if (entry.name === '.git') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.isFile()) bytes += (await lstat(path).catch(() => ({ size: 0 }))).size;
    }
  }
  return { bytes, complete: true };
}

/** The disk space the files under `dir` take (allocated blocks) and its largest files, largest first. */
export async function diskUse(
  dir: string,
  named = NAMED_FILES,
): Promise<{ bytes: number; largest: { path: string; bytes: number }[] }> {
  let bytes = 0;
  let entries = 0;
  let largest: { path: string; bytes: number }[] = [];
  const pending = [dir];
  for (let next = pending.pop(); next !== undefined && entries < MAX_ENTRIES; next = pending.pop()) {
    for (const entry of await readdir(next, { withFileTypes: true }).catch(() => [])) {
      entries++;
      const path = join(next, entry.name);
      if (entry.isDirectory()) pending.push(path);
      if (!entry.isFile()) continue;
      const used = await lstat(path).then(
        (stat) => stat.blocks * 512,
        () => 0,
      );
      bytes += used;
      largest = [...largest, { path, bytes: used }].sort((a, b) => b.bytes - a.bytes).slice(0, named);
    }
  }
  return { bytes, largest };
}

/**
 * After an untrusted build: fails, naming its largest files, when the build directory or the
 * prefix holds more than UNTRUSTED_SLACK times what the check before the build asked room for
 * (at least UNTRUSTED_FLOOR_BYTES).
 */
export async function checkSpaceUsed(
  plan: Pick<BuildPlan, 'buildDir' | 'prefix' | 'names'> & { readonly tree: Pick<BuildPlan['tree'], 'root'> },
  floorBytes = UNTRUSTED_FLOOR_BYTES,
): Promise<void> {
  const tree = await treeBytes(plan.tree.root);
  const dirs = [
    { path: plan.buildDir, label: plan.names['build-dir'], factor: BUILD_DIR_FACTOR },
    { path: plan.prefix, label: plan.names.prefix, factor: PREFIX_FACTOR },
  ];
  for (const { path, label, factor } of dirs) {
    const allowed = Math.max(floorBytes, tree.bytes * factor * UNTRUSTED_SLACK);
    const used = await diskUse(path);
    if (used.bytes <= allowed) continue;
    const files = used.largest.map((file) => `${file.path} (${formatMiB(file.bytes)})`).join(', ');
    throw new BuildError(
      `the untrusted build left ${formatMiB(used.bytes)} in ${label} ${path}, more than the ${formatMiB(allowed)} it may ` +
        `(${UNTRUSTED_SLACK} times the ${factor} times the source tree's ${formatMiB(tree.bytes)} checked for before it, at least ${formatMiB(floorBytes)}; ` +
        `${formatMiB(freeBytes(path) ?? 0)} free there now): its largest files are ${files}`,
    );
  }
}

/** What the plan's build needs, for checkFreeSpace: the build directory and, unless skipped, the prefix. */
export async function buildSpaceNeeds(plan: BuildPlan): Promise<SpaceNeed[]> {
  const tree = await treeBytes(plan.tree.root);
  const basis = `${tree.complete ? '' : 'at least '}the source tree's ${(tree.bytes / 2 ** 20).toFixed(0)} MiB`;
  const needs: SpaceNeed[] = [];
  if (!existsSync(join(plan.buildDir, 'build.ninja'))) {
    needs.push({
      path: plan.buildDir,
      label: plan.names['build-dir'],
      bytes: tree.bytes * BUILD_DIR_FACTOR,
      what: 'the build',
      detail: `${BUILD_DIR_FACTOR} times ${basis}`,
    });
  }
  if (plan.install !== 'none') {
    needs.push({
      path: plan.prefix,
      label: plan.names.prefix,
      bytes: tree.bytes * PREFIX_FACTOR,
      what: 'the install',
      detail: `${PREFIX_FACTOR} times ${basis}`,
    });
  }
  return needs;
}

/**
 * A build step that failed on a full disk, said so in one line (the log's path kept after it);
 * any other error as it was.
 */
export function onFullDisk(error: unknown, plan: Pick<BuildPlan, 'buildDir' | 'prefix' | 'names'>): unknown {
  if (!(error instanceof BuildError)) return error;
  const [first = '', ...rest] = error.message.split('\n');
  const full = fullDiskLine(
    [
      { path: plan.buildDir, label: plan.names['build-dir'] },
      { path: plan.prefix, label: plan.names.prefix },
    ],
    first,
  );
  if (full === undefined) return error;
  const log = rest.find((line) => /\blog\b/.test(line));
  return new BuildError(log === undefined ? full : `${full}\n${log}`, { cause: error });
}
