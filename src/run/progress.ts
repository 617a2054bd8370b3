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
import { type OperationUnit, unitNoun } from '../results/operation-units.js';
import { variantLabel } from '../suite/variants.js';
import type { WindowCost } from './cost-probe.js';
import { plannedSeconds, plannedTotalSeconds, type Step } from './plan.js';
import { type RemainingEstimate, RemainingWork, TimingHistory } from './remaining-estimate.js';

function describeLimit(limit: MeasurementLimit): string {
  return 'seconds' in limit ? `${limit.seconds}s` : `${limit.events} events`;
}

export class ProgressTracker {
  private readonly plannedTotalS: number;
  private readonly cellIndex = new Map<string, number>();
  private readonly startS: number;
  private readonly work: RemainingWork;
  /** What the steps timed so far took; a later batch's tracker continues from it. */
  readonly history: TimingHistory;

  constructor(
    steps: readonly Step[],
    private readonly suite: Suite,
    /** Clock in seconds; injectable for tests. */
    private readonly now: () => number = () => performance.now() / 1000,
    /** Repetitions per side the steps lead to: the plan's, or the look more repetitions go to. */
    private readonly repetitions = suite.repetitions,
    /** Sides measured at once (--parallel-sides): the plan's time is theirs shared. */
    atOnce = 1,
    /** The timings of the run so far, for a batch of more repetitions after the plan. */
    after?: TimingHistory,
  ) {
    this.plannedTotalS = plannedTotalSeconds(steps, suite) / atOnce;
    for (const step of steps) {
      if (step.kind === 'restart') continue;
      const key = cellName(step);
      if (!this.cellIndex.has(key)) this.cellIndex.set(key, this.cellIndex.size + 1);
    }
    this.history = after ?? new TimingHistory();
    this.work = new RemainingWork(steps, (step) => plannedSeconds(step, suite), {
      atOnce,
      history: this.history,
      startFresh: after === undefined,
    });
    this.startS = now();
  }

  /** Planned seconds of the whole schedule (for the "about N minutes" line at the start). */
  get plannedTotalSeconds(): number {
    return this.plannedTotalS;
  }

  /** What is left, from the steps timed so far (remaining-estimate.ts). */
  remaining(): RemainingEstimate {
    return this.work.estimate(this.now());
  }

  /** The line to show when `step` starts. */
  describe(step: Step): string {
    this.work.start(step, this.now());
    const elapsed = formatDuration(this.now() - this.startS);
    const remaining = this.remaining();
    const timing =
      remaining.kind === 'estimating'
        ? `elapsed ${elapsed}, estimating what is left`
        : `elapsed ${elapsed}, ~${formatDuration(remaining.seconds)} left (±${formatDuration(remaining.spread)})`;
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
    this.work.finish(step, this.now());
  }
}

/**
 * One line of progress after a repetition: throughput and CPU, or instructions per transaction; an
 * operational cell's figures per its own unit, its native seconds first.
 */
export function describeWindow(
  report: { tps: number; transactions: number },
  window: WindowCost | undefined,
  operation?: { readonly per: OperationUnit; readonly seconds: number },
): string {
  const unit = unitNoun(operation?.per);
  const seconds = operation === undefined ? '' : `${operation.seconds.toFixed(2)} s natively, `;
  const callgrind = window?.cost.callgrind;
  if (callgrind) {
    const perUnit = (value: number): string => formatCountPlain(value / report.transactions);
    return `${seconds}${perUnit(callgrind.foreground)} instructions/${unit} in statements (${perUnit(callgrind.total)} with background threads)`;
  }
  const cpu = window?.cost.cpu;
  const cpuPart = cpu
    ? `, server CPU ${Math.round(((cpu.userSeconds + cpu.systemSeconds) / report.transactions) * 1e6)} µs/${unit}`
    : '';
  if (operation !== undefined) return `${seconds.slice(0, -2)}${cpuPart}`;
  return `${report.tps.toFixed(1)} tps${cpuPart}`;
}
