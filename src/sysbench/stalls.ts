// Stalls in sysbench's interval reports (--report-interval): the intervals of one run whose
// throughput fell below half the run's median interval, and how low its lowest interval went.
// A median hides them: a server that stops answering for a second every ten loses a tenth of its
// throughput, within the noise of most cells, while its clients wait a whole second. Pure.
import { median } from '../stats/descriptive.js';
import type { IntervalReport } from './report-schema.js';

/** An interval is a stall when its throughput is below this fraction of the run's median interval. */
export const STALL_FRACTION = 0.5;

/** Fewer intervals than this have no median worth the name: nothing is judged on them. */
export const MIN_STALL_INTERVALS = 3;

export interface RunStalls {
  /** The median of the intervals' throughput (transactions per second). */
  readonly medianTps: number;
  /** The lowest interval's throughput as a fraction of the median: 0.31 is 31%. */
  readonly lowestRatio: number;
  /** When each stalled interval ended, seconds into the run (sysbench's own label, "[ 12s ]"). */
  readonly stalledAtS: readonly number[];
  /** The stalled intervals' length added up: one per stall at the default one-second interval. */
  readonly stallSeconds: number;
}

/**
 * The stalls of one run, from its interval reports in order; undefined when it has fewer than
 * MIN_STALL_INTERVALS of them (--report-interval 0, a run shorter than three intervals) or a
 * median of 0 (nothing ran), where a fraction of the median means nothing.
 */
export function runStalls(intervals: readonly IntervalReport[]): RunStalls | undefined {
  if (intervals.length < MIN_STALL_INTERVALS) return undefined;
  const medianTps = median(intervals.map((interval) => interval.tps));
  if (!(medianTps > 0)) return undefined;
  const stalledAtS: number[] = [];
  let stallSeconds = 0;
  let lowest = Infinity;
  intervals.forEach((interval, index) => {
    lowest = Math.min(lowest, interval.tps);
    if (interval.tps >= STALL_FRACTION * medianTps) return;
    stalledAtS.push(interval.timeS);
    // Each interval's own length: it ends at timeS, the one before it ended at the previous timeS.
    stallSeconds += interval.timeS - (index === 0 ? 0 : (intervals[index - 1]?.timeS ?? 0));
  });
  return { medianTps, lowestRatio: lowest / medianTps, stalledAtS, stallSeconds };
}
