// For `compare`: the instructions on the lines a pull request changed, when both sides are builds
// of one git repository with line tables, and the callgrind dumps of an A/B run are at hand. Any
// of that missing gives a section with one sentence saying which, never an error: the rest of
// the report stands without it.
import { dirname, resolve } from 'node:path';

import { diffBetween, gitTopLevel, resolveCommit } from '../builder/git.js';
import { diffPathMatcher } from '../cost/callgrind-lines.js';
import { cellLineCosts } from '../cost/profile-lines.js';
import { parseDiffHunks } from '../compare/diff-hunks.js';
import { unavailableLines as unavailable } from '../compare/line-links.js';

/** Where the workflow's repository is browsed, for the front ends to pass as the line links' base. */
export { workflowRepositoryUrl } from '../compare/line-links.js';
import { lineSection, type SideLines } from '../compare/line-costs.js';
import { type CellComparison, LineSection } from '../compare/verdict-schema.js';
import { errorMessage } from '../errors.js';
import type { BuildInfo, CellResult, Results, SideName } from '../results/results-schema.js';
import { cellTitle, sameCell } from '../suite/suite-schema.js';

export interface LineInputs {
  readonly results: Results;
  readonly resultsPath: string;
  /** Whether the base is a stored baseline (its dumps are not at hand). */
  readonly baseline: boolean;
  readonly cells: readonly CellComparison[];
  /** The checkout to take the diff from; default: the head's source tree in build.json. */
  readonly source: string | undefined;
  /** Where the repository's files are browsed, for links (https://github.com/owner/repo). */
  readonly sourceUrl: string | undefined;
}

/** Why a side's build cannot be mapped onto lines, or its build. */
function buildOf(results: Results, side: SideName): BuildInfo | string {
  const build = results.sides[side]?.build;
  if (build === undefined)
    return `the ${side} has no build.json (not built by mysql-perf-gate build), so its commit is unknown`;
  if (build.source.gitCommit === null)
    return `the ${side} was not built from a git checkout (build.json records no commit)`;
  if (build.source.gitDirty === true) {
    return `the ${side} was built from a checkout with local changes (build.json: gitDirty), so its lines are not those of commit ${build.source.gitCommit.slice(0, 12)}`;
  }
  // Any -g option gives line tables (-g, -ggdb3, -gline-tables-only, -gdwarf-4); the dumps are
  // checked too, so only a build that asked for none is refused here.
  if (!/(^|\s)-g/.test(`${build.flags.c} ${build.flags.cxx}`)) {
    return `the ${side} was built without line tables (${build.buildType}, C++ flags "${build.flags.cxx}"): build it as RelWithDebInfo`;
  }
  return build;
}

/** The commits to diff, in `dir`, or why not. */
async function commitsIn(
  dir: string,
  base: BuildInfo,
  head: BuildInfo,
): Promise<{ base: string; head: string } | string> {
  if ((await gitTopLevel(dir).catch(() => undefined)) === undefined) {
    return `${dir} is not a git checkout: pass the repository the sides were built from with --source DIR`;
  }
  const commits: Record<SideName, string> = { base: '', head: '' };
  for (const [side, build] of [
    ['base', base],
    ['head', head],
  ] as const) {
    const sha = await resolveCommit(dir, build.source.gitCommit ?? '');
    if (sha === undefined) {
      return `the ${side}'s commit ${build.source.gitCommit ?? ''} is not in ${dir}: fetch it, or pass the checkout that has it with --source DIR`;
    }
    commits[side] = sha;
  }
  return commits;
}

function cellOf(results: Results, side: SideName, judged: CellComparison): CellResult | undefined {
  return results.cells.find((cell) => cell.side === side && sameCell(cell, judged));
}

async function sidesOf(
  inputs: LineInputs,
  judged: CellComparison,
  fileKey: (file: string) => string | undefined,
): Promise<{ base: SideLines; head: SideLines } | string> {
  const rawDir = resolve(dirname(inputs.resultsPath), inputs.results.rawDir);
  const sides: Partial<Record<SideName, SideLines>> = {};
  for (const side of ['base', 'head'] as const) {
    const cell = cellOf(inputs.results, side, judged);
    if (cell === undefined) return `the ${side} has no ${cellTitle(judged)}`;
    const costs = await cellLineCosts(cell, rawDir, fileKey);
    if (typeof costs === 'string') return costs;
    if (!costs.costs.lineNumbered)
      return `the ${side}'s callgrind dumps have no line numbers: its server has no line tables`;
    sides[side] = costs;
  }
  const { base, head } = sides;
  if (!base || !head) throw new Error('unreachable: both sides were read');
  return { base, head };
}

/** The section, or undefined for suites that do not count instructions. */
export async function compareLines(inputs: LineInputs): Promise<LineSection | undefined> {
  const judged = inputs.cells.filter((cell) => cell.metric === 'instructions');
  if (inputs.results.suite.metric !== 'instructions' || judged.length === 0) return undefined;
  if (inputs.baseline) {
    return unavailable(
      "line costs need both sides' callgrind dumps: compare an A/B results file, not a stored baseline",
    );
  }
  const base = buildOf(inputs.results, 'base');
  const head = buildOf(inputs.results, 'head');
  if (typeof base === 'string') return unavailable(base);
  if (typeof head === 'string') return unavailable(head);
  try {
    const dir = resolve(inputs.source ?? head.source.root);
    // One build on both sides (a comparison of settings or compilers): no diff to map.
    if (base.source.gitCommit === head.source.gitCommit) return undefined;
    const commits = await commitsIn(dir, base, head);
    if (typeof commits === 'string') return unavailable(commits);
    const hunks = parseDiffHunks(await diffBetween(dir, commits.base, commits.head));
    if (hunks.length === 0) {
      return unavailable(
        `${commits.base.slice(0, 12)} and ${commits.head.slice(0, 12)} have the same files: no line changed`,
      );
    }
    const fileKey = diffPathMatcher([...new Set(hunks.map((hunk) => hunk.path))]);
    const cells = [];
    for (const cell of judged) {
      const sides = await sidesOf(inputs, cell, fileKey);
      if (typeof sides === 'string') return unavailable(sides);
      cells.push({ sides, judged: cell });
    }
    const section = LineSection.safeParse(
      lineSection({ ...commits, sourceUrl: inputs.sourceUrl ?? null }, hunks, cells),
    );
    return section.success
      ? section.data
      : unavailable(`line costs could not be recorded: ${section.error.issues[0]?.message ?? 'invalid'}`);
  } catch (error) {
    return unavailable(`line costs could not be mapped: ${errorMessage(error)}`);
  }
}
