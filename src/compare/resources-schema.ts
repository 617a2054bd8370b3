// verdict.json's section of CPU, context switches and I/O per transaction (compare/resources.ts).
import { z } from 'zod';

import { RESOURCE_FIGURES } from '../results/resource-figures.js';
import { CellVariant } from '../results/results-schema.js';

export const ResourceFigureName = z.enum(RESOURCE_FIGURES);

/** A figure per transaction over a side's repetitions. */
export const FigureSpread = z.strictObject({
  median: z.number().min(0),
  low: z.number().min(0),
  high: z.number().min(0),
});

/** What one cell's server spent per transaction, each side: the figures its repetitions measured. */
export const CellResources = z.strictObject({
  workload: z.string(),
  threads: z.number().int(),
  variant: CellVariant.optional(),
  base: z.partialRecord(ResourceFigureName, FigureSpread),
  head: z.partialRecord(ResourceFigureName, FigureSpread),
});
export type CellResources = z.infer<typeof CellResources>;

/** Work per transaction as CPU, context switches, reads and KB read and written, per wall-clock cell. */
export const ResourceSection = z.strictObject({
  cells: z.array(CellResources).max(10_000),
  /** Why a figure is missing on a side ("the head: context switches not available (…)"). */
  unavailable: z.array(z.string().max(700)).max(8),
  /** A suite that expects to be IO-bound: its data against the buffer pool, and whether its cells read. */
  ioBound: z
    .strictObject({
      /** Every cell read from disk as the suite expects. */
      reading: z.boolean(),
      sentence: z.string().max(2000),
      /** Per side: "head 473 MB, 7.4× the 64 MB buffer pool". */
      data: z.array(z.string().max(300)).max(2),
    })
    .optional(),
});
export type ResourceSection = z.infer<typeof ResourceSection>;
