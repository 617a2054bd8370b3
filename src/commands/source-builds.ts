// The servers a run builds from source before measuring them (the action's input "source"):
//
// - one tree alone: built with the compiler and measured as one server;
// - two trees (a pull request's head and base checkouts): both built with the compiler and
//   measured against each other;
// - one tree and a base compiler: built with each compiler, a compiler comparison.
//
// Which sides to build and where each is installed; the run planned with those builds as its sides,
// and the same run once they are built.
import { basename, join, resolve } from 'node:path';

import { overlap } from '../builder/build-sandbox.js';
import { comparisonLabels, compilerLabel } from '../builder/compilers.js';
import { InputError } from '../errors.js';
import type { CommonBuildRequest, SideBuild, SidePrefixes } from './build.js';
import type { RunConfig } from '../run/run-config.js';
import type { RunFlags } from './run.js';
import type { OptionNames } from '../option-names.js';
import { type FlagSpelling, optionNames } from './spelling.js';

export interface SourceBuilds {
  readonly source: string;
  readonly baseSource: string | undefined;
  readonly compiler: string;
  readonly baseCompiler: string | undefined;
  readonly common: CommonBuildRequest;
  /** Each prefix goes under it, named for its side or compiler. */
  readonly buildDir: string;
  /**
   * The sides built from untrusted code (a fork's head): sandboxed, into a directory and through a
   * ccache of their own (none: without ccache), which no trusted build reads.
   */
  readonly untrusted?: {
    readonly sides: readonly SideBuild['side'][];
    readonly buildDir: string;
    readonly ccacheDir: string | undefined;
    /**
     * The trusted build directory the untrusted sides start from (base-build.ts): "auto" for the
     * trusted base side this plan builds, a directory, or none.
     */
    readonly baseBuildDir?: string;
  };
}

/**
 * How the builder names the options of builds planned here: each install prefix is not given but
 * made under the build directory, so the builder names that.
 */
export function sourceBuildNames(spell: FlagSpelling): OptionNames {
  return { ...optionNames(spell), prefix: `the install prefix under ${spell('build-dir')}` };
}

/** Which servers to build, and where each is installed; untrusted sides apart, sandboxed. */
export function planBuilds(builds: SourceBuilds): SideBuild[] {
  const { untrusted } = builds;
  const plan = trustedPlan(builds);
  return plan.map((build) => {
    if (untrusted === undefined || !untrusted.sides.includes(build.side)) return build;
    const prefix = join(resolve(untrusted.buildDir), basename(build.prefix));
    const from = startingBuild(untrusted.baseBuildDir, plan, untrusted.sides);
    return {
      ...build,
      prefix,
      untrusted: { ccacheDir: untrusted.ccacheDir, ...(from === undefined ? {} : { baseBuildDir: from }) },
    };
  });
}

/**
 * The trusted build directory an untrusted side starts from: a directory given; for "auto", the
 * build directory of the trusted base side this plan builds from source (none without one).
 */
function startingBuild(
  given: string | undefined,
  plan: readonly SideBuild[],
  untrustedSides: readonly SideBuild['side'][],
): string | undefined {
  if (given === undefined || given === '') return undefined;
  if (given !== 'auto') return resolve(given);
  const base = plan.find((build) => build.side === 'base' && !untrustedSides.includes('base'));
  return base === undefined ? undefined : `${base.prefix}.build`;
}

function trustedPlan(builds: SourceBuilds): SideBuild[] {
  const dir = resolve(builds.buildDir);
  const headLabel = compilerLabel(builds.compiler);
  if (builds.baseSource !== undefined) {
    return [
      {
        side: 'base',
        source: builds.baseSource,
        compiler: builds.compiler,
        prefix: join(dir, `base-${headLabel}`),
      },
      {
        side: 'head',
        source: builds.source,
        compiler: builds.compiler,
        prefix: join(dir, `head-${headLabel}`),
      },
    ];
  }
  if (builds.baseCompiler !== undefined) {
    const [baseLabel, label] = comparisonLabels(builds.baseCompiler, builds.compiler);
    return [
      { side: 'base', source: builds.source, compiler: builds.baseCompiler, prefix: join(dir, baseLabel) },
      { side: 'head', source: builds.source, compiler: builds.compiler, prefix: join(dir, label) },
    ];
  }
  return [{ side: 'server', source: builds.source, compiler: builds.compiler, prefix: join(dir, headLabel) }];
}

