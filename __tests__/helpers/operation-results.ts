// Results with operational cells (recovery, cold start, replica apply) added to a real results
// fixture, as the run records them: each repetition's `operation` figures, and a report that
// counts the operation's units as its transactions over its native seconds (no queries, latency
// or per-second reports), its callgrind counts over the whole process (instruction suites) or its
// CPU time (throughput suites), and its status counters since the process started.
import { parseResults } from '../../src/results/results-file.js';
import type { Results, RunnerCheck } from '../../src/results/results-schema.js';
import { OPERATION_UNIT, type OperationKind } from '../../src/workload/operation-names.js';

/** One side's repetitions of an operational cell. */
export interface OperationSide {
  /** Native seconds per repetition; as many repetitions as values. */
  readonly seconds: readonly number[];
  /** Units per repetition: 1 recovery or start, or the transactions a replica applied. */
  readonly units?: number;
  /** Whole-process instructions per repetition (instruction suites). */
  readonly instructions?: readonly number[];
  /** CPU seconds of the server per repetition. */
  readonly cpuSeconds?: readonly number[];
  /** Status counter increments per repetition (Innodb_redo_bytes_recovered among them). */
  readonly work?: readonly Readonly<Record<string, number>>[];
  /** Every function's self instructions per unit, as callgrind's profile gives them. */
  readonly functions?: readonly { name: string; object: string; perTransaction: number }[];
}

export interface OperationCell {
  readonly workload: string;
  readonly kind: OperationKind;
  /** The cell's variant (`{ load: '2000' }`); the suite then has its dimension's values. */
  readonly variant?: Readonly<Record<string, string>>;
  readonly base: OperationSide;
  readonly head: OperationSide;
}

function repetition(kind: OperationKind, side: OperationSide, at: number, percentile: number) {
  const seconds = side.seconds[at] ?? 1;
  const units = side.units ?? 1;
  const instructions = side.instructions?.[at];
  const cpu = side.cpuSeconds?.[at];
  const work = side.work?.[at];
  return {
    index: at + 1,
    sequence: at + 1,
    startedAt: new Date(Date.UTC(2026, 10, 25, 12, 0, at)).toISOString(),
    report: {
      threads: 1,
      queries: { read: 0, write: 0, other: 0, total: 0 },
      transactions: units,
      tps: units / seconds,
      qps: 0,
      ignoredErrors: 0,
      ignoredErrorsPerS: 0,
      reconnects: 0,
      reconnectsPerS: 0,
      totalTimeS: seconds,
      totalEvents: units,
      latencyMs: { min: 0, avg: 0, max: 0, percentile, atPercentile: 0, sum: 0 },
      fairness: { eventsAvg: 0, eventsStddev: 0, executionTimeAvgS: 0, executionTimeStddevS: 0 },
      intervals: [],
    },
    rawOutput: `${kind}-rep${at + 1}.txt`,
    cost: {
      ...(cpu === undefined ? {} : { cpu: { userSeconds: cpu * 0.8, systemSeconds: cpu * 0.2 } }),
      ...(instructions === undefined
        ? {}
        : {
            callgrind: {
              total: instructions,
              foreground: instructions,
              foregroundFunction: 'the whole process',
              profile: `${kind}-rep${at + 1}.callgrind.gz`,
            },
          }),
    },
    ...(work === undefined ? {} : { work }),
    operation: {
      kind,
      per: OPERATION_UNIT[kind],
      units,
      seconds,
      ...(kind === 'recovery' && work?.Innodb_redo_bytes_recovered !== undefined
        ? { redoBytes: work.Innodb_redo_bytes_recovered }
        : {}),
    },
  };
}

/**
 * The results with the operational cells added on both sides (and their workloads in the suite),
 * parsed again as results.json is read; `runnerCheck` sets (or, null, removes) the machine's grade.
 */
