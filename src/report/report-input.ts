// What every report (charts, the pull-request comment, the HTML report) is made from: the verdict
// and the measurements behind it. Pure data; the report modules are pure functions of it.
import type { BaselineEntry } from '../baseline/baseline-schema.js';
import type { SideData } from '../compare/verdict.js';
import type { Verdict } from '../compare/verdict-schema.js';
import type { Suite } from '../suite/suite-schema.js';

export interface ReportInput {
  readonly verdict: Verdict;
  /** The base side's measurements: the A/B file's base side, or the baseline's newest entry. */
  readonly base: SideData;
  /** The head side's measurements (its cells carry every repetition, costs and intervals). */
  readonly head: SideData;
  readonly suite: Suite;
  /**
   * For a stored-baseline comparison: the baseline's entries, oldest first (the newest is the
   * base). Empty for an A/B comparison.
   */
  readonly history: readonly BaselineEntry[];
}
