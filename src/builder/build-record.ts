// What build.json says about a finished build: the tree, the compiler and the options it was built
// with, the flags CMake ended up using, how long each step took and what ccache saved.
import type { BuildInfo } from '../results/results-schema.js';
import { effectiveFlags } from '../server/build-info.js';
import { packageVersion } from '../shell/package-root.js';
import type { BuildPlan } from './build-plan.js';
import type { BaseCopy } from './base-build.js';
import { type CcacheCounters, ccacheFigures } from './ccache.js';
import { isFullBuild, type RebuildScope } from './rebuild-scope.js';

/** What the build learnt while it ran, beside what it was planned to be. */
export interface BuildFacts {
  readonly git: { commit: string | null; dirty: boolean | null };
  /** ISO time the configure step was about to start. */
  readonly startedAt: string;
  readonly seconds: { configure: number; build: number; install: number };
  /** What ninja ran: its steps and the objects it compiled, in order. */
  readonly ninja: { readonly steps: number; readonly compiled: readonly string[] };
  /** The build directory's CMakeCache.txt after the build. */
  readonly cmakeCache: string;
  /** ccache's counters before and after; undefined when ccache was off or cannot print them. */
  readonly ccacheBefore: CcacheCounters | undefined;
  readonly ccacheAfter: CcacheCounters | undefined;
  /** For a build started from the trusted base's: what the copy did and what ninja had to run. */
  readonly startedFrom?: { readonly dir: string; readonly copy: BaseCopy; readonly reach: RebuildScope };
}

/** Objects build.json names; a build from scratch compiles over a thousand, counted beyond this. */
export const MAX_COMPILED_LISTED = 200;

export function buildRecord(plan: BuildPlan, facts: BuildFacts): BuildInfo {
  const { tree, compiler } = plan;
  return {
    format: 'mysql-perf-gate-build/1',
    flavor: tree.flavor,
    version: tree.version,
    source: { root: tree.root, gitCommit: facts.git.commit, gitDirty: facts.git.dirty },
    compiler: {
      id: compiler.id,
      version: compiler.version,
      versionLine: compiler.versionLine,
      cc: compiler.cc,
      cxx: compiler.cxx,
    },
    buildType: plan.buildType,
    cmakeOptions: plan.args,
    flags: effectiveFlags(facts.cmakeCache, plan.buildType),
    targets: [...plan.targets],
    ...(typeof plan.install === 'object' ? { components: [...plan.install.components] } : {}),
    startedAt: facts.startedAt,
    seconds: {
      configure: round(facts.seconds.configure),
      build: round(facts.seconds.build),
      install: round(facts.seconds.install),
    },
    ninja: {
      steps: facts.ninja.steps,
      compiledCount: facts.ninja.compiled.length,
      compiled: facts.ninja.compiled.slice(0, MAX_COMPILED_LISTED),
    },
    ...(facts.startedFrom === undefined ? {} : { startedFrom: startedFromRecord(facts.startedFrom) }),
    jobs: plan.jobs,
    ccache: ccacheRecord(plan.ccache, facts.ccacheBefore, facts.ccacheAfter),
    tool: packageVersion(),
  };
}

function startedFromRecord(
  from: NonNullable<BuildFacts['startedFrom']>,
): NonNullable<BuildInfo['startedFrom']> {
  return {
    dir: from.dir,
    seconds: round(from.copy.seconds),
    sameFiles: from.copy.same,
    changedFiles: from.copy.changed.length,
    steps: from.reach.toRun,
    totalSteps: from.reach.total,
    full: isFullBuild(from.reach),
  };
}

/** This build's ccache figures (the difference of the counters), or why there are none. */
export function ccacheRecord(
  ccache: BuildPlan['ccache'],
  before: CcacheCounters | undefined,
  after: CcacheCounters | undefined,
): BuildInfo['ccache'] {
  if (!('env' in ccache)) return { used: false, reason: ccache.reason };
  if (!before || !after) {
    return {
      used: false,
      reason: `ccache ${ccache.version} cannot print its counters (--print-stats needs 4.x)`,
    };
  }
  return { used: true, dir: ccache.dir, version: ccache.version, ...ccacheFigures(before, after) };
}

function round(seconds: number): number {
  return Math.round(seconds * 10) / 10;
}
