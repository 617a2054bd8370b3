// The order a run's steps are measured in, with progress and time left. Pure: it measures nothing
// itself but asks for one step of one side at a time (SideSteps), reads the time from the clock it
// is given and reports through the log it is given, so that its rules are tested with fakes.
//
// Sides measured in turn run the plan's steps one after another, interleaved A B B A (plan.ts).
// Sides measured at once run each cell in one lane per side, together, and the next cell once
// both lanes are done (cellLanes). After the plan, the cells an A/B run leaves undecided get more
// repetitions, one cell's batch at a time, while the budget allows (adaptive.ts).
import { formatDuration, plural } from '../format.js';
import type { CellResult, SideName } from '../results/results-schema.js';
import type { Logger } from '../shell/logger.js';
import { cellTitle, type Suite } from '../suite/suite-schema.js';
import {
  adaptiveLooks,
  type AdaptiveConfig,
  type AdaptiveRecord,
  cellBatch,
  type MeasuringMachine,
  StepPace,
} from './adaptive.js';
import { CellCollector } from './cell-collector.js';
import type { StepOutcome, SysbenchStep } from './measure-step.js';
import { cellLanes, plannedSeconds, planSteps, type Step } from './plan.js';
import { describeWindow, ProgressTracker } from './progress.js';
import type { TimingHistory } from './remaining-estimate.js';

/** One step of one side, done by whoever holds the servers (sides.ts; a fake in tests). */
export interface SideSteps {
  /**
   * Stops and starts the side's server again (suites that restart between repetitions), or
   * switches it to the step's variant (nothing when it runs that variant already).
   */
  restart(step: Extract<Step, { kind: 'restart' }>): Promise<void>;
  /** Runs a warm-up or a repetition on the step's side. */
  measure(step: SysbenchStep): Promise<StepOutcome>;
}

/** What the schedule measures. */
export interface ScheduleSettings {
  readonly suite: Suite;
  /** The sides in the plan's order (A B B A starts with the first). */
  readonly sides: readonly SideName[];
  /** Both sides at once, a lane each per cell (count suites, --parallel-sides). */
  readonly parallel: boolean;
  /** More repetitions for undecided cells (A/B runs only); none when undefined. */
  readonly adaptive: AdaptiveConfig | undefined;
  /** The machine measured, whose runner check's grade the judge of undecided cells is given. */
  readonly machine: MeasuringMachine;
}

/** What the schedule acts through: the sides, the log, the clock and the run's interruption. */
export interface ScheduleIo {
  readonly steps: SideSteps;
  /** Progress lines, the plan's and the extension's messages, and the group they are shown in. */
  readonly log: Pick<Logger, 'info' | 'progress' | 'group' | 'debug'>;
  /** Seconds on a monotonic clock. */
  readonly now: () => number;
  /** Throws when the run was interrupted (Ctrl-C, a cancelled workflow); called before each step. */
  readonly throwIfInterrupted: () => void;
}

/** How long the measurements took: in all, and each side's own steps. */
export interface MeasureSeconds {
  readonly wall: number;
  readonly sides: ReadonlyMap<SideName, number>;
}

/** What a schedule measured. */
export interface ScheduleOutcome {
  /** Every repetition measured, in cells (CellCollector's order). */
  readonly cells: CellResult[];
  /** What the extension of undecided cells did; undefined when there was none. */
  readonly adaptive: AdaptiveRecord | undefined;
  readonly seconds: MeasureSeconds;
}

/** A schedule under way: its settings, what it acts through, and what it has measured so far. */
interface Running {
  readonly settings: ScheduleSettings;
  readonly io: ScheduleIo;
  readonly cells: CellCollector;
  /** How long each kind of step has really taken, for fitting more repetitions in the budget. */
  readonly pace: StepPace;
  /** The step timings of the plan's progress estimate, which a batch of more repetitions continues. */
  readonly timings: TimingHistory;
  /** Seconds each side's steps have taken so far. */
  readonly sideSeconds: Map<SideName, number>;
  /** When the first step started, on `io.now`'s clock: the budget counts from there. */
  readonly startS: number;
}

/** Runs every planned step in order (restarts, warm-ups, repetitions), then extends undecided cells. */
export async function runSchedule(settings: ScheduleSettings, io: ScheduleIo): Promise<ScheduleOutcome> {
  const { suite, sides } = settings;
  const steps = planSteps(suite, sides);
  const progress = new ProgressTracker(steps, suite, io.now, suite.repetitions, atOnce(settings));
  io.log.info(
    `${steps.filter((step) => step.kind === 'measure').length} measurements planned, about ${formatDuration(progress.plannedTotalSeconds)}`,
  );
  const running: Running = {
    settings,
    io,
    cells: new CellCollector(),
    pace: new StepPace(),
    timings: progress.history,
    sideSeconds: new Map(),
    startS: io.now(),
  };
  let adaptive: AdaptiveRecord | undefined;
  await io.log.group(`Measure suite ${suite.name}`, async () => {
    await runSteps(steps, progress, running);
    if (settings.adaptive && sides.length > 1) {
      adaptive = await extendUndecided(settings.adaptive, running);
    }
  });
  return {
    cells: running.cells.results(),
    adaptive,
    seconds: { wall: io.now() - running.startS, sides: running.sideSeconds },
  };
}

