// The judge's defaults, written once. DEFAULT_COMPARE_OPTIONS (verdict.ts), the CLI's flags and the
// action's inputs take theirs from here (as strings through commands/compare.ts); action.yml states
// the same values, and __tests__/action/defaults.test.ts fails when the two disagree.
import type { MetricName } from '../metric-names.js';
import type { InconclusivePolicy } from './verdict.js';

export interface JudgeDefaults {
  /** Significance level, after Benjamini-Hochberg adjustment across the cells of each metric. */
  readonly alpha: number;
  /** Metrics whose cells decide the verdict. */
  readonly gateMetrics: readonly MetricName[];
  /** What a too-noisy verdict counts as. */
  readonly inconclusivePolicy: InconclusivePolicy;
  /** Whether a changed status counter (work per transaction) fails the gate. */
  readonly gateWork: boolean;
}

export const JUDGE_DEFAULTS: JudgeDefaults = {
  alpha: 0.05,
  // Latency is judged and shown, but does not gate by default: sysbench prints it in 0.01 ms
  // steps, too coarse for fast workloads, whose latency cells would then always be inconclusive.
  // CPU time and hardware counts are reported beside throughput; an instruction suite gates on
  // its foreground count (background threads' share of a window depends on timing).
  gateMetrics: ['tps', 'instructions'],
  inconclusivePolicy: 'pass',
  gateWork: false,
};
