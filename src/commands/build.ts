// The `build` command: build a MySQL, Percona Server or MariaDB source tree with a chosen compiler
// and install it into a prefix that `run` accepts. Also buildSides, which builds the servers of a
// run one after the other: compare-compilers, and the action when it is given source trees.
import { basename, resolve } from 'node:path';

import { buildStages, stageTable } from '../report/stage-table.js';
import { type CheckedBuild, checkBuild } from '../builder/build-check.js';
import {
  type BuildOutcome,
  type BuildRequest,
  buildChecked,
  parseBuildType,
  parseCcacheMode,
} from '../builder/build-server.js';
import type { WhileMeasuring } from '../builder/build-plan.js';
import { detectCcache } from '../builder/ccache.js';
import { compilerLabel } from '../builder/compilers.js';
import { DEFAULT_STORE_BYTES, parseSize } from '../builder/store-key.js';

/** The build types `--build-type` takes, for the front ends' help. */
export { BUILD_TYPES } from '../builder/build-server.js';
import { InputError } from '../errors.js';
import { FLAVOR_NAMES } from '../results/results-schema.js';
import { inspectServer, type ServerInstall } from '../server/inspect.js';
import { type CleanupScope, inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { parseLockTimeout } from '../shell/lock-holder.js';
import type { LockRequest } from '../shell/machine-lock.js';
import { checkSpaceBeforeLock, checkThenLock } from '../shell/preflight-lock.js';
import type { OptionNames } from '../option-names.js';
import { buildLimits, type LimitFlags } from './limit-flags.js';
import { cliSpelling, type FlagSpelling, optionNames } from './spelling.js';

/** Build options as the user wrote them, shared by every command that builds. */
export interface BuildFlags extends LimitFlags {
  buildType: string;
  cmakeArg?: string[];
  jobs?: string;
  ccache: string;
  ccacheDir?: string;
  fullInstall?: boolean;
  store?: string;
  storeSize?: string;
  /** The tree is a pull request's from outside: configure, build and install run sandboxed. */
  untrusted?: boolean;
  /** With untrusted: the trusted base's build directory to start from (a private copy of it). */
  baseBuildDir?: string;
  /** While another run measures: wait (take the machine lock; default) or low-priority. */
  buildWhileMeasuring?: string;
  /** How long a build waits for the machine lock: a duration, 0, or absent (for ever). */
  lockTimeout?: string;
}

/** The values of --build-while-measuring, the default first. */
export const WHILE_MEASURING_POLICIES = ['wait', 'low-priority'] as const;

/** What every build of one invocation shares: all of a BuildRequest but the tree, compiler and prefix. */
export type CommonBuildRequest = Omit<BuildRequest, 'source' | 'compiler' | 'prefix' | 'targets'>;

function parseJobs(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InputError(`${flag} ${value}: expected a whole number ≥ 1`);
  }
  return Number(value);
}

/**
 * Flags → the options every build shares; errors name the flag or input, and the builder names
 * options through `names` (the spelling's, unless the caller names some otherwise).
 */
export function commonBuildRequest(
  flags: BuildFlags,
  spell: FlagSpelling = cliSpelling,
  names: OptionNames = optionNames(spell),
): CommonBuildRequest {
  const jobs = parseJobs(flags.jobs, spell('jobs'));
  return {
    buildType: parseBuildType(flags.buildType, spell('build-type')),
    cmakeArgs: flags.cmakeArg ?? [],
    ccache: parseCcacheMode(flags.ccache, spell('ccache')),
    ...(jobs === undefined ? {} : { jobs }),
    ...(flags.ccacheDir === undefined ? {} : { ccacheDir: flags.ccacheDir }),
    ...(flags.fullInstall === true ? { fullInstall: true } : {}),
    ...(flags.untrusted === true ? { untrusted: true } : {}),
    ...(flags.baseBuildDir === undefined ? {} : { baseBuildDir: flags.baseBuildDir }),
    // Checked whether or not this build is untrusted: the gate's untrusted side takes them.
    limits: buildLimits(flags, spell),
    ...storeOptions(flags, spell),
    whileMeasuring: whileMeasuringFrom(flags, spell),
    names,
  };
}