/** Sides whose steps run at the same time: the plan's time is theirs shared. */
function atOnce(settings: ScheduleSettings): number {
  return settings.parallel ? settings.sides.length : 1;
}

async function runSteps(steps: readonly Step[], progress: ProgressTracker, running: Running): Promise<void> {
  if (!running.settings.parallel) {
    for (const step of steps) await runStep(step, progress, running);
    return;
  }
  for (const lanes of cellLanes(steps)) {
    // A side that fails stops the other after its current step: no minutes measuring a cell
    // whose other half is lost. Both have settled before the failure is raised.
    let failed = false;
    const settled = await Promise.allSettled(
      lanes.map(async (lane) => {
        for (const step of lane) {
          if (failed) return;
          try {
            await runStep(step, progress, running);
          } catch (error) {
            failed = true;
            throw error;
          }
        }
      }),
    );
    const rejected = settled.find((outcome) => outcome.status === 'rejected');
    if (rejected) throw rejected.reason;
  }
}

/** One step: a restart, a warm-up or a repetition, with its progress line and timing. */
async function runStep(step: Step, progress: ProgressTracker, running: Running): Promise<void> {
  const { settings, io, cells, pace, sideSeconds } = running;
  const startedS = io.now();
  const timed = (): void => {
    const seconds = io.now() - startedS;
    pace.record(step.kind, plannedSeconds(step, settings.suite), seconds);
    // With --verbose: the run's step timings, from which its progress estimates can be replayed.
    io.log.debug(
      `step timing: ${JSON.stringify({ step, startS: +(startedS - running.startS).toFixed(3), seconds: +seconds.toFixed(3) })}`,
    );
    sideSeconds.set(step.side, (sideSeconds.get(step.side) ?? 0) + seconds);
  };
  io.throwIfInterrupted();
  io.log.progress(progress.describe(step));
  if (step.kind === 'restart') {
    await io.steps.restart(step);
    progress.done(step);
    timed();
    return;
  }
  const outcome = await io.steps.measure(step);
  progress.done(step);
  timed();
  if (step.kind === 'warmup') return;
  cells.add(step, outcome);
  io.log.progress(
    `  ${step.side} ${cellTitle(step)}: ${describeWindow(outcome.report, outcome.window, outcome.operation)}`,
  );
}

/**
 * Rounds of more repetitions for the cells still undecided, each to the next look, one cell's
 * whole batch at a time while the budget (counted from the first measurement) allows it.
 */
async function extendUndecided(adaptive: AdaptiveConfig, running: Running): Promise<AdaptiveRecord> {
  const { settings, cells, io } = running;
  const { suite, sides } = settings;
  const looks = adaptiveLooks(suite, adaptive.most);
  const record = { planned: suite.repetitions, most: looks[looks.length - 1] ?? suite.repetitions, looks };
  const stop = (stopped: AdaptiveRecord['stopped']): AdaptiveRecord => ({
    ...record,
    budgetSeconds: adaptive.budgetSeconds,
    stopped,
  });
  for (let look = 1; look < looks.length; look++) {
    const undecided = adaptive.undecided(cells.results(), settings.machine);
    if (undecided.length === 0) return stop('decided');
    const target = looks[look] ?? record.most;
    io.log.info(
      `${plural(undecided.length, 'cell', 'cells')} undecided after ${looks[look - 1] ?? 0} repetitions: ` +
        `up to ${target} each, least decided first`,
    );
    for (const cell of undecided) {
      const batch = cellBatch(suite, sides, { cell, cells: cells.results(), target });
      if (batch === undefined) continue;
      const seconds =
        batch.steps.reduce(
          (sum, step) => sum + running.pace.estimate(step.kind, plannedSeconds(step, suite)),
          0,
        ) / atOnce(settings);
      const elapsed = io.now() - running.startS;
      if (adaptive.budgetSeconds !== null && elapsed + seconds > adaptive.budgetSeconds) {
        io.log.info(
          `the budget is spent: ${formatDuration(elapsed)} of ${formatDuration(adaptive.budgetSeconds)} taken, ` +
            `${cellTitle(cell)} would need about ${formatDuration(seconds)} more`,
        );
        return stop('budget');
      }
      const progress = new ProgressTracker(
        batch.steps,
        suite,
        io.now,
        target,
        atOnce(settings),
        running.timings,
      );
      await runSteps(batch.steps, progress, running);
    }
  }
  return stop(adaptive.undecided(cells.results(), settings.machine).length === 0 ? 'decided' : 'most');
}
