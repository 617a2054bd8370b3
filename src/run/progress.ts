// Progress lines for long runs: which cell, which repetition, elapsed and estimated remaining, and
// what each repetition measured. Pure.
import { formatCountPlain, formatDuration } from '../format.js';
import {
  cellName,
  findWorkload,
  type MeasurementLimit,
  measurementLimit,
  type Suite,
} from '../suite/suite-schema.js';
import { variantLabel } from '../suite/variants.js';
import type { WindowCost } from './cost-probe.js';
import { plannedSeconds, plannedTotalSeconds, type Step } from './plan.js';

function describeLimit(limit: MeasurementLimit): string {
  return 'seconds' in limit ? `${limit.seconds}s` : `${limit.events} events`;
}

/** Share of the plan done before the estimate follows the real pace. */
const MIN_SHARE_TO_SCALE = 0.1;

export class ProgressTracker {
  private readonly plannedTotalS: number;
  private plannedDoneS = 0;
  private readonly cellIndex = new Map<string, number>();
  private readonly startS: number;

  constructor(
    steps: readonly Step[],
    private readonly suite: Suite,
    /** Clock in seconds; injectable for tests. */
    private readonly now: () => number = () => performance.now() / 1000,
    /** Repetitions per side the steps lead to: the plan's, or the look more repetitions go to. */
    private readonly repetitions = suite.repetitions,
    /** Sides measured at once (--parallel-sides): the plan's time is theirs shared. */
    private readonly atOnce = 1,
  ) {
    this.plannedTotalS = plannedTotalSeconds(steps, suite) / atOnce;
    for (const step of steps) {
      if (step.kind === 'restart') continue;
      const key = cellName(step);
      if (!this.cellIndex.has(key)) this.cellIndex.set(key, this.cellIndex.size + 1);
    }
    this.startS = now();
  }

  /** Planned seconds of the whole schedule (for the "about N minutes" line at the start). */
  get plannedTotalSeconds(): number {
    return this.plannedTotalS;
  }

  /**
   * Seconds still to go: the plan's, scaled by how long the done part really took once that part
   * is a tenth of the plan. Before that, one short step's fixed costs (a server's first statements
   * under callgrind: a 0.07 s warm-up took a minute) would multiply the whole plan.
   */
  remainingSeconds(): number {
    const elapsed = this.now() - this.startS;
    const remainingPlanned = this.plannedTotalS - this.plannedDoneS;
    if (this.plannedDoneS < this.plannedTotalS * MIN_SHARE_TO_SCALE) return remainingPlanned;
    return remainingPlanned * (elapsed / this.plannedDoneS);
  }

  /** The line to show when `step` starts. */
  describe(step: Step): string {
    const elapsed = formatDuration(this.now() - this.startS);
    const remaining = formatDuration(this.remainingSeconds());
    const timing = `elapsed ${elapsed}, ~${remaining} left`;
    if (step.kind === 'restart') {
      if (step.toVariant)
        return `[variant] ${step.side} server under ${variantLabel(step.variant)} — ${timing}`;
      return `[restart] ${step.side} server — ${timing}`;
    }
    const cell = `cell ${this.cellIndex.get(cellName(step)) ?? 0}/${this.cellIndex.size}`;
    const label = variantLabel(step.variant);
    const what =
      `${step.workload} @ ${step.threads} thread${step.threads === 1 ? '' : 's'}` +
      (label === '' ? '' : ` [${label}]`);
    const phase =
      step.kind === 'warmup'
        ? `warm-up ${describeLimit(measurementLimit(this.suite, findWorkload(this.suite, step.workload), 'warmup'))}`
        : `repetition ${step.repetition}/${this.repetitions}`;
    return `[${cell}] ${what}, ${step.side}: ${phase} — ${timing}`;
  }

  done(step: Step): void {
    this.plannedDoneS += plannedSeconds(step, this.suite) / this.atOnce;
  }
}

/** One line of progress after a repetition: throughput and CPU, or instructions per transaction. */
export function describeWindow(
  report: { tps: number; transactions: number },
  window: WindowCost | undefined,
): string {
  const callgrind = window?.cost.callgrind;
  if (callgrind) {
    const perTransaction = (value: number): string => formatCountPlain(value / report.transactions);
    return `${perTransaction(callgrind.foreground)} instructions/transaction in statements (${perTransaction(callgrind.total)} with background threads)`;
  }
  const cpu = window?.cost.cpu;
  const cpuPart = cpu
    ? `, server CPU ${Math.round(((cpu.userSeconds + cpu.systemSeconds) / report.transactions) * 1e6)} µs/transaction`
    : '';
  return `${report.tps.toFixed(1)} tps${cpuPart}`;
}
