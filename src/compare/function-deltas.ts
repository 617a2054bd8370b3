// "Where the instructions went": for instruction cells, the functions whose self cost per
// transaction changed most between base and head — the first pointer to the cause. Pure.
import { topFunctionDeltas } from '../cost/callgrind.js';
import type { CellResult } from '../results/results-schema.js';
import { median } from '../stats/descriptive.js';
import type { CellComparison, CellFunctionDeltas, Verdict } from './verdict-schema.js';

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

export function functionDeltas(
  pairs: readonly (readonly [CellResult, CellResult])[],
  cells: readonly Pick<CellComparison, 'workload' | 'threads' | 'metric' | 'verdict'>[],
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
        functions: topFunctionDeltas(asSelf(base, head), asSelf(head, base), {
          baseScale: 1,
          headScale: 1,
          limit: FUNCTION_DELTA_LIMIT,
        }),
      },
    ];
  });
}

/** Server-diff entries that mean the two binaries came out of different compilations. */
const BUILD_DIFFERENCES = new Set(['compiler', 'build compiler', 'build type', 'C flags', 'C++ flags']);

/**
 * Between two compilers (or flags) a function inlined on one side and not the other moves its
 * instructions into its callers: a "−N" in one function and a "+N" in another are then often the
 * same work. Said beside the function list, so that nobody hunts for a cause in either. Pure.
 */
export function inliningNote(verdict: Pick<Verdict, 'serverDiff'>): string | undefined {
  const what = verdict.serverDiff.find((entry) => BUILD_DIFFERENCES.has(entry.name));
  if (!what) return undefined;
  return (
    `The sides were built differently (${what.name}), so functions are inlined differently: when one ` +
    'side inlines a function into its callers, its instructions show up there, and a decrease in one ' +
    'function with a similar increase in another is often the same work. Compare the totals first.'
  );
}

/**
 * What 0x… entries among the functions shown are: code without a symbol, and in which objects
 * (a stripped system library such as libcrypto.so.3, or a stripped server). Undefined when every
 * function shown has a name. Pure.
 */
export function unnamedNote(shown: readonly { name: string; object: string }[]): string | undefined {
  const objects = [
    ...new Set(
      shown
        .filter((fn) => /^0x[0-9a-f]+$/i.test(fn.name))
        .map((fn) => fn.object.slice(fn.object.lastIndexOf('/') + 1) || 'an unknown object'),
    ),
  ];
  if (objects.length === 0) return undefined;
  return (
    `0x… entries are code without a symbol in ${objects.join(', ')} (stripped): a build with symbols, ` +
    "or the distribution's debug-symbol package, names them; addresses of two different builds do not match"
  );
}
