// The operational kinds: cells that measure what a server does when no client is waiting on it,
// rather than a client workload. `recovery`: a server killed after a fixed, seeded write load,
// restarted on that datadir until it answers. `cold-start`: a cleanly stopped server started until
// it answers. `replica-apply`: the binary log of a fixed, seeded write load on the primary, applied
// by a replica's applier from its relay log to the end. Their data is the sysbench-oltp kind's
// tables (shared with it, prepared once); the run layer runs them (run/operation-step.ts), each
// side's crashed datadir or relay log made once and copied for every repetition. Pure.
import type { MetricName } from '../metric-names.js';
import type { Suite, Workload } from '../suite/suite-shape.js';
import { MOST_APPLIER_THREADS, type OperationKind, OPERATION_UNIT } from './operation-names.js';
import { oltpDataSet, sysbenchOltp } from './sysbench-oltp.js';
import type { KindIssue, WorkloadKind } from './workload-kind.js';

/** The write load's script when a workload names none: writes only, the same rows back. */
export const DEFAULT_LOAD_SCRIPT = 'oltp_write_only';

/** The write load's script: the workload's `script`, or oltp_write_only. */
export function loadScript(workload: Pick<Workload, 'script'>): string {
  return workload.script ?? DEFAULT_LOAD_SCRIPT;
}

/** The write load's transactions: the workload's `events`, else the suite's. */
export function loadEvents(suite: Suite, workload: Workload): number | undefined {
  return workload.events ?? suite.events;
}

/** Whether the operation runs a write load first (a cold start has none). */
export function hasLoad(kind: OperationKind): boolean {
  return kind !== 'cold-start';
}

/** Whether a workload's `threads` mean the applier's threads (replica apply), not client threads. */
export function threadsAreAppliers(kind: OperationKind): boolean {
  return kind === 'replica-apply';
}

const ONE_THREAD =
  'must be [1]: the operation runs no client threads, and its write load runs on one, so that both sides replay the same transactions';

function validator(operation: OperationKind) {
  return (suite: Suite, workloads: readonly number[]): KindIssue[] => {
    if (workloads.length === 0) return [];
    const issues: KindIssue[] = sysbenchOltp.validate(suite, workloads);
    for (const index of workloads) {
      const workload = suite.workloads[index];
      if (workload === undefined) continue;
      const at = (field: string): (string | number)[] => ['workloads', index, field];
      if (hasLoad(operation) && loadEvents(suite, workload) === undefined) {
        issues.push({
          path: at('events'),
          message: `required by kind ${operation}: the transactions of its write load (a count, not a time)`,
        });
      }
      if (!hasLoad(operation) && workload.events !== undefined) {
        issues.push({ path: at('events'), message: `not used by kind ${operation}: it runs no write load` });
      }
      if (!hasLoad(operation) && workload.script !== undefined) {
        issues.push({ path: at('script'), message: `not used by kind ${operation}: it runs no write load` });
      }
      const threads = workload.threads ?? suite.threads;
      const threadsPath = workload.threads ? at('threads') : ['threads'];
      if (!threadsAreAppliers(operation) && threads.some((count) => count !== 1)) {
        issues.push({ path: threadsPath, message: ONE_THREAD });
      }
      const most = Math.max(...threads);
      if (threadsAreAppliers(operation) && most > MOST_APPLIER_THREADS) {
        issues.push({
          path: threadsPath,
          message: `${most} applier threads: a replica apply runs at most ${MOST_APPLIER_THREADS}`,
        });
      }
      if (workload.resetData !== undefined && workload.resetData !== 'none') {
        issues.push({
          path: at('resetData'),
          message: `not used by kind ${operation}: every repetition starts from a copy the run made once`,
        });
      }
      if ((workload.warmupEvents ?? 0) > 0) {
        issues.push({
          path: at('warmupEvents'),
          message: `not used by kind ${operation}: it has no warm-up`,
        });
      }
    }
    return issues;
  };
}

/** Rough seconds per load transaction and per repetition, for progress estimates only. */
const REPETITION_SECONDS: Readonly<Record<OperationKind, number>> = {
  recovery: 25,
  'cold-start': 20,
  'replica-apply': 30,
};

const METRICS: Readonly<Record<OperationKind, readonly MetricName[]>> = {
  recovery: ['instructions', 'instructionsTotal', 'seconds', 'cpuTimeUs'],
  'cold-start': ['instructions', 'instructionsTotal', 'seconds', 'cpuTimeUs'],
  'replica-apply': ['instructions', 'instructionsTotal', 'seconds', 'applyRate', 'cpuTimeUs'],
};

const SUMMARIES: Readonly<Record<OperationKind, string>> = {
  recovery:
    'crash recovery: a fixed, seeded write load, the server killed, then restarted on that datadir until it answers; per recovery',
  'cold-start': 'cold start: a cleanly stopped server started until it answers; per start',
  'replica-apply':
    "replica apply: a fixed, seeded write load's binary log applied by a replica from its relay log; per applied transaction",
};

function operationKind(operation: OperationKind): WorkloadKind {
  return {
    name: operation,
    summary: SUMMARIES[operation],
    operation,
    per: OPERATION_UNIT[operation],
    sizeFields: sysbenchOltp.sizeFields,
    validate: validator(operation),
    // The sbtest tables, shared with the sysbench-oltp kind's workloads (the same key).
    dataSet: oltpDataSet,
    runDataArgs: (suite) => sysbenchOltp.runDataArgs(suite),
    runScript: loadScript,
    reservedOptions: sysbenchOltp.reservedOptions,
    // Each repetition runs on a copy: the prepared tables are put back when the cell is over.
    changesData: () => 'keeps',
    defaultReset: () => 'none',
    // Per load transaction, as the estimates count (a cold start has none: its events are 1).
    eventSeconds: (workload) =>
      REPETITION_SECONDS[operation] / (hasLoad(operation) ? (workload.events ?? 1000) : 1),
    prepareSeconds: (suite, workload) => sysbenchOltp.prepareSeconds(suite, workload),
    dataBytes: (suite, workload) => sysbenchOltp.dataBytes(suite, workload),
    metrics: METRICS[operation],
  };
}

export const recoveryKind = operationKind('recovery');
export const coldStartKind = operationKind('cold-start');
export const replicaApplyKind = operationKind('replica-apply');