export function withOperationCells(
  results: Results,
  cells: readonly OperationCell[],
  runnerCheck?: RunnerCheck | null,
): Results {
  const percentile = results.suite.percentile;
  const added = cells.flatMap((cell) =>
    (['base', 'head'] as const).map((side) => ({
      workload: cell.workload,
      threads: 1,
      ...(cell.variant === undefined ? {} : { variant: cell.variant }),
      side,
      repetitions: cell[side].seconds.map((_, at) => repetition(cell.kind, cell[side], at, percentile)),
      ...(cell[side].functions === undefined ? {} : { functions: cell[side].functions }),
    })),
  );
  const named = cells.filter(
    (cell, at) => cells.findIndex((other) => other.workload === cell.workload) === at,
  );
  const workloads = named.map((cell) => ({
    name: cell.workload,
    kind: cell.kind,
    options: {},
    threads: [1],
    ...(cell.kind === 'cold-start' ? {} : { events: 1000 }),
  }));
  const environment = { ...results.environment };
  if (runnerCheck === null) delete environment.runnerCheck;
  else if (runnerCheck !== undefined) environment.runnerCheck = runnerCheck;
  const raw = {
    ...results,
    environment,
    suite: {
      ...results.suite,
      workloads: [...results.suite.workloads, ...workloads],
      ...variantsOf(cells),
    },
    cells: [...results.cells, ...added],
  };
  return parseResults(JSON.stringify(raw), 'operations.json');
}

/** The suite's variant dimensions, each with the values the cells have; nothing without variants. */
function variantsOf(cells: readonly OperationCell[]): { variants?: Record<string, string[]> } {
  const variants: Record<string, string[]> = {};
  for (const [dimension, value] of cells.flatMap((cell) => Object.entries(cell.variant ?? {}))) {
    const values = (variants[dimension] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  return Object.keys(variants).length === 0 ? {} : { variants };
}

/** A runner check's grade of the letter given. */
export function grade(letter: RunnerCheck['letter']): RunnerCheck {
  const score = { A: 95, B: 82, C: 70, D: 60, E: 50, F: 30 }[letter];
  return { letter, score, worst: letter === 'A' ? [] : ['CPU governor: powersave'] };
}

const repeat = <T>(count: number, make: (at: number) => T): T[] =>
  Array.from({ length: count }, (_, at) => make(at));

/**
 * A crash recovery whose head applied twice the redo, took longer and ran more instructions: the
 * status counters since start (pages read grew with the redo), the redo bytes among them.
 */
export function slowerRecovery(repetitions: number, workload = 'crash'): OperationCell {
  const side = (scale: number): OperationSide => ({
    seconds: repeat(repetitions, (at) => 2 * scale + at * 0.01),
    instructions: repeat(repetitions, (at) => 4e9 * scale + at * 1e5),
    cpuSeconds: repeat(repetitions, (at) => 1.5 * scale + at * 0.005),
    work: repeat(repetitions, (at) => ({
      Innodb_redo_bytes_recovered: 50_000_000 * scale + at,
      Innodb_pages_read: 3000 * scale + at,
      Com_select: 1,
    })),
  });
  return { workload, kind: 'recovery', base: side(1), head: side(1.6) };
}

/** A cold start that took as long on both sides. */
export function steadyColdStart(repetitions: number, workload = 'start'): OperationCell {
  const side: OperationSide = {
    seconds: repeat(repetitions, (at) => 1.2 + at * 0.01),
    instructions: repeat(repetitions, (at) => 9e8 + at * 1e4),
    cpuSeconds: repeat(repetitions, (at) => 0.6 + at * 0.002),
    work: repeat(repetitions, () => ({ Innodb_pages_read: 400, Com_select: 1 })),
  };
  return { workload, kind: 'cold-start', base: side, head: side };
}

/** A replica apply of 1,000 transactions, the head's applier 20% slower. */
export function slowerReplicaApply(repetitions: number, workload = 'apply'): OperationCell {
  const side = (scale: number): OperationSide => ({
    units: 1000,
    seconds: repeat(repetitions, (at) => 4 * scale + at * 0.01),
    instructions: repeat(repetitions, (at) => 2e9 * scale + at * 1e5),
    cpuSeconds: repeat(repetitions, (at) => 3 * scale + at * 0.004),
    work: repeat(repetitions, () => ({ Handler_write: 4000, Innodb_data_fsyncs: 1000 * scale })),
  });
  return { workload, kind: 'replica-apply', base: side(1), head: side(1.2) };
}
