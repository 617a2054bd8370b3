// How fast each cell has gone on each side so far, for its next step's deadline: under callgrind
// a run is bound by events, not seconds, and its time is only known once one has run. Pure.
import { cellName, type MeasurementLimit } from '../suite/suite-schema.js';
import { runDeadline } from '../sysbench/run-deadline.js';
import type { Deadline } from '../shell/deadline.js';
import type { Step } from './plan.js';

type SysbenchStep = Exclude<Step, { kind: 'restart' }>;

/**
 * A warm-up and a measured step of a cell keep separate paces: under callgrind a warm-up runs
 * uninstrumented (--instr-atstart=no) and a measured step instrumented, many times slower (a
 * TPC-C-like warm-up's pace, applied to its first repetition, stopped it as hung).
 */
function key(step: SysbenchStep): string {
  return `${step.side}\u0000${cellName(step)}\u0000${step.kind}`;
}

export class CellPace {
  /** Seconds per event: the slowest step of the cell on the side so far. */
  private readonly perEvent = new Map<string, number>();

  /** Records a finished step: it took `seconds` for `transactions` events. */
  record(step: SysbenchStep, seconds: number, transactions: number): void {
    if (!(transactions > 0) || !(seconds > 0)) return;
    const pace = seconds / transactions;
    this.perEvent.set(key(step), Math.max(pace, this.perEvent.get(key(step)) ?? 0));
  }

  /** The slowest pace seen for the step's cell on its side; undefined before one of its steps ended. */
  secondsPerEvent(step: SysbenchStep): number | undefined {
    return this.perEvent.get(key(step));
  }

  /**
   * The deadline of `step`, run for `limit`: from the plan, and for an event-bound run its pace so
   * far, or before there is one the workload kind's rough pace (`roughPerEvent`).
   */
  deadline(step: SysbenchStep, limit: MeasurementLimit, what: string, roughPerEvent?: number): Deadline {
    return runDeadline(
      limit,
      what,
      'events' in limit ? this.secondsPerEvent(step) : undefined,
      roughPerEvent,
    );
  }
}
