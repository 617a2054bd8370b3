// The action's build inputs: with input "source", the servers to measure are built first (which
// sides, and how the run then finds them: commands/source-builds.ts).
//
// - source alone: the tree is built with "compiler" and measured as one server.
// - source and base-source: both trees are built with "compiler" (a pull request's head and base
//   checkouts) and measured against each other.
// - source and base-compiler: the one tree is built with "base-compiler" (base) and "compiler"
//   (head): a compiler comparison.
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { commonBuildRequest } from '../commands/build.js';
import { type RunFlags, untrustedSides } from '../commands/run.js';
import {
  checkUntrustedDirs,
  checkUntrustedSettings,
  type SourceBuilds,
  sourceBuildNames,
} from '../commands/source-builds.js';
import { actionSpelling } from '../commands/spelling.js';
import { InputError } from '../errors.js';
import { booleanInput, limitInputs, optionalInput } from './inputs.js';
import { input, multilineInput } from './settings-inputs.js';

/** The build inputs, or undefined when input "source" is empty (servers are given instead). */
export function readBuildInputs(run: RunFlags): SourceBuilds | undefined {
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
      buildType: input('build-type'),
      cmakeArg: multilineInput('cmake-args'),
      ccache: input('ccache'),
      fullInstall: booleanInput('full-install'),
      buildWhileMeasuring: input('build-while-measuring'),
      ...(optionalInput('lock-timeout') === undefined ? {} : { lockTimeout: input('lock-timeout') }),
      ...(optionalInput('ccache-dir') === undefined ? {} : { ccacheDir: resolve(input('ccache-dir')) }),
      ...storeFlags(),
      ...limitInputs(),
    },
    actionSpelling,
    sourceBuildNames(actionSpelling),
  );
  const untrusted = untrustedBuilds(run, baseSource !== undefined || baseCompiler !== undefined);
  const builds: SourceBuilds = {
    source,
    baseSource,
    compiler: input('compiler'),
    baseCompiler,
    common,
    buildDir: input('build-dir') || 'mysql-perf-gate/build',
    ...(untrusted === undefined ? {} : { untrusted }),
  };
  checkUntrustedSettings(builds, actionSpelling);
  return builds;
}

/** Inputs untrusted-side, untrusted-build-dir and untrusted-ccache-dir: where untrusted sides are built. */
function untrustedBuilds(run: RunFlags, ab: boolean): SourceBuilds['untrusted'] {
  const sides = untrustedSides(run.untrustedSide, ab, actionSpelling);
  if (sides.length === 0) return undefined;
  const ccacheDir = optionalInput('untrusted-ccache-dir');
  const untrusted = {
    sides: ab ? sides : (['server'] as const),
    buildDir: resolve(
      optionalInput('untrusted-build-dir') ?? join(process.env.RUNNER_TEMP ?? tmpdir(), 'untrusted'),
    ),
    ccacheDir: ccacheDir === undefined ? undefined : resolve(ccacheDir),
    ...baseBuildInput(),
  };
  const trustedCcache = optionalInput('ccache-dir');
  checkUntrustedDirs(
    untrusted,
    {
      buildDir: resolve(input('build-dir') || 'mysql-perf-gate/build'),
      ccacheDir: trustedCcache === undefined ? undefined : resolve(trustedCcache),
    },
    actionSpelling,
  );
  return untrusted;
}

/** Input base-build-dir: empty or "auto" (the base side built here), "none", or a directory. */
function baseBuildInput(): { baseBuildDir?: string } {
  const value = (optionalInput('base-build-dir') ?? 'auto').trim();
  if (value.toLowerCase() === 'none') return {};
  return { baseBuildDir: value.toLowerCase() === 'auto' ? 'auto' : resolve(value) };
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
