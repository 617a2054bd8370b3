// How a build's tools (cmake, ninja) run: in the plan's environment, for an untrusted tree in its
// sandbox and in the control group that holds its limits, at low priority when the plan says so.
// A limit reached stops the step at once and ends the build in one line that names it.
import { basename } from 'node:path';

import { BuildError } from '../errors.js';
import type { CleanupScope } from '../shell/cleanup.js';
import { exec, type ExecOptions, type ExecResult } from '../shell/exec.js';
import { LimitedGroup } from '../shell/limits.js';
import type { Logger } from '../shell/logger.js';
import type { BuildPlan } from './build-plan.js';

/** What exec keeps of a tool's own stdout and stderr: the step's log (logged-step.ts) has it all. */
const KEPT_OUTPUT_CHARS = 1024 * 1024;

/** A plan while it is built: with the control group its untrusted steps run in, if any. */
export type BuildingPlan = BuildPlan & { readonly group?: LimitedGroup };

/**
 * Runs `build` with the plan's untrusted steps in a control group of their own, made for it with
 * the plan's limits and removed after it; the plan as it is for a trusted build, or where the
 * machine gives no control group (said once).
 */
export async function withBuildLimits<T>(
  plan: BuildPlan,
  scope: CleanupScope,
  logger: Logger,
  build: (plan: BuildingPlan) => Promise<T>,
): Promise<T> {
  const { limits } = plan;
  if (limits === undefined || !plan.confinement.sandboxed) return build(plan);
  const group = await LimitedGroup.open(
    `build-${basename(plan.prefix)}`,
    limits.what,
    limits.settings,
    logger,
  );
  if (group === undefined) return build(plan);
  const release = scope.add(`remove the control group of ${limits.what}`, () => group.close());
  try {
    return await build({ ...plan, confinement: group.confine(plan.confinement), group });
  } finally {
    await release();
  }
}

/**
 * Runs one of the build's tools on the plan's tree: in the plan's environment, for an untrusted
 * tree in its sandbox (and control group), and at low priority when the plan says so.
 */
export function runTool(
  plan: BuildingPlan,
  file: string,
  args: readonly string[],
  options: Omit<ExecOptions, 'env'>,
): Promise<ExecResult> {
  const confined = plan.confinement.wrap(file, args);
  const command = plan.lowPriority === true ? lowPriority(confined) : confined;
  const env = plan.confinement.env(plan.toolEnv);
  const { group } = plan;
  if (group === undefined) return exec(command.file, command.args, { ...options, env });
  const running = exec(command.file, command.args, {
    ...options,
    env,
    signal: group.signal(options.signal),
    keepChars: KEPT_OUTPUT_CHARS,
  });
  return guarded(group, running, plan.buildDir);
}

/** The step's result, unless the group reached a limit meanwhile: then the line that names it. */
async function guarded(group: LimitedGroup, running: Promise<ExecResult>, logs: string): Promise<ExecResult> {
  const reached = (): BuildError | undefined => {
    const line = group.reached();
    return line === undefined ? undefined : new BuildError(`${line}; its logs are in ${logs}`);
  };
  let result: ExecResult;
  try {
    result = await running;
  } catch (error) {
    throw reached() ?? error;
  }
  const limit = reached();
  if (limit !== undefined) throw limit;
  return result;
}

/**
 * The command at nice 19 and in the idle I/O class (util-linux's ionice), which its children
 * (the compilers) inherit: it gets what the CPUs and the disk have left.
 */
export function lowPriority(command: { file: string; args: readonly string[] }): {
  file: string;
  args: string[];
} {
  return { file: 'nice', args: ['-n', '19', 'ionice', '-c', '3', command.file, ...command.args] };
}
