// The control group a side's bootstrap and server run in: one group, made before the server
// starts and removed once it is gone (the scope unwinds newest first), that carries everything
// the run asks of it: an untrusted side's process and memory limits (shell/limits.ts), and the
// idle side's freezer, CPU time and an untrusted server's cpuset (idle-side.ts).
import type { SideName } from '../results/results-schema.js';
import { errorMessage } from '../errors.js';
import { cgroupSystem, type ControlGroup } from '../shell/cgroup.js';
import { LimitedGroup } from '../shell/limits.js';
import type { SideSetup } from './sides.js';

/** A side's group, its limits when it has them, or why it has no group. */
export interface SideGroup {
  readonly group?: ControlGroup;
  readonly limits?: LimitedGroup;
}

const NO_CGROUP = 'this machine gives this tool no cgroup (v2 or v1) it may make groups in';

/**
 * The group of side `name`'s server, handed to the run's idle sides. An untrusted side's has the
 * run's limits, and it is an error when one cannot be made where the machine gives groups; a
 * trusted side's is made only when the idle sides want one, and a failure is said and lived with
 * (its server is then held by signals).
 */
export async function sideGroup(name: SideName, untrusted: boolean, setup: SideSetup): Promise<SideGroup> {
  const { config, logger, scope, idle } = setup;
  const what = `the ${name}'s server`;
  const remove = `remove the control group of ${what}`;
  if (untrusted && config.limits !== undefined) {
    const limits = await LimitedGroup.open(`server-${name}`, what, config.limits, logger);
    if (limits !== undefined) scope.add(remove, () => limits.close());
    idle?.adopt(name, limits?.group, NO_CGROUP);
    return limits === undefined ? {} : { group: limits.group, limits };
  }
  if (idle?.wantsGroup(name) !== true) return {};
  const system = cgroupSystem();
  if (!system.usable) {
    idle.adopt(name, undefined, NO_CGROUP);
    return {};
  }
  try {
    const group = await system.create(`server-${name}`, {}, (event) => {
      logger.debug(event.message);
    });
    scope.add(remove, () => group.remove());
    idle.adopt(name, group);
    return { group };
  } catch (error) {
    const why = `could not make the control group of ${what}: ${errorMessage(error)}`;
    logger.warning(why);
    idle.adopt(name, undefined, why);
    return {};
  }
}
