// The kind of the TPC-C-like workload written here (assets/sysbench/tpcc.lua; not an audited
// TPC-C): the nine tables of the specification sized by the suite's `warehouses`, and the five
// transactions in the standard mix. Its runs add orders, order lines and history rows and deliver
// orders, so every step starts again from the prepared data. Pure.
import { CLIENT_METRIC_NAMES } from '../metric-names.js';
import type { Suite } from '../suite/suite-shape.js';
import type { DataCommand, DataSet, KindIssue, ResetMode, WorkloadKind } from './workload-kind.js';

export const TPCC = 'tpcc';

/** The script of ours that prepares, runs and cleans up the workload (assets/sysbench/). */
export const TPCC_SCRIPT = 'tpcc.lua';

/** The nine tables the script makes, checksummed before a repetition whose data is reset. */
export const TPCC_TABLES = [
  'warehouse',
  'district',
  'customer',
  'history',
  'new_orders',
  'orders',
  'order_line',
  'item',
  'stock',
] as const;

/**
 * How a tpcc workload's data is brought back after each step when the suite names no `resetData`
 * (`restore` puts back a copy of the prepared datadir instead of preparing again).
 */
export const TPCC_DEFAULT_RESET: ResetMode = 'restore';

/**
 * Rough seconds per transaction under callgrind, for progress estimates and a first deadline:
 * measured on a 2-core VM with MariaDB 10.11 at 2 warehouses, 40 transactions a repetition in about
 * 12 s (48 million instructions each, the mix's Stock-Level and Delivery most of it).
 */
const EVENT_SECONDS = 0.3;

/**
 * Seconds a cleanup and prepare take: the 100,000 items, then about 5 s a warehouse (12.3 s for 2
 * warehouses on a 2-core VM with MariaDB 10.11, the server the bottleneck).
 */
function prepareSeconds(warehouses: number): number {
  return 2 + 5 * warehouses;
}

function warehousesOf(suite: Suite): number {
  if (suite.warehouses === undefined) throw new Error(`suite ${suite.name} validated without warehouses`);
  return suite.warehouses;
}

function command(suite: Suite, name: DataCommand['command']): DataCommand {
  return {
    command: name,
    script: { asset: TPCC_SCRIPT },
    // One thread: the script loads the warehouses one after another.
    args: [`--warehouses=${warehousesOf(suite)}`, ...(name === 'prepare' ? ['--threads=1'] : [])],
    options: {},
    optionsSource: `suite "${suite.name}"`,
  };
}

function validate(suite: Suite, workloads: readonly number[]): KindIssue[] {
  // Warehouses given to a suite without tpcc workloads are left alone, as sysbench-oltp leaves
  // tables: a shard's cut of a mixed suite keeps the whole suite's fields.
  if (workloads.length === 0) return [];
  const names = workloads.map((index) => suite.workloads[index]?.name ?? String(index));
  const issues: KindIssue[] =
    suite.warehouses === undefined
      ? [
          {
            path: ['warehouses'],
            message: `required by workloads of kind ${TPCC} (${names.join(', ')}): how many warehouses to prepare, 1 to 10000`,
          },
        ]
      : [];
  for (const index of workloads) {
    if (suite.workloads[index]?.script !== undefined) {
      issues.push({
        path: ['workloads', index, 'script'],
        message: `kind ${TPCC} runs mysql-perf-gate's own ${TPCC_SCRIPT}; remove "script"`,
      });
    }
  }
  return issues;
}

function dataSet(suite: Suite): DataSet {
  const warehouses = warehousesOf(suite);
  return {
    key: `${TPCC} warehouses=${warehouses}`,
    kind: TPCC,
    what: `${warehouses} TPC-C-like warehouse(s)`,
    prepare: [command(suite, 'prepare')],
    cleanup: [command(suite, 'cleanup')],
    tables: TPCC_TABLES,
  };
}

export const tpcc: WorkloadKind = {
  name: TPCC,
  summary:
    'a TPC-C-like workload written here (not an audited TPC-C): nine tables sized by warehouses, five transactions in the standard mix',
  sizeFields: ['warehouses'],
  validate,
  dataSet,
  runDataArgs: (suite) => [`--warehouses=${warehousesOf(suite)}`],
  runScript: () => ({ asset: TPCC_SCRIPT }),
  reservedOptions: new Map([['warehouses', 'the suite "warehouses"']]),
  changesData: () => 'changes',
  defaultReset: () => TPCC_DEFAULT_RESET,
  eventSeconds: () => EVENT_SECONDS,
  prepareSeconds: (suite) => prepareSeconds(warehousesOf(suite)),
  // About 100 MB a warehouse (stock and customers most of it), and 10 MB of items.
  dataBytes: (suite) => 10e6 + 100e6 * warehousesOf(suite),
  metrics: CLIENT_METRIC_NAMES,
};
