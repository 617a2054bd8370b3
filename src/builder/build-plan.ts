// A build request resolved before anything is built: the source tree found, the compiler and the
// tools there, the directories checked, ccache looked up and CMake's options worked out. Every
// mistake the user can make with flags surfaces here, before a long configure starts.
import { mkdir, rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

import { DependencyError, InputError } from '../errors.js';
import type { OptionNames } from '../option-names.js';
import { describeFlavor } from '../flavor/flavors.js';
import { FLAVOR_NAMES } from '../results/results-schema.js';
import { parseCmakeCache } from '../server/build-info.js';
import { exec } from '../shell/exec.js';
import { readRegular } from '../shell/no-follow.js';
import type { LimitSettings } from '../shell/limits.js';
import type { Logger } from '../shell/logger.js';
import type { Confinement } from '../shell/sandbox.js';
import { type BaseBuild, type BaseCopy, baseCopyLine, copyBaseBuild, readBaseBuild } from './base-build.js';
import { buildConfinement, checkUntrustedRequest, overlap } from './build-sandbox.js';
import { type CcacheSetup, detectCcache } from './ccache.js';
import { readOnlyRemoteStorage, trustedRemoteStorage } from './shared-ccache.js';
import { type BuildType, cmakeArgs } from './cmake-args.js';
import { CONFIGURE_RECORD, droppedDefinitions, readConfigureArgs } from './configure-record.js';
import { type Compiler, resolveCompiler } from './compilers.js';
import type { StoreOptions } from './prefix-store.js';
import { detectSourceTree, type SourceTree } from './source-tree.js';
import { quickDeadline } from '../shell/deadline.js';

export interface BuildRequest {
  readonly source: string;
  /** gcc-12, clang-16, a path, or CC:CXX. */
  readonly compiler: string;
  readonly prefix: string;
  /** Default: "<prefix>.build" beside the prefix. */
  readonly buildDir?: string;
  readonly buildType: BuildType;
  readonly cmakeArgs: readonly string[];
  readonly jobs?: number;
  /** Build only these targets and do not install (a quick check of a configuration). */
  readonly targets: readonly string[];
  /** Build and install everything, not only the server's install components (MySQL, Percona). */
  readonly fullInstall?: boolean;
  readonly ccache: 'auto' | 'on' | 'off';
  readonly ccacheDir?: string;
  /** With untrusted: the trusted build directory to start from (base-build.ts); copied, never written. */
  readonly baseBuildDir?: string;
  /** Environment for the tools; tests point proxies at nothing to make downloads fail. */
  readonly env?: NodeJS.ProcessEnv;
  /** Keep the installed prefix in this store, and reuse a stored one of the same key (--store). */
  readonly store?: StoreOptions;
  /** The tree is untrusted (a fork's pull request): configure, build and install run sandboxed. */
  readonly untrusted?: boolean;
  /** An untrusted build's process and memory limits (its steps run in a control group with them). */
  readonly limits?: LimitSettings;
  /** What the build is of, in a line a limit reached ends it with: "the head" (default: the tree). */
  readonly label?: string;
  /** What the build does while another run measures on this machine; default: wait for it. */
  readonly whileMeasuring?: WhileMeasuring;
  /** How the user named each option (`--prefix`, `input "build-dir"`), for errors. */
  readonly names: OptionNames;
}

/**
 * Builds beside measurements (docs/runners.md has the figures that chose the default):
 * - `wait`: the build takes the machine lock, as a measurement does, so a build waits for a
 *   measurement and a measurement for a build;
 * - `low-priority`: the build does not wait; its tools run at nice 19 and idle I/O priority;
 * - `lock-held`: the caller already holds the machine lock (the gate, over its builds and its
 *   measurement).
 */
export type WhileMeasuring =
  | { readonly policy: 'wait'; readonly lockTimeoutMs: number | null; readonly lockTimeoutLabel: string }
  | { readonly policy: 'low-priority' }
  | { readonly policy: 'lock-held' };

export interface BuildPlan {
  readonly tree: SourceTree;
  readonly compiler: Compiler;
  /** Absolute. */
  readonly prefix: string;
  /** Absolute. */
  readonly buildDir: string;
  readonly buildType: BuildType;
  readonly targets: readonly string[];
  /**
   * What goes into the prefix: nothing (only `targets` are built), everything (`all`, then
   * `cmake --install`), or the files of these CMake install components (and only what they need
   * is built).
   */
  readonly install: 'none' | 'all' | { readonly components: readonly string[] };
  readonly jobs: number;
  readonly ccache: CcacheSetup | { reason: string };
  /** The environment cmake and ninja run in: ccache's, when it is used. */
  readonly toolEnv: NodeJS.ProcessEnv;
  /** CMake's options for configure, as build.json records them. */
  readonly args: string[];
  /** How the tree's code runs: as it is, or sandboxed (build-sandbox.ts). */
  readonly confinement: Confinement;
  /** The trusted build this one starts from, whose paths the sandbox shows (base-build.ts). */
  readonly base?: BaseBuild;
  /** An untrusted build's limits, and how a line names the build ("the build of the head"). */
  readonly limits?: { readonly settings: LimitSettings; readonly what: string };
  /** cmake and ninja run at nice 19 and idle I/O priority (`whileMeasuring: low-priority`). */
  readonly lowPriority?: boolean;
  /** How the user named each option, for errors (`BuildRequest.names`). */
  readonly names: OptionNames;
}

/** Resolves and checks the request; throws InputError or DependencyError before anything is built. */
export async function planBuild(request: BuildRequest): Promise<BuildPlan> {
  checkUntrustedRequest(request);
  const env = request.env ?? process.env;
  const tree = await detectSourceTree(request.source);
  const compiler = await resolveCompiler(request.compiler, request.names.compiler, env);
  await requireTool('cmake', 'cmake', env);
  await requireTool('ninja', 'ninja-build', env);
  const prefix = resolve(request.prefix);
  const buildDir = resolve(request.buildDir ?? `${prefix}.build`);
  const { names } = request;
  checkDirectories(tree.root, prefix, buildDir, names);
  const jobs = request.jobs ?? availableParallelism();
  if (!Number.isInteger(jobs) || jobs < 1)
    throw new InputError(`${names.jobs} must be a whole number ≥ 1, not ${jobs}`);

  const own = await setUpCcache(request, env);
  const base = await baseBuild(request, compiler, { root: tree.root, buildDir, prefix, ccache: own });
  // Made once checked: a ccache directory refused for where it is must not be made there first.
  if ('dir' in own) await mkdir(own.dir, { recursive: true });
  const ccache = withSharedStore(own, request.untrusted === true, base?.store);
  const args = cmakeArgs({
    flavor: tree.flavor,
    version: tree.version,
    buildType: request.buildType,
    cc: compiler.cc,
    cxx: compiler.cxx,
    extra: request.cmakeArgs,
    ccache: 'env' in ccache,
    names,
    ...(tree.boostDir === undefined ? {} : { boostDir: toolPath(tree.boostDir, tree.root, base) }),
  });
  const { buildType, targets } = request;
  const toolEnv = 'env' in ccache ? ccache.env : env;
  const install = installScope(tree.flavor, targets, request.fullInstall ?? false, names);
  const dirs = { root: tree.root, buildDir, prefix, ...(base === undefined ? {} : { base }) };
  const confinement = await buildConfinement(request.untrusted === true, dirs, ccache, compiler, names);
  return {
    tree,
    compiler,
    prefix,
    buildDir,
    buildType,
    targets,
    install,
    jobs,
    ccache,
    toolEnv,
    args,
    confinement,
    ...(base === undefined ? {} : { base }),
    ...(request.untrusted === true && request.limits !== undefined
      ? { limits: { settings: request.limits, what: `the build of ${request.label ?? tree.root}` } }
      : {}),
    lowPriority: request.whileMeasuring?.policy === 'low-priority',
    names,
  };
}

/**
 * Where the build's tools see the tree and the build directory: the trusted base's paths when the
 * build starts from a copy of its build directory (the sandbox shows them there), else its own.
 */
export function toolPaths(plan: Pick<BuildPlan, 'tree' | 'buildDir' | 'base'>): {
  root: string;
  buildDir: string;
} {
  return plan.base === undefined
    ? { root: plan.tree.root, buildDir: plan.buildDir }
    : { root: plan.base.root, buildDir: plan.base.dir };
}

/**
 * A path of the tree at `root` where the build's tools see it: under the base's tree's path when
 * the build starts from the base's (the sandbox shows the tree there). Pure.
 */
export function toolPath(path: string, root: string, base: Pick<BaseBuild, 'root'> | undefined): string {
  return base === undefined ? path : join(base.root, relative(root, path));
}

/**
 * The trusted build the request starts from, checked; undefined without one. Only an untrusted
 * build takes one, and none of its own directories may lie at or in the paths the sandbox shows
 * the base's build and tree at, or hold them.
 */
async function baseBuild(
  request: BuildRequest,
  compiler: Compiler,
  own: { root: string; buildDir: string; prefix: string; ccache: CcacheSetup | { reason: string } },
): Promise<BaseBuild | undefined> {
  if (request.baseBuildDir === undefined) return undefined;
  const { names } = request;
  if (request.untrusted !== true) {
    throw new InputError(
      `${names['base-build-dir']} starts an untrusted build from a copy of a trusted one; a trusted build can build in that directory itself (${names['build-dir']})`,
    );
  }
  const base = await readBaseBuild(resolve(request.baseBuildDir), compiler, names);
  const mine: [string, string][] = [
    [names['build-dir'], own.buildDir],
    [names.prefix, own.prefix],
    ...('dir' in own.ccache ? [[names['ccache-dir'], resolve(own.ccache.dir)] as [string, string]] : []),
  ];
  // The trusted ccache's store is read-only in the sandbox only where no writable bind covers it.
  const trusted: [string, string][] = [
    ['build directory', base.dir],
    ['source tree', base.root],
  ];
  if (base.store !== undefined) {
    trusted.push(['ccache store', base.store], ['ccache directory', dirname(base.store)]);
  }
  for (const [name, dir] of mine) {
    for (const [what, seen] of trusted) {
      if (overlap(dir, seen)) {
        throw new InputError(
          `${name} ${dir} overlaps the trusted base's ${what} ${seen} (${names['base-build-dir']}); give the untrusted build directories of its own`,
        );
      }
    }
  }
  // The tree's files are given the base's times (base-build.ts): no build output may lie in it.
  const outputs: [string, string][] = [...mine.slice(0, 2), [names['base-build-dir'], base.dir]];
  for (const [name, dir] of outputs) {
    if (inside(dir, own.root)) {
      throw new InputError(
        `${name} ${dir} lies in the source tree ${own.root}: with ${names['base-build-dir']} the tree's files get the base's times, so the build must lie outside it`,
      );
    }
  }
  return base;
}

/**
 * The flavor's install components when it names them (MySQL and Percona Server: a quarter fewer
 * ninja steps than `all`, see install-components.ts); else everything (MariaDB, whose whole server
 * is 1,294 steps and whose bootstrap script needs client tools).
 */
export function installScope(
  flavor: SourceTree['flavor'],
  targets: readonly string[],
  fullInstall: boolean,
  names: Pick<OptionNames, 'full-install' | 'target'>,
): BuildPlan['install'] {
  if (targets.length > 0) {
    if (fullInstall) {
      throw new InputError(
        `${names['full-install']} and ${names.target} exclude each other: ${names.target} does not install`,
      );
    }
    return 'none';
  }
  const components = describeFlavor(flavor).build.installComponents;
  return components === null || fullInstall ? 'all' : { components };
}

/** The line that opens a build's output: what is built, from where, with what. */
export function planSummary(plan: BuildPlan): string {
  const { tree, compiler, jobs, ccache } = plan;
  return (
    `building ${FLAVOR_NAMES[tree.flavor]} ${tree.version} from ${tree.root} with ${compiler.id} ${compiler.version} ` +
    `(${plan.buildType}, ${jobs} job${jobs === 1 ? '' : 's'}, ccache ${'env' in ccache ? `in ${ccache.dir}` : `off: ${ccache.reason}`})`
  );
}

async function requireTool(name: string, debianPackage: string, env: NodeJS.ProcessEnv): Promise<void> {
  await exec(name, ['--version'], {
    env,
    deadline: quickDeadline(`${name} --version`),
    installHint: `it is needed to build from source; install it (Debian/Ubuntu: apt-get install ${debianPackage})`,
  });
}

/** Whether `child` is `parent` or below it. */
export function inside(child: string, parent: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export function checkDirectories(
  root: string,
  prefix: string,
  buildDir: string,
  names: Pick<OptionNames, 'prefix' | 'build-dir'>,
): void {
  if (inside(prefix, root) || inside(root, prefix)) {
    throw new InputError(
      `${names.prefix} ${prefix} overlaps the source tree ${root}; install somewhere outside it`,
    );
  }
  if (buildDir === root) {
    throw new InputError(
      `${names['build-dir']} ${buildDir} is the source tree; MySQL-family trees refuse in-source builds`,
    );
  }
  if (inside(buildDir, prefix) || inside(prefix, buildDir)) {
    throw new InputError(
      `${names['build-dir']} ${buildDir} and ${names.prefix} ${prefix} overlap; give them separate directories`,
    );
  }
}

/**
 * ccache's environment with the trusted builds' shared store (shared-ccache.ts): written by a
 * trusted build beside its cache, read-only by an untrusted one started from a base whose build
 * wrote it. Without ccache, as it is.
 */
function withSharedStore(
  ccache: CcacheSetup | { reason: string },
  untrusted: boolean,
  store: string | undefined,
): CcacheSetup | { reason: string } {
  if (!('env' in ccache)) return ccache;
  if (!untrusted) {
    const storage = trustedRemoteStorage(ccache.dir, ccache.env.CCACHE_REMOTE_STORAGE);
    return { ...ccache, env: { ...ccache.env, CCACHE_REMOTE_STORAGE: storage } };
  }
  // An untrusted build reads no remote storage but the trusted store, and that only read-only.
  const env = { ...ccache.env };
  delete env.CCACHE_REMOTE_STORAGE;
  return store === undefined
    ? { ...ccache, env }
    : {
        ...ccache,
        env: { ...env, CCACHE_REMOTE_STORAGE: readOnlyRemoteStorage(store) },
        readOnlyStore: store,
      };
}

async function setUpCcache(
  request: BuildRequest,
  env: NodeJS.ProcessEnv,
): Promise<CcacheSetup | { reason: string }> {
  if (request.ccache === 'off') return { reason: `turned off (${request.names.ccache} off)` };
  const found = await detectCcache(
    request.ccacheDir === undefined ? undefined : resolve(request.ccacheDir),
    env,
  );
  if ('reason' in found && request.ccache === 'on') {
    throw new DependencyError(`${request.names.ccache} on: ${found.reason}`);
  }
  return found;
}

/**
 * Creates the build directory, or readies one an earlier build left for this tree and compiler;
 * for a build that starts from the trusted base's, replaces it by a fresh copy of that (what the
 * copy did is returned).
 */
export async function prepareBuildDir(plan: BuildPlan, logger: Logger): Promise<BaseCopy | undefined> {
  const copy =
    plan.base === undefined ? undefined : await copyBaseBuild(plan.base, plan.buildDir, plan.tree.root);
  if (plan.base !== undefined && copy !== undefined)
    logger.info(baseCopyLine(plan.base, plan.buildDir, copy));
  await mkdir(plan.buildDir, { recursive: true });
  const reasons = [...(await otherSetup(plan)), ...(await droppedArgs(plan))];
  if (reasons.length === 0) return copy;
  logger.info(`${plan.buildDir} was configured with ${reasons.join(', ')}; configuring it afresh`);
  await rm(join(plan.buildDir, 'CMakeCache.txt'), { force: true });
  await rm(join(plan.buildDir, 'CMakeFiles'), { recursive: true, force: true });
  return copy;
}

/**
 * A build directory configured for another source tree or compiler would make CMake stop (other
 * source) or silently keep half of the old settings (other compiler): what differs, if anything.
 */
async function otherSetup(plan: BuildPlan): Promise<string[]> {
  const text = await readRegular(join(plan.buildDir, 'CMakeCache.txt'), 64 * 1024 * 1024)
    .then((bytes) => bytes?.toString('utf8'))
    .catch(() => undefined);
  if (text === undefined) return [];
  const cache = parseCmakeCache(text);
  return [
    ['source', cache.get('CMAKE_HOME_DIRECTORY'), toolPaths(plan).root],
    ['C compiler', cache.get('CMAKE_C_COMPILER'), plan.compiler.cc],
    ['C++ compiler', cache.get('CMAKE_CXX_COMPILER'), plan.compiler.cxx],
    ['generator', cache.get('CMAKE_GENERATOR'), 'Ninja'],
  ]
    .filter(([, was, now]) => was !== undefined && was !== now)
    .map(([what, was]) => `another ${what} (${was})`);
}

/** CMake keeps a -D variable no longer given (configure-record.ts): the ones that would linger. */
async function droppedArgs(plan: BuildPlan): Promise<string[]> {
  const before = await readConfigureArgs(plan.buildDir);
  if (before === undefined) return [];
  if (before === null) return [`arguments it cannot tell (${CONFIGURE_RECORD} unreadable)`];
  const dropped = droppedDefinitions(before, plan.args);
  return dropped.length === 0 ? [] : [`CMake variables this build does not set (${dropped.join(', ')})`];
}
