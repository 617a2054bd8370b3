// "Where the instructions went": for instruction cells, the functions whose self cost per
// transaction (an operational cell's: per its unit) changed most between base and head — the first
// pointer to the cause. Pure.
import { topFunctionDeltas } from '../cost/callgrind.js';
import type { CellResult } from '../results/results-schema.js';
import { median } from '../stats/descriptive.js';
import { sameCell, variantOf } from '../suite/suite-schema.js';
import type { CellComparison, CellFunctionDeltas, CellOperation } from './verdict-schema.js';

/** Functions listed per cell in verdict.json (the summary shows fewer). */
export const FUNCTION_DELTA_LIMIT = 15;

/** All threads' instructions per transaction: the median over repetitions of callgrind's total. */
function total(cell: CellResult): number {
  const values = cell.repetitions.flatMap((repetition) => {
    const counted = repetition.cost?.callgrind?.total;
    return counted === undefined || repetition.report.transactions <= 0
      ? []
      : [counted / repetition.report.transactions];
  });
  return values.length > 0
    ? median(values)
    : (cell.functions ?? []).reduce((sum, fn) => sum + fn.perTransaction, 0);
}

/** `operationOf` names an operational cell's operation: its figures are per its unit. */
export function functionDeltas(
  pairs: readonly (readonly [CellResult, CellResult])[],
  cells: readonly Pick<CellComparison, 'workload' | 'threads' | 'variant' | 'metric' | 'verdict'>[],
  operationOf: (workload: string) => CellOperation | undefined = () => undefined,
): CellFunctionDeltas[] {
  return pairs.flatMap(([base, head]) => {
    if (!base.functions || !head.functions) return [];
    // A function missing from a side whose list was cut short cost less than its cutoff there:
    // unknowable when the other side's cost is below that cutoff too, so it is left out.
    const key = (fn: { name: string; object: string }): string =>
      `${fn.object.slice(fn.object.lastIndexOf('/') + 1)}\0${fn.name}`;
    const listed = (cell: CellResult): Set<string> => new Set((cell.functions ?? []).map(key));
    const asSelf = (cell: CellResult, other: CellResult) => {
      const otherListed = listed(other);
      const cutoff = other.functionsBelow;
      return (cell.functions ?? [])
        .filter((fn) => cutoff === undefined || otherListed.has(key(fn)) || fn.perTransaction > cutoff)
        .map((fn) => ({ name: fn.name, object: fn.object, self: fn.perTransaction }));
    };
    const judged = cells.find((cell) => sameCell(cell, head) && cell.metric === 'instructions');
    const baseTotal = total(base);
    const headTotal = total(head);
    const operation = operationOf(head.workload);
    return [
      {
        workload: head.workload,
        threads: head.threads,
        ...variantOf(head),
        ...(operation === undefined ? {} : { operation }),
        verdict: judged?.verdict ?? null,
        baseTotal,
        headTotal,
        functions: topFunctionDeltas(asSelf(base, head), asSelf(head, base), {
          baseScale: 1,
          headScale: 1,
          limit: FUNCTION_DELTA_LIMIT,
        }),
      },
    ];
  });
}
