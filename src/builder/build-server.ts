// The `build` command: a MySQL-family source tree, a compiler and an install prefix in; a server
// that `run --server PREFIX` accepts, with build.json beside it, out. Configures with CMake and
// the Ninja generator, builds with ninja (directly: ninja stops its compilers when it is
// signalled, while `cmake --build` would leave it running), installs with `cmake --install`.
//
// Every step's output goes to a log in the build directory, which is kept (an incremental rebuild
// reuses it, and a failure's log is the evidence). What the user sees is progress and, when a
// step fails, one line: the first compile error, the download the offline machine could not
// make and the option that avoids it, or CMake's own error.
import { dirname, join } from 'node:path';

import { BuildError, errorMessage, InputError } from '../errors.js';
import type { BuildInfo } from '../results/results-schema.js';
import type { CleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { foldLines, formatDuration, formatPercent } from '../format.js';
import { buildFailure, configureFailure } from './build-failure.js';
import { BuildProgress } from './build-progress.js';
import { type BuildPlan, type BuildRequest, planSummary, prepareBuildDir, toolPaths } from './build-plan.js';
import { recordConfigureArgs } from './configure-record.js';
import { install, ninjaTargets } from './install-step.js';
import { type RebuildScope, rebuildScope } from './rebuild-scope.js';
import { buildRecord } from './build-record.js';
import { readCcacheCounters } from './ccache.js';
import { DEFAULT_SHARED_BYTES, pruneStore, sharedStoreDir } from './shared-ccache.js';
import type { BuildType } from './cmake-args.js';
import { BUILD_INFO_FILE, writeBuildInfo } from '../server/build-info.js';
import { logged } from './logged-step.js';
import { buildDeadline } from './build-deadlines.js';
import { checkSpaceUsed, onFullDisk } from './build-space.js';
import { type CheckedBuild, checkBuild } from './build-check.js';
import { type BuildingPlan, runTool, withBuildLimits } from './build-tools.js';
import { checkFreeSpace } from '../shell/disk-space.js';
import { readText } from '../shell/no-follow.js';
import {
  dropStored,
  releaseStoredPrefix,
  type Reused,
  reuseStored,
  saveToStore,
  type StoreSlot,
} from './prefix-store.js';
import { reuseLine, savedLines, storeProblem } from './store-text.js';

export { configureFailure } from './build-failure.js';
export { lowPriority } from './build-tools.js';
export { componentNinjaTargets } from './install-step.js';
export type { BuildRequest } from './build-plan.js';

/** The most of a file the build wrote (CMakeCache.txt, cmake_install.cmake) that is read. */
const MAX_BUILD_FILE_BYTES = 64 * 1024 * 1024;

export const BUILD_TYPES: readonly BuildType[] = ['RelWithDebInfo', 'Release', 'Debug', 'MinSizeRel'];

/** A build type as the user wrote it (any case) → CMake's spelling; `what` names the flag or input. */
export function parseBuildType(value: string, what: string): BuildType {
  const found = BUILD_TYPES.find((type) => type.toLowerCase() === value.toLowerCase());
  if (!found) throw new InputError(`${what} ${value}: expected one of ${BUILD_TYPES.join(', ')}`);
  return found;
}

export function parseCcacheMode(value: string, what: string): BuildRequest['ccache'] {
  if (value === 'auto' || value === 'on' || value === 'off') return value;
  throw new InputError(`${what} ${value}: expected auto, on or off`);
}

/**
 * What `run --server PREFIX` does first, done on an installed prefix: find its binary, run its
 * --version, read its build.json. That is the server's knowledge (server/inspect.ts), which the
 * builder does not import: the command layer hands it in. A server that fails it throws.
 */
export type InspectInstall = (prefix: string) => Promise<InstalledServer>;

export interface InstalledServer {
  readonly binary: string;
  /** The first line of its --version. */
  readonly versionLine: string;
  /** Its build.json, when it has one. */
  readonly build?: BuildInfo;
}

export interface BuildOutcome {
  readonly info: BuildInfo;
  readonly prefix: string;
  readonly buildDir: string;
  /** build.json in the prefix; undefined when only targets were built. */
  readonly infoPath: string | undefined;
  /** The server binary installed; undefined when only targets were built. */
  readonly binary: string | undefined;
  /** True when nothing was built: the prefix is a link to a stored build of the same key (--store). */
  readonly reused: boolean;
  /** The store entry the prefix was reused from or saved to; undefined without --store or when neither happened. */
  readonly storeEntry: string | undefined;
}

/**
 * Builds and installs the request, or with --store, reuses a stored prefix of the same key instead
 * and saves a new build into the store.
 */
export async function buildServer(
  request: BuildRequest,
  logger: Logger,
  scope: CleanupScope,
  inspect: InspectInstall,
): Promise<BuildOutcome> {
  return buildChecked(await checkBuild(request, logger), logger, scope, inspect);
}

/** buildServer after its checks (build-check.ts), which a caller makes before it waits for the machine lock. */
export async function buildChecked(
  checked: CheckedBuild,
  logger: Logger,
  scope: CleanupScope,
  inspect: InspectInstall,
): Promise<BuildOutcome> {
  const { plan, git, slot } = checked;
  logger.info(planSummary(plan));
  const reused = slot === undefined ? undefined : await reuse(slot, plan, inspect, logger);
  if (reused !== undefined) return reused;
  if (plan.install !== 'none' && releaseStoredPrefix(plan.prefix)) {
    logger.info(`${plan.prefix} was a link to a stored build; installing into a directory of its own`);
  }
  const built = await withBuildLimits(plan, scope, logger, (building) =>
    buildAndInstall(building, { git, needs: checked.needs }, inspect, logger, scope),
  ).catch((error: unknown) => {
    throw onFullDisk(error, plan);
  });
  const saved =
    slot === undefined || built.infoPath === undefined ? undefined : await save(slot, built.prefix, logger);
  return { ...built, reused: false, storeEntry: saved };
}

/** The build with its install check: configure, compile, install, build.json. */
async function buildAndInstall(
  plan: BuildingPlan,
  checked: Pick<CheckedBuild, 'git' | 'needs'>,
  inspect: InspectInstall,
  logger: Logger,
  scope: CleanupScope,
): Promise<Omit<BuildOutcome, 'reused' | 'storeEntry'>> {
  const { prefix, buildDir, ccache } = plan;
  const { git } = checked;
  // Checked before the wait for the machine lock too; asked again, as the wait may have been long.
  checkFreeSpace(checked.needs);
  const copy = await prepareBuildDir(plan, logger);
  const ccacheBefore = 'env' in ccache ? await readCcacheCounters(ccache, plan.confinement) : undefined;
  const startedAt = new Date().toISOString();
  const configured = await configure(plan, scope, logger);
  const built = await build(plan, scope, logger);
  const seconds = {
    configure: configured,
    build: built.seconds,
    install: plan.install === 'none' ? 0 : await install(plan, scope, logger),
  };
  // Untrusted code could write what it liked where it may write: measured as the room was before.
  if (plan.confinement.sandboxed) await checkSpaceUsed(plan);
  const ccacheAfter = 'env' in ccache ? await readCcacheCounters(ccache, plan.confinement) : undefined;
  if ('env' in ccache && !plan.confinement.sandboxed) await pruneShared(ccache.dir, logger);
  const cmakeCache = await readText(join(buildDir, 'CMakeCache.txt'), MAX_BUILD_FILE_BYTES);
  const ninja = { steps: built.steps, compiled: built.compiled };
  const startedFrom =
    plan.base === undefined || copy === undefined || built.reach === undefined
      ? {}
      : { startedFrom: { dir: plan.base.dir, copy, reach: built.reach } };
  const info = buildRecord(plan, {
    git,
    startedAt,
    seconds,
    ninja,
    cmakeCache,
    ccacheBefore,
    ccacheAfter,
    ...startedFrom,
  });
  await writeBuildInfo(buildDir, info);
  const infoPath = plan.install === 'none' ? undefined : await writeBuildInfo(prefix, info);
  const binary = infoPath === undefined ? undefined : await checkInstalled(prefix, buildDir, inspect, logger);
  logCcacheFigures(info, logger);
  return { info, prefix, buildDir, infoPath, binary };
}

/**
 * The stored build of the slot's key, once its files match their checksums and its server passes
 * the check a build ends with (a system library it loads may have changed since): --prefix links
 * to it. Undefined, and the build goes on, when there is none, it fails either check (one line;
 * the entry is dropped), or the store cannot be read (a warning).
 */
async function reuse(
  slot: StoreSlot,
  plan: BuildPlan,
  inspect: InspectInstall,
  logger: Logger,
): Promise<BuildOutcome | undefined> {
  let reused: Reused | undefined;
  try {
    reused = await reuseStored(slot, plan.prefix, logger);
  } catch (error) {
    if (error instanceof InputError) throw error;
    logger.warning(storeProblem(slot.store, 'read', error));
    return undefined;
  }
  if (reused === undefined) return undefined;
  const checked = await inspect(plan.prefix).catch((error: unknown) => foldLines(errorMessage(error), 300));
  if (typeof checked === 'string' || checked.build === undefined) {
    const why = typeof checked === 'string' ? checked : 'it has no build.json';
    await dropStored(slot, `failed its first check (${why})`, logger).catch((error: unknown) => {
      logger.warning(storeProblem(slot.store, 'drop an entry from', error));
    });
    return undefined;
  }
  logger.info(reuseLine(slot, plan.prefix, reused.savedAt));
  return {
    info: checked.build,
    prefix: plan.prefix,
    buildDir: plan.buildDir,
    infoPath: join(plan.prefix, BUILD_INFO_FILE),
    binary: checked.binary,
    reused: true,
    storeEntry: dirname(reused.target),
  };
}

/** Saves the installed prefix into the store; a store problem is a warning, not a failed build. */
async function save(slot: StoreSlot, prefix: string, logger: Logger): Promise<string | undefined> {
  try {
    const saved = await saveToStore(slot, prefix);
    if (saved === undefined) {
      logger.info(`another build stored ${slot.name} meanwhile; keeping that one`);
      return slot.dir;
    }
    for (const line of savedLines(prefix, saved, slot.store)) logger.info(line);
    return saved.dir;
  } catch (error) {
    logger.warning(storeProblem(slot.store, 'save into', error));
    return undefined;
  }
}

/** Runs CMake's configure step; how long it took, in seconds. */
async function configure(plan: BuildingPlan, scope: CleanupScope, logger: Logger): Promise<number> {
  const log = join(plan.buildDir, 'configure.log');
  const step = await logged(log, scope, logger, 'configure', (sink) =>
    runTool(
      plan,
      'cmake',
      ['-G', 'Ninja', '-S', toolPaths(plan).root, '-B', toolPaths(plan).buildDir, ...plan.args],
      {
        check: false,
        deadline: buildDeadline('configure', 'cmake (configure)'),
        signal: scope.signal,
        onStdout: sink,
        onStderr: sink,
      },
    ),
  );
  if (step.result.exitCode !== 0) {
    throw new BuildError(configureFailure(step.text, log, step.result));
  }
  recordConfigureArgs(plan.buildDir, plan.args);
  logger.info(`configured in ${formatDuration(step.seconds)} (log: ${log})`);
  return step.seconds;
}

/** Runs ninja on the plan's targets (all when none), showing its progress; what it ran. */
async function build(
  plan: BuildingPlan,
  scope: CleanupScope,
  logger: Logger,
): Promise<{ seconds: number; steps: number; compiled: readonly string[]; reach?: RebuildScope }> {
  const log = join(plan.buildDir, 'build.log');
  const progress = new BuildProgress(logger);
  const targets = await ninjaTargets(plan, logger);
  const reach = await rebuildScope(plan, targets, logger);
  const step = await logged(log, scope, logger, 'build', (sink) =>
    runTool(plan, 'ninja', ['-C', toolPaths(plan).buildDir, '-j', String(plan.jobs), ...targets], {
      check: false,
      deadline: buildDeadline('build', 'ninja (the build)'),
      signal: scope.signal,
      onStdout: (chunk) => {
        sink(chunk);
        progress.feed(chunk);
      },
      onStderr: sink,
    }),
  );
  if (step.result.exitCode !== 0) {
    throw new BuildError(
      buildFailure(step.text, log, toolPaths(plan).buildDir, toolPaths(plan).root, logger),
    );
  }
  logger.info(`built in ${formatDuration(step.seconds)} (${progress.summary()}; log: ${log})`);
  return {
    seconds: step.seconds,
    steps: progress.steps,
    compiled: progress.compiled,
    ...(reach === undefined ? {} : { reach }),
  };
}

/**
 * What `run --server PREFIX` will do first: run the binary, read its version and build.json. A
 * server that cannot start its own --version, or is not the tree's version, fails here. Returns
 * the binary's path.
 */
async function checkInstalled(
  prefix: string,
  buildDir: string,
  inspect: InspectInstall,
  logger: Logger,
): Promise<string> {
  const install = await inspect(prefix).catch((error: unknown) => {
    // One line: the check's own advice is about the server path, which the user did not give here.
    const lines = errorMessage(error)
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^(Pass |Is it a )/.test(line));
    throw new BuildError(
      `the server installed in ${prefix} failed its first check: ${lines.join(' ')} (logs: ${buildDir})`,
    );
  });
  logger.info(`installed: ${install.versionLine}`);
  return install.binary;
}

function logCcacheFigures(info: BuildInfo, logger: Logger): void {
  if (!info.ccache.used) return;
  const { hits, misses, remoteHits } = info.ccache;
  const rate = hits + misses === 0 ? 0 : hits / (hits + misses);
  const shared =
    remoteHits === undefined || remoteHits === 0
      ? ''
      : `, ${remoteHits} of them from the trusted builds' shared store`;
  logger.info(
    `ccache: ${hits} hit(s)${shared}, ${misses} miss(es) (${formatPercent(rate)} hits) in ${info.ccache.dir}`,
  );
}

/** A trusted build's shared store (shared-ccache.ts), pruned to its cap; said when it removed some. */
async function pruneShared(ccacheDir: string, logger: Logger): Promise<void> {
  const store = sharedStoreDir(ccacheDir);
  const pruned = await pruneStore(store, DEFAULT_SHARED_BYTES).catch((error: unknown) => {
    logger.warning(`could not prune the shared ccache store ${store}: ${errorMessage(error)}`);
    return undefined;
  });
  if (pruned !== undefined && pruned.removed > 0) {
    logger.info(
      `the shared ccache store ${store}: ${pruned.removed} oldest entries removed, to its cap of 5 GiB`,
    );
  }
}
