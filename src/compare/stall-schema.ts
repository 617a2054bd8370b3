// verdict.json's stalls: the cells whose stall seconds regressed, or why none were judged.
import { z } from 'zod';

import { CellVariant } from '../results/results-schema.js';

/** One side of a cell whose stall seconds regressed: its repetition with the most of them. */
export const SideStalls = z.strictObject({
  /** Which repetition, numbered as results number them (from 1). */
  repetition: z.number().int().min(1),
  stallSeconds: z.number().min(0),
  /** When each stalled interval ended, seconds into the repetition. */
  stalledAtS: z.array(z.number().min(0)).max(100_000),
  /** Its lowest interval's throughput as a fraction of its median interval. */
  lowestRatio: z.number().min(0),
  /** How many of the side's repetitions had a stall second, of how many. */
  repetitionsWithStalls: z.number().int().min(0),
  repetitions: z.number().int().min(1),
});
export type SideStalls = z.infer<typeof SideStalls>;

export const CellStalls = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  base: SideStalls,
  head: SideStalls,
});
export type CellStalls = z.infer<typeof CellStalls>;

/** Stalls in the per-second reports: the cells whose stall seconds regressed, or why none are judged. */
export const StallSection = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('unavailable'), reason: z.string() }),
  z.strictObject({ status: z.literal('judged'), cells: z.array(CellStalls) }),
]);
export type StallSection = z.infer<typeof StallSection>;
