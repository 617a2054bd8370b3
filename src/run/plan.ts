// The order of work in a run. Pure.
//
// Two servers are measured in turn, interleaved per repetition in the ABBA pattern ClickHouse's
// performance test uses (A B, B A, A B, …): any drift of the machine over the run (thermal,
// neighbours, page cache) then lands on both sides alike instead of on the later one. Count
// suites may measure both at once instead (cellLanes): a count does not drift with the machine.
import type { SideName } from '../results/results-schema.js';
import {
  type Cell,
  cellName,
  findWorkload,
  hasWarmup,
  measurementLimit,
  suiteCells,
  type Suite,
  variantOf,
} from '../suite/suite-schema.js';
import { runsOnSide } from '../suite/head-settings.js';
import { type Variant, variantLabel } from '../suite/variants.js';
import { kindOf, resetSeconds } from '../workload/kinds.js';

/**
 * A restart stops and starts a side's server: before every repetition (restartBetweenRepetitions),
 * or to switch it to another server-option variant (`toVariant`), which does nothing when the
 * server already runs that variant. Warm-ups and repetitions name their cell's variant, if any.
 */
export type Step =
  | {
      readonly kind: 'restart';
      readonly side: SideName;
      readonly variant?: Variant;
      readonly toVariant?: true;
    }
  | {
      readonly kind: 'warmup';
      readonly side: SideName;
      readonly workload: string;
      readonly threads: number;
      readonly variant?: Variant;
    }
  | {
      readonly kind: 'measure';
      readonly side: SideName;
      readonly workload: string;
      readonly threads: number;
      readonly variant?: Variant;
      readonly repetition: number;
    };

/** Rough cost of a restart (shutdown + start + buffer pool load), for progress estimates only. */
export const RESTART_ESTIMATE_S = 5;

/**
 * The steps of a run whose sides are measured at once (count suites, `--parallel-sides`): per
 * cell, one lane of steps per side, in the plan's order. The lanes of a cell run together and the
 * cells one after another, so both sides stay at the same cell.
 */
export function cellLanes(steps: readonly Step[]): Step[][][] {
  const cells: Step[][][] = [];
  let key: string | undefined;
  let lanes = new Map<SideName, Step[]>();
  for (const [index, step] of steps.entries()) {
    // A restart belongs to the cell of the next step of its side.
    const owner =
      step.kind === 'restart'
        ? steps.slice(index + 1).find((s) => s.side === step.side && s.kind !== 'restart')
        : step;
    const stepKey = owner && owner.kind !== 'restart' ? cellName(owner) : key;
    if (stepKey !== key) {
      if (lanes.size > 0) cells.push([...lanes.values()]);
      lanes = new Map();
      key = stepKey;
    }
    lanes.set(step.side, [...(lanes.get(step.side) ?? []), step]);
  }
  if (lanes.size > 0) cells.push([...lanes.values()]);
  return cells;
}

/** Side order for repetition `index` (1-based): A B, then B A, then A B … */
export function sideOrder(sides: readonly SideName[], index: number): SideName[] {
  return index % 2 === 1 ? [...sides] : [...sides].reverse();
}

/**
 * Every step of the plan: cell by cell in the suite's order, which is variant by variant, so that
 * a side's server is restarted once per variant. The first variant's switch does nothing where the
 * servers started under it (they start under the suite's first; a server lacking one's option may
 * have left it out since).
 */
export function planSteps(suite: Suite, sides: readonly SideName[]): Step[] {
  if (suite.interleaveVariants === true && suite.variants !== undefined)
    return interleavedSteps(suite, sides).filter(onItsSide);
  let current: string | undefined;
  return suiteCells(suite)
    .flatMap((cell) => {
      const steps = cellSteps(suite, sides, { ...cell, from: 1, to: suite.repetitions });
      if (suite.variants === undefined || variantLabel(cell.variant) === current) return steps;
      current = variantLabel(cell.variant);
      return [...variantSwitch(sides, cell), ...steps];
    })
    .filter(onItsSide);
}

/** Whether a step's side runs its variant: the aligned head (run --align-settings) is the head's alone. */
function onItsSide(step: Step): boolean {
  return runsOnSide(step.variant, step.side);
}

