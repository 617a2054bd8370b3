// verdict.json's mix of TPC-C-like transactions per cell, against the standard mix.
import { z } from 'zod';

import { CellVariant } from '../results/results-schema.js';

const Share = z.number().min(0).max(1);

/** One side's TPC-C-like mix over every repetition of a cell: each type's share of its transactions. */
export const SideMix = z.strictObject({
  /** Completed transactions (committed or rolled back on purpose) over every repetition. */
  transactions: z.number().int().min(1),
  shares: z.strictObject({
    newOrder: Share,
    payment: Share,
    orderStatus: Share,
    delivery: Share,
    stockLevel: Share,
  }),
});
export type SideMix = z.infer<typeof SideMix>;

/** A TPC-C-like cell's mix of transactions on both sides, against the standard mix. */
export const CellMix = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  /** Null: that side's repetitions did not report one. */
  base: SideMix.nullable(),
  head: SideMix.nullable(),
  /** The largest distance of a type's share from the standard's, either side (0.02: 2 points). */
  offBy: Share,
  /** Every share on both sides within the tolerance of the standard mix. */
  standard: z.boolean(),
});
export type CellMix = z.infer<typeof CellMix>;
