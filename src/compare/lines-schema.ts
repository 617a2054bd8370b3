// verdict.json's section on the diff's lines: each hunk and the instructions per transaction (an
// operational cell's: per its unit) on it, per instruction cell, or why the lines could not be
// mapped. Text from a checkout or a dump, capped and kept to one line.
import { z } from 'zod';

import { CellOperation } from '../results/operation-schema.js';
import { CellVariant } from '../results/results-schema.js';

/** Text from a checkout or a dump: one line, no control characters (a log must not be steered). */
const OneLine = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u);
const RepoPath = OneLine(1000).min(1);

/** Where a repository is browsed: an https address with nothing that could leave a link. */
export const SOURCE_URL = /^https:\/\/[^\s"'<>()\\]+$/;
const Commit = z.string().regex(/^[0-9a-f]{40,64}$/);

/** One hunk of the diff and the instructions per transaction on its lines. */
export const HunkCost = z.strictObject({
  path: RepoPath,
  /** "sql/sql_parse.cc:1628–1635 (+8 lines)". */
  label: OneLine(1200),
  headStart: z.int().min(0),
  headLines: z.int().min(0),
  baseStart: z.int().min(0),
  baseLines: z.int().min(0),
  /** Instructions per transaction on the base's removed or changed lines. */
  base: z.number().min(0),
  /** Instructions per transaction on the head's added or changed lines. */
  head: z.number().min(0),
  delta: z.number(),
  /** delta as a share of the base's instructions per transaction; null when that is 0. */
  shareOfTransaction: z.number().nullable(),
  /** Functions of other files that ran these lines inlined: changes outside the diff's files. */
  inlinedInto: z.array(OneLine(600)).max(20),
});
export type HunkCost = z.infer<typeof HunkCost>;

export const CellLines = z.strictObject({
  workload: OneLine(200),
  threads: z.int(),
  variant: CellVariant.optional(),
  /** An operational cell: every figure here is per its unit (a recovery, a start, an applied transaction). */
  operation: CellOperation.optional(),
  /** The cell's measured change of instructions per transaction (head − base medians). */
  measured: z.number(),
  /** The sum of every hunk's delta. */
  explained: z.number(),
  /** explained ÷ measured; null when the measured change is under one instruction. */
  share: z.number().nullable(),
  /** The costliest hunks first. */
  hunks: z.array(HunkCost).max(200),
  /** Hunks whose lines cost nothing on either side (comments, code not run). */
  costlessHunks: z.int().min(0),
});
export type CellLines = z.infer<typeof CellLines>;

/** Instructions on the diff's lines per instruction cell, or why they could not be mapped. */
export const LineSection = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('mapped'),
    baseCommit: Commit,
    headCommit: Commit,
    /** Hunks in the diff. */
    hunks: z.int().min(0),
    /** Where the repository's files are browsed (https://github.com/owner/repo), for links; null: none. */
    sourceUrl: z.string().max(500).regex(SOURCE_URL).nullable(),
    cells: z.array(CellLines).max(1000),
  }),
  z.strictObject({ status: z.literal('unavailable'), reason: OneLine(2000) }),
]);
export type LineSection = z.infer<typeof LineSection>;
