// Fakes for the scheduler's tests: sides whose steps take no server, only turns of the microtask
// queue and seconds on a fake clock, and a log that keeps every line. Every step's start and end is
// recorded, so that a test reads the order the scheduler ran them in.
import { readFileSync } from 'node:fs';

import { BenchmarkError, InterruptedError } from '../../src/errors.js';
import type { SideName } from '../../src/results/results-schema.js';
import type { StepOutcome, SysbenchStep } from '../../src/run/measure-step.js';
import { plannedSeconds, type Step } from '../../src/run/plan.js';
import type { ScheduleIo } from '../../src/run/scheduler.js';
import type { Suite } from '../../src/suite/suite-schema.js';
import { parseSysbenchReport } from '../../src/sysbench/parse-output.js';

/** A real sysbench report (point select, 4 threads): 83305.53 tps. */
const report = parseSysbenchReport(
  readFileSync(new URL('../../__fixtures__/sysbench/point-select-intervals.txt', import.meta.url), 'utf8'),
  'oltp_point_select @ 4 threads',
);

/** "base measure oltp_point_select@1 #2": a step as the fake sides record it. */
export function label(step: Step): string {
  if (step.kind === 'restart') return `${step.side} restart`;
  const what = `${step.side} ${step.kind} ${step.workload}@${step.threads}`;
  return step.kind === 'measure' ? `${what} #${step.repetition}` : what;
}

export interface Fakes {
  /** Microtask turns a step of each side takes before it ends (1 when not given). */
  readonly turns?: Partial<Record<SideName, number>>;
  /** Real seconds per planned second: the clock moves by a step's planned seconds times this. */
  readonly pace?: number;
  /** The step (its label) that fails instead of ending. */
  readonly failing?: string;
  /** The run counts as interrupted once this event has been recorded. */
  readonly interruptAfter?: string;
}

/** Fake sides, clock and log: every step's start and end, and every line, in order. */
export function fakeIo(
  suite: Suite,
  fakes: Fakes = {},
): { io: ScheduleIo; events: string[]; lines: string[] } {
  const events: string[] = [];
  const lines: string[] = [];
  let now = 0;
  const step = async (which: Step): Promise<void> => {
    events.push(`start ${label(which)}`);
    for (let turn = 0; turn < (fakes.turns?.[which.side] ?? 1); turn++) await Promise.resolve();
    now += plannedSeconds(which, suite) * (fakes.pace ?? 1);
    if (label(which) === fakes.failing) {
      events.push(`fail ${label(which)}`);
      throw new BenchmarkError(`sysbench failed on ${label(which)}`);
    }
    events.push(`end ${label(which)}`);
  };
  const outcome: StepOutcome = {
    report,
    rawOutput: 'x.txt',
    startedAt: '2025-01-01T00:00:00Z',
    window: undefined,
  };
  const io: ScheduleIo = {
    steps: {
      restart: (restart) => step(restart),
      measure: async (which: SysbenchStep) => {
        await step(which);
        return outcome;
      },
    },
    log: {
      info: (line) => lines.push(line),
      debug: () => undefined,
      progress: (line) => lines.push(line),
      group: <T>(name: string, fn: () => Promise<T>): Promise<T> => {
        lines.push(`group: ${name}`);
        return fn();
      },
    },
    now: () => now,
    throwIfInterrupted: () => {
      if (fakes.interruptAfter !== undefined && events.includes(fakes.interruptAfter)) {
        throw new InterruptedError('SIGINT');
      }
    },
  };
  return { io, events, lines };
}

/** The labels of the steps started, in order, keeping those `filter` matches. */
export const started = (events: readonly string[], filter: RegExp = /./): string[] =>
  events.filter((event) => event.startsWith('start ') && filter.test(event)).map((e) => e.slice(6));
