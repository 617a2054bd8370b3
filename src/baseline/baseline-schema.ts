// A stored baseline file: one series of measurements of one testbed, suite and set of server
// options, newest entry last. Versioned and validated when read back.
import { z } from 'zod';

import { CellResult, Environment, ServerFacts, SideName } from '../results/results-schema.js';
import { Suite } from '../suite/suite-schema.js';

export const BASELINE_SCHEMA_VERSION = 1;

/** What a baseline file is keyed by; the file's path is derived from it (see key.ts). */
export const BaselineKey = z.strictObject({
  /** The testbed as given (--testbed) or the hardware fingerprint; the directory is a sanitized form. */
  testbed: z.string().min(1),
  /** Suite name. The suite definition hash is per entry, so a changed definition shows in the history. */
  suite: z.string().min(1),
  /** Stable hash of the side's server options (names normalized). */
  optionsHash: z.string().min(1),
  /** Those options, so a reader can see what the hash stands for. */
  options: z.record(z.string(), z.string()),
});
export type BaselineKey = z.infer<typeof BaselineKey>;

export const BaselineEntry = z.strictObject({
  /** When the entry was stored. */
  savedAt: z.iso.datetime(),
  /** The commit measured, when known (--commit, else GITHUB_SHA). */
  commit: z.string().min(1).optional(),
  /** The side of the results file this entry was taken from; its cells carry that side. */
  side: SideName,
  /** The run the entry came from. */
  run: z.strictObject({
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime(),
    mode: z.enum(['single', 'ab']),
    toolVersion: z.string(),
  }),
  /** suiteHash() of `suite` when saved (description and tolerances do not count). */
  suiteHash: z.string().min(1),
  optionsHash: z.string().min(1),
  /** The machine, as the results file recorded it (fingerprint included). */
  environment: Environment,
  /** The suite definition as run. */
  suite: Suite,
  /** Flavor, version, compiler, options and variables of the server measured. */
  facts: ServerFacts,
  /** Every cell with every repetition, as measured. */
  cells: z.array(CellResult).min(1),
});
export type BaselineEntry = z.infer<typeof BaselineEntry>;

export const BaselineFile = z
  .strictObject({
    schemaVersion: z.literal(BASELINE_SCHEMA_VERSION),
    key: BaselineKey,
    /** Oldest first, newest last; bounded when saved. */
    entries: z.array(BaselineEntry).min(1),
  })
  .superRefine((file, ctx) => {
    file.entries.forEach((entry, index) => {
      if (entry.optionsHash !== file.key.optionsHash) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index, 'optionsHash'],
          message: `is ${entry.optionsHash} but the file is keyed by options hash ${file.key.optionsHash}`,
        });
      }
      if (entry.suite.name !== file.key.suite) {
        ctx.addIssue({
          code: 'custom',
          path: ['entries', index, 'suite', 'name'],
          message: `is "${entry.suite.name}" but the file is keyed by suite "${file.key.suite}"`,
        });
      }
      entry.cells.forEach((cell, cellIndex) => {
        if (cell.side !== entry.side) {
          ctx.addIssue({
            code: 'custom',
            path: ['entries', index, 'cells', cellIndex, 'side'],
            message: `is "${cell.side}" but the entry was saved from side "${entry.side}"`,
          });
        }
      });
    });
  });
export type BaselineFile = z.infer<typeof BaselineFile>;