/** --build-while-measuring and --lock-timeout → what the builds do while another run measures. */
function whileMeasuringFrom(flags: BuildFlags, spell: FlagSpelling): WhileMeasuring {
  const policy = flags.buildWhileMeasuring?.trim().toLowerCase() || 'wait';
  if (policy === 'low-priority') return { policy };
  if (policy !== 'wait') {
    throw new InputError(
      `${spell('build-while-measuring')} ${flags.buildWhileMeasuring ?? ''}: expected wait (a build takes the machine lock: it waits for a measurement, and a measurement for it) or low-priority (build at once, at nice 19 and idle I/O priority)`,
    );
  }
  return {
    policy,
    lockTimeoutMs: parseLockTimeout(flags.lockTimeout, spell('lock-timeout')),
    lockTimeoutLabel: spell('lock-timeout'),
  };
}

/** --store and --store-size → where the store is and its cap; a size without a store is refused. */
function storeOptions(flags: BuildFlags, spell: FlagSpelling): Pick<CommonBuildRequest, 'store'> {
  if (flags.store === undefined) {
    if (flags.storeSize !== undefined) {
      throw new InputError(`${spell('store-size')} ${flags.storeSize} needs ${spell('store')} too`);
    }
    return {};
  }
  if (flags.store.trim() === '') throw new InputError(`${spell('store')} is empty; give a directory`);
  const maxBytes =
    flags.storeSize === undefined ? DEFAULT_STORE_BYTES : parseSize(flags.storeSize, spell('store-size'));
  return { store: { dir: resolve(flags.store), maxBytes } };
}

export interface BuildCommandOutcome extends BuildOutcome {
  /** What was built, how, how long it took, and how to measure it. */
  readonly summary: string;
}

/**
 * The check a build ends with, and a stored build passes before it is reused: what `run` does
 * first. An untrusted build's server answers its --version in the sandbox.
 */
function inspectPrefix(request: BuildRequest): (prefix: string) => Promise<ServerInstall> {
  return (prefix) => inspectServer(prefix, request.names.prefix, request.untrusted === true);
}

/**
 * Builds and installs one server (or only `request.targets`); build directories stay for the next
 * build. Its checks (the tree, the compiler, the directories, the room) come before the wait for
 * the machine lock, unless the caller made them already (`checked`).
 */
export async function buildCommand(
  request: BuildRequest,
  logger: Logger,
  scope?: CleanupScope,
  checked?: CheckedBuild,
): Promise<BuildCommandOutcome> {
  const outcome = await inCleanupScope(
    logger,
    (own) =>
      checkThenLock(
        {
          check: async () => {
            if (checked !== undefined) return checked;
            const build = await checkBuild(request, logger);
            checkBuildRoom([build], logger);
            return build;
          },
          lock: lockForBuild(request),
          work: (build) => buildChecked(build, logger, own, inspectPrefix(request)),
        },
        logger,
        own,
      ),
    scope,
  );
  return { ...outcome, summary: describeBuild(outcome) };
}

/**
 * The room the builds need, together (they are kept side by side), before the wait for the lock;
 * a build the store will likely provide needs none. Each build asks again before it configures.
 */
function checkBuildRoom(builds: readonly CheckedBuild[], logger: Logger): void {
  checkSpaceBeforeLock(
    builds.flatMap((build) => (build.stored ? [] : build.needs)),
    logger,
  );
}

/**
 * The machine lock for a build that waits for measurements (the default: see WhileMeasuring);
 * undefined when the build runs beside them at low priority or its caller holds the lock.
 */
function lockForBuild(request: BuildRequest): LockRequest | undefined {
  const policy = request.whileMeasuring ?? DEFAULT_WHILE_MEASURING;
  if (policy.policy !== 'wait') return undefined;
  return {
    timeoutMs: policy.lockTimeoutMs,
    timeoutLabel: policy.lockTimeoutLabel,
    suite: 'none',
    activity: `building ${basename(resolve(request.source))} with ${request.compiler}`,
  };
}

