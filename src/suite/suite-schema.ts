// The suite file: what to run, how often, and against which server settings.
// Validated with zod; every error names the field and what would be valid. Its fields are in
// suite-shape.ts; the checks across them, the workload kinds' among them, here.
import { z } from 'zod';

import { workloadKindIssues } from '../workload/kinds.js';
import { isOperationKind } from '../workload/operation-names.js';
import { LOAD_DIMENSION } from './variants.js';
import { SuiteObject, type Workload } from './suite-shape.js';
import { allVariants, type Variant, variantIssues, variantLabel } from './variants.js';

export {
  Connection,
  MeasurementKind,
  optionValueToString,
  RESET_MODES,
  type ResetMode,
  ServerOptions,
  SUITE_EXPECTATIONS,
  SUITE_FIELDS,
  Tolerances,
  Workload,
  WORKLOAD_FIELDS,
} from './suite-shape.js';

/**
 * Why instruction cells run one client thread: callgrind runs the server's threads one at a time
 * (it serializes them), so several client threads measure valgrind's scheduler, and whatever
 * they spend waiting for each other's locks (spin loops) depends on timing: the count would stop
 * being deterministic, which is the point of the metric.
 */
export const INSTRUCTIONS_THREADS_REASON =
  "instruction cells run one client thread: under callgrind the server's threads run one at a time, " +
  'and time spent spinning on locks between several client threads depends on timing, not on the code';

/** What an instruction suite may not say, or must. */
function instructionIssues(
  suite: z.infer<typeof SuiteObject>,
  issue: (path: (string | number)[], message: string) => void,
): void {
  if (suite.durationSeconds !== undefined)
    issue(['durationSeconds'], 'not used with metric: instructions, which runs a fixed number of events');
  if (suite.expect === 'io-bound')
    issue(
      ['expect'],
      'io-bound is for metric: throughput: under callgrind the reads from disk are not measured',
    );
  if (suite.warmupSeconds > 0)
    issue(['warmupSeconds'], 'not used with metric: instructions; set warmupEvents instead');
  if (suite.threads.some((threads) => threads !== 1))
    issue(['threads'], `must be [1]: ${INSTRUCTIONS_THREADS_REASON}`);
  suite.workloads.forEach((workload, index) => {
    // A replica apply's threads are its applier's (workload/operations.ts), not client threads.
    if (workload.kind !== 'replica-apply' && workload.threads?.some((threads) => threads !== 1))
      issue(['workloads', index, 'threads'], `must be [1]: ${INSTRUCTIONS_THREADS_REASON}`);
    // A cold start has no events; the other operations check their own (workload/operations.ts).
    if (isOperationKind(workload.kind)) return;
    if (suite.events === undefined && workload.events === undefined)
      issue(
        ['workloads', index, 'events'],
        "required (here or as the suite's events): sysbench events per measurement with metric: instructions",
      );
  });
  if (suite.randSeed === 0)
    issue(
      ['randSeed'],
      'must be set with metric: instructions: every repetition must run the same statements',
    );
}

export const Suite = SuiteObject.superRefine((suite, ctx) => {
  const issue = (path: (string | number)[], message: string): void => {
    ctx.addIssue({ code: 'custom', path, message });
  };
  if (suite.stallGate && (suite.metric !== 'throughput' || suite.reportIntervalSeconds === 0)) {
    issue(
      ['stallGate'],
      suite.metric === 'throughput'
        ? 'needs the per-second reports it judges: set reportIntervalSeconds to 1 (or more), or stallGate to false'
        : 'only for metric: throughput (an instruction suite runs a fixed number of events, not seconds)',
    );
  }
  if (suite.metric === 'throughput') {
    if (suite.durationSeconds === undefined)
      issue(['durationSeconds'], 'required: seconds per measurement (metric: throughput)');
    if (suite.events !== undefined)
      issue(['events'], 'only for metric: instructions; throughput suites run for durationSeconds');
    if (suite.warmupEvents > 0)
      issue(['warmupEvents'], 'only for metric: instructions; throughput suites warm up for warmupSeconds');
    suite.workloads.forEach((workload, index) => {
      // An operational kind's events are its write load's, in either kind of suite.
      if (workload.events !== undefined && !isOperationKind(workload.kind))
        issue(['workloads', index, 'events'], 'only for metric: instructions');
      if (workload.warmupEvents !== undefined)
        issue(['workloads', index, 'warmupEvents'], 'only for metric: instructions');
    });
  } else {
    instructionIssues(suite, issue);
  }
  for (const { path, message } of workloadKindIssues(suite)) issue([...path], message);
  for (const { path, message } of variantIssues(suite.variants)) issue(path, message);
  if (suite.variants?.[LOAD_DIMENSION] !== undefined) {
    suite.workloads.forEach((workload, index) => {
      if (workload.kind === 'recovery' || workload.kind === 'replica-apply') return;
      issue(
        ['workloads', index, 'kind'],
        `the variant dimension "${LOAD_DIMENSION}" sets the write load of recovery and replica-apply cells; ` +
          `workload ${workload.name} has none (a suite varying it holds only those)`,
      );
    });
  }
  if (suite.cells !== undefined) {
    const known = new Set(suiteCells({ ...suite, cells: undefined }).map(cellName));
    suite.cells.forEach((name, index) => {
      if (!known.has(name)) issue(['cells', index], `"${name}" is not a cell of the suite`);
    });
  }
  const seen = new Set<string>();
  suite.workloads.forEach((workload, index) => {
    if (seen.has(workload.name)) {
      issue(
        ['workloads', index, 'name'],
        `workload name "${workload.name}" is used twice; names must be unique`,
      );
    }
    seen.add(workload.name);
  });
});
export type Suite = z.infer<typeof Suite>;
export type SuiteInput = z.input<typeof Suite>;

