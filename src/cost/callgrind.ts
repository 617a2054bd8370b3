// Parser for valgrind callgrind's output format (https://valgrind.org/docs/manual/cl-format.html):
// the total instruction count (event Ir) of a dump and each function's self (exclusive) Ir, so
// that two server builds can be compared function by function. Pure: it parses text, reads nothing.
// The format is read by callgrind-reader.ts and added up per function by callgrind-functions.ts;
// this module is the API and the comparisons.
import { ResultsError } from '../errors.js';
import { FunctionProfile } from './callgrind-functions.js';
import { CallgrindLocation, CallgrindReader } from './callgrind-reader.js';
import { compareStrings } from './callgrind-syntax.js';

export interface FunctionCost {
  /** Symbol as callgrind wrote it (a hex address when the binary has no symbol for it). */
  readonly name: string;
  /** The `ob=` path the function was seen under, as given; '' when the file names no object. */
  readonly object: string;
  /** Exclusive Ir: instructions executed in the function itself, not in its callees. */
  readonly self: number;
  /**
   * Inclusive Ir: self plus the cost of every call it made (the cost lines after its `calls=`
   * lines), as callgrind_annotate --inclusive=yes adds it up.
   */
  readonly inclusive: number;
}

/** What topFunctionDeltas compares: any list of self costs, parsed or from a results file. */
export type SelfCost = Pick<FunctionCost, 'name' | 'object' | 'self'>;

export interface CallgrindProfile {
  /** Event names from the `events:` line of the first part, e.g. ["Ir"]. */
  readonly events: readonly string[];
  /**
   * Ir from each part's `totals:` line (its `summary:` line when it has none), summed over parts.
   * Callgrind writes `summary:` when a dump starts; with --instr-atstart=no it can be 0 there.
   */
  readonly totals: number;
  /** Sum of every function's self Ir; equals `totals` for a complete, well-formed dump. */
  readonly selfTotal: number;
  /** Functions with self or inclusive Ir > 0, by self Ir descending (then name, then object). */
  readonly functions: readonly FunctionCost[];
  /** The `desc: Trigger:` value(s), distinct values joined by '; ' when several parts differ. */
  readonly trigger?: string;
}

export interface FunctionDelta {
  readonly name: string;
  /** The head profile's object path, or the base one's for a function only the base has. */
  readonly object: string;
  /** Self Ir per unit of work (self / scale) in the base profile; 0 if the function is absent there. */
  readonly base: number;
  /** Self Ir per unit of work in the head profile; 0 if absent there. */
  readonly head: number;
  /** head − base. */
  readonly delta: number;
}

export interface FunctionDeltaOptions {
  /** Units of work (e.g. transactions) the base profile covers; self costs are divided by it. */
  readonly baseScale: number;
  readonly headScale: number;
  /** How many functions to return at most. */
  readonly limit: number;
}

/**
 * Parses a callgrind dump (the text of a `callgrind.out.*` file) into its Ir totals and per-function
 * self and inclusive Ir. `what` names the file in error messages. Throws ResultsError on malformed input (with the
 * line number) and when the dump did not record Ir.
 */
export function parseCallgrind(text: string, what: string): CallgrindProfile {
  const location = new CallgrindLocation(what);
  const profile = new FunctionProfile(location);
  new CallgrindReader(location, profile).readText(text);
  return profile.finish();
}

/**
 * The function whose name `matches` accepts with the largest inclusive Ir (e.g. the server's
 * statement loop, to split foreground work from background threads), or undefined if none does.
 * The largest rather than a sum: matching functions may call each other.
 */
export function inclusiveCost(
  profile: CallgrindProfile,
  matches: (name: string) => boolean,
): FunctionCost | undefined {
  let best: FunctionCost | undefined;
  for (const cost of profile.functions) {
    if (matches(cost.name) && (best === undefined || cost.inclusive > best.inclusive)) best = cost;
  }
  return best;
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * One function however deep it recursed: callgrind names the frames of a recursive call
 * `name'2`, `name'3` (`do_handle_one_connection(CONNECT*, bool)'2`), which are the same code.
 */
export function foldRecursion(name: string): string {
  return name.replace(/'\d+$/, '');
}

/**
 * The `limit` functions whose self Ir per unit of work changed most between two profiles, by
 * |delta| descending. Functions are matched by (object basename, name) because the two builds'
 * binaries usually live in different directories. Functions whose per-unit cost is unchanged are
 * left out.
 */
export function topFunctionDeltas(
  base: readonly SelfCost[],
  head: readonly SelfCost[],
  options: FunctionDeltaOptions,
): FunctionDelta[] {
  const { baseScale, headScale, limit } = options;
  for (const [label, scale] of [
    ['baseScale', baseScale],
    ['headScale', headScale],
  ] as const) {
    if (!Number.isFinite(scale) || scale <= 0) {
      throw new ResultsError(`topFunctionDeltas: ${label} must be a positive number, got ${scale}`);
    }
  }
  if (!Number.isInteger(limit) || limit < 0) {
    throw new ResultsError(`topFunctionDeltas: limit must be a non-negative integer, got ${limit}`);
  }

  const rows = new Map<string, { name: string; object: string; base: number; head: number }>();
  const add = (costs: readonly SelfCost[], side: 'base' | 'head'): void => {
    for (const cost of costs) {
      const name = foldRecursion(cost.name);
      const key = `${basename(cost.object)}\u0000${name}`;
      let row = rows.get(key);
      if (row === undefined) {
        row = { name, object: cost.object, base: 0, head: 0 };
        rows.set(key, row);
      } else if (side === 'head') {
        row.object = cost.object;
      }
      row[side] += cost.self;
    }
  };
  add(base, 'base');
  add(head, 'head');

  const deltas: FunctionDelta[] = [];
  for (const row of rows.values()) {
    const basePerUnit = row.base / baseScale;
    const headPerUnit = row.head / headScale;
    const delta = headPerUnit - basePerUnit;
    if (delta !== 0) {
      deltas.push({ name: row.name, object: row.object, base: basePerUnit, head: headPerUnit, delta });
    }
  }
  deltas.sort(
    (a, b) =>
      Math.abs(b.delta) - Math.abs(a.delta) ||
      compareStrings(a.name, b.name) ||
      compareStrings(a.object, b.object),
  );
  return deltas.slice(0, limit);
}
