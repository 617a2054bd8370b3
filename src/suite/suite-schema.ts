// The suite file: what to run, how often, and against which server settings.
// Validated with zod; every error names the field and what would be valid.
import { z } from 'zod';

import { METRIC_NAMES, type MetricName } from '../metric-names.js';
import { workloadKindIssues } from '../workload/kinds.js';
import { RESET_MODES } from '../workload/workload-kind.js';
import { allVariants, type Variant, variantIssues, variantLabel, VariantsField } from './variants.js';

/** Server option name: letters, digits, '_' or '-' (the two are equivalent to the server). */
const optionName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'an option name: letters, digits, "_" or "-"');
const optionValue = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((value) => optionValueToString(value));

export function optionValueToString(value: string | number | boolean): string {
  if (typeof value === 'boolean') return value ? 'ON' : 'OFF';
  return String(value);
}

export const ServerOptions = z.record(optionName, optionValue);

export const Connection = z.enum(['socket', 'tcp']);
export type Connection = z.infer<typeof Connection>;

const threadCount = z.number().int().min(1).max(4096);
const threadList = z
  .array(threadCount)
  .min(1)
  .refine((list) => new Set(list).size === list.length, 'thread counts must not repeat');

/** sysbench option values, passed as --name=value. */
const sysbenchOptions = z.record(
  z.string().regex(/^[a-z][a-z0-9_-]*$/, 'a sysbench option name such as "range_size"'),
  optionValue,
);

export const Workload = z.strictObject({
  /** Name shown in results and reports; unique in the suite. */
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." or "-"'),
  /** A bundled sysbench script name (oltp_read_only) or a path to a .lua file. */
  script: z.string().min(1).optional(),
  /** Extra sysbench options for this workload (range_size, skip_trx, …). */
  options: sysbenchOptions.default({}),
  /** Overrides the suite's thread counts for this workload. */
  threads: threadList.optional(),
  /** Overrides the suite's `events` for this workload (instruction suites). */
  events: z.number().int().min(1).max(10_000_000).optional(),
  /** Overrides the suite's `warmupEvents` for this workload (instruction suites). */
  warmupEvents: z.number().int().min(0).max(10_000_000).optional(),
  /**
   * What kind of workload it is (workload/kinds.ts): how its data is prepared, sized and reset.
   * Left out: sysbench-oltp (DEFAULT_WORKLOAD_KIND), sysbench's OLTP tables.
   */
  kind: z.string().min(1).optional(),
  /**
   * How the data is brought back after each warm-up or repetition, for a workload whose runs
   * change it; its kind's default when left out (none for sysbench's OLTP tables).
   */
  resetData: z.enum(RESET_MODES).optional(),
});
export type Workload = z.infer<typeof Workload>;

const tolerance = z.number().gt(0).lt(10);

/** What a suite may say it means to measure (its `expect`). */
export const SUITE_EXPECTATIONS = ['io-bound'] as const;

/** Tolerances by metric, as fractions of the base value (0.05 = 5%). */
const MetricTolerances = z.strictObject(
  Object.fromEntries(METRIC_NAMES.map((name) => [name, tolerance.optional()])) as Record<
    MetricName,
    z.ZodOptional<typeof tolerance>
  >,
);

export const Tolerances = MetricTolerances.extend({
  /** Per workload (and optionally per thread count) overrides; the most specific wins. */
  overrides: z
    .array(MetricTolerances.extend({ workload: z.string(), threads: z.number().int().min(1).optional() }))
    .default([]),
});
export type Tolerances = z.infer<typeof Tolerances>;

/**
 * What a cell measures. `throughput`: sysbench runs for `durationSeconds` and the cell reports
 * transactions per second (plus latency and the server's CPU time per transaction).
 * `instructions`: the server runs under valgrind's callgrind, sysbench runs a fixed number of
 * `events` with a fixed seed, and the cell reports the instructions the server executed per
 * transaction — a count that does not drift with the machine's neighbours.
 */
export const MeasurementKind = z.enum(['throughput', 'instructions']);
export type MeasurementKind = z.infer<typeof MeasurementKind>;

