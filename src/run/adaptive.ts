// More repetitions where a cell is undecided: which cells get how many, within the budget. Pure.
//
// After the planned repetitions, the command layer judges the cells as compare would and names
// those still inconclusive, least decided first. Each round takes them to the next look of the
// schedule (stats/alpha-spending.ts), as far as the time budget allows: a cell whose whole batch
// does not fit gets as many repetitions as do, and the round stops at the first that gets none.
import type { AdaptiveRecord, CellResult, SideName } from '../results/results-schema.js';
import { lookSchedule } from '../stats/alpha-spending.js';
import type { Suite } from '../suite/suite-schema.js';
import { type Extension, planExtension, type Step } from './plan.js';

export type { AdaptiveRecord };

export interface CellKey {
  readonly workload: string;
  readonly threads: number;
}

export interface AdaptiveConfig {
  /** Repetitions per side a cell may reach at most. */
  readonly most: number;
  /** Seconds the whole measurement (planned repetitions included) may take; null: no limit. */
  readonly budgetSeconds: number | null;
  /** The gating cells still undecided after the repetitions so far, least decided first. */
  readonly undecided: (cells: readonly CellResult[]) => readonly CellKey[];
}

export interface Round {
  readonly extensions: readonly Extension[];
  readonly steps: readonly Step[];
  readonly seconds: number;
  /** True when the budget cut the round short (fewer cells or repetitions than the look asks). */
  readonly cut: boolean;
}

export function adaptiveLooks(suite: Suite, most: number): number[] {
  return lookSchedule(suite.repetitions, Math.max(most, suite.repetitions));
}

/** Repetitions a cell has now: the fewer of its sides'. */
function repetitionsOf(cells: readonly CellResult[], cell: CellKey, sides: readonly SideName[]): number {
  const counts = sides.map(
    (side) =>
      cells.find((c) => c.workload === cell.workload && c.threads === cell.threads && c.side === side)
        ?.repetitions.length ?? 0,
  );
  return Math.min(...counts);
}

/**
 * The next round: each undecided cell up to `target` repetitions per side, in the order given,
 * as long as `remainingSeconds` lasts by `secondsOf` (the planned seconds of a step, rescaled by
 * how long the steps so far really took).
 */
export function planRound(
  suite: Suite,
  sides: readonly SideName[],
  request: {
    readonly undecided: readonly CellKey[];
    readonly cells: readonly CellResult[];
    readonly target: number;
    readonly remainingSeconds: number;
    readonly secondsOf: (step: Step) => number;
  },
): Round {
  const extensions: Extension[] = [];
  const steps: Step[] = [];
  let seconds = 0;
  let cut = false;
  for (const cell of request.undecided) {
    const from = repetitionsOf(request.cells, cell, sides) + 1;
    let fitted: { extension: Extension; steps: Step[]; seconds: number } | undefined;
    for (let to = request.target; to >= from && fitted === undefined; to--) {
      const extension = { ...cell, from, to };
      const planned = planExtension(suite, sides, [extension]);
      const cost = planned.reduce((sum, step) => sum + request.secondsOf(step), 0);
      if (seconds + cost <= request.remainingSeconds) fitted = { extension, steps: planned, seconds: cost };
    }
    if (fitted === undefined) {
      cut = from <= request.target;
      if (cut) break;
      continue;
    }
    if (fitted.extension.to < request.target) cut = true;
    extensions.push(fitted.extension);
    steps.push(...fitted.steps);
    seconds += fitted.seconds;
    if (cut) break;
  }
  return { extensions, steps, seconds, cut };
}
