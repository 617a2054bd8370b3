// What one repetition of an operational cell measured (recovery, cold start, replica apply): the
// operation, what its figures are per, and its seconds. Such a cell runs no client transactions:
// its repetition's report counts its units instead (a recovery, a start, the transactions a
// replica applied), so that every figure "per transaction" is per unit (docs/operations.md). And
// a cell's operation as the verdict's sections name it.
import { z } from 'zod';

import {
  MOST_APPLIER_THREADS,
  OPERATION_KINDS,
  OPERATION_UNIT,
  OPERATION_UNITS,
} from '../workload/operation-names.js';

export { OPERATION_KINDS, OPERATION_UNIT, type OperationKind } from '../workload/operation-names.js';

const bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * An operational cell's operation (recovery, cold start, replica apply) and what its figures are
 * per, as the verdict's sections name it; absent: a client workload's cell, per transaction.
 */
export const CellOperation = z.strictObject({
  kind: z.enum(OPERATION_KINDS),
  per: z.enum(OPERATION_UNITS),
});
export type CellOperation = z.infer<typeof CellOperation>;

export const OperationFigures = z
  .strictObject({
    kind: z.enum(OPERATION_KINDS),
    /** What the report's `transactions` (and every figure per transaction) count. */
    per: z.enum(OPERATION_UNITS),
    /** How many units the repetition measured: 1 recovery, 1 start, or the transactions applied. */
    units: z.number().int().min(1).max(1e9),
    /**
     * Seconds of the operation with the server running natively: from the server's spawn to its
     * first answer (recovery, cold start), or from the applier's start to the last transaction
     * applied (replica apply).
     */
    seconds: z.number().min(0).max(86_400),
    /** The same, under callgrind, when the repetition was also counted (instruction suites). */
    countedSeconds: z.number().min(0).max(86_400).optional(),
    /** Redo log bytes the recovery applied: from its checkpoint to the end of the log (its error log). */
    redoBytes: bytes.optional(),
    /** Transactions of the write load before the crash, or on the primary before the apply. */
    loadEvents: z.number().int().min(1).max(1e9).optional(),
    /** Applier threads of a replica apply (1: serial). */
    applierThreads: z.number().int().min(1).max(MOST_APPLIER_THREADS).optional(),
  })
  .refine((figures) => figures.per === OPERATION_UNIT[figures.kind], {
    message: 'per must be what the operation is measured per',
    path: ['per'],
  });
export type OperationFigures = z.infer<typeof OperationFigures>;
