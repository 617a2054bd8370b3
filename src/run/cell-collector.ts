// Gathers the measured repetitions into cells (workload × threads × side), numbering them in the
// order they ran, and averages each cell's per-function instruction costs.
import type { CellResult, FunctionCost, Repetition } from '../results/results-schema.js';
import { cellName } from '../suite/suite-schema.js';
import { FunctionTally } from './function-tally.js';
import type { StepOutcome, SysbenchStep } from './measure-step.js';

type MeasuredStep = Extract<SysbenchStep, { kind: 'measure' }>;

export class CellCollector {
  private readonly cells = new Map<string, CellResult>();
  private readonly tallies = new Map<string, FunctionTally>();
  private sequence = 0;

  /** Adds one repetition; its `sequence` is its position among all the run's repetitions. */
  add(step: MeasuredStep, outcome: StepOutcome): void {
    this.sequence += 1;
    const key = `${cellName(step)}\0${step.side}`;
    const repetition: Repetition = {
      index: step.repetition,
      sequence: this.sequence,
      startedAt: outcome.startedAt,
      report: outcome.report,
      rawOutput: outcome.rawOutput,
      ...(outcome.window ? { cost: outcome.window.cost } : {}),
      ...(outcome.work ? { work: outcome.work } : {}),
      ...(outcome.dataChecksum === undefined ? {} : { dataChecksum: outcome.dataChecksum }),
      ...(outcome.idleSide === undefined ? {} : { idleSide: outcome.idleSide }),
      ...(outcome.operation === undefined ? {} : { operation: outcome.operation }),
    };
    if (outcome.window?.profile) {
      const tally = this.tallies.get(key) ?? new FunctionTally();
      tally.add(outcome.window.profile.functions, outcome.report.transactions);
      this.tallies.set(key, tally);
    }
    const existing = this.cells.get(key);
    if (existing) existing.repetitions.push(repetition);
    else {
      const { workload, threads, side, variant } = step;
      this.cells.set(key, {
        workload,
        threads,
        ...(variant === undefined ? {} : { variant: { ...variant } }),
        side,
        repetitions: [repetition],
      });
    }
  }

  /**
   * The cells in the order their first repetition ran, base before head within a workload and
   * thread count (sides measured at once finish in either order), with function costs where counted.
   */
  results(): CellResult[] {
    const entries = [...this.cells.entries()];
    const firstRun = new Map<string, number>();
    for (const [index, [, cell]] of entries.entries()) {
      const key = cellName(cell);
      if (!firstRun.has(key)) firstRun.set(key, index);
    }
    const firstOf = (cell: CellResult): number => firstRun.get(cellName(cell)) ?? 0;
    const sideRank = (cell: CellResult): number => (cell.side === 'base' ? 0 : 1);
    entries.sort(([, a], [, b]) => firstOf(a) - firstOf(b) || sideRank(a) - sideRank(b));
    return entries.map(([key, cell]) => {
      const functions: FunctionCost[] | undefined = this.tallies.get(key)?.perTransaction();
      return functions ? { ...cell, functions } : cell;
    });
  }
}
