// What a reader of a verdict with operational cells (recovery, cold start, replica apply) is told
// once: whether their seconds gate and why (the verdict's own line), and what a cold start did not
// control. And each cell's metric label in its own unit. Pure.
import type { CellComparison, Verdict } from '../../compare/verdict-schema.js';
import { perUnitLabel } from '../../results/operation-units.js';

/**
 * A cold start's files: a runner's user cannot drop the OS page cache, so the run leaves it as it
 * was, and a start reads what it finds there from memory.
 */
export const COLD_START_NOTE =
  "Cold starts: the OS page cache was left as it was (a runner's user cannot drop it), so a cold start " +
  'reads its files from the page cache when they are there: it measures the server starting, not the disk.';

/** The notes a verdict with operational cells states once; none without them. */
export function operationNotes(verdict: Pick<Verdict, 'cells' | 'unjudged' | 'settings'>): string[] {
  const cells = [...verdict.cells, ...verdict.unjudged];
  const gate = verdict.settings.gradedGate;
  return [
    ...(gate === undefined ? [] : [`${gate.line.charAt(0).toUpperCase()}${gate.line.slice(1)}.`]),
    ...(cells.some((cell) => cell.operation?.kind === 'cold-start') ? [COLD_START_NOTE] : []),
  ];
}

/** The cell's metric label in its unit: "instructions/recovery" for a recovery's instructions. */
export function cellMetricLabel(
  cell: Pick<CellComparison, 'metric' | 'operation'>,
  metricLabel: (metric: CellComparison['metric']) => string,
): string {
  return perUnitLabel(metricLabel(cell.metric), cell.operation?.per);
}
