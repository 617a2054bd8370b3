// verdict.json: what compare decided and the evidence for it. Versioned; validated when written.
import { z } from 'zod';

import { CellVariant, CompilerInfo, Flavor } from '../results/results-schema.js';
import { STATUS_NAME, WORK_GROUPS } from '../results/status-counters.js';
import { LatencyDistribution } from './latency-schema.js';
import { LineSection } from './lines-schema.js';
import { CellMix } from './mix-schema.js';
import { ResourceSection } from './resources-schema.js';
import { StallSection } from './stall-schema.js';
import { METRIC_NAMES } from '../metric-names.js';
import { VariantName } from '../suite/variants.js';
import { CellOperation } from '../results/operation-schema.js';

/**
 * 2: cells may be within-tolerance, and counts has withinTolerance. 3: the stall metrics
 * (lowestSecondRatio, stallSeconds), whose data older results already hold, and the stalls section.
 * 4: every config difference carries its tier (settings-rank.ts). 5: no cell of the input is left
 * out: a cell that cannot be judged is listed in `unjudged` (and counted when it gates), and a cell
 * judged without some of its repetitions names them in `dropped`. Files of versions 1 to 4 are
 * still read (verdict-versions.ts).
 */
export const VERDICT_SCHEMA_VERSION = 5;

/** The metrics a version added after version 2: a verdict.json of an older one never judged them. */
const METRICS_SINCE: Partial<Record<(typeof METRIC_NAMES)[number], number>> = {
  lowestSecondRatio: 3,
  stallSeconds: 3,
};

/** The metrics a verdict.json of this schema version judges when it can. */
export function metricsOfVersion(version: number): (typeof METRIC_NAMES)[number][] {
  return METRIC_NAMES.filter((name) => (METRICS_SINCE[name] ?? 1) <= version);
}

/**
 * within-tolerance: a change shown to be real (either way) that stays within the tolerance; it
 * passes. Unchanged: no change shown.
 */
export const CellVerdict = z.enum([
  'regression',
  'improvement',
  'within-tolerance',
  'unchanged',
  'inconclusive',
]);
export type CellVerdict = z.infer<typeof CellVerdict>;

/** A change shown to be real, beyond the tolerance or within it. */
export function isChange(verdict: CellVerdict): boolean {
  return verdict === 'regression' || verdict === 'improvement' || verdict === 'within-tolerance';
}

/** A cell verdict as text says it: "within tolerance". */
export function verdictLabel(verdict: CellVerdict): string {
  return verdict === 'within-tolerance' ? 'within tolerance' : verdict;
}

export { CellOperation } from '../results/operation-schema.js';

export const SideStatistics = z.strictObject({
  /** Every repetition's value, in measurement order. */
  values: z.array(z.number()),
  median: z.number(),
  min: z.number(),
  max: z.number(),
  /** Robust coefficient of variation (1.4826·MAD/median): the cell's own noise. */
  cv: z.number(),
});
export type SideStatistics = z.infer<typeof SideStatistics>;

