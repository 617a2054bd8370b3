// The action's build step: with input "source", the servers to measure are built first.
//
// - source alone: the tree is built with "compiler" and measured as one server.
// - source and base-source: both trees are built with "compiler" (a pull request's head and base
//   checkouts) and measured against each other.
// - source and base-compiler: the one tree is built with "base-compiler" (base) and "compiler"
//   (head): a compiler comparison.
//
// ccache: on a self-hosted runner its directory persists between jobs by itself; on a
// GitHub-hosted runner it is restored from and saved to the Actions cache.
import * as core from '@actions/core';
import { join, resolve } from 'node:path';

import { type BuildRequest, buildServer, parseBuildType, parseCcacheMode } from '../builder/build-server.js';
import type { BuildType } from '../builder/cmake-args.js';
import { detectCcache } from '../builder/ccache.js';
import { comparisonLabels, compilerLabel } from '../builder/compilers.js';
import { errorMessage, InputError } from '../errors.js';
import type { RunFlags } from '../commands/run-options.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { coreLogger } from './core-logger.js';

export interface BuildInputs {
  readonly source: string;
  readonly baseSource: string | undefined;
  readonly compiler: string;
  readonly baseCompiler: string | undefined;
  readonly buildType: BuildType;
  readonly cmakeArgs: string[];
  readonly buildDir: string;
  readonly ccache: BuildRequest['ccache'];
  readonly ccacheDir: string | undefined;
}

function optional(name: string): string | undefined {
  const value = core.getInput(name);
  return value === '' ? undefined : value;
}

/** The build inputs, or undefined when input "source" is empty (servers are given instead). */
export function readBuildInputs(run: RunFlags): BuildInputs | undefined {
  const source = optional('source');
  const baseSource = optional('base-source');
  const baseCompiler = optional('base-compiler');
  if (source === undefined) {
    if (baseSource !== undefined || baseCompiler !== undefined) {
      throw new InputError(
        `input "${baseSource ? 'base-source' : 'base-compiler'}" needs input "source" too`,
      );
    }
    return undefined;
  }
  if (run.server !== undefined || run.base !== undefined || run.head !== undefined) {
    throw new InputError(
      'input "source" builds the servers to measure; leave inputs "server", "base" and "head" empty with it',
    );
  }
  if (baseSource !== undefined && baseCompiler !== undefined) {
    throw new InputError(
      'give input "base-source" (two trees, one compiler) or input "base-compiler" (one tree, two compilers), not both',
    );
  }
  const buildType = parseBuildType(core.getInput('build-type') || 'RelWithDebInfo', 'input "build-type"');
  const ccache = parseCcacheMode(core.getInput('ccache') || 'auto', 'input "ccache"');
  return {
    source,
    baseSource,
    compiler: core.getInput('compiler') || 'gcc',
    baseCompiler,
    buildType,
    cmakeArgs: core.getMultilineInput('cmake-args'),
    buildDir: core.getInput('build-dir') || 'mysql-perf-gate/build',
    ccache,
    ccacheDir: optional('ccache-dir'),
  };
}

interface PlannedBuild {
  readonly side: 'base' | 'head' | 'server';
  readonly source: string;
  readonly compiler: string;
  readonly prefix: string;
}

function plan(inputs: BuildInputs): PlannedBuild[] {
  const dir = resolve(inputs.buildDir);
  const headLabel = compilerLabel(inputs.compiler);
  if (inputs.baseSource !== undefined) {
    return [
      {
        side: 'base',
        source: inputs.baseSource,
        compiler: inputs.compiler,
        prefix: join(dir, `base-${headLabel}`),
      },
      {
        side: 'head',
        source: inputs.source,
        compiler: inputs.compiler,
        prefix: join(dir, `head-${headLabel}`),
      },
    ];
  }
  if (inputs.baseCompiler !== undefined) {
    const [baseLabel, label] = comparisonLabels(inputs.baseCompiler, inputs.compiler);
    return [
      { side: 'base', source: inputs.source, compiler: inputs.baseCompiler, prefix: join(dir, baseLabel) },
      { side: 'head', source: inputs.source, compiler: inputs.compiler, prefix: join(dir, label) },
    ];
  }
  return [{ side: 'server', source: inputs.source, compiler: inputs.compiler, prefix: join(dir, headLabel) }];
}

/** Builds what the inputs ask for and returns the run flags with server, or base and head, set. */
export async function buildServers(
  inputs: BuildInputs,
  run: RunFlags,
  scope: CleanupScope,
): Promise<RunFlags> {
  const builds = plan(inputs);
  const hosted = process.env.RUNNER_ENVIRONMENT === 'github-hosted' && inputs.ccache !== 'off';
  const ccacheDir = inputs.ccacheDir === undefined ? undefined : resolve(inputs.ccacheDir);
  const found = hosted ? await detectCcache(ccacheDir) : undefined;
  const cacheKeyBase = `mysql-perf-gate-ccache-${builds.map((build) => compilerLabel(build.compiler)).join('-')}-`;
  const cacheKey = `${cacheKeyBase}${process.env.GITHUB_RUN_ID ?? ''}-${process.env.GITHUB_RUN_ATTEMPT ?? ''}`;
  // Loaded only here: @actions/cache brings the Azure SDK, which nothing else needs.
  const cache = found && 'dir' in found ? await import('@actions/cache') : undefined;
  if (cache && found && 'dir' in found) {
    await core.group('Restore the ccache directory', async () => {
      const hit = await cache.restoreCache([found.dir], cacheKey, [cacheKeyBase]).catch((error: unknown) => {
        core.warning(`could not restore ccache: ${errorMessage(error)}`);
        return undefined;
      });
      core.info(
        hit
          ? `restored ${hit}`
          : 'nothing restored (none saved yet, or the cache service did not answer): the build fills the directory',
      );
    });
  }
  const prefixes: Partial<Record<PlannedBuild['side'], string>> = {};
  try {
    for (const build of builds) {
      const outcome = await core.group(
        `Build ${build.side === 'server' ? 'the server' : `the ${build.side}`} (${build.compiler})`,
        () =>
          buildServer(
            {
              source: build.source,
              compiler: build.compiler,
              prefix: build.prefix,
              buildType: inputs.buildType,
              cmakeArgs: inputs.cmakeArgs,
              targets: [],
              ccache: inputs.ccache,
              ...(ccacheDir === undefined ? {} : { ccacheDir }),
            },
            coreLogger,
            scope,
          ),
      );
      prefixes[build.side] = outcome.prefix;
      core.setOutput(`${build.side}-prefix`, outcome.prefix);
    }
  } finally {
    // Saved after a failed build too (what compiled is reused by the next push), but not when
    // the job is being cancelled. Each run's key is new, and the newest is restored next time.
    if (cache && found && 'dir' in found && !scope.interrupted) {
      await cache.saveCache([found.dir], cacheKey).catch((error: unknown) => {
        core.warning(`could not save ccache: ${errorMessage(error)}`);
      });
    }
  }
  return prefixes.server !== undefined
    ? { ...run, server: prefixes.server }
    : { ...run, base: prefixes.base, head: prefixes.head };
}

/** The run flags as they will be once the servers are built, for checking inputs beforehand. */
export function plannedRunFlags(inputs: BuildInputs, run: RunFlags): RunFlags {
  return inputs.baseSource !== undefined || inputs.baseCompiler !== undefined
    ? { ...run, base: inputs.source, head: inputs.source }
    : { ...run, server: inputs.source };
}
