// Where the instructions went: per instruction cell, the functions whose self instructions per
// transaction (an operational cell's: per its unit) changed most, and the notes that keep a reader
// from misreading them. Pure.
import type { CellFunctionDeltas, Verdict } from '../../compare/verdict-schema.js';
import { code, column, number, text } from './cells.js';
import type { FunctionCell, FunctionKey, Functions } from './model.js';
import { variantOf } from '../../suite/suite-schema.js';

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

const FUNCTION_COLUMNS = [
  column<FunctionKey>('change', 'change', 'right'),
  column<FunctionKey>('base', 'base', 'right'),
  column<FunctionKey>('head', 'head', 'right'),
  column<FunctionKey>('function', 'function', 'left'),
  column<FunctionKey>('object', 'object', 'left'),
];

function functionCell(cell: CellFunctionDeltas): FunctionCell {
  return {
    workload: cell.workload,
    threads: cell.threads,
    ...variantOf(cell),
    ...(cell.operation === undefined ? {} : { operation: cell.operation }),
    verdict: cell.verdict,
    baseTotal: cell.baseTotal,
    headTotal: cell.headTotal,
    functions: {
      columns: FUNCTION_COLUMNS,
      rows: cell.functions.map((fn) => ({
        name: fn.name,
        object: fn.object,
        cells: {
          change: number(fn.delta, 'signed-count'),
          base: number(fn.base, 'count'),
          head: number(fn.head, 'count'),
          function: code(fn.name),
          object: text(fn.object.slice(fn.object.lastIndexOf('/') + 1)),
        },
      })),
    },
  };
}

export function functionsOf(verdict: Verdict): Functions {
  return { cells: verdict.functionDeltas.map(functionCell), inlining: inliningNote(verdict) };
}
