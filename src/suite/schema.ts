// The suite file: what to run, how often, and against which server settings.
// Validated with zod; every error names the field and what would be valid.
import { z } from 'zod';

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
});
export type Workload = z.infer<typeof Workload>;

const tolerance = z.number().gt(0).lt(10);

/** Tolerances by metric, as fractions of the base value (0.05 = 5%). */
const MetricTolerances = z.strictObject({ tps: tolerance.optional(), latencyMs: tolerance.optional() });

export const Tolerances = MetricTolerances.extend({
  /** Per workload (and optionally per thread count) overrides; the most specific wins. */
  overrides: z
    .array(MetricTolerances.extend({ workload: z.string(), threads: z.number().int().min(1).optional() }))
    .default([]),
});
export type Tolerances = z.infer<typeof Tolerances>;

const SuiteObject = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, "_", "." or "-"'),
  description: z.string().default(''),
  /** unix socket or loopback TCP: the two behave differently, so it is part of the suite. */
  connection: Connection.default('socket'),
  /** Restart every server before each repetition (adds restart variance; off by default). */
  restartBetweenRepetitions: z.boolean().default(false),
  threads: threadList,
  durationSeconds: z.number().int().min(1).max(86_400),
  warmupSeconds: z.number().int().min(0).max(86_400).default(0),
  /** At least 2: one repetition says nothing about noise, and nothing can be compared on it. */
  repetitions: z.number().int().min(2).max(1000),
  tables: z.number().int().min(1).max(1024),
  tableSize: z.number().int().min(1),
  /** sysbench --report-interval, seconds; 0 turns per-interval lines off. */
  reportIntervalSeconds: z.number().int().min(0).default(1),
  /** Latency percentile sysbench reports (its --percentile). */
  percentile: z.number().int().min(1).max(100).default(95),
  /** Fixed random seed for sysbench (its --rand-seed); 0 means sysbench seeds from the clock. */
  randSeed: z.number().int().min(0).default(0),
  /** Options every server gets, before --set / --base-set / --head-set. */
  serverOptions: ServerOptions.default({}),
  /** Options for sysbench's prepare step only (e.g. mysql_storage_engine). */
  prepareOptions: sysbenchOptions.default({}),
  workloads: z.array(Workload).min(1),
  /** How much worse a cell may get before it can be a regression; defaults per metric. */
  tolerances: Tolerances.default({ overrides: [] }),
});

/** Field names a suite file may use, for error messages. */
export const SUITE_FIELDS = Object.keys(SuiteObject.shape);
export const WORKLOAD_FIELDS = Object.keys(Workload.shape);

export const Suite = SuiteObject.superRefine((suite, ctx) => {
  const seen = new Set<string>();
  suite.workloads.forEach((workload, index) => {
    if (seen.has(workload.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['workloads', index, 'name'],
        message: `workload name "${workload.name}" is used twice; names must be unique`,
      });
    }
    seen.add(workload.name);
  });
});
export type Suite = z.infer<typeof Suite>;
export type SuiteInput = z.input<typeof Suite>;

/** The sysbench script a workload runs: its own `script`, or its name. */
export function workloadScript(workload: Workload): string {
  return workload.script ?? workload.name;
}

/** Thread counts a workload runs at. */
export function workloadThreads(suite: Suite, workload: Workload): readonly number[] {
  return workload.threads ?? suite.threads;
}

export interface Cell {
  readonly workload: string;
  readonly threads: number;
}

/** Every (workload, threads) pair of the suite, in suite order. */
export function suiteCells(suite: Suite): Cell[] {
  return suite.workloads.flatMap((workload) =>
    workloadThreads(suite, workload).map((threads) => ({ workload: workload.name, threads })),
  );
}
