// `history changes --series FILE`: one series from a CSV with a header naming `commit` and
// `value` (other columns ignored), so the detection can be checked on its own numbers. Pure.
import { parse } from 'csv-parse/sync';

import { errorMessage, InputError } from '../errors.js';
import type { Series, SeriesPoint } from './changes.js';

/** A series file larger than this is refused. */
export const MAX_SERIES_BYTES = 16 * 1024 * 1024;
const REQUIRED = ['commit', 'value'] as const;

function rows(text: string, source: string): Record<string, string>[] {
  try {
    return parse<Record<string, string>>(text, {
      columns: (header: string[]) => header.map((name) => name.trim()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new InputError(`${source}: not a CSV file: ${errorMessage(error)}`);
  }
}

/** The header row as csv-parse reads it (quotes, a byte-order mark), names trimmed. */
function header(text: string, source: string): string[] {
  try {
    const records: string[][] = parse(text, { bom: true, to_line: 1, relax_column_count: true });
    const [first] = records;
    return (first ?? []).map((name) => name.trim());
  } catch (error) {
    throw new InputError(`${source}: not a CSV file: ${errorMessage(error)}`);
  }
}

export function parseSeriesCsv(text: string, source: string): Series {
  if (Buffer.byteLength(text, 'utf8') > MAX_SERIES_BYTES) {
    throw new InputError(`${source} is over the ${MAX_SERIES_BYTES}-byte cap for a series file`);
  }
  if (text.trim() === '')
    throw new InputError(`${source} is empty: expected a header "commit,value" and at least 2 rows`);
  const columns = header(text, source);
  const missing = REQUIRED.filter((name) => !columns.includes(name));
  if (missing.length > 0) {
    throw new InputError(
      `${source} has no ${missing.map((name) => `"${name}"`).join(' or ')} column (header: ${columns.join(',')}); expected columns commit,value`,
    );
  }
  const points = rows(text, source).map((row, index): SeriesPoint => {
    const line = index + 2;
    const commit = row.commit ?? '';
    const value = Number(row.value);
    if (commit === '') throw new InputError(`${source} line ${line}: the commit is empty`);
    if (row.value === undefined || row.value === '' || !Number.isFinite(value)) {
      throw new InputError(
        `${source} line ${line}: value ${JSON.stringify(row.value ?? '')} is not a number`,
      );
    }
    return { commit, commitDate: null, run: null, value, repetitions: [value] };
  });
  if (points.length < 2) {
    throw new InputError(
      `${source} has ${points.length === 0 ? 'no points' : 'one point'}: a change needs at least 2 points (one before, one after)`,
    );
  }
  return { cell: source, metric: null, points };
}