export { workloadScript } from '../workload/workload-kind.js';

export function findWorkload(suite: Suite, name: string): Workload {
  const workload = suite.workloads.find((candidate) => candidate.name === name);
  if (!workload) throw new Error(`suite ${suite.name} has no workload ${name}`);
  return workload;
}

/** How long one measurement of `workload` runs: seconds (throughput) or events (instructions). */
export type MeasurementLimit = { readonly seconds: number } | { readonly events: number };

export function measurementLimit(
  suite: Suite,
  workload: Workload,
  phase: 'warmup' | 'measure',
): MeasurementLimit {
  // An operation runs once per repetition; its events are its write load's (workload/operations.ts).
  if (isOperationKind(workload.kind)) {
    return { events: phase === 'warmup' ? 0 : (workload.events ?? suite.events ?? 1) };
  }
  if (suite.metric === 'instructions') {
    if (phase === 'warmup') return { events: workload.warmupEvents ?? suite.warmupEvents };
    const events = workload.events ?? suite.events;
    if (events === undefined)
      throw new Error(`suite ${suite.name} validated without events for ${workload.name}`);
    return { events };
  }
  if (phase === 'warmup') return { seconds: suite.warmupSeconds };
  if (suite.durationSeconds === undefined)
    throw new Error(`suite ${suite.name} validated without durationSeconds`);
  return { seconds: suite.durationSeconds };
}

/** Whether the suite warms `workload`'s cells up before their repetitions. */
export function hasWarmup(suite: Suite, workload: Workload): boolean {
  const limit = measurementLimit(suite, workload, 'warmup');
  return ('events' in limit ? limit.events : limit.seconds) > 0;
}

/** Thread counts a workload runs at. */
export function workloadThreads(suite: Suite, workload: Workload): readonly number[] {
  return workload.threads ?? suite.threads;
}

export interface Cell {
  readonly workload: string;
  readonly threads: number;
  /** The server-option variant (suite/variants.ts); absent when the suite has none. */
  readonly variant?: Variant;
}

/** "oltp_point_select@4", "oltp_point_select@4[innodb_thread_concurrency=8]". */
export function cellName(cell: Cell): string {
  const label = variantLabel(cell.variant);
  return `${cell.workload}@${cell.threads}${label === '' ? '' : `[${label}]`}`;
}

/** Whether two cells are the same cell (workload, threads and variant). */
export function sameCell(a: Cell, b: Cell): boolean {
  return cellName(a) === cellName(b);
}

/** A cell as reports title it: "oltp_read_only @ 4", "oltp_read_only @ 4 [innodb_thread_concurrency=8]". */
export function cellTitle(cell: Cell): string {
  const label = variantLabel(cell.variant);
  return `${cell.workload} @ ${cell.threads}${label === '' ? '' : ` [${label}]`}`;
}

/** `{ variant }` to spread into a cell-keyed record, or nothing for a cell without one. */
export function variantOf(cell: Cell): { variant?: Variant } {
  return cell.variant === undefined ? {} : { variant: { ...cell.variant } };
}

/**
 * Every cell of the suite in the order a run measures them: variant by variant (each a restart of
 * the servers), then workload by workload, then threads; only the suite's `cells`, when it names some.
 */
export function suiteCells(suite: Suite): Cell[] {
  const only = suite.cells === undefined ? undefined : new Set(suite.cells);
  return allVariants(suite.variants).flatMap((variant) =>
    suite.workloads.flatMap((workload) =>
      workloadThreads(suite, workload)
        .map((threads): Cell => {
          const cell = { workload: workload.name, threads };
          return variantLabel(variant) === '' ? cell : { ...cell, variant };
        })
        .filter((cell) => only === undefined || only.has(cellName(cell))),
    ),
  );
}
