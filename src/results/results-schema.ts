// results.json: everything a run measured, versioned and validated when read back.
import { z } from 'zod';

import { Suite } from '../suite/suite-schema.js';
import { BuildInfo, CompilerInfo, Flavor } from './build-schema.js';
import { VariantName } from '../suite/variants.js';
import { MAX_STATUS_COUNTERS, STATUS_NAME } from './status-counters.js';
import { SysbenchReport } from '../sysbench/report-schema.js';
import { MergedRecord, Placement, ShardRecord } from './shard-schema.js';
import { IdleSideFigure, IdleSideRecord } from './idle-side-schema.js';
import { OperationFigures } from './operation-schema.js';
import { checkCell, checkRepetition, checkSidesAndCells } from './results-checks.js';

export const RESULTS_SCHEMA_VERSION = 1;

export { BuildInfo, CompilerInfo, Flavor, FLAVOR_NAMES } from './build-schema.js';
export { MergedRecord, Placement, ServerFingerprint, ShardRecord } from './shard-schema.js';
export { IdleSideFigure, IdleSideRecord } from './idle-side-schema.js';
export { OPERATION_KINDS, OPERATION_UNIT, OperationFigures, type OperationKind } from './operation-schema.js';

export const SideName = z.enum(['base', 'head']);
export type SideName = z.infer<typeof SideName>;

/** A SHOW GLOBAL STATUS variable's name: anything else from a server is never stored. */
export const StatusName = z.string().regex(STATUS_NAME);

/** Status counters that moved over a window: the increments, the snapshots' own taken out. */
export const WorkCounts = z
  .record(StatusName, z.number().min(0))
  .refine((counts) => Object.keys(counts).length <= MAX_STATUS_COUNTERS, {
    message: `more than ${MAX_STATUS_COUNTERS} status counters`,
  });
export type WorkCounts = z.infer<typeof WorkCounts>;

/** Whether a source of figures could be read, or why not (capped: it comes from the measuring side). */
export const Availability = z.union([
  z.strictObject({ available: z.literal(true) }),
  z.strictObject({ available: z.literal(false), reason: z.string().max(500) }),
]);
export type Availability = z.infer<typeof Availability>;

export const ServerFacts = z.strictObject({
  /** The binary that ran, as an absolute path. */
  binary: z.string(),
  /** Install prefix the server was started with (its basedir). */
  basedir: z.string(),
  flavor: Flavor,
  /** Version number, e.g. "10.11.19". */
  version: z.string(),
  /** What `--version` printed, verbatim. */
  versionLine: z.string(),
  /** SELECT VERSION(), e.g. "10.11.19-MariaDB-0+deb12u1". */
  versionFunction: z.string(),
  versionComment: z.string(),
  compileMachine: z.string(),
  compileOs: z.string(),
  compiler: CompilerInfo,
  /** The options this side was started with (suite, --set, per-side), after merging. */
  options: z.record(z.string(), z.string()),
  /** SHOW GLOBAL VARIABLES at the first start. */
  variables: z.record(z.string(), z.string()),
  /**
   * The counters of SHOW GLOBAL STATUS (names only, gauges left out) at the first start: a
   * counter listed here and missing from a repetition's `work` did not move in that window.
   * Absent in results written before work was counted.
   */
  statusCounters: z.array(StatusName).max(MAX_STATUS_COUNTERS).optional(),
  /**
   * With server-option variants: for each variant (its label), the values the server reported for
   * the variant's options once it ran under it, so a reader sees each variant took effect.
   */
  variants: z
    .record(z.string().max(300), z.record(z.string().max(64), z.string().max(300)))
    .refine((variants) => Object.keys(variants).length <= 64, { message: 'more than 64 variants' })
    .optional(),
  /**
   * Whether the server's context switches and I/O could be read from /proc (throughput suites),
   * or why not; absent in older results and instruction suites.
   */
  processCounters: z.strictObject({ contextSwitches: Availability, io: Availability }).optional(),
  /**
   * The size of the workloads' data once prepared (data and indexes of the sysbench database,
   * from information_schema.TABLES), in bytes; absent in older results.
   */
  dataBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Error log, relative to the raw directory beside the results file. */
  errorLog: z.string(),
  /** How the server was built, when its prefix holds a build.json. */
  build: BuildInfo.optional(),
});
export type ServerFacts = z.infer<typeof ServerFacts>;

