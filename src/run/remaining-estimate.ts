// How long the rest of a run will take, from how long its steps have taken: "estimating" until each
// kind of step still to come (a restart; the first step on a server after it started, which pays
// for its first statements: under callgrind, a minute for MySQL's first 100 point selects; a later
// warm-up; a repetition) has been timed once; then each step is
// predicted by its own cell's timings on its side (their median), or before it has any by its
// kind's pace (the median of real over planned seconds) times its plan. Between two estimates a
// step's prediction moves by at most its spread: the range of the timings it comes from, and no
// less than MIN_SPREAD of it. So the estimate of the work still to come moves by at most the
// spread the estimate before stated. Pure.
import { cellName } from '../suite/suite-schema.js';
import { variantLabel } from '../suite/variants.js';
import type { Step } from './plan.js';

/** The least a prediction may move between two estimates, as a share of it. */
export const MIN_SPREAD = 0.05;

export type RemainingEstimate =
  | { readonly kind: 'estimating' }
  | { readonly kind: 'estimate'; readonly seconds: number; readonly spread: number };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function range(values: readonly number[]): number {
  return values.length === 0 ? 0 : Math.max(...values) - Math.min(...values);
}

/** How a step is timed: its kind, but the first sysbench step on a server after it started apart. */
export type TimedKind = Step['kind'] | 'first';

/**
 * Each step's timed kind: a side's first sysbench step after each restart is 'first', and its
 * first of all when the servers `startFresh` (the plan's steps, not a later batch of them).
 */
function timedKinds(steps: readonly Step[], startFresh: boolean): Map<Step, TimedKind> {
  const fresh = new Set<string>();
  const seen = new Set<string>(startFresh ? [] : steps.map((step) => step.side));
  const kinds = new Map<Step, TimedKind>();
  for (const step of steps) {
    if (step.kind === 'restart') {
      fresh.add(step.side);
      kinds.set(step, 'restart');
      continue;
    }
    const first = fresh.has(step.side) || !seen.has(step.side);
    fresh.delete(step.side);
    seen.add(step.side);
    kinds.set(step, first ? 'first' : step.kind);
  }
  return kinds;
}

export interface Prediction {
  readonly seconds: number;
  readonly spread: number;
}

/** What the steps timed so far took: shared by the plan's estimate and its later batches'. */
export class TimingHistory {
  /** Real over planned seconds of each timed kind's steps. */
  readonly ratios = new Map<TimedKind, number[]>();
  /** Seconds of each group's steps (groupOf). */
  readonly timings = new Map<string, number[]>();
}

export interface RemainingWorkOptions {
  /** Sides measured at once: their work is shared. */
  readonly atOnce?: number;
  /** The timings so far (a later batch continues the plan's). */
  readonly history?: TimingHistory;
  /** Whether the steps begin on servers just started (the plan), so that each side's first is 'first'. */
  readonly startFresh?: boolean;
}

export class RemainingWork {
  private readonly kinds: Map<Step, TimedKind>;
  private readonly atOnce: number;
  private readonly ratios: Map<TimedKind, number[]>;
  private readonly timings: Map<string, number[]>;
  private readonly startedAt = new Map<Step, number>();
  private readonly finished = new Set<Step>();
  /** Each step's prediction at the last estimate, which the next may move by its spread only. */
  private readonly last = new Map<Step, Prediction>();

  constructor(
    private readonly steps: readonly Step[],
    private readonly planned: (step: Step) => number,
    options: RemainingWorkOptions = {},
  ) {
    this.kinds = timedKinds(steps, options.startFresh ?? true);
    this.atOnce = options.atOnce ?? 1;
    const history = options.history ?? new TimingHistory();
    this.ratios = history.ratios;
    this.timings = history.timings;
  }

  private kindOf(step: Step): TimedKind {
    return this.kinds.get(step) ?? step.kind;
  }

  /** Steps that take alike: a cell's steps of one timed kind on one side; a side's restarts into a variant. */
  private groupOf(step: Step): string {
    const where = step.kind === 'restart' ? variantLabel(step.variant) : cellName(step);
    return `${this.kindOf(step)}\u0000${step.side}\u0000${where}`;
  }

  start(step: Step, nowS: number): void {
    this.startedAt.set(step, nowS);
  }

  finish(step: Step, nowS: number): void {
    const seconds = nowS - (this.startedAt.get(step) ?? nowS);
    this.finished.add(step);
    const planned = this.planned(step);
    const kind = this.kindOf(step);
    if (planned > 0) this.ratios.set(kind, [...(this.ratios.get(kind) ?? []), seconds / planned]);
    this.timings.set(this.groupOf(step), [...(this.timings.get(this.groupOf(step)) ?? []), seconds]);
  }

  /** The step's prediction from what was timed so far, before it is held to the last one's spread. */
  private fresh(step: Step): Prediction | undefined {
    const own = this.timings.get(this.groupOf(step)) ?? [];
    const ratios = this.ratios.get(this.kindOf(step)) ?? [];
    if (ratios.length === 0) return undefined;
    const planned = this.planned(step);
    const seconds = own.length > 0 ? median(own) : planned * median(ratios);
    const measured = own.length >= 2 ? range(own) : planned * range(ratios);
    return { seconds, spread: Math.max(measured, seconds * MIN_SPREAD) };
  }

  private predict(step: Step): Prediction | undefined {
    const fresh = this.fresh(step);
    if (fresh === undefined) return undefined;
    const before = this.last.get(step);
    const seconds =
      before === undefined
        ? fresh.seconds
        : Math.min(before.seconds + before.spread, Math.max(before.seconds - before.spread, fresh.seconds));
    const prediction = { seconds, spread: fresh.spread };
    this.last.set(step, prediction);
    return prediction;
  }

  /** The step's prediction at the last estimate (seconds and spread), if it had one. */
  predictionOf(step: Step): Prediction | undefined {
    return this.last.get(step);
  }

  /** The work still to do at `nowS`: steps not finished, a running one less the time it has run. */
  estimate(nowS: number): RemainingEstimate {
    let seconds = 0;
    let spread = 0;
    for (const step of this.steps) {
      if (this.finished.has(step)) continue;
      const prediction = this.predict(step);
      if (prediction === undefined) return { kind: 'estimating' };
      const started = this.startedAt.get(step);
      seconds += Math.max(0, prediction.seconds - (started === undefined ? 0 : nowS - started));
      spread += prediction.spread;
    }
    return { kind: 'estimate', seconds: seconds / this.atOnce, spread: spread / this.atOnce };
  }
}
