// What callgrind-reader.ts reports of a dump: typed records, in the order of the lines they come
// from, with every compression undone (names, positions) and every association resolved (which
// file a cost line is in, which function a call goes to). They say what the dump holds, not what
// anyone makes of it: per-function and per-line costs are added up by the visitors that take them.

/** The columns a cost line starts with, as `positions:` names them. */
export type PositionName = 'instr' | 'bb' | 'line';

/** A function as `fn=` names it, with the object and source file it belongs to. */
export interface CallgrindFunction {
  /** The `ob=` in force ('' when the dump names none). */
  readonly object: string;
  /** The function's own source file: the `fl=` in force ('' when the dump names none). */
  readonly file: string;
  /** As callgrind wrote it: recursion levels stay in it (`f'2`). */
  readonly name: string;
}

/** An `events:` line: the names of the costs of every cost line until the next one. */
export interface EventsRecord {
  readonly kind: 'events';
  readonly names: readonly string[];
}

/** A `positions:` line: the names of the position columns of every cost line after it. */
export interface PositionsRecord {
  readonly kind: 'positions';
  readonly names: readonly PositionName[];
}

/** A `part:` line: a new part of a multi-part dump starts, with nothing in force from the last. */
export interface PartRecord {
  readonly kind: 'part';
}

/** A `desc: <type>: <value>` line, e.g. type "Trigger", value "Program termination". */
export interface DescriptionRecord {
  readonly kind: 'description';
  readonly type: string;
  readonly value: string;
}

/** A `summary:` or `totals:` line: the costs of the whole part, one per event. */
export interface TotalsRecord {
  readonly kind: 'summary' | 'totals';
  readonly costs: readonly number[];
}

/** An `fn=` line: the cost lines after it are this function's. */
export interface FunctionRecord {
  readonly kind: 'function';
  readonly function: CallgrindFunction;
}

/** What a cost line says, whether self cost or a call's: where, in what, and how much. */
export interface CostAt {
  /** The function the line is in. */
  readonly function: CallgrindFunction;
  /** The function's own file or, after `fi=`/`fe=`, the file of code inlined into it. */
  readonly file: string;
  /**
   * Absolute, one per `positions:` name: relative (`+2`, `-1`) and `*` positions resolved.
   * Overwritten by the next cost line (see CallgrindVisitor).
   */
  readonly positions: readonly number[];
  /**
   * One per event of the `events:` line in force; those the line leaves out are 0. Overwritten by
   * the next cost line (see CallgrindVisitor).
   */
  readonly costs: readonly number[];
}

/** A cost line: self cost of `function`, spent at `positions` of `file`. */
export interface CostRecord extends CostAt {
  readonly kind: 'cost';
}

/** Whom a call went to: `cfn=`, with `cob=` and `cfi=`/`cfl=` or the caller's object and file. */
export interface CallgrindCallee {
  readonly object: string;
  readonly file: string;
  readonly name: string;
}

/**
 * A `calls=` line and the cost line after it: `count` calls from `positions` of `file` in
 * `function` to `callee`, whose code starts at `target`. `costs` are the calls' inclusive cost
 * (the callee and everything it called), none of it self cost of `function`.
 */
export interface CallRecord extends CostAt {
  readonly kind: 'call';
  readonly count: number;
  readonly callee: CallgrindCallee;
  /** The callee's positions, resolved like the call's own. */
  readonly target: readonly number[];
}

export type CallgrindRecord =
  | EventsRecord
  | PositionsRecord
  | PartRecord
  | DescriptionRecord
  | TotalsRecord
  | FunctionRecord
  | CostRecord
  | CallRecord;

/**
 * What takes the records: one method per kind, each optional, called as the lines are read.
 *
 * The `positions` and `costs` of a cost or call record are the reader's: the next cost line
 * overwrites them, as a dump has one every few dozen bytes. A visitor takes their numbers during
 * the call and keeps no reference to the arrays. Everything else in a record is its own for good.
 */
export interface CallgrindVisitor {
  events?(record: EventsRecord): void;
  positions?(record: PositionsRecord): void;
  part?(record: PartRecord): void;
  description?(record: DescriptionRecord): void;
  summary?(record: TotalsRecord): void;
  totals?(record: TotalsRecord): void;
  function?(record: FunctionRecord): void;
  cost?(record: CostRecord): void;
  call?(record: CallRecord): void;
}