/**
 * The runner check's grade (`doctor`), when the measuring job ran it: what publish shows beside
 * the machine. Strings are capped: they come from the measuring side.
 */
export const RunnerCheck = z.strictObject({
  letter: z.enum(['A', 'B', 'C', 'D', 'E', 'F']),
  /** 100 minus every finding's penalty, at least 0. */
  score: z.number().int().min(0).max(100),
  /** The findings that cost most, worst first ("CPU governor: powersave"). */
  worst: z.array(z.string().max(200)).max(5),
});
export type RunnerCheck = z.infer<typeof RunnerCheck>;

export const Environment = z.strictObject({
  hostname: z.string(),
  platform: z.string(),
  arch: z.string(),
  kernel: z.string(),
  os: z.string(),
  cpuModel: z.string(),
  logicalCores: z.number().int().min(1),
  /** null when /proc/cpuinfo does not say (some virtual machines). */
  physicalCores: z.number().int().min(1).nullable(),
  /** Simultaneous multithreading active; null when unknown. */
  smt: z.boolean().nullable(),
  /** cpufreq scaling governor of cpu0; null when the machine exposes none (most VMs). */
  governor: z.string().nullable(),
  /** Whether the kernel runs under a hypervisor (the cpuinfo "hypervisor" flag). */
  virtualized: z.boolean(),
  memoryBytes: z.number().int().min(0),
  loadAverageBefore: z.tuple([z.number(), z.number(), z.number()]),
  loadAverageAfter: z.tuple([z.number(), z.number(), z.number()]),
  nodeVersion: z.string(),
  sysbenchVersion: z.string(),
  /** Stable hash of the hardware facts (CPU model, cores, SMT, memory): the default testbed key. */
  fingerprint: z.string(),
  /** The runner check's grade, when the job ran it before measuring (absent in older results). */
  runnerCheck: RunnerCheck.optional(),
});
export type Environment = z.infer<typeof Environment>;

/** A count read from /proc: a whole number a double holds exactly. */
const ProcCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** What the server spent on one measured window, beside sysbench's own figures. */
export const RepetitionCost = z.strictObject({
  /** CPU time of the whole server process (all threads) over the window, from /proc. */
  cpu: z.strictObject({ userSeconds: z.number().min(0), systemSeconds: z.number().min(0) }).optional(),
  /**
   * Context switches of the server's threads over the window (/proc/<pid>/task/<tid>/status),
   * summed over the threads alive at its end; `threadsEnded` threads ended during it, their
   * switches in it not counted. Throughput suites; absent when unreadable and in older results.
   */
  contextSwitches: z
    .strictObject({
      voluntary: ProcCount,
      involuntary: ProcCount,
      threadsEnded: z.int().min(0).max(1_000_000),
    })
    .optional(),
  /**
   * Storage I/O of the whole server process over the window (/proc/<pid>/io: read_bytes,
   * write_bytes, syscr, syscw). Throughput suites; absent when unreadable and in older results.
   */
  io: z
    .strictObject({
      readBytes: ProcCount,
      writeBytes: ProcCount,
      readCalls: ProcCount,
      writeCalls: ProcCount,
    })
    .optional(),
  /** Hardware instructions retired by the server process over the window (`perf stat`). */
  hardwareInstructions: z.number().min(0).optional(),
  /** Instructions counted by callgrind (metric: instructions). */
  callgrind: z
    .strictObject({
      /** Every thread of the server, background work (purge, flushing, timers) included. */
      total: z.number().min(0),
      /**
       * Only what ran inside the server's statement dispatcher (do_command and everything it
       * calls): the work done for the client, without background threads' timing.
       */
      foreground: z.number().min(0),
      /** The function whose inclusive cost is `foreground`, as named in the profile. */
      foregroundFunction: z.string(),
      /** The gzipped dump, relative to the raw directory. */
      profile: z.string(),
    })
    .optional(),
});
export type RepetitionCost = z.infer<typeof RepetitionCost>;

