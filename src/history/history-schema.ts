// A nightly history: every run of one testbed, suite and set of server options, one entry per run,
// in commit order. Compact on purpose (it lives on a branch and grows every night): per entry the
// commit, its date, the server's version and compiler, a link to the run, and every repetition's
// value of each metric per cell; server variables and machine facts stay in the run's results.
import { z } from 'zod';

import { BaselineKey } from '../baseline/baseline-schema.js';
import { METRIC_NAMES } from '../metric-names.js';
import { Suite } from '../suite/suite-schema.js';
import { parseCellName as parseSuiteCellName } from '../suite/select-cells.js';
import type { Cell } from '../suite/suite-schema.js';

export const HISTORY_SCHEMA_VERSION = 1;

/** A history file larger than this is refused before parsing (it crosses from a branch). */
export const MAX_HISTORY_BYTES = 64 * 1024 * 1024;

/** Longest version or compiler text kept. */
export const MAX_TEXT = 200;

const Sha = z.string().regex(/^[0-9a-f]{7,64}$/, 'a commit hash in lower-case hex');

/** One repetition value per element, in repetition order; null when the run did not measure it. */
const MetricValues = z.array(z.number()).min(1).nullable();

export const HistoryEntry = z.strictObject({
  commit: Sha,
  /** The commit's date (committer date), which orders the series; null when unknown. */
  commitDate: z.iso.datetime({ offset: true }).nullable(),
  /** When the run started (results startedAt): with the commit, it identifies the run. */
  runAt: z.iso.datetime({ offset: true }),
  /** Where the run can be seen, e.g. the workflow run's URL. */
  run: z.url().max(2048).nullable(),
  /** The server's SELECT VERSION(). */
  version: z.string().max(MAX_TEXT),
  /** The server's compiler, when known. */
  compiler: z.string().max(MAX_TEXT).nullable(),
  /** Per cell of the file (its `cells` order), per metric (its `metrics` order); null: cell not run. */
  values: z.array(z.array(MetricValues).nullable()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryFile = z
  .strictObject({
    schemaVersion: z.literal(HISTORY_SCHEMA_VERSION),
    key: BaselineKey,
    /** The suite as last appended; its definition (tolerances and prose aside) never changes. */
    suite: Suite,
    suiteHash: z.string().min(1),
    /**
     * Cells as "workload@threads", with "[option=value,…]" for a cell of a variant (cellName): the
     * columns of every entry's values.
     */
    cells: z.array(z.string().regex(/^[A-Za-z0-9_.-]+@\d+(?:\[[^\]\n]{1,500}\])?$/)).min(1),
    metrics: z.array(z.enum(METRIC_NAMES)).min(1),
    /** Oldest first: by commit date, then run time. */
    entries: z.array(HistoryEntry),
  })
  .superRefine((file, ctx) => {
    file.entries.forEach((entry, index) => {
      const shapeOk =
        entry.values.length === file.cells.length &&
        entry.values.every((cell) => cell === null || cell.length === file.metrics.length);
      if (!shapeOk) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index, 'values'],
          message: `expected ${file.cells.length} cells of ${file.metrics.length} metrics`,
        });
      }
    });
  });
export type HistoryFile = z.infer<typeof HistoryFile>;

export { cellName } from '../suite/suite-schema.js';

/**
 * "oltp_point_select@1" or "oltp_point_select@1[innodb_thread_concurrency=8]" → the cell; a name
 * that is neither keeps its text as the workload (a history written by hand).
 */
export function parseCellName(name: string): Cell {
  try {
    return parseSuiteCellName(name, 'cell');
  } catch {
    const at = name.lastIndexOf('@');
    return { workload: name.slice(0, at), threads: Number(name.slice(at + 1)) };
  }
}
