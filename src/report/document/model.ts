// The verdict as one document, built once from the report input: the terminal summary, the
// pull-request comment, the HTML report and the job summary are renderers of it (report/render/).
// Every row is computed here, so the media cannot disagree on a figure; what stays with a renderer
// is its medium: how numbers are written (format.ts has a rule per medium), escaping, layout, and
// how much of a long table fits. Pure data.
//
// Text in cells and notes is raw, as results and servers gave it: every renderer escapes it.
// The cells and tables themselves are in table.ts.
import type { MetricName } from '../../compare/metrics.js';
import type { CellOperation, CellVerdict, Verdict } from '../../compare/verdict-schema.js';
import type { ResourceFigure } from '../../results/resource-figures.js';
import type { Row, Table } from './table.js';
import type { Variant } from '../../suite/variants.js';
import type { NextSteps } from './next-steps.js';

export type * from './table.js';
export type { NextSteps } from './next-steps.js';

// ---- Sections ----

/** Where the base side came from: this A/B run's base side, or a stored baseline. */
export interface BaseOrigin {
  readonly kind: 'ab' | 'baseline' | 'variant';
  readonly path: string;
  readonly savedAt: string | null;
  /** kind 'variant': the base cells ran under dimension=value, the head cells under its other values. */
  readonly variant?: { readonly dimension: string; readonly value: string };
  /** The stored baseline's commit, when it recorded one. */
  readonly commit: string | null;
}

export interface SideSummary {
  /** "MariaDB 10.11.19-MariaDB-0+deb12u1, compiler unknown". */
  readonly server: string;
  readonly binary: string;
}

export interface Headline {
  readonly verdict: Verdict['verdict'];
  /** "❌ Performance: fail — 4 regressions". */
  readonly title: string;
  readonly suite: string;
  readonly counts: Verdict['counts'];
  readonly gatingCells: number;
  /** The gating cells' metrics as labels, in the order the cells have them. */
  readonly gatingMetrics: readonly string[];
  readonly inconclusivePolicy: 'pass' | 'fail';
  /** What failed the verdict when the work per transaction may have (--gate-work); else null. */
  readonly failedOn: string | null;
  readonly base: SideSummary;
  readonly head: SideSummary;
  readonly origin: BaseOrigin;
}

/** How the cells were judged: what every medium states once, near the results or at the end. */
export interface Method {
  readonly alpha: number;
  /** " spent over looks at 5, 8, 10 repetitions, …", or '' for one look. */
  readonly spentOver: string;
  readonly gateMetrics: readonly MetricName[];
  /** What each cell's change is: "change = head ÷ base − 1 of the medians" (labels.ts changeRule). */
  readonly changeRule: string;
  /** The confidence of the intervals, in whole percent. */
  readonly confidence: number;
  /**
   * What the operational cells' figures mean, stated once: whether their seconds gate and why, and
   * that a cold start found the OS page cache as it was. Empty without operational cells.
   */
  readonly notes: readonly string[];
}

export type SettingKey = 'setting' | 'base' | 'head' | 'changes';

export interface SettingRow extends Row<SettingKey> {
  /** A server fact (version, compiler), a variable, or a variable that follows the one above it. */
  readonly role: 'server' | 'variable' | 'follower';
  /** As the verdict names it. */
  readonly name: string;
  /** For a variable: how many rows below follow it (their names start with its own and "_"). */
  readonly followers: number;
  /**
   * For a variable: 1 known to change the work per transaction, 2 of a kind whose work counters
   * moved, 3 the rest (compare/settings-rank.ts); null for a server fact.
   */
  readonly tier: 1 | 2 | 3 | null;
}

/** The settings' tiers as every medium heads them. */
export const TIER_TITLES = {
  1: 'Known to change the work per transaction',
  2: 'Of a kind whose work counters moved',
  3: 'The rest',
} as const;

/** Variables only one side has, too many to list among the others. */
export interface OneSidedList {
  /** "212 variables exist only in MySQL 9.7.2". */
  readonly headline: string;
  /** "MySQL 9.7.2", "the head (MariaDB 11.4.2)". */
  readonly label: string;
  readonly names: readonly string[];
  readonly table: Table<'variable' | 'value'>;
}

/** Rows of the settings table under one heading: the servers, or one tier of variables. */
export interface SettingGroup {
  /** "The servers", or the tier's title (TIER_TITLES). */
  readonly title: string;
  readonly tier: 1 | 2 | 3 | null;
  readonly rows: readonly SettingRow[];
}

