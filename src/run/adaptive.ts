// More repetitions where a cell is undecided: which cells get how many, within the budget. Pure.
//
// After the planned repetitions, the command layer judges the cells as compare would and names
// those still inconclusive, least decided first. Each round takes them to the next look of the
// schedule (stats/alpha-spending.ts), one cell's batch at a time, as long as the time budget
// allows the whole batch: the first that does not fit ends the extension.
import type { AdaptiveRecord, CellResult, Environment, SideName } from '../results/results-schema.js';
import { lookSchedule } from '../stats/alpha-spending.js';
import { type Cell, cellName, type Suite } from '../suite/suite-schema.js';
import { type Extension, planExtension, type Step } from './plan.js';

export type { AdaptiveRecord };

export type CellKey = Cell;

/** The machine a run measures on, as the gate reads it: which one, and its runner check's grade. */
export type MeasuringMachine = Pick<Environment, 'fingerprint' | 'runnerCheck'>;

export interface AdaptiveConfig {
  /** Repetitions per side a cell may reach at most. */
  readonly most: number;
  /** Seconds the whole measurement (planned repetitions included) may take; null: no limit. */
  readonly budgetSeconds: number | null;
  /**
   * The gating cells still undecided after the repetitions so far, least decided first, on the
   * machine measured: its runner check's grade decides whether operational cells' seconds gate.
   */
  readonly undecided: (cells: readonly CellResult[], machine: MeasuringMachine) => readonly CellKey[];
}

export function adaptiveLooks(suite: Suite, most: number): number[] {
  return lookSchedule(suite.repetitions, Math.max(most, suite.repetitions));
}

/** Repetitions a cell has now: the fewer of its sides'. */
export function repetitionsOf(
  cells: readonly CellResult[],
  cell: CellKey,
  sides: readonly SideName[],
): number {
  const counts = sides.map(
    (side) => cells.find((c) => cellName(c) === cellName(cell) && c.side === side)?.repetitions.length ?? 0,
  );
  return Math.min(...counts);
}

/**
 * One undecided cell's batch: its warm-up and its repetitions up to `target`. A batch is run
 * whole or not at all, so every count a cell is judged at is a look of the schedule (a cell cut
 * between two looks would be tested at a count chosen by the clock, outside the spending).
 */
export function cellBatch(
  suite: Suite,
  sides: readonly SideName[],
  request: { readonly cell: CellKey; readonly cells: readonly CellResult[]; readonly target: number },
): { readonly extension: Extension; readonly steps: Step[] } | undefined {
  const from = repetitionsOf(request.cells, request.cell, sides) + 1;
  if (from > request.target) return undefined;
  const extension = { ...request.cell, from, to: request.target };
  return { extension, steps: planExtension(suite, sides, [extension]) };
}

/**
 * How long steps take here: the planned seconds of a step of each kind, scaled by how long the
 * steps of that kind really took so far (a measurement under callgrind carries a dump and a parse
 * that its warm-up does not; a short warm-up is mostly fixed cost).
 */
export class StepPace {
  private readonly planned = new Map<Step['kind'], number>();
  private readonly real = new Map<Step['kind'], number>();

  record(kind: Step['kind'], plannedSeconds: number, realSeconds: number): void {
    this.planned.set(kind, (this.planned.get(kind) ?? 0) + plannedSeconds);
    this.real.set(kind, (this.real.get(kind) ?? 0) + realSeconds);
  }

  /** Estimated seconds for a step of `kind` planned at `plannedSeconds`. */
  estimate(kind: Step['kind'], plannedSeconds: number): number {
    const planned = this.planned.get(kind) ?? 0;
    return planned > 0 ? plannedSeconds * ((this.real.get(kind) ?? 0) / planned) : plannedSeconds;
  }
}