const DEFAULT_WHILE_MEASURING: WhileMeasuring = {
  policy: 'wait',
  lockTimeoutMs: null,
  lockTimeoutLabel: '--lock-timeout',
};

function describeBuild(outcome: BuildOutcome): string {
  const { info } = outcome;
  const { configure, build, install } = info.seconds;
  const times = `configure ${configure} s, build ${build} s, install ${install} s`;
  const lines = [
    `${FLAVOR_NAMES[info.flavor]} ${info.version} built with ${info.compiler.id} ${info.compiler.version} (${info.buildType}; C flags "${info.flags.c}", C++ flags "${info.flags.cxx}")`,
    `source: ${info.source.root}${info.source.gitCommit ? ` at ${info.source.gitCommit}${info.source.gitDirty ? ' with local changes' : ''}` : ''}`,
    ...(outcome.reused
      ? [`time: none, reused from the store entry ${outcome.storeEntry ?? ''} (its build took ${times})`]
      : ['', stageTable(buildStages(info)), '']),
  ];
  if (outcome.binary !== undefined) {
    lines.push(`server: ${outcome.binary}`, `build description: ${outcome.infoPath ?? ''}`);
    if (info.components !== undefined)
      lines.push(
        `installed: the server's CMake components ${info.components.join(', ')} (--full-install builds and installs everything)`,
      );
    lines.push(`measure it with: mysql-perf-gate run --server ${outcome.prefix}`);
  } else {
    lines.push(`built targets ${info.targets.join(', ')} in ${outcome.buildDir} (not installed)`);
  }
  return lines.join('\n');
}

/** One server of a run to build: which side it becomes, from which tree, with which compiler. */
export interface SideBuild {
  readonly side: 'base' | 'head' | 'server';
  readonly source: string;
  readonly compiler: string;
  readonly prefix: string;
  /**
   * Built sandboxed, through this ccache directory of its own (none: ccache off), from a private
   * copy of the trusted base's build directory when one is given (base-build.ts).
   */
  readonly untrusted?: { readonly ccacheDir: string | undefined; readonly baseBuildDir?: string };
}

/** A compiler cache kept somewhere between jobs (the Actions cache on GitHub-hosted runners). */
export interface BuildCache {
  restore(): Promise<void>;
  save(): Promise<void>;
}

/**
 * The ccache directory these builds use and the stem of a cache key that names their compilers,
 * for a front end that keeps the directory between jobs; undefined with ccache off or not found.
 */
export async function ccacheOfBuilds(
  common: CommonBuildRequest,
  builds: readonly SideBuild[],
): Promise<{ readonly dir: string; readonly keyBase: string } | undefined> {
  if (common.ccache === 'off') return undefined;
  const found = await detectCcache(common.ccacheDir);
  if (!('dir' in found)) return undefined;
  const compilers = builds.map((build) => compilerLabel(build.compiler)).join('-');
  return { dir: found.dir, keyBase: `mysql-perf-gate-ccache-${compilers}-` };
}

/** Each side's build as checked before any of them waited or started (checkSides). */
export type CheckedSides = ReadonlyMap<SideBuild['side'], CheckedBuild>;

export interface BuildSidesOptions {
  readonly common: CommonBuildRequest;
  /** The sides' checks, made by the caller before its wait; each build checks itself otherwise. */
  readonly checked?: CheckedSides;
  readonly cache?: BuildCache;
  /** Told of each side as soon as it is built (the action sets an output). */
  readonly onBuilt?: (side: SideBuild['side'], outcome: BuildCommandOutcome) => void;
}

/** The install prefix of each side built. */
export type SidePrefixes = Partial<Record<SideBuild['side'], string>>;

