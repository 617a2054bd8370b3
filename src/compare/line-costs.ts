// "Why it changed", second half: the instructions per transaction on the lines a pull request
// changed. Each hunk of the diff costs what the head spent on its added and changed lines less
// what the base spent on the lines it removed or changed, per workload; the sum over the hunks,
// set against the cell's measured change, says how much of that change the diff's own lines
// explain. Pure: the caller reads the profiles and runs git.
import type { LineCosts } from '../cost/callgrind-lines.js';
import { type DiffHunk, hunkLabel } from './diff-hunks.js';
import type { CellComparison, CellLines, HunkCost, LineSection } from './verdict-schema.js';
import { variantOf } from '../suite/suite-schema.js';

/** Hunks kept per cell in verdict.json: the costliest, then the rest in diff order. */
export const HUNKS_PER_CELL = 50;

/** Callers named per hunk, for code inlined into other files' functions. */
const CALLERS_PER_HUNK = 5;

/** One side of a cell: its line costs summed over the repetitions, and their transactions. */
export interface SideLines {
  readonly costs: LineCosts;
  readonly transactions: number;
}

function linesCost(side: SideLines, path: string, start: number, count: number): number {
  const byLine = side.costs.files.get(path);
  if (byLine === undefined || count === 0) return 0;
  let sum = 0;
  for (let line = start; line < start + count; line++) sum += byLine.get(line) ?? 0;
  return sum / side.transactions;
}

function callers(side: SideLines, path: string, start: number, count: number): string[] {
  const byLine = side.costs.inlinedInto.get(path);
  if (byLine === undefined) return [];
  const names = new Set<string>();
  for (let line = start; line < start + count; line++)
    for (const name of byLine.get(line) ?? []) names.add(name);
  return [...names];
}

function hunkCost(hunk: DiffHunk, base: SideLines, head: SideLines, transaction: number): HunkCost {
  const headCost = linesCost(head, hunk.path, hunk.headStart, hunk.headLines);
  const baseCost = linesCost(base, hunk.path, hunk.baseStart, hunk.baseLines);
  const inlined = [
    ...new Set([
      ...callers(head, hunk.path, hunk.headStart, hunk.headLines),
      ...callers(base, hunk.path, hunk.baseStart, hunk.baseLines),
    ]),
  ];
  return {
    path: hunk.path,
    label: hunkLabel(hunk),
    headStart: hunk.headStart,
    headLines: hunk.headLines,
    baseStart: hunk.baseStart,
    baseLines: hunk.baseLines,
    base: baseCost,
    head: headCost,
    delta: headCost - baseCost,
    shareOfTransaction: transaction > 0 ? (headCost - baseCost) / transaction : null,
    inlinedInto: inlined.sort().slice(0, CALLERS_PER_HUNK),
  };
}

/** One cell: every hunk's cost, and how much of the measured change they explain. */
export function cellLines(
  hunks: readonly DiffHunk[],
  sides: { readonly base: SideLines; readonly head: SideLines },
  judged: Pick<CellComparison, 'workload' | 'threads' | 'variant' | 'operation' | 'base' | 'head'>,
): CellLines {
  const costs = hunks.map((hunk) => hunkCost(hunk, sides.base, sides.head, judged.base.median));
  const explained = costs.reduce((sum, cost) => sum + cost.delta, 0);
  const measured = judged.head.median - judged.base.median;
  const ranked = [...costs].sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta));
  return {
    workload: judged.workload,
    threads: judged.threads,
    ...variantOf(judged),
    ...(judged.operation === undefined ? {} : { operation: judged.operation }),
    measured,
    explained,
    share: Math.abs(measured) >= 1 ? explained / measured : null,
    hunks: ranked.slice(0, HUNKS_PER_CELL),
    costlessHunks: costs.filter((cost) => cost.base === 0 && cost.head === 0).length,
  };
}

/** The section, from the hunks and each instruction cell's sides. */
export function lineSection(
  commits: { readonly base: string; readonly head: string; readonly sourceUrl: string | null },
  hunks: readonly DiffHunk[],
  cells: readonly { sides: { base: SideLines; head: SideLines }; judged: CellComparison }[],
): LineSection {
  return {
    status: 'mapped',
    baseCommit: commits.base,
    headCommit: commits.head,
    hunks: hunks.length,
    sourceUrl: commits.sourceUrl,
    cells: cells.map(({ sides, judged }) => cellLines(hunks, sides, judged)),
  };
}