export const CellComparison = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  operation: CellOperation.optional(),
  metric: z.enum(METRIC_NAMES),
  base: SideStatistics,
  head: SideStatistics,
  /**
   * median(head) / median(base) − 1, as a fraction: −0.1 is 10% lower. Counts of an A/B run's own
   * sides, run in lockstep: the median of head_i / base_i − 1 (cell.ts).
   */
  change: z.number(),
  /** Bootstrap confidence interval of the change (same definition). */
  changeInterval: z.strictObject({ low: z.number(), high: z.number(), confidence: z.number() }),
  /**
   * One-sided Mann-Whitney U p-value that head is worse than base, Benjamini-Hochberg adjusted
   * across the cells of the same metric.
   */
  pValue: z.number(),
  /** The same before the adjustment. */
  pValueRaw: z.number(),
  /**
   * The level the adjusted p-value was held to, when the run added repetitions to undecided cells:
   * its look's share of alpha (see settings.looks). Absent: settings.alpha.
   */
  level: z.number().optional(),
  /** Tolerance: a change smaller than this fraction is not a regression, whatever the p-value. */
  threshold: z.number(),
  /** Smallest change these repetitions could resolve at this noise (power 80%); null when none. */
  minimumDetectableEffect: z.number().nullable(),
  /** Repetitions per side that would resolve the threshold at this noise, when inconclusive. */
  repetitionsNeeded: z.number().int().nullable(),
  verdict: CellVerdict,
  /** Whether this cell's metric decides the overall verdict (see --gate); others are reported only. */
  gating: z.boolean(),
  /**
   * "counts": a counted metric whose repetitions agree closely, judged on the change itself;
   * "statistics": the rank test and bootstrap interval (timings, or counts that turned out noisy).
   */
  judgedBy: z.enum(['counts', 'statistics']),
  /**
   * Set when the change (and its interval) is the median of head_i / base_i − 1 over repetitions
   * run in lockstep (counts of an A/B run's own sides); absent: the ratio of the medians.
   */
  paired: z.literal(true).optional(),
  /**
   * Repetitions left out of the judgement because they lack the metric (by index, per side); the
   * reason names them. Absent: every repetition was judged.
   */
  dropped: z
    .strictObject({ base: z.array(z.int().min(1)).max(10_000), head: z.array(z.int().min(1)).max(10_000) })
    .optional(),
  /** Why the cell got its verdict, in a sentence. */
  reason: z.string(),
});
export type CellComparison = z.infer<typeof CellComparison>;

/**
 * A cell and metric of the input that could not be judged (a side with fewer than two repetitions
 * that have the metric, a repetition that completed no transaction), with why. A gating one counts
 * as inconclusive does: the verdict is inconclusive at best, and follows --inconclusive.
 */
export const UnjudgedCell = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  operation: CellOperation.optional(),
  metric: z.enum(METRIC_NAMES),
  gating: z.boolean(),
  reason: z.string(),
});
export type UnjudgedCell = z.infer<typeof UnjudgedCell>;

export const CellFunctionDeltas = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  /** An operational cell: its instructions are per its unit (a recovery, a start, an applied transaction). */
  operation: CellOperation.optional(),
  /** The cell's instructions verdict, when it was judged. */
  verdict: CellVerdict.nullable(),
  /** Self instructions per transaction (or per unit) summed over every function (all threads), per side. */
  baseTotal: z.number(),
  headTotal: z.number(),
  /** The functions whose self instructions per transaction (or per unit) changed most, largest |delta| first. */
  functions: z.array(
    z.strictObject({
      name: z.string(),
      object: z.string(),
      base: z.number(),
      head: z.number(),
      delta: z.number(),
    }),
  ),
});
export type CellFunctionDeltas = z.infer<typeof CellFunctionDeltas>;

export { CellResources, FigureSpread, ResourceSection } from './resources-schema.js';
export { LatencyDistribution, MAX_ECDF_POINTS, SideLatency } from './latency-schema.js';
export { CellMix, SideMix } from './mix-schema.js';
export { CellStalls, SideStalls, StallSection } from './stall-schema.js';

export const WorkGroupName = z.enum(WORK_GROUPS);

/** One status counter whose work per transaction changed between the sides. */
export const CounterChange = z.strictObject({
  name: z.string().regex(STATUS_NAME),
  group: WorkGroupName,
  /** Median over the repetitions of the increments per transaction. */
  base: z.number().min(0),
  head: z.number().min(0),
  baseRange: z.tuple([z.number().min(0), z.number().min(0)]),
  headRange: z.tuple([z.number().min(0), z.number().min(0)]),
  /**
   * A counter background threads also move (flushing, log writes) that kept its pace per second
   * while the throughput changed: shown, but not counted as different work.
   */
  followsThroughput: z.boolean(),
});
export type CounterChange = z.infer<typeof CounterChange>;

