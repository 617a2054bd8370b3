// The acceptances a repository's maintainers gave, kept on the history branch beside the nightly
// histories (`acceptances.json`): which pull request, which measured commit, who, when, why and
// what failed. The nightly reads it back (a change point a maintainer accepted is named so, and
// opens no alert); people read it to find why the numbers moved. Appended to, oldest first, capped.
// Pure: the branch is read and written by the command that calls these.
import { z } from 'zod';

import { Acceptance } from '../compare/acceptance.js';
import { HistoryError } from '../errors.js';

export const ACCEPTANCE_LEDGER_PATH = 'acceptances.json';
/** The largest ledger read or written, in bytes. */
export const MAX_LEDGER_BYTES = 4 * 1024 * 1024;
/** The newest entries kept; older ones are dropped when it grows past this. */
export const LEDGER_KEEP = 2000;

export const LedgerEntry = z.strictObject({
  pullRequest: z.number().int().positive(),
  /** The pull request's title when accepted, for a reader of the ledger. */
  title: z.string().max(300),
  acceptance: Acceptance,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const AcceptanceLedger = z.strictObject({
  schemaVersion: z.literal(1),
  entries: z.array(LedgerEntry).max(LEDGER_KEEP),
});
export type AcceptanceLedger = z.infer<typeof AcceptanceLedger>;

/** The ledger in `text` (null: none yet); a ledger that does not read is an error naming `source`. */
export function parseLedger(text: string | null, source: string): AcceptanceLedger {
  if (text === null) return { schemaVersion: 1, entries: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HistoryError(`${source} is not JSON (${(error as Error).message})`);
  }
  const parsed = AcceptanceLedger.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HistoryError(
      `${source}: field ${issue?.path.join('.') || '(root)'} is wrong: ${issue?.message ?? 'invalid'}`,
    );
  }
  return parsed.data;
}

/**
 * `text` with `entry` appended (null when it is there already: the same commit, suite and person,
 * at the same time), the oldest entries dropped past LEDGER_KEEP.
 */
export function appendToLedger(text: string | null, entry: LedgerEntry, source: string): string | null {
  const ledger = parseLedger(text, source);
  const same = ledger.entries.some(
    (known) =>
      known.acceptance.sha === entry.acceptance.sha &&
      known.acceptance.suite === entry.acceptance.suite &&
      known.acceptance.by === entry.acceptance.by &&
      known.acceptance.at === entry.acceptance.at,
  );
  if (same) return null;
  const entries = [...ledger.entries, entry].slice(-LEDGER_KEEP);
  return `${JSON.stringify({ schemaVersion: 1, entries }, null, 2)}\n`;
}
