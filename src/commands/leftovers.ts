// What a run leaves when its process is gone before it could clean up (a cancelled job's main
// step): every server that process recorded is stopped and its work directories removed. The
// action's post step calls this with what its main step saved.
import { type CleanupEvent, type ProcessIdentity, ServerRegistry } from '../server/registry.js';
import { cgroupSystem } from '../shell/cgroup.js';

/** The process that runs benchmarks, and the machine's state directory it records its servers in. */
export interface RunOwner {
  readonly stateDir: string;
  readonly owner: ProcessIdentity;
}

/** This process as the owner of what it will start: saved before anything starts. */
export function thisProcessAsOwner(): RunOwner {
  const registry = ServerRegistry.forThisProcess();
  return { stateDir: registry.stateDir, owner: registry.owner };
}

/**
 * Stops what `saved.owner` left running and removes its work directories; what was done, each.
 * The control groups of dead runs are thawed first (a server frozen in one cannot be stopped until
 * it is), and removed, with whatever is still in them, after the registry stopped its servers.
 */
export async function cleanUpAfter(saved: RunOwner): Promise<CleanupEvent[]> {
  const groups = cgroupSystem();
  await groups.thawOrphans();
  const servers = await new ServerRegistry(saved.stateDir, saved.owner).cleanUpAfter(saved.owner);
  return [...servers, ...(await groups.sweepOrphans())];
}
