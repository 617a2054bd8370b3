// The line section's links and the publishing half's check of an uploaded one. Pure.
import { foldLines } from '../format.js';
import type { Results, SideName } from '../results/results-schema.js';
import { hunkLabel } from './diff-hunks.js';
import type { LineSection } from './verdict-schema.js';
import { cellName } from '../suite/suite-schema.js';

/** One line, at most 1,000 characters: a reason may quote git or a compiler's flags. */
export function unavailableLines(reason: string): LineSection {
  return { status: 'unavailable', reason: foldLines(reason, 1000) };
}

/** The repository a GitHub workflow runs in (GITHUB_SERVER_URL, GITHUB_REPOSITORY), for line links. */
export function workflowRepositoryUrl(env: NodeJS.ProcessEnv): { sourceUrl?: string } {
  const server = env.GITHUB_SERVER_URL;
  const repository = env.GITHUB_REPOSITORY;
  if (!server?.startsWith('https://') || repository === undefined || !/^[\w.-]+\/[\w.-]+$/.test(repository)) {
    return {};
  }
  return { sourceUrl: `${server}/${repository}` };
}

/**
 * The measuring half's line section, for the publishing half, which has neither the checkout nor
 * the dumps: kept as reported (validated with the verdict: one-line texts, bounded sizes) when its
 * commits are the results' and its cells are the verdict's, each hunk's label written again from
 * its numbers, and its links pointed at `sourceUrl` (the publishing workflow's own repository)
 * rather than at an address the artifact names.
 */
export function relinkedLines(
  lines: LineSection | undefined,
  results: Pick<Results, 'sides' | 'cells'>,
  sourceUrl: string | null,
): LineSection | undefined {
  if (lines === undefined || lines.status === 'unavailable') return lines;
  const commit = (side: SideName): string | null | undefined => results.sides[side]?.build?.source.gitCommit;
  const known = new Set(results.cells.map(cellName));
  if (lines.baseCommit !== commit('base') || lines.headCommit !== commit('head')) {
    return unavailableLines("the artifact's line costs name other commits than its results: left out");
  }
  if (!lines.cells.every((cell) => known.has(cellName(cell)))) {
    return unavailableLines("the artifact's line costs name cells its results do not have: left out");
  }
  const cells = lines.cells.map((cell) => ({
    ...cell,
    hunks: cell.hunks.map((hunk) => ({ ...hunk, label: hunkLabel(hunk) })),
  }));
  return { ...lines, cells, sourceUrl };
}
