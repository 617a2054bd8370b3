// How much of the build a build started from the trusted base's will run (base-build.ts): the
// steps ninja would run now, against every step of the same targets. Asked after the configure
// (which regenerates build.ninja when the tree's CMake files changed), in the build's sandbox,
// before the build: a change to a header nearly every file includes makes it a whole build, and
// the user is told so before waiting for it.
import type { Logger } from '../shell/logger.js';
import { quickDeadline } from '../shell/deadline.js';
import { toolPaths } from './build-plan.js';
import { type BuildingPlan, runTool } from './build-tools.js';

/** Above this share of every step, the build is a whole build in all but name. */
export const FULL_SHARE = 0.5;

export interface RebuildScope {
  /** Steps ninja would run. */
  readonly toRun: number;
  /** Every step of the targets. */
  readonly total: number;
}

/** The steps to run and the steps in all, for a build started from the base's; undefined otherwise. */
export async function rebuildScope(
  plan: BuildingPlan,
  targets: readonly string[],
  logger: Logger,
): Promise<RebuildScope | undefined> {
  if (plan.base === undefined) return undefined;
  const dir = toolPaths(plan).buildDir;
  const ask = async (args: string[]): Promise<number | undefined> => {
    const result = await runTool(plan, 'ninja', ['-C', dir, ...args, ...targets], {
      check: false,
      deadline: quickDeadline(`ninja ${args.join(' ')}`),
    });
    // A tree ninja cannot plan (a file its build needs is missing): the build itself says so.
    if (result.exitCode !== 0) return undefined;
    return countSteps(result.stdout);
  };
  const toRun = await ask(['-n']);
  const total = toRun === undefined ? undefined : await ask(['-t', 'commands']);
  if (toRun === undefined || total === undefined) return undefined;
  const scope = { toRun, total };
  logger.info(scopeLine(scope));
  return scope;
}

/** Lines of ninja's output that are steps: "[3/11] Building…" for -n, one command a line for -t commands. Pure. */
export function countSteps(output: string): number {
  const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('ninja: '));
  const numbered = lines.filter((line) => /^\[\d+\/\d+\] /.test(line));
  return numbered.length > 0 ? numbered.length : lines.length;
}

/** Whether the build runs most of its steps: a whole build, said as such. Pure. */
export function isFullBuild(scope: RebuildScope): boolean {
  return scope.total > 0 && scope.toRun / scope.total > FULL_SHARE;
}

/** What the build will run, from the base's build. Pure. */
export function scopeLine(scope: RebuildScope): string {
  const of = `${scope.toRun.toLocaleString('en-US')} of ${scope.total.toLocaleString('en-US')} steps`;
  return isFullBuild(scope)
    ? `from the base's build, ${of} to run: the change reaches most of the build (a header nearly every file includes, or the build's settings), so this is a whole build`
    : `from the base's build, ${of} to run: what the change touches and what depends on it`;
}