export interface Differences {
  /** Variables, version and compiler are the same on both sides. */
  readonly same: boolean;
  /** Some cell changed, which the differences may explain. */
  readonly explainsChanges: boolean;
  /** Every row, the servers first, then the variables tier by tier. */
  readonly settings: Table<SettingKey, SettingRow>;
  /** The same rows under their headings, in the same order; no empty group. */
  readonly groups: readonly SettingGroup[];
  readonly oneSided: readonly OneSidedList[];
}

export type ResultKey =
  | 'workload'
  | 'threads'
  | 'variant'
  | 'metric'
  | 'baseMedian'
  | 'baseRange'
  | 'baseCv'
  | 'headMedian'
  | 'headRange'
  | 'headCv'
  | 'change'
  | 'p'
  | 'reps'
  | 'tolerance'
  | 'verdict'
  | 'reason';

export interface ResultRow extends Row<ResultKey> {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  readonly metric: MetricName;
  /** The metric as a table names it: "throughput (tps)". */
  readonly metricLabel: string;
  readonly gating: boolean;
  /** A percentile from the latency histograms, which has a section of its own. */
  readonly fromHistogram: boolean;
  readonly verdict: CellVerdict;
  readonly reason: string;
}

export type WorkKey = 'cell' | 'group' | 'counter' | 'base' | 'head' | 'change';

export interface WorkRow extends Row<WorkKey> {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  /** A changed counter, or the note on how many more verdict.json has. */
  readonly kind: 'change' | 'more';
  /** The counter's group as a title ("I/O and durability"); '' on a "more" row. */
  readonly group: string;
  /** "Innodb_data_fsyncs 0.0010 → 1.00"; '' on a "more" row. */
  readonly described: string;
  /** What the counters are per: "per transaction", "per recovery". */
  readonly per: string;
  readonly followsThroughput: boolean;
  /** Counters left out, on a "more" row. */
  readonly more: number;
}

export type Work =
  | { readonly status: 'unavailable'; readonly reason: string }
  | {
      readonly status: 'compared';
      readonly sentence: string;
      /** What counts as changed, in words. */
      readonly rule: string;
      /** The work decides the verdict (--gate-work). */
      readonly gates: boolean;
      readonly table: Table<WorkKey, WorkRow>;
    };

export type ResourceKey = 'cell' | 'side' | ResourceFigure;

export interface ResourceRow extends Row<ResourceKey> {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  /** A side's figures, or the change between them. */
  readonly side: 'base' | 'head' | 'change';
}

/** CPU, context switches, reads, KB read and written per transaction, per wall-clock cell. */
export interface Resources {
  /** The figures that moved beyond their repetitions' spread, or that none did. */
  readonly sentence: string;
  /** What each figure is and how the table reads. */
  readonly legend: string;
  /** Figures a side could not measure, and why; an IO-bound suite's data against its buffer pool. */
  readonly notes: readonly string[];
  /** A suite that expects to be IO-bound: whether its cells read from disk; null otherwise. */
  readonly ioBound: { readonly reading: boolean; readonly sentence: string } | null;
  /** Three rows per cell: base, head, change. */
  readonly table: Table<ResourceKey, ResourceRow>;
}

/** Stalls in the per-second reports: the cells whose stall seconds regressed, or why none were judged. */
export interface Stalls {
  /** Why no stall was judged (per-second reports off); null when they were. */
  readonly unavailable: string | null;
  /** One per cell whose stall seconds regressed: when each side stalled, and how deep. */
  readonly sentences: readonly string[];
  /** The stall seconds gate the verdict. */
  readonly gates: boolean;
}

/**
 * Settings against code (run --align-settings): the head measured again with the base's values
 * of the settings known to change the work, each gating cell's change split in two.
 */
export interface Split {
  /** "sync_binlog 1 → 0", head's value → base's, one per setting aligned. */
  readonly aligned: readonly string[];
  /** Settings that could not be aligned, or that the head did not take, with why. */
  readonly notes: readonly string[];
  /** One per gating cell: the whole change, the settings part, the code part. */
  readonly sentences: readonly string[];
}

export type LatencyKey = 'cell' | 'baseEvents' | 'headEvents' | 'p50' | 'p95' | 'p99' | 'ks' | 'tail';

export interface LatencyRow extends Row<LatencyKey> {
  readonly tailMoved: boolean;
}

