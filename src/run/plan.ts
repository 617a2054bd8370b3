// The order of work in a run. Pure.
//
// Two servers are measured in turn, never at once, interleaved per repetition in the ABBA pattern
// ClickHouse's performance test uses (A B, B A, A B, …): any drift of the machine over the run
// (thermal, neighbours, page cache) then lands on both sides alike instead of on the later one.
import type { SideName } from '../results/schema.js';
import { findWorkload, hasWarmup, measurementLimit, suiteCells, type Suite } from '../suite/schema.js';

export type Step =
  | { readonly kind: 'restart'; readonly side: SideName }
  | { readonly kind: 'warmup'; readonly side: SideName; readonly workload: string; readonly threads: number }
  | {
      readonly kind: 'measure';
      readonly side: SideName;
      readonly workload: string;
      readonly threads: number;
      readonly repetition: number;
    };

/** Rough cost of a restart (shutdown + start + buffer pool load), for progress estimates only. */
export const RESTART_ESTIMATE_S = 5;

/** Side order for repetition `index` (1-based): A B, then B A, then A B … */
export function sideOrder(sides: readonly SideName[], index: number): SideName[] {
  return index % 2 === 1 ? [...sides] : [...sides].reverse();
}

export function planSteps(suite: Suite, sides: readonly SideName[]): Step[] {
  const steps: Step[] = [];
  for (const { workload, threads } of suiteCells(suite)) {
    const warmup = hasWarmup(suite, findWorkload(suite, workload));
    if (!suite.restartBetweenRepetitions && warmup) {
      for (const side of sides) steps.push({ kind: 'warmup', side, workload, threads });
    }
    for (let repetition = 1; repetition <= suite.repetitions; repetition++) {
      for (const side of sideOrder(sides, repetition)) {
        if (suite.restartBetweenRepetitions) {
          steps.push({ kind: 'restart', side });
          if (warmup) steps.push({ kind: 'warmup', side, workload, threads });
        }
        steps.push({ kind: 'measure', side, workload, threads, repetition });
      }
    }
  }
  return steps;
}

/**
 * Rough seconds per event under callgrind, for progress estimates only (measured here: a point
 * select about 0.7 ms, a read-only transaction about 20 ms); the tracker rescales its estimate by
 * how long the finished steps really took.
 */
export const INSTRUCTION_EVENT_ESTIMATE_S = 0.005;

/** Planned seconds a step takes, for progress estimates. */
export function plannedSeconds(step: Step, suite: Suite): number {
  if (step.kind === 'restart') return RESTART_ESTIMATE_S;
  const limit = measurementLimit(suite, findWorkload(suite, step.workload), step.kind);
  return 'seconds' in limit ? limit.seconds : limit.events * INSTRUCTION_EVENT_ESTIMATE_S;
}