const SuiteObject = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." or "-"'),
  description: z.string().default(''),
  metric: MeasurementKind.default('throughput'),
  /** unix socket or loopback TCP: the two behave differently, so it is part of the suite. */
  connection: Connection.default('socket'),
  /** Restart every server before each repetition (adds restart variance; off by default). */
  restartBetweenRepetitions: z.boolean().default(false),
  threads: threadList,
  /** Seconds per measurement (throughput suites). */
  durationSeconds: z.number().int().min(1).max(86_400).optional(),
  warmupSeconds: z.number().int().min(0).max(86_400).default(0),
  /** sysbench events (transactions) per measurement (instruction suites); workloads may override. */
  events: z.number().int().min(1).max(10_000_000).optional(),
  /** Uncounted events run once per cell and side before its repetitions (instruction suites). */
  warmupEvents: z.number().int().min(0).max(10_000_000).default(0),
  /** At least 2: one repetition says nothing about noise, and nothing can be compared on it. */
  repetitions: z.number().int().min(2).max(1000),
  /** sbtest tables and rows per table: the size of the sysbench-oltp kind's data (its workloads need them). */
  tables: z.number().int().min(1).max(1024).optional(),
  tableSize: z.number().int().min(1).optional(),
  /** Warehouses: the size of the tpcc kind's data (its workloads need it). */
  warehouses: z.number().int().min(1).max(10_000).optional(),
  /** sysbench --report-interval, seconds; 0 turns per-interval lines off. */
  reportIntervalSeconds: z.number().int().min(0).default(1),
  /** Latency percentile sysbench reports (its --percentile). */
  percentile: z.number().int().min(1).max(100).default(95),
  /** Fixed random seed for sysbench (its --rand-seed); 0 means sysbench seeds from the clock. */
  randSeed: z.number().int().min(0).default(0),
  /** Options every server gets, before --set / --base-set / --head-set. */
  serverOptions: ServerOptions.default({}),
  /** Options for the sysbench-oltp tables' prepare step only (e.g. mysql_storage_engine). */
  prepareOptions: sysbenchOptions.default({}),
  workloads: z.array(Workload).min(1),
  /**
   * Server-option variants (suite/variants.ts): every cell is measured once per variant, the
   * server restarted with its options; a dimension of the cells like threads.
   */
  variants: VariantsField.optional(),
  /**
   * Measure a cell's variants in turn, repetition by repetition (each a restart and a warm-up),
   * rather than variant by variant: what a comparison of the variants with each other needs, so
   * that the machine's drift over the run falls on every variant alike (--against-variant). No
   * default: a default would change every suite's baseline key.
   */
  interleaveVariants: z.boolean().optional(),
  /**
   * Only these cells ("oltp_point_select@4[innodb_thread_concurrency=8]"), when set: a suite cut
   * down to some cells (--cell, shards) keeps exactly them.
   */
  cells: z.array(z.string().max(300)).min(1).max(10_000).optional(),
  /** How much worse a cell may get before it can be a regression; defaults per metric. */
  tolerances: Tolerances.default({ overrides: [] }),
  /**
   * What the suite means to measure, checked by the run and the report: `io-bound`, data at
   * least five times the buffer pool and cells that read from disk (results/io-bound.ts).
   * No default: it would change every suite's baseline hash.
   */
  expect: z.enum(SUITE_EXPECTATIONS).optional(),
  /**
   * Stall seconds (per-second throughput below half the median) gate the verdict besides the
   * gating metrics asked for; judged and shown either way. Like tolerances, it changes no measurement.
   */
  stallGate: z.boolean().default(false),
});

/** Field names a suite file may use, for error messages. */
export const SUITE_FIELDS = Object.keys(SuiteObject.shape);
export const WORKLOAD_FIELDS = Object.keys(Workload.shape);

/**
 * Why instruction cells run one client thread: callgrind runs the server's threads one at a time
 * (it serializes them), so several client threads measure valgrind's scheduler, and whatever
 * they spend waiting for each other's locks (spin loops) depends on timing: the count would stop
 * being deterministic, which is the point of the metric.
 */
export const INSTRUCTIONS_THREADS_REASON =
  "instruction cells run one client thread: under callgrind the server's threads run one at a time, " +
  'and time spent spinning on locks between several client threads depends on timing, not on the code';

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
      if (workload.events !== undefined)
        issue(['workloads', index, 'events'], 'only for metric: instructions');
      if (workload.warmupEvents !== undefined)
        issue(['workloads', index, 'warmupEvents'], 'only for metric: instructions');
    });
  } else {
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
      if (workload.threads?.some((threads) => threads !== 1))
        issue(['workloads', index, 'threads'], `must be [1]: ${INSTRUCTIONS_THREADS_REASON}`);
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
  for (const { path, message } of workloadKindIssues(suite)) issue([...path], message);
  for (const { path, message } of variantIssues(suite.variants)) issue(path, message);
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