export interface Latency {
  /** A tail percentile (p95Ms, p99Ms) gates. */
  readonly tailGates: boolean;
  readonly table: Table<LatencyKey, LatencyRow>;
}

export type MixKey =
  | 'cell'
  | 'side'
  | 'transactions'
  | 'newOrder'
  | 'payment'
  | 'orderStatus'
  | 'delivery'
  | 'stockLevel'
  | 'mix';

export interface MixRow extends Row<MixKey> {
  /** Every share within the tolerance of the standard mix. */
  readonly standard: boolean;
}

/** The TPC-C-like cells' mix of transactions, per side; no rows when there is none. */
export interface Mix {
  /** How far a share may be from the standard's (0.02: 2 percentage points). */
  readonly tolerance: number;
  readonly table: Table<MixKey, MixRow>;
}

export type HunkKey = 'lines' | 'change' | 'base' | 'head' | 'share' | 'inlined';

export interface HunkRow extends Row<HunkKey> {
  readonly label: string;
  readonly inlinedInto: readonly string[];
  /** Its lines cost something on either side, and it is among the costliest shown in short. */
  readonly shown: boolean;
}

export interface LineCell {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  /** An operational cell: its instructions are per its unit. */
  readonly operation?: CellOperation;
  readonly explained: number;
  readonly measured: number;
  /** explained ÷ measured; null when the measured change is under one instruction. */
  readonly share: number | null;
  readonly costlessHunks: number;
  readonly hunks: Table<HunkKey, HunkRow>;
}

export type Lines =
  | { readonly status: 'unavailable'; readonly reason: string }
  | {
      readonly status: 'mapped';
      /** "aaaaaaaaaaaa..bbbbbbbbbbbb": both commits, shortened. */
      readonly range: string;
      readonly hunks: number;
      readonly cells: readonly LineCell[];
    };

export type FunctionKey = 'change' | 'base' | 'head' | 'function' | 'object';

export interface FunctionRow extends Row<FunctionKey> {
  readonly name: string;
  readonly object: string;
}

export interface FunctionCell {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  /** An operational cell: its instructions are per its unit. */
  readonly operation?: CellOperation;
  readonly verdict: CellVerdict | null;
  readonly baseTotal: number;
  readonly headTotal: number;
  /** Largest change first. */
  readonly functions: Table<FunctionKey, FunctionRow>;
}

export interface Functions {
  readonly cells: readonly FunctionCell[];
  /** Why a function may move into its callers between the sides; undefined when it cannot. */
  readonly inlining: string | undefined;
}

export interface Warnings {
  /** What inconclusive gating cells mean; null when there is none. */
  readonly noise: { readonly lead: string; readonly detail: string } | null;
  /** The cells of the input that could not be judged, each with why; null when there is none. */
  readonly unjudged: { readonly lead: string; readonly items: readonly string[] } | null;
  readonly items: readonly string[];
}

export interface Machine {
  /** One line per side. */
  readonly base: string;
  readonly head: string;
  /** Same description and hardware fingerprint: one column serves both. */
  readonly same: boolean;
  readonly table: Table<'field' | 'base' | 'head'>;
}

/** A chart the report shows; each medium's caller adds what it draws it from (an image, a spec). */
export interface ChartRef {
  readonly name: string;
  readonly title: string;
}

export interface ReportDocument<C extends ChartRef = ChartRef> {
  readonly headline: Headline;
  readonly method: Method;
  readonly differences: Differences;
  readonly results: Table<ResultKey, ResultRow>;
  /** Null when the work was not attempted. */
  readonly work: Work | null;
  /** Null for instruction suites and verdicts written before it was kept. */
  readonly resources: Resources | null;
  readonly latency: Latency;
  readonly mix: Mix;
  /** Null when no stall was looked for (instruction suites, verdicts from before stalls). */
  readonly stalls: Stalls | null;
  /** Null when the run measured no aligned head (run --align-settings). */
  readonly split: Split | null;
  /** Null when the cost of the changed lines was not attempted. */
  readonly lines: Lines | null;
  readonly functions: Functions;
  readonly warnings: Warnings;
  /** Null for a verdict read without its measurements. */
  readonly machine: Machine | null;
  /** A stored baseline's entries, oldest first; empty for an A/B run. */
  readonly history: Table<'saved' | 'commit' | 'version' | 'tool'>;
  readonly charts: readonly C[];
  /** The commands that measure the same again, and bisect when a regression lies between commits. */
  readonly next: NextSteps;
}