/** Self (exclusive) instructions of one function per transaction, averaged over repetitions. */
export const FunctionCost = z.strictObject({
  name: z.string(),
  /** The object file (binary or shared library) the function is in. */
  object: z.string(),
  perTransaction: z.number().min(0),
});
export type FunctionCost = z.infer<typeof FunctionCost>;

/** Data resets of one mode on one side: how many, and their seconds in all. */
export const ResetTally = z.strictObject({ count: z.int().min(1), seconds: z.number().min(0) });
export type ResetTally = z.infer<typeof ResetTally>;

export const Repetition = z
  .strictObject({
    /** 1-based repetition number within the cell and side. */
    index: z.number().int().min(1),
    /** Position in the whole run's measurement order (shows the interleaving). */
    sequence: z.number().int().min(1),
    startedAt: z.iso.datetime(),
    report: SysbenchReport,
    /** sysbench's output, relative to the raw directory. */
    rawOutput: z.string(),
    cost: RepetitionCost.optional(),
    /**
     * SHOW GLOBAL STATUS counters that moved over the window, as increments (divide by
     * report.transactions for work per transaction). Absent when they could not be read, and in
     * results written before they were counted.
     */
    work: WorkCounts.optional(),
    /**
     * A checksum of the workload's tables before the repetition (CHECKSUM TABLE, digested), when its
     * data is reset between steps (resetData re-prepare or restore): equal in every repetition of
     * the workload, on both sides, when each started from the same rows.
     */
    dataChecksum: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .optional(),
    /** The other side's server over this repetition, when the sides were measured in turn. */
    idleSide: IdleSideFigure.optional(),
    /**
     * An operational cell's repetition (recovery, cold start, replica apply): what it measured and
     * what its figures are per. Its `report` then counts those units as its transactions, their
     * seconds as its time; it has no latency, queries or per-second reports.
     */
    operation: OperationFigures.optional(),
  })
  .superRefine(checkRepetition);
export type Repetition = z.infer<typeof Repetition>;

/** A cell's server-option variant: each dimension's value (suite/variants.ts). */
export const CellVariant = z
  .record(VariantName, VariantName)
  .refine((variant) => Object.keys(variant).length <= 16, { message: 'more than 16 variant dimensions' });

export const CellResult = z
  .strictObject({
    workload: z.string(),
    threads: z.number().int().min(1),
    /** The suite's server-option variant this cell ran under; absent when the suite has none. */
    variant: CellVariant.optional(),
    side: SideName,
    repetitions: z.array(Repetition).min(1),
    /** Instruction cells: where the instructions went (every function with a non-zero count). */
    functions: z.array(FunctionCost).optional(),
    /**
     * Set when `functions` was cut short (baseline entries keep the largest few hundred): every
     * function left out cost less than this per transaction.
     */
    functionsBelow: z.number().min(0).optional(),
  })
  .superRefine(checkCell);
export type CellResult = z.infer<typeof CellResult>;

/** A setting of the head given the base's value (run --align-settings). */
const AlignedSettingRecord = z.strictObject({
  setting: z.string().max(200),
  head: z.string().max(1000),
  base: z.string().max(1000),
  options: z.record(z.string().max(200), z.string().max(1000)),
});

/**
 * The aligned head of run --align-settings: the head's server measured again with the base's
 * values of the settings known to change the work, on the cells of the comparison.
 */
