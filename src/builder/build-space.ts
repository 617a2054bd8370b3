// The room a build needs, checked before it configures: a build directory is a few times the
// source tree, an install prefix a little more than it. Measured here: MariaDB 10.11's 622 MB tree
// made a 2,134 MB build directory and an 819 MB prefix; MySQL 9.7's 1,240 MB tree, built for the
// server's components only, 2,178 MB and 415 MB. An existing build directory (an incremental
// build) needs no more than it has.
import { existsSync } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

import { BuildError } from '../errors.js';
import { fullDiskLine, type SpaceNeed } from '../shell/disk-space.js';
import type { BuildPlan } from './build-plan.js';

export const BUILD_DIR_FACTOR = 4;
export const PREFIX_FACTOR = 1.5;
/** Entries walked at most: past them the tree's size is what was counted. */
const MAX_ENTRIES = 400_000;

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
