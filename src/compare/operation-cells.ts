// Which cells are operational (recovery, cold start, replica apply: workload/operations.ts), what
// their figures are per, and which metrics a cell's workload yields at all, from the suite's
// workload kinds: the verdict, the report, the history and bisect ask here. Pure.
import type { MetricName } from '../metric-names.js';
import { METRICS } from './metrics.js';
import type { Suite } from '../suite/suite-schema.js';
import { kindOf } from '../workload/kinds.js';
import type { OperationKind, OperationUnit } from '../workload/operation-names.js';

/** An operational cell's operation and what its figures are per. */
export interface CellOperation {
  readonly kind: OperationKind;
  readonly per: OperationUnit;
}

function workloadNamed(suite: Pick<Suite, 'workloads'>, workload: string) {
  return suite.workloads.find((candidate) => candidate.name === workload);
}

/** The operation a workload's cells measure; undefined for a client workload (or one the suite lacks). */
export function operationOf(suite: Pick<Suite, 'workloads'>, workload: string): CellOperation | undefined {
  const found = workloadNamed(suite, workload);
  if (found === undefined) return undefined;
  const { operation, per } = kindOf(found);
  return operation === undefined || per === undefined ? undefined : { kind: operation, per };
}

/**
 * Whether a workload's cells yield the metric at all: New-Orders only from TPC-C-like cells,
 * neither throughput nor latency from an operational cell, and an operation's seconds from no
 * client workload. A workload the suite lacks yields every metric but the operations' own.
 */
export function yieldsMetric(suite: Pick<Suite, 'workloads'>, workload: string, metric: MetricName): boolean {
  const found = workloadNamed(suite, workload);
  if (found === undefined) return !METRICS[metric].operational;
  const kind = kindOf(found);
  return kind.metrics.includes(metric) && (kind.operation !== undefined || !METRICS[metric].operational);
}

/** The operations the suite's workloads measure, each once, in the suite's order. */
export function suiteOperations(suite: Pick<Suite, 'workloads'>): OperationKind[] {
  const kinds = suite.workloads.flatMap((workload) => operationOf(suite, workload.name)?.kind ?? []);
  return [...new Set(kinds)];
}

/** Cells with their operation, when they have one (an operational workload's cells). */
export function withOperation<T extends { readonly workload: string }>(
  cells: readonly T[],
  operationOfWorkload: (workload: string) => CellOperation | undefined,
): (T & { operation?: CellOperation })[] {
  return cells.map((cell) => {
    const operation = operationOfWorkload(cell.workload);
    return operation === undefined ? cell : { ...cell, operation };
  });
}