export const AlignmentRecord = z.strictObject({
  /** The options added to the head's own. */
  options: z.record(z.string().max(200), z.string().max(1000)),
  aligned: z.array(AlignedSettingRecord).max(200),
  /** First-tier settings that differ but were not aligned, each with why. */
  skipped: z.array(z.strictObject({ setting: z.string().max(200), why: z.string().max(1000) })).max(200),
  /** What the aligned head reported for the options, once it ran with them. */
  applied: z.record(z.string().max(200), z.string().max(1000)),
  /** The aligned head's cells, under the suite's own cell names (side "head"). */
  cells: z.array(CellResult),
});
export type AlignmentRecord = z.infer<typeof AlignmentRecord>;

export const Results = z
  .strictObject({
    schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
    tool: z.strictObject({ name: z.literal('mysql-perf-gate'), version: z.string() }),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    /** "single" for --server, "ab" for --base/--head (interleaved). A single run's side is "head". */
    mode: z.enum(['single', 'ab']),
    environment: Environment,
    suite: Suite,
    sides: z.strictObject({ base: ServerFacts.optional(), head: ServerFacts }),
    /** Which cost counters this run had, and why one was missing. */
    costCounters: z
      .strictObject({
        /** valgrind's version, for metric: instructions. */
        valgrind: z.string().optional(),
        /** Hardware instruction counts via perf: available, or why not. */
        hardwareInstructions: z.union([
          z.strictObject({ available: z.literal(true), perfVersion: z.string() }),
          z.strictObject({ available: z.literal(false), reason: z.string() }),
        ]),
      })
      .optional(),
    /** Directory holding raw sysbench output and error logs, relative to the results file. */
    rawDir: z.string(),
    cells: z.array(CellResult),
    /** Where the server and sysbench ran (absent in results written before it was recorded). */
    placement: Placement.optional(),
    /**
     * Set when base and head were measured at once (`--parallel-sides`, count suites only): each
     * side's server and its sysbench on CPUs of their own. Absent: one side at a time, interleaved.
     */
    parallelSides: z.strictObject({ base: z.string().max(200), head: z.string().max(200) }).optional(),
    /** How the idle side was held while the other was measured (A/B runs in turn; absent in older results). */
    idleSide: IdleSideRecord.optional(),
    /** How long the run's stages took, in seconds (absent in results from before it was recorded). */
    stages: z
      .strictObject({
        /** Per side: starting its server, preparing its tables, its own warm-ups and repetitions. */
        sides: z.partialRecord(
          SideName,
          z.strictObject({
            start: z.number().min(0),
            prepare: z.number().min(0),
            measure: z.number().min(0),
            /**
             * The prepared datadir copied (resetData: restore): by reflink or a plain copy, its
             * bytes, and the seconds of the server's stop, the copy and its start again.
             */
            datadirCopy: z
              .strictObject({
                method: z.enum(['reflink', 'copy']),
                bytes: z.number().int().min(0),
                seconds: z.number().min(0),
              })
              .optional(),
            /** The data resets after its steps (part of `measure`), by mode: how many and their seconds. */
            resets: z
              .strictObject({
                restore: ResetTally.optional(),
                rePrepare: ResetTally.optional(),
              })
              .optional(),
          }),
        ),
        /** Wall time of the measurements, both sides (less than their sum when they ran at once). */
        measure: z.number().min(0),
      })
      .optional(),
    /**
     * Set when the run added repetitions to cells it could not decide (--max-repetitions,
     * --budget): the looks compare spends alpha over (stats/alpha-spending.ts), and why it stopped.
     */
    adaptive: z
      .strictObject({
        planned: z.int().min(1),
        most: z.int().min(1),
        looks: z.array(z.int().min(1)).min(1).max(64),
        budgetSeconds: z.number().positive().nullable(),
        stopped: z.enum(['decided', 'most', 'budget']),
      })
      .optional(),
    /** Set when this run measured one shard of the suite (run --shard K/N). */
    shard: ShardRecord.optional(),
    /** Set when `merge` made this file from shards. */
    merged: MergedRecord.optional(),
    /** Set when the run measured an aligned head (run --align-settings). */
    alignment: AlignmentRecord.optional(),
  })
  .superRefine(checkSidesAndCells);
export type Results = z.infer<typeof Results>;
export type AdaptiveRecord = NonNullable<Results['adaptive']>;
