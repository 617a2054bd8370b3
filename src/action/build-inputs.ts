// The action's build inputs: with input "source", the servers to measure are built first.
//
// - source alone: the tree is built with "compiler" and measured as one server.
// - source and base-source: both trees are built with "compiler" (a pull request's head and base
//   checkouts) and measured against each other.
// - source and base-compiler: the one tree is built with "base-compiler" (base) and "compiler"
//   (head): a compiler comparison.
import * as core from '@actions/core';
import { join, resolve } from 'node:path';

import { comparisonLabels, compilerLabel } from '../builder/compilers.js';
import {
  type CommonBuildRequest,
  commonBuildRequest,
  type SideBuild,
  type SidePrefixes,
} from '../commands/build.js';
import type { RunFlags } from '../commands/run.js';
import { actionSpelling } from '../commands/spelling.js';
import { InputError } from '../errors.js';
import { optionalInput } from './inputs.js';

export interface BuildInputs {
  readonly source: string;
  readonly baseSource: string | undefined;
  readonly compiler: string;
  readonly baseCompiler: string | undefined;
  readonly common: CommonBuildRequest;
  readonly buildDir: string;
}

/** The build inputs, or undefined when input "source" is empty (servers are given instead). */
export function readBuildInputs(run: RunFlags): BuildInputs | undefined {
  const source = optionalInput('source');
  const baseSource = optionalInput('base-source');
  const baseCompiler = optionalInput('base-compiler');
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
  const common = commonBuildRequest(
    {
      buildType: core.getInput('build-type') || 'RelWithDebInfo',
      cmakeArg: core.getMultilineInput('cmake-args'),
      ccache: core.getInput('ccache') || 'auto',
      fullInstall: core.getInput('full-install') === 'true',
      ...(optionalInput('ccache-dir') === undefined
        ? {}
        : { ccacheDir: resolve(core.getInput('ccache-dir')) }),
      ...storeFlags(),
    },
    actionSpelling,
  );
  return {
    source,
    baseSource,
    compiler: core.getInput('compiler') || 'gcc',
    baseCompiler,
    common,
    buildDir: core.getInput('build-dir') || 'mysql-perf-gate/build',
  };
}

/** Inputs store and store-size, as the build flags take them. */
export function storeFlags(): { store?: string; storeSize?: string } {
  const store = optionalInput('store');
  const storeSize = optionalInput('store-size');
  return {
    ...(store === undefined ? {} : { store }),
    ...(storeSize === undefined ? {} : { storeSize }),
  };
}

/** Which servers to build, and where each is installed. */
export function planBuilds(inputs: BuildInputs): SideBuild[] {
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

/** The run flags with server, or base and head, set to what was built (or will be, to check inputs). */
export function runFlagsFor(run: RunFlags, prefixes: SidePrefixes): RunFlags {
  return prefixes.server !== undefined
    ? { ...run, server: prefixes.server }
    : { ...run, base: prefixes.base, head: prefixes.head };
}

/** The run flags as they will be once the servers are built, for checking inputs beforehand. */
export function plannedRunFlags(inputs: BuildInputs, run: RunFlags): RunFlags {
  const planned: SidePrefixes = {};
  for (const build of planBuilds(inputs)) planned[build.side] = build.source;
  return runFlagsFor(run, planned);
}
