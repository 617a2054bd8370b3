// The kind of sysbench's bundled oltp_* scripts, and of custom .lua scripts that use
// oltp_common's tables: sbtest1..N (id, k, c, pad), sized by the suite's `tables` and `tableSize`,
// prepared once per server. Pure.
import { CLIENT_METRIC_NAMES } from '../metric-names.js';
import type { Suite, Workload } from '../suite/suite-shape.js';
import {
  type DataChange,
  type DataCommand,
  type DataSet,
  type KindIssue,
  seedArgs,
  type WorkloadKind,
  workloadScript,
} from './workload-kind.js';

export const SYSBENCH_OLTP = 'sysbench-oltp';

/**
 * The bundled script whose prepare/cleanup create and drop the tables. Every bundled oltp_*
 * script shares oltp_common.lua's schema (sbtest1..N: id, k, c, pad), so any of them would do.
 */
export const TABLES_SCRIPT = 'oltp_read_write';

/** prepare builds tables in parallel, one thread per table, but no more than this. */
export const MAX_PREPARE_THREADS = 4;

/**
 * The prepare a suite with a fixed seed runs instead of TABLES_SCRIPT's (assets/sysbench/): the
 * same prepare, with the generator reseeded from --prepare-seed before each table, because
 * sysbench 1.0 applies --rand-seed to `run` only and fills the tables with new values every time.
 */
export const SEEDED_PREPARE_SCRIPT = 'seeded_prepare.lua';

/**
 * Rough seconds per transaction under callgrind, for progress estimates only (measured on a
 * 2-core VM with MariaDB 10.11); the tracker rescales its estimate by how long the finished steps
 * really took. Scripts not listed get the middle figure.
 */
const EVENT_SECONDS: Readonly<Record<string, number>> = {
  oltp_point_select: 0.0007,
  oltp_read_only: 0.022,
  oltp_read_write: 0.04,
  oltp_write_only: 0.008,
};
const DEFAULT_EVENT_SECONDS = 0.02;

/**
 * Bundled scripts whose runs change how many rows the tables hold: oltp_insert adds rows,
 * oltp_delete removes them without putting them back, bulk_insert fills tables of its own.
 */
const CHANGES_DATA = new Set(['oltp_insert', 'oltp_delete', 'bulk_insert']);

function tableSizes(suite: Suite): { tables: number; tableSize: number } {
  const { tables, tableSize } = suite;
  if (tables === undefined || tableSize === undefined) {
    throw new Error(`suite ${suite.name} validated without tables or tableSize`);
  }
  return { tables, tableSize };
}

/**
 * `sysbench oltp_read_write … prepare`: creates and fills the suite's tables. With a fixed seed,
 * SEEDED_PREPARE_SCRIPT fills them, on one thread, with the rows that seed gives every time;
 * without one, up to MAX_PREPARE_THREADS threads fill them.
 */
export function oltpPrepare(suite: Suite): DataCommand {
  const { tables, tableSize } = tableSizes(suite);
  const seeded = suite.randSeed !== 0;
  return {
    command: 'prepare',
    script: seeded ? { asset: SEEDED_PREPARE_SCRIPT } : TABLES_SCRIPT,
    args: [
      `--tables=${tables}`,
      `--table-size=${tableSize}`,
      `--threads=${seeded ? 1 : Math.min(tables, MAX_PREPARE_THREADS)}`,
      ...seedArgs(suite),
      ...(seeded ? [`--prepare-seed=${suite.randSeed}`] : []),
    ],
    options: suite.prepareOptions,
    optionsSource: `suite "${suite.name}" prepareOptions`,
  };
}

/** `sysbench oltp_read_write … cleanup`: drops the suite's tables. */
export function oltpCleanup(suite: Suite): DataCommand {
  const { tables } = tableSizes(suite);
  return {
    command: 'cleanup',
    script: TABLES_SCRIPT,
    args: [`--tables=${tables}`],
    options: {},
    optionsSource: `suite "${suite.name}"`,
  };
}