/** The shared request for one side: for untrusted code sandboxed, with its own ccache and no store. */
function untrustedRequest(common: CommonBuildRequest, build: SideBuild): CommonBuildRequest {
  const rest: CommonBuildRequest = { ...common };
  // Only an untrusted side starts from the base's build; a trusted one builds in its own directory.
  delete (rest as { baseBuildDir?: unknown }).baseBuildDir;
  if (build.untrusted === undefined) return rest;
  delete (rest as { store?: unknown }).store;
  delete (rest as { ccacheDir?: unknown }).ccacheDir;
  const { ccacheDir, baseBuildDir } = build.untrusted;
  const from = baseBuildDir === undefined ? {} : { baseBuildDir };
  return ccacheDir === undefined
    ? { ...rest, untrusted: true, ccache: 'off', ...from }
    : { ...rest, untrusted: true, ccacheDir, ...from };
}

function sideTitle(build: SideBuild): string {
  return build.side === 'server' ? 'the server' : `the ${build.side}`;
}

/** One side's build request: what the sides share, with its tree, compiler and prefix. */
function sideRequest(common: CommonBuildRequest, build: SideBuild): BuildRequest {
  const { source, compiler, prefix } = build;
  return {
    ...untrustedRequest(common, build),
    source,
    compiler,
    prefix,
    targets: [],
    label: sideTitle(build),
  };
}

/**
 * Every side's build checked (its tree, compiler and directories) and the room they need together,
 * before any of them waits for the machine lock or starts: a mistake in the second side's tree
 * must not wait for the first side's build.
 */
export async function checkSides(
  builds: readonly SideBuild[],
  common: CommonBuildRequest,
  logger: Logger,
): Promise<CheckedSides> {
  const checked = new Map<SideBuild['side'], CheckedBuild>();
  const all: CheckedBuild[] = [];
  for (const build of builds) {
    const request = sideRequest(common, build);
    if (request.baseBuildDir === undefined) {
      const side = await checkBuild(request, logger);
      checked.set(build.side, side);
      all.push(side);
      continue;
    }
    // A side that starts from the base's build is checked here without it (the base side built
    // first makes it), and again, whole, when its turn comes: it is left out of `checked`.
    const rest: BuildRequest = { ...request };
    delete (rest as { baseBuildDir?: unknown }).baseBuildDir;
    all.push(await checkBuild(rest, logger));
  }
  checkBuildRoom(all, logger);
  return checked;
}

/**
 * Builds each side in turn, each in a log group. The cache is restored first and saved after the
 * builds, after a failed one too (what compiled is reused next time), but not when interrupted.
 */
export async function buildSides(
  builds: readonly SideBuild[],
  options: BuildSidesOptions,
  logger: Logger,
  scope: CleanupScope,
): Promise<SidePrefixes> {
  await options.cache?.restore();
  const prefixes: SidePrefixes = {};
  // Build directories of sides reused from the store: what they hold is not those sides' build.
  const notBuilt = new Set<string>();
  try {
    for (const planned of builds) {
      const build = startingOnlyFromBuilt(planned, notBuilt, logger);
      const outcome = await logger.group(`Build ${sideTitle(build)} (${build.compiler})`, async () => {
        const request = sideRequest(options.common, build);
        const built = await buildCommand(request, logger, scope, options.checked?.get(build.side));
        logger.info(built.summary);
        return built;
      });
      prefixes[build.side] = outcome.prefix;
      if (outcome.reused) notBuilt.add(resolve(outcome.buildDir));
      options.onBuilt?.(build.side, outcome);
    }
  } finally {
    if (!scope.interrupted) await options.cache?.save();
  }
  return prefixes;
}

/**
 * The side as planned, or, when it would start from the build directory of a side reused from the
 * store (which holds whatever was last built there, not that side's build), built without it.
 */
export function startingOnlyFromBuilt(
  build: SideBuild,
  notBuilt: ReadonlySet<string>,
  logger: Logger,
): SideBuild {
  const from = build.untrusted?.baseBuildDir;
  if (build.untrusted === undefined || from === undefined || !notBuilt.has(resolve(from))) return build;
  logger.info(
    `${sideTitle(build)} is built from nothing, not from ${from}: the base was reused from the store, not built there, so that directory is not its build`,
  );
  return { ...build, untrusted: { ccacheDir: build.untrusted.ccacheDir } };
}