export const CellWork = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  /** An operational cell: its counters are per its unit (a recovery, a start, an applied transaction). */
  operation: CellOperation.optional(),
  /** Largest first: real changes, then those that only follow the throughput. */
  changes: z.array(CounterChange).max(100),
  /** Changed counters left out of `changes`. */
  more: z.number().int().min(1).optional(),
});
export type CellWork = z.infer<typeof CellWork>;

export const WorkSummary = z.enum(['same-work', 'different-work', 'different-statements']);
export type WorkSummary = z.infer<typeof WorkSummary>;

/** Work per transaction (SHOW GLOBAL STATUS counters) side by side, or why not. */
export const WorkSection = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('compared'),
    summary: WorkSummary,
    /** The section's opening sentence. */
    sentence: z.string(),
    thresholds: z.strictObject({
      relative: z.number(),
      /** The relative threshold of caches, I/O and durability, and other counters. */
      relativeBackground: z.number(),
      absolute: z.number(),
    }),
    cellsCompared: z.number().int().min(0),
    /** Cells where a side recorded no work (every snapshot failed). */
    cellsSkipped: z.number().int().min(0),
    /** Counters only one server has (another version or product): not compared. */
    oneSidedCounters: z.number().int().min(0),
    /** The cells with a changed counter. */
    cells: z.array(CellWork),
  }),
  z.strictObject({ status: z.literal('unavailable'), reason: z.string() }),
]);
export type WorkSection = z.infer<typeof WorkSection>;

export { CellLines, HunkCost, LineSection, SOURCE_URL } from './lines-schema.js';

export const ConfigDifference = z.strictObject({
  name: z.string(),
  base: z.string().nullable(),
  head: z.string().nullable(),
});
export type ConfigDifference = z.infer<typeof ConfigDifference>;

/**
 * A server variable that differs, ranked (settings-rank.ts): tier 1 known to change the work per
 * transaction, with what it changes; tier 2 of a kind whose work counters moved; tier 3 the rest,
 * with what a value that only follows another follows.
 */
export const RankedDifference = ConfigDifference.extend({
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  changes: z.string().max(300).optional(),
  counters: z.array(WorkGroupName).max(WORK_GROUPS.length).optional(),
  follows: z.string().max(300).optional(),
});
export type RankedDifference = z.infer<typeof RankedDifference>;

export const SideIdentity = z.strictObject({
  flavor: Flavor,
  version: z.string(),
  versionFunction: z.string(),
  compiler: CompilerInfo,
  binary: z.string(),
  /** How the server was built, when its prefix held a build.json. */
  build: z
    .strictObject({
      /** "gcc 12.2.0". */
      compiler: z.string(),
      buildType: z.string(),
      sourceCommit: z.string().nullable(),
    })
    .optional(),
});

/** One part of a cell's change (run --align-settings): its size, interval and verdict. */
export const SplitPart = CellComparison.pick({
  change: true,
  changeInterval: true,
  pValue: true,
  verdict: true,
  judgedBy: true,
  reason: true,
});
export type SplitPart = z.infer<typeof SplitPart>;

/** A cell's change split in two: head against aligned head (settings), aligned head against base (code). */
export const SplitCell = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  metric: z.enum(METRIC_NAMES),
  /** The whole change, head against base (the cell's own). */
  change: z.number(),
  settings: SplitPart,
  code: SplitPart,
});
export type SplitCell = z.infer<typeof SplitCell>;

const SplitLine = z.string().max(2000);

/** What the settings did and what the code did, from a run with an aligned head. */
export const SettingsSplit = z.strictObject({
  /** The settings the aligned head took from the base: "sync_binlog 1 → 0". */
  aligned: z.array(z.strictObject({ setting: SplitLine, head: SplitLine, base: SplitLine })).max(200),
  /** First-tier settings that differ but were not aligned, each with why. */
  skipped: z.array(z.strictObject({ setting: SplitLine, why: SplitLine })).max(200),
  /** Aligned settings the head did not take, each with what it reported. */
  notTaken: z.array(SplitLine).max(200),
  cells: z.array(SplitCell).max(10_000),
});
export type SettingsSplit = z.infer<typeof SettingsSplit>;