/**
 * Variants in turn, for suites that compare them with each other: cell by cell (workload and
 * threads), each repetition runs every variant, in A B, B A order like the sides, each after a
 * switch of the servers to it and a warm-up (the switch restarted them).
 */
function interleavedSteps(suite: Suite, sides: readonly SideName[]): Step[] {
  const groups = new Map<string, Cell[]>();
  for (const cell of suiteCells(suite)) {
    const key = `${cell.workload}@${cell.threads}`;
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  return [...groups.values()].flatMap((variants) => {
    const steps: Step[] = [];
    for (let repetition = 1; repetition <= suite.repetitions; repetition++) {
      const order = repetition % 2 === 1 ? variants : [...variants].reverse();
      for (const cell of order) {
        const at = { workload: cell.workload, threads: cell.threads, ...variantOf(cell) };
        steps.push(...variantSwitch(sides, cell));
        if (hasWarmup(suite, findWorkload(suite, cell.workload))) {
          for (const side of sides) steps.push({ kind: 'warmup', side, ...at });
        }
        for (const side of sideOrder(sides, repetition))
          steps.push({ kind: 'measure', side, ...at, repetition });
      }
    }
    return steps;
  });
}

/** Restarts that put every side's server under `cell`'s variant (nothing where one already is). */
function variantSwitch(sides: readonly SideName[], cell: Cell): Step[] {
  return sides.map((side) => ({ kind: 'restart', side, variant: cell.variant ?? {}, toVariant: true }));
}

/** More repetitions of one cell, numbered `from` to `to` (both included). */
export interface Extension extends Cell {
  readonly from: number;
  readonly to: number;
}

/**
 * The steps that add repetitions to cells a run could not decide: each cell warmed up again (other
 * workloads ran since its own repetitions), then its new repetitions, still interleaved, the
 * pattern continuing where it stopped (repetition 6 of A B, B A … is B A).
 */
export function planExtension(
  suite: Suite,
  sides: readonly SideName[],
  extensions: readonly Extension[],
): Step[] {
  // The servers may be under another variant by now: the switch does nothing where they are not.
  return extensions
    .flatMap((extension) => [
      ...(suite.variants === undefined ? [] : variantSwitch(sides, extension)),
      ...cellSteps(suite, sides, extension),
    ])
    .filter(onItsSide);
}

function cellSteps(suite: Suite, sides: readonly SideName[], cell: Extension): Step[] {
  const { workload, threads } = cell;
  const at = { workload, threads, ...(cell.variant === undefined ? {} : { variant: cell.variant }) };
  const steps: Step[] = [];
  const warmup = hasWarmup(suite, findWorkload(suite, workload));
  if (!suite.restartBetweenRepetitions && warmup) {
    for (const side of sides) steps.push({ kind: 'warmup', side, ...at });
  }
  for (let repetition = cell.from; repetition <= cell.to; repetition++) {
    for (const side of sideOrder(sides, repetition)) {
      if (suite.restartBetweenRepetitions) {
        steps.push({
          kind: 'restart',
          side,
          ...(cell.variant === undefined ? {} : { variant: cell.variant }),
        });
        if (warmup) steps.push({ kind: 'warmup', side, ...at });
      }
      steps.push({ kind: 'measure', side, ...at, repetition });
    }
  }
  return steps;
}

/** Planned seconds of a whole schedule. */
export function plannedTotalSeconds(steps: readonly Step[], suite: Suite): number {
  return steps.reduce((sum, step) => sum + plannedSeconds(step, suite), 0);
}

/** Planned seconds a step takes, for progress estimates. */
export function plannedSeconds(step: Step, suite: Suite): number {
  if (step.kind === 'restart') return RESTART_ESTIMATE_S;
  const workload = findWorkload(suite, step.workload);
  const limit = measurementLimit(suite, workload, step.kind);
  // A workload whose data is reset after each step (workload/kinds.ts) pays for the reset too.
  const reset = resetSeconds(suite, workload);
  if ('seconds' in limit) return limit.seconds + reset;
  return limit.events * kindOf(workload).eventSeconds(workload) + reset;
}
