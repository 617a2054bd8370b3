// The suite file's fields: what to run, how often, and against which server settings, each
// checked alone. The checks across fields, the workload kinds' among them, are the schema's
// (suite-schema.ts); the workload kinds read the types here, so that suite/ and workload/ do not
// import each other.
import { z } from 'zod';

import { METRIC_NAMES, type MetricName } from '../metric-names.js';
import { VariantsField } from './variants.js';

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

/**
 * How a workload's data is brought back to what was prepared after a step that changed it:
 * `none` (the data is left as it is), `re-prepare` (sysbench's cleanup, then its prepare), or
 * `restore` (the server stopped, its datadir replaced by a copy taken once the data was prepared,
 * the server started again: run/datadir-snapshot.ts).
 */
export const RESET_MODES = ['none', 're-prepare', 'restore'] as const;
export type ResetMode = (typeof RESET_MODES)[number];

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

export const SuiteObject = z.strictObject({
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

/** A suite as its fields give it (the schema's checks across fields aside). */
export type Suite = z.infer<typeof SuiteObject>;