export const Verdict = z.strictObject({
  schemaVersion: z.literal(VERDICT_SCHEMA_VERSION),
  verdict: z.enum(['pass', 'fail', 'inconclusive']),
  /** Where the base came from: the base side of an A/B run, or a stored baseline. */
  baseSource: z.strictObject({
    /** 'variant': one run's cells under one value of a variant dimension against the others. */
    kind: z.enum(['ab', 'baseline', 'variant']),
    path: z.string(),
    savedAt: z.string().nullable(),
    /** kind 'variant': the dimension and the value the base cells ran under. */
    variant: z.strictObject({ dimension: VariantName, value: VariantName }).optional(),
  }),
  suite: z.string(),
  counts: z.strictObject({
    regression: z.number().int(),
    improvement: z.number().int(),
    withinTolerance: z.number().int(),
    unchanged: z.number().int(),
    inconclusive: z.number().int(),
    /** Gating cells that could not be judged (see `unjudged`). */
    unjudged: z.number().int(),
  }),
  cells: z.array(CellComparison),
  /** Cells of the input that could not be judged, each with why: none is left out in silence. */
  unjudged: z.array(UnjudgedCell),
  /** The variables that differ, tier 1 first (settings-rank.ts). */
  configDiff: z.array(RankedDifference),
  /** Differences in version or compiler between the two sides. */
  serverDiff: z.array(ConfigDifference),
  sides: z.strictObject({ base: SideIdentity, head: SideIdentity }),
  settings: z.strictObject({
    alpha: z.number(),
    /** Metrics whose cells decide the verdict; the others are reported beside them. */
    gateMetrics: z.array(z.enum(METRIC_NAMES)),
    confidence: z.number(),
    inconclusivePolicy: z.enum(['pass', 'fail']),
    /** A changed status counter fails the gate (--gate-work). */
    gateWork: z.boolean().optional(),
    /**
     * Repetitions per side at which the run judged its cells, when it added repetitions to
     * undecided ones; alpha is spent over these looks. Absent: one look.
     */
    looks: z.array(z.number().int()).optional(),
    /**
     * Whether the operational cells' seconds (and apply rate) gate, and why: a gate the user named,
     * or the runner check's grade (operation-gate.ts). Absent: the verdict judged neither.
     */
    gradedGate: z
      .strictObject({ gating: z.boolean(), named: z.boolean(), line: z.string().max(500) })
      .optional(),
  }),
  /** Things the reader must know: environment drift between sides, noisy cells, forced comparisons. */
  warnings: z.array(z.string()),
  /** Instruction cells: where the instructions went (per-function changes between the sides). */
  functionDeltas: z.array(CellFunctionDeltas).default([]),
  /** Throughput cells whose repetitions kept latency histograms: the distributions side by side. */
  latency: z.array(LatencyDistribution).default([]),
  /** Work per transaction side by side (absent in verdicts written before it was compared). */
  work: WorkSection.optional(),
  /** Wall-clock suites: what the server spent per transaction, side by side (absent before it was kept). */
  resources: ResourceSection.optional(),
  /** Instruction suites: the cost of the diff's lines, or why not (absent: not attempted). */
  lines: LineSection.optional(),
  /** TPC-C-like cells: the mix of transactions each side ran (absent: no such cell). */
  mix: z.array(CellMix).max(10_000).optional(),
  /** Throughput suites: the cells whose stall seconds regressed, or why none were judged. */
  stalls: StallSection.optional(),
  /** With an aligned head (run --align-settings): each gating cell's change, settings and code apart. */
  split: SettingsSplit.optional(),
});
export type Verdict = z.infer<typeof Verdict>;
