// The steps of a build that come after its configure and before its check: what ninja is told to
// build (the user's targets, everything, or what the plan's install components copy into the
// prefix: install-components.ts), and the install into the prefix, with a stray install (one
// that wrote outside the prefix) refused.
import { join } from 'node:path';

import { BuildError } from '../errors.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { exec, type ExecResult } from '../shell/exec.js';
import type { Logger } from '../shell/logger.js';
import { quickDeadline } from '../shell/deadline.js';
import { readText } from '../shell/no-follow.js';
import { installFailure } from './build-failure.js';
import { buildDeadline } from './build-deadlines.js';
import { toolPaths } from './build-plan.js';
import { type BuildingPlan, runTool } from './build-tools.js';
import {
  componentFiles,
  componentTargets,
  includedScripts,
  parseNinjaTargets,
} from './install-components.js';
import { logged } from './logged-step.js';
import { refuseStrayInstall, removeStrayInstall, strayRoot } from './stray-install.js';

/** The most of a file the build wrote (cmake_install.cmake) that is read. */
const MAX_BUILD_FILE_BYTES = 64 * 1024 * 1024;

/**
 * What ninja is told to build: the user's targets, everything, or the files the plan's install
 * components copy into the prefix (see install-components.ts).
 */
export async function ninjaTargets(plan: BuildingPlan, logger: Logger): Promise<readonly string[]> {
  if (typeof plan.install === 'string') return plan.targets;
  const { components } = plan.install;
  const targets = await componentNinjaTargets(
    plan.buildDir,
    components,
    (args) => runTool(plan, 'ninja', args, { deadline: quickDeadline(`ninja ${args.join(' ')}`) }),
    toolPaths(plan).buildDir,
  );
  if (targets.length === 0) {
    throw new BuildError(
      `the install rules of the CMake components ${components.join(' and ')} in ${plan.buildDir} name nothing ninja builds; pass ${plan.names['full-install']} to build and install everything`,
    );
  }
  logger.info(
    `building what the install components ${components.join(' and ')} need: ${targets.length} targets, not all (${plan.names['full-install']} builds everything)`,
  );
  return targets;
}

/** The ninja targets that make every file the install `components` of a configured build tree copy. */
export async function componentNinjaTargets(
  buildDir: string,
  components: readonly string[],
  ninja: (args: readonly string[]) => Promise<ExecResult> = (args) =>
    exec('ninja', args, { deadline: quickDeadline(`ninja ${args.join(' ')}`) }),
  seenDir = buildDir,
): Promise<string[]> {
  const files: string[] = [];
  const pending = [join(buildDir, 'cmake_install.cmake')];
  // The scripts name each other at the path the tools saw the build directory at; one that lies
  // outside it is not this build's (an untrusted tree's CMake wrote them) and is not read.
  const seenTop = `${seenDir}/`;
  for (let script = pending.shift(); script !== undefined; script = pending.shift()) {
    const text = await readText(script, MAX_BUILD_FILE_BYTES);
    files.push(...componentFiles(text, components));
    for (const included of includedScripts(text)) {
      if (included.startsWith(seenTop)) pending.push(join(buildDir, included.slice(seenTop.length)));
    }
  }
  const listed = await ninja(['-C', seenDir, '-t', 'targets', 'all']);
  return componentTargets(files, seenDir, parseNinjaTargets(listed.stdout));
}

/** Installs the build, or the plan's components of it, into the plan's prefix; seconds taken. */
export async function install(plan: BuildingPlan, scope: CleanupScope, logger: Logger): Promise<number> {
  const log = join(plan.buildDir, 'install.log');
  const components =
    plan.install === 'all' || plan.install === 'none' ? [undefined] : plan.install.components;
  const root = await strayRoot();
  const step = await logged(log, scope, logger, 'install', async (sink) => {
    const run = (component: string | undefined): Promise<ExecResult> =>
      runTool(
        plan,
        'cmake',
        [
          '--install',
          toolPaths(plan).buildDir,
          '--prefix',
          plan.prefix,
          ...(component === undefined ? [] : ['--component', component]),
        ],
        {
          check: false,
          deadline: buildDeadline(
            'install',
            `cmake --install${component === undefined ? '' : ` --component ${component}`}`,
          ),
          signal: scope.signal,
          onStdout: sink,
          onStderr: sink,
        },
      );
    let result = await run(components[0]);
    for (const component of components.slice(1)) {
      if (result.exitCode === 0) result = await run(component);
    }
    return result;
  });
  const stray = await removeStrayInstall(root);
  if (step.result.exitCode !== 0) {
    throw new BuildError(installFailure(step.text, log, plan.prefix));
  }
  if (stray.length > 0) refuseStrayInstall(stray, plan.prefix);
  return step.seconds;
}
