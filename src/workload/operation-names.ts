// The operations a cell can measure besides a client workload, and what each is measured per:
// named here, below the results schema that records them and the kinds that run them. Pure.

/** The operational workload kinds (workload/operations.ts). */
export const OPERATION_KINDS = ['recovery', 'cold-start', 'replica-apply'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** What an operational cell's figures are per: its report's `transactions` count these. */
export const OPERATION_UNITS = ['recovery', 'start', 'applied transaction'] as const;
export type OperationUnit = (typeof OPERATION_UNITS)[number];

/** What each operation is measured per. */
export const OPERATION_UNIT: Readonly<Record<OperationKind, OperationUnit>> = {
  recovery: 'recovery',
  'cold-start': 'start',
  'replica-apply': 'applied transaction',
};

/** The most applier threads a replica apply may run: what a suite may ask and results may record. */
export const MOST_APPLIER_THREADS = 1024;

export function isOperationKind(name: string | undefined): name is OperationKind {
  return (OPERATION_KINDS as readonly (string | undefined)[]).includes(name);
}