/**
 * Where a side's server is in the gate's plan: a path given (a binary, an install prefix, a host),
 * or a build to do, whose prefix the run measures once it is built (`withPrefixes`).
 */
export type PlannedServer = string | SideBuild;

/** `builds` as the sides of the run: the one server, or base and head, each a build to do. */
export function serversToBuild(
  builds: readonly SideBuild[],
): Pick<RunFlags<SideBuild>, 'server' | 'base' | 'head'> {
  const servers: Partial<Record<SideBuild['side'], SideBuild>> = {};
  for (const build of builds) servers[build.side] = build;
  return servers;
}

/** The builds the planned run waits for, in its sides' order. */
export function buildsOf(run: RunConfig<PlannedServer>): SideBuild[] {
  return run.sides.flatMap((side) => (typeof side.server === 'string' ? [] : [side.server]));
}

/** The planned run once its servers are built: each build replaced by the prefix it installed. */
export function withPrefixes(run: RunConfig<PlannedServer>, prefixes: SidePrefixes): RunConfig {
  return {
    ...run,
    sides: run.sides.map((side) => {
      if (typeof side.server === 'string') return { ...side, server: side.server };
      const prefix = prefixes[side.server.side];
      if (prefix === undefined) throw new Error(`the ${side.server.side} side is built before the run`);
      return { ...side, server: prefix };
    }),
  };
}

/**
 * The untrusted sides' build and ccache directories must not be, hold or lie in the trusted ones:
 * trusted builds would read what untrusted code wrote.
 */
export function checkUntrustedDirs(
  untrusted: NonNullable<SourceBuilds['untrusted']>,
  trusted: { readonly buildDir: string; readonly ccacheDir: string | undefined },
  spell: FlagSpelling,
): void {
  if (
    untrusted.ccacheDir !== undefined &&
    trusted.ccacheDir !== undefined &&
    overlap(untrusted.ccacheDir, trusted.ccacheDir)
  ) {
    throw new InputError(
      `${spell('untrusted-ccache-dir')} is, or is in or holds, ${spell('ccache-dir')}: trusted builds would read what untrusted code wrote; give each pull request a ccache of its own`,
    );
  }
  if (overlap(untrusted.buildDir, trusted.buildDir)) {
    throw new InputError(
      `${spell('untrusted-build-dir')} is, or is in or holds, ${spell('build-dir')}: the trusted builds kept there must not be the untrusted code's to write`,
    );
  }
}

/**
 * With an untrusted side, the build settings may have come from the untrusted side too (a fork's
 * copy of the calling workflow sets the action's inputs), and they build the trusted side as well,
 * unsandboxed: a compiler given as a path, CMake's own variables (a compiler launcher, a toolchain
 * or project-include file, the compilers) or any value naming a path could run the untrusted
 * tree's code there. Only compilers by name and -DNAME=VALUE options without a path are taken.
 */
export function checkUntrustedSettings(builds: SourceBuilds, spell: FlagSpelling): void {
  if (builds.untrusted === undefined) return;
  for (const [name, compiler] of [
    ['compiler', builds.compiler],
    ['base-compiler', builds.baseCompiler],
  ] as const) {
    if (compiler?.includes('/')) {
      throw new InputError(
        `${spell(name)} ${compiler}: with an untrusted side, compilers are given by name (gcc-12, clang-16), not by path`,
      );
    }
  }
  for (const arg of builds.common.cmakeArgs) {
    const option = /^-D([A-Za-z_][A-Za-z0-9_]*)(?::[A-Z]+)?=([^/]*)$/.exec(arg);
    if (option === null || /^CMAKE_/i.test(option[1] ?? '') || /LAUNCHER/i.test(option[1] ?? '')) {
      throw new InputError(
        `${spell('cmake-args')} ${arg}: with an untrusted side, only -DNAME=VALUE options that name no path and set none of CMake's own variables are taken (they build the trusted side too)`,
      );
    }
  }
}
