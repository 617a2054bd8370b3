// The cells, columns and tables of the report document (model.ts). A cell is typed (a number
// with its format, a change with its interval, a name, a link…) so that each medium writes it its
// own way; text in cells is raw, as results and servers gave it, and every renderer escapes it.
import type { CellVerdict } from '../../compare/verdict-schema.js';
import type { Variant } from '../../suite/variants.js';

export type Align = 'left' | 'right';

/** How a number is written; each medium has its own rule for each (see format.ts). */
export type NumberFormat =
  /** Threads, repetitions: as they are. */
  | 'integer'
  /** A measured value (tps, ms, µs/txn, a status counter per transaction). */
  | 'figure'
  /** Instructions or events, rounded to whole ones. */
  | 'count'
  /** A change of a count: signed. */
  | 'signed-count'
  /** An unsigned share, such as a coefficient of variation. */
  | 'percent'
  | 'tolerance'
  /** How long a stage took. */
  | 'seconds';

/** Text from results or servers, or a label; `strong` marks what the reader must not miss. */
export interface TextCell {
  readonly kind: 'text';
  readonly text: string;
  readonly strong?: boolean;
  /** What a narrow medium (the terminal) shows instead: a metric's name for its label. */
  readonly short?: string;
}

/** A name or value as the server spells it (variable, function, counter); null: absent. */
export interface CodeCell {
  readonly kind: 'code';
  readonly text: string | null;
}

export interface NumberCell {
  readonly kind: 'number';
  readonly value: number;
  readonly format: NumberFormat;
}

/** A side's smallest and largest repetition. */
export interface RangeCell {
  readonly kind: 'range';
  readonly low: number;
  readonly high: number;
}

/** head ÷ base − 1 with its confidence interval: a value and its qualifier. */
export interface ChangeCell {
  readonly kind: 'change';
  readonly value: number;
  readonly low: number;
  readonly high: number;
}

/** One percentile on both sides: base → head. */
export interface TransitionCell {
  readonly kind: 'transition';
  readonly base: number;
  readonly head: number;
}

/** A cell's p-value; null when it was judged on its counts, without one. */
export interface PValueCell {
  readonly kind: 'p-value';
  readonly value: number | null;
  /** Before the Benjamini-Hochberg adjustment. */
  readonly unadjusted: number | null;
}

/** The two-sample KS test of two latency distributions: a distance and its p-value. */
export interface KsCell {
  readonly kind: 'ks';
  readonly distance: number;
  readonly pValue: number;
  /** Random splits of the repetitions behind the p-value; null when every split was tried. */
  readonly permutations: number | null;
}

export interface VerdictCell {
  readonly kind: 'verdict';
  readonly verdict: CellVerdict;
  readonly gating: boolean;
}

/** A measured cell, workload and client threads: "oltp_point_select @ 8". */
export interface CellRefCell {
  readonly kind: 'cell';
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
}

/** Text that links to `url` where the medium can follow links; url null: no address known. */
export interface LinkCell {
  readonly kind: 'link';
  readonly text: string;
  readonly url: string | null;
}

export interface EmptyCell {
  readonly kind: 'empty';
}

export type Cell =
  | TextCell
  | CodeCell
  | NumberCell
  | RangeCell
  | ChangeCell
  | TransitionCell
  | PValueCell
  | KsCell
  | VerdictCell
  | CellRefCell
  | LinkCell
  | EmptyCell;

/**
 * A column. Some hold two things: a value and its qualifier (a change and its interval, a KS
 * distance and its p-value), or a measured cell's workload and threads. A medium either joins them
 * in one column (`header`) or gives each a column of its own (`split.parts`): the terminal and the
 * HTML page split qualified values, the markdown comment splits cells.
 */
export interface Column<K extends string = string> {
  readonly key: K;
  /** Our own words: renderers do not escape them. */
  readonly header: string;
  /** Quoted from a server ("MySQL 9.7.2"), after the header: renderers escape it. */
  readonly quoted?: string;
  readonly align: Align;
  readonly split?: ColumnSplit;
  /** The terminal's narrower header. */
  readonly short?: string;
  /** Sentences rather than a value: a medium that wraps gives the column a minimum width. */
  readonly prose?: boolean;
}

/** What a column's two-part cells are, and the two columns a medium that splits them gives them. */
export interface ColumnSplit {
  readonly kind: 'qualified' | 'cell';
  readonly parts: readonly [ColumnPart, ColumnPart];
}

export interface ColumnPart {
  readonly header: string;
  readonly align: Align;
}

export interface Row<K extends string = string> {
  readonly cells: Readonly<Record<K, Cell>>;
}

export interface Table<K extends string, R extends Row<K> = Row<K>> {
  readonly columns: readonly Column<K>[];
  readonly rows: readonly R[];
}