/** The sbtest tables every workload of the kind shares. */
export function oltpDataSet(suite: Suite): DataSet {
  return {
    key: SYSBENCH_OLTP,
    kind: SYSBENCH_OLTP,
    what: `${tableSizes(suite).tables} table(s)`,
    prepare: [oltpPrepare(suite)],
    cleanup: [oltpCleanup(suite)],
    tables: Array.from({ length: tableSizes(suite).tables }, (_, index) => `sbtest${index + 1}`),
  };
}

function validate(suite: Suite, workloads: readonly number[]): KindIssue[] {
  const names = workloads.map((index) => suite.workloads[index]?.name ?? String(index));
  // Tables given to a suite without OLTP workloads are left alone: a shard's cut of a mixed
  // suite (run --shard) keeps the whole suite's fields, and its results must still read back.
  if (names.length === 0) return [];
  const users = `workloads of kind ${SYSBENCH_OLTP} (${names.join(', ')})`;
  return [
    ...(suite.tables === undefined
      ? [{ path: ['tables'], message: `required by ${users}: how many sbtest tables to prepare, 1 to 1024` }]
      : []),
    ...(suite.tableSize === undefined
      ? [{ path: ['tableSize'], message: `required by ${users}: rows per sbtest table, at least 1` }]
      : []),
  ];
}

function changesData(workload: Workload): DataChange {
  const script = workloadScript(workload);
  if (CHANGES_DATA.has(script)) return 'changes';
  return script.endsWith('.lua') ? 'unknown' : 'keeps';
}

/** Bytes an sbtest row takes on disk, its index included; bytes an empty table's file takes. */
const OLTP_ROW_BYTES = 240;
const OLTP_TABLE_BYTES = 100 * 1024;

export const sysbenchOltp: WorkloadKind = {
  name: SYSBENCH_OLTP,
  summary: "sysbench's bundled oltp_* scripts, or a .lua script on oltp_common's sbtest tables",
  sizeFields: ['tables', 'tableSize'],
  validate,
  dataSet: oltpDataSet,
  runDataArgs: (suite) => {
    const { tables, tableSize } = tableSizes(suite);
    return [`--tables=${tables}`, `--table-size=${tableSize}`];
  },
  runScript: workloadScript,
  reservedOptions: new Map([
    ['tables', 'the suite "tables"'],
    ['table_size', 'the suite "tableSize"'],
    ['prepare_seed', 'the suite "randSeed"'],
  ]),
  changesData,
  // No reset unless the suite asks for one, whatever changesData says: the tables are prepared
  // once per server and kept, as they always were, so results stay comparable with stored
  // baselines. That is right for the scripts that keep the table size: oltp_read_write and
  // oltp_write_only delete a row and insert the same id back, oltp_update_* change values in
  // place, the rest only read. oltp_insert and oltp_delete do change the row count: a suite that
  // wants each of their repetitions on the prepared rows says `resetData: re-prepare`.
  defaultReset: () => 'none',
  eventSeconds: (workload) => EVENT_SECONDS[workloadScript(workload)] ?? DEFAULT_EVENT_SECONDS,
  // About 20 µs a row on the 2-core VM of the event figures, plus sysbench's start.
  prepareSeconds: (suite) => {
    const { tables, tableSize } = tableSizes(suite);
    return 1 + tables * tableSize * 2e-5;
  },
  // An sbtest row takes about 240 bytes on disk with its secondary index (1,000,000 rows: 240 MB),
  // and a table's file starts at about 100 KiB.
  dataBytes: (suite) => {
    const { tables, tableSize } = tableSizes(suite);
    return tables * (OLTP_ROW_BYTES * tableSize + OLTP_TABLE_BYTES);
  },
  // Every metric but the TPC-C-like workload's New-Orders per minute.
  metrics: CLIENT_METRIC_NAMES.filter((name) => name !== 'notpm'),
};
