// The action's post step (action.yml `post:`, `post-if: always()`): the runner runs it after the
// job's steps, also when the job was cancelled. A cancelled main step gets SIGINT, SIGTERM 7.5 s
// later and is killed 2.5 s after that; its servers run detached, so they outlive it. The main
// step saves who it is (pid and start time) and where it records its servers; this step stops
// every server that process recorded, removes its work directories, and says what it did. It never
// fails the job: a cleanup problem is a warning.
import * as core from '@actions/core';

import { errorMessage } from '../errors.js';
import { cleanUpAfter, type RunOwner, thisProcessAsOwner } from '../commands/leftovers.js';
import { coreLogger } from './core-logger.js';

/** The names of the saved state; the runner gives them to this step as STATE_<name> variables. */
const STATE_NAMES = { stateDir: 'registry_dir', pid: 'owner_pid', startTime: 'owner_start' } as const;

/** The main step's process, and the machine's state directory it recorded its servers in. */
export type SavedState = RunOwner;

/** Called by the main step before it starts anything: what the post step needs to clean up. */
export function saveStateForPost(): void {
  try {
    const owner = thisProcessAsOwner();
    core.saveState(STATE_NAMES.stateDir, owner.stateDir);
    core.saveState(STATE_NAMES.pid, String(owner.owner.pid));
    core.saveState(STATE_NAMES.startTime, owner.owner.startTime);
  } catch (error) {
    coreLogger.warning(
      `the post step will not be able to stop what this step leaves running: ${errorMessage(error)}`,
    );
  }
}

/** What the main step saved, or undefined when it saved nothing (it failed before starting a run). */
export function readSavedState(): SavedState | undefined {
  const stateDir = core.getState(STATE_NAMES.stateDir);
  const pid = Number(core.getState(STATE_NAMES.pid));
  const startTime = core.getState(STATE_NAMES.startTime);
  if (stateDir === '' || !Number.isInteger(pid) || pid <= 0 || startTime === '') return undefined;
  return { stateDir, owner: { pid, startTime } };
}

export async function post(): Promise<void> {
  try {
    const saved = readSavedState();
    if (!saved) {
      coreLogger.info('nothing to clean up: the main step started no run');
      return;
    }
    const events = await cleanUpAfter(saved);
    if (events.length === 0) {
      coreLogger.info(
        `nothing to clean up: the main step (pid ${saved.owner.pid}) left no server or work directory`,
      );
      return;
    }
    for (const event of events) {
      if (event.kind === 'failed') coreLogger.warning(event.message);
      else coreLogger.info(event.message);
    }
  } catch (error) {
    coreLogger.warning(`could not clean up after the main step: ${errorMessage(error)}`);
  }
}
