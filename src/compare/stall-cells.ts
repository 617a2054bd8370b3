// Which seconds stalled, for the cells whose stall seconds regressed: each side's repetition with
// the most stall seconds, when its stalled intervals ended and how low its lowest went, so the
// report can say "head stalled at 12 s, 24 s, 36 s of repetition 3". Pure.
import type { CellResult, Repetition } from '../results/results-schema.js';
import { sameCell, type Suite, variantOf } from '../suite/suite-schema.js';
import { type RunStalls, runStalls } from '../sysbench/stalls.js';
import type { CellComparison, SideStalls, StallSection } from './verdict-schema.js';

/** A repetition with its stalls. */
export interface StalledRepetition {
  readonly repetition: Repetition;
  readonly stalls: RunStalls;
}

/**
 * The cell's repetition with the most stall seconds, then the lowest second, then the first: the
 * one the report names and the stall chart draws. Undefined when no repetition has enough reports.
 */
export function worstRepetition(cell: CellResult): StalledRepetition | undefined {
  let worst: StalledRepetition | undefined;
  for (const repetition of cell.repetitions) {
    const stalls = runStalls(repetition.report.intervals);
    if (stalls === undefined) continue;
    const worse =
      worst === undefined ||
      stalls.stallSeconds > worst.stalls.stallSeconds ||
      (stalls.stallSeconds === worst.stalls.stallSeconds && stalls.lowestRatio < worst.stalls.lowestRatio);
    if (worse) worst = { repetition, stalls };
  }
  return worst;
}

function sideStalls(cell: CellResult): SideStalls | undefined {
  const worst = worstRepetition(cell);
  if (worst === undefined) return undefined;
  const stalled = cell.repetitions.filter(
    (repetition) => (runStalls(repetition.report.intervals)?.stallSeconds ?? 0) > 0,
  );
  return {
    repetition: worst.repetition.index,
    stallSeconds: worst.stalls.stallSeconds,
    stalledAtS: [...worst.stalls.stalledAtS],
    lowestRatio: worst.stalls.lowestRatio,
    repetitionsWithStalls: stalled.length,
    repetitions: cell.repetitions.length,
  };
}

/**
 * The stalls section of a throughput suite's verdict (undefined for an instruction suite): the
 * cells whose stall seconds are a regression, gating or not, or why no cell could be judged.
 */
export function stallSection(
  pairs: readonly (readonly [CellResult, CellResult])[],
  cells: readonly CellComparison[],
  suite: Pick<Suite, 'metric' | 'reportIntervalSeconds'>,
): StallSection | undefined {
  if (suite.metric !== 'throughput') return undefined;
  if (suite.reportIntervalSeconds === 0) {
    return {
      status: 'unavailable',
      reason:
        "the suite turns sysbench's per-second reports off (reportIntervalSeconds: 0), so no stall is judged",
    };
  }
  if (!cells.some((cell) => cell.metric === 'stallSeconds')) {
    return {
      status: 'unavailable',
      reason:
        'no cell has per-second reports on both sides (at least three per repetition), so no stall is judged',
    };
  }
  const regressed = cells.filter((cell) => cell.metric === 'stallSeconds' && cell.verdict === 'regression');
  return {
    status: 'judged',
    cells: regressed.flatMap((cell) => {
      const pair = pairs.find(([, head]) => sameCell(head, cell));
      const base = pair && sideStalls(pair[0]);
      const head = pair && sideStalls(pair[1]);
      return base && head
        ? [{ workload: cell.workload, threads: cell.threads, ...variantOf(cell), base, head }]
        : [];
    }),
  };
}
