// "Where the instructions went": for instruction cells, the functions whose self cost per
// transaction changed most between base and head — the first pointer to the cause. Pure.
import { topFunctionDeltas } from '../cost/callgrind.js';
import type { CellResult } from '../results/schema.js';
import type { CellComparison, CellFunctionDeltas } from './verdict-schema.js';

/** Functions listed per cell in verdict.json (the summary shows fewer). */
export const FUNCTION_DELTA_LIMIT = 15;

function total(cell: CellResult): number {
  return (cell.functions ?? []).reduce((sum, fn) => sum + fn.perTransaction, 0);
}

export function functionDeltas(
  pairs: readonly (readonly [CellResult, CellResult])[],
  cells: readonly Pick<CellComparison, 'workload' | 'threads' | 'metric' | 'verdict'>[],
): CellFunctionDeltas[] {
  return pairs.flatMap(([base, head]) => {
    if (!base.functions || !head.functions) return [];
    const asSelf = (cell: CellResult) =>
      (cell.functions ?? []).map((fn) => ({ name: fn.name, object: fn.object, self: fn.perTransaction }));
    const judged = cells.find(
      (cell) =>
        cell.workload === head.workload && cell.threads === head.threads && cell.metric === 'instructions',
    );
    const baseTotal = total(base);
    const headTotal = total(head);
    return [
      {
        workload: head.workload,
        threads: head.threads,
        verdict: judged?.verdict ?? null,
        baseTotal,
        headTotal,
        functions: topFunctionDeltas(asSelf(base), asSelf(head), {
          baseScale: 1,
          headScale: 1,
          limit: FUNCTION_DELTA_LIMIT,
        }),
      },
    ];
  });
}
