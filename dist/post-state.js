import { a as group, e as error, f as debug, w as warning, h as info$1, n as notice$1, j as saveState, k as getState } from './actions-toolkit.js';
import { A as printableLine, c as printable, f as forRunnerLog, P as ServerRegistry, E as cgroupSystem, e as errorMessage } from './gate-core.js';
import { relative } from 'node:path';

// The action's Logger: @actions/core, with one collapsible group per phase. Every message may quote
// what the code under test printed (a build's log, a server's output, sysbench's): what core prints
// as it is (info) goes through forRunnerLog, which keeps the runner from obeying a workflow command
// in it; what core prints as a command of its own (a warning, an error, an annotation, a group)
// has its line breaks escaped by core, and only its control characters to be shown.
/** Prints `message` to the step's log: never read as a workflow command. */
function info(message) {
    info$1(forRunnerLog(message));
}
/** A notice annotation: core escapes its line breaks, its control characters are shown. */
function notice(message) {
    notice$1(printable(message));
}
const coreLogger = {
    info,
    warning: (message) => {
        warning(printable(message));
    },
    error: (message) => {
        error(printable(message));
    },
    debug: (message) => {
        debug(printable(message));
    },
    progress: info,
    annotate: (message, location) => {
        // Annotations point at files of the repository: paths relative to the workspace (the step's
        // working directory when the variable is missing).
        const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
        const file = relative(workspace, location.file).startsWith('..')
            ? location.file
            : relative(workspace, location.file);
        error(printable(message), {
            file: printableLine(file),
            startLine: location.line,
            ...(location.column === undefined ? {} : { startColumn: location.column }),
        });
    },
    group: (name, fn) => group(printableLine(name), fn),
};

// What a run leaves when its process is gone before it could clean up (a cancelled job's main
// step): every server that process recorded is stopped and its work directories removed. The
// action's post step calls this with what its main step saved.
/** This process as the owner of what it will start: saved before anything starts. */
function thisProcessAsOwner() {
    const registry = ServerRegistry.forThisProcess();
    return { stateDir: registry.stateDir, owner: registry.owner };
}
/**
 * Stops what `saved.owner` left running and removes its work directories; what was done, each.
 * The control groups of dead runs are thawed first (a server frozen in one cannot be stopped until
 * it is), and removed, with whatever is still in them, after the registry stopped its servers.
 */
async function cleanUpAfter(saved) {
    const groups = cgroupSystem();
    await groups.thawOrphans();
    const servers = await new ServerRegistry(saved.stateDir, saved.owner).cleanUpAfter(saved.owner);
    return [...servers, ...(await groups.sweepOrphans())];
}

// The action's post step (action.yml `post:`, `post-if: always()`): the runner runs it after the
// job's steps, also when the job was cancelled. A cancelled main step gets SIGINT, SIGTERM 7.5 s
// later and is killed 2.5 s after that; its servers run detached, so they outlive it. The main
// step saves who it is (pid and start time) and where it records its servers; this step stops
// every server that process recorded, removes its work directories, and says what it did. It never
// fails the job: a cleanup problem is a warning.
/** The names of the saved state; the runner gives them to this step as STATE_<name> variables. */
const STATE_NAMES = { stateDir: 'registry_dir', pid: 'owner_pid', startTime: 'owner_start' };
/** Called by the main step before it starts anything: what the post step needs to clean up. */
function saveStateForPost() {
    try {
        const owner = thisProcessAsOwner();
        saveState(STATE_NAMES.stateDir, owner.stateDir);
        saveState(STATE_NAMES.pid, String(owner.owner.pid));
        saveState(STATE_NAMES.startTime, owner.owner.startTime);
    }
    catch (error) {
        coreLogger.warning(`the post step will not be able to stop what this step leaves running: ${errorMessage(error)}`);
    }
}
/** What the main step saved, or undefined when it saved nothing (it failed before starting a run). */
function readSavedState() {
    const stateDir = getState(STATE_NAMES.stateDir);
    const pid = Number(getState(STATE_NAMES.pid));
    const startTime = getState(STATE_NAMES.startTime);
    if (stateDir === '' || !Number.isInteger(pid) || pid <= 0 || startTime === '')
        return undefined;
    return { stateDir, owner: { pid, startTime } };
}
async function post() {
    try {
        const saved = readSavedState();
        if (!saved) {
            coreLogger.info('nothing to clean up: the main step started no run');
            return;
        }
        const events = await cleanUpAfter(saved);
        if (events.length === 0) {
            coreLogger.info(`nothing to clean up: the main step (pid ${saved.owner.pid}) left no server or work directory`);
            return;
        }
        for (const event of events) {
            if (event.kind === 'failed')
                coreLogger.warning(event.message);
            else
                coreLogger.info(event.message);
        }
    }
    catch (error) {
        coreLogger.warning(`could not clean up after the main step: ${errorMessage(error)}`);
    }
}

export { coreLogger as c, notice as n, post as p, saveStateForPost as s };
