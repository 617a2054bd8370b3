// A build checked before it waits for the machine lock: the plan (the tree, the compiler, the
// tools, the directories: build-plan.ts), the build directory and the install prefix's place
// written to, the tree's git state and store slot, and the room it will need. Nothing here builds,
// installs or links a prefix: that waits for the lock (build-server.ts).
import { existsSync } from 'node:fs';

import { gitState } from '../server/build-info.js';
import type { SpaceNeed } from '../shell/disk-space.js';
import type { Logger } from '../shell/logger.js';
import { checkWritable } from '../shell/writable-dir.js';
import { type BuildPlan, type BuildRequest, planBuild } from './build-plan.js';
import type { BuildFacts } from './build-record.js';
import { buildSpaceNeeds } from './build-space.js';
import { type StoreSlot, storeSlot } from './prefix-store.js';

export interface CheckedBuild {
  readonly plan: BuildPlan;
  readonly git: BuildFacts['git'];
  /** Where the store keeps this build, with --store (and a key the tree allows). */
  readonly slot: StoreSlot | undefined;
  /** The room the build needs, checked again just before it configures. */
  readonly needs: readonly SpaceNeed[];
  /** The store holds a build of this key, which will likely be reused: no room is needed then. */
  readonly stored: boolean;
}

/** Every check a build makes before it waits for the machine lock or builds anything. */
export async function checkBuild(request: BuildRequest, logger: Logger): Promise<CheckedBuild> {
  const plan = await planBuild(request);
  const { names } = plan;
  // The prefix first: the build directory's default is beside it.
  if (plan.install !== 'none') {
    checkWritable({ dir: plan.prefix, option: names.prefix, value: request.prefix, create: false });
  }
  const buildDir = request.buildDir ?? plan.buildDir;
  checkWritable({ dir: plan.buildDir, option: names['build-dir'], value: buildDir, create: false });
  const git = await gitState(plan.tree.root);
  const slot = request.store === undefined ? undefined : storeSlot(request.store, plan, git, logger);
  return {
    plan,
    git,
    slot,
    needs: await buildSpaceNeeds(plan),
    stored: slot !== undefined && existsSync(slot.dir),
  };
}
