// A history file as text: parsed with its size capped and its schema checked; written with one
// entry per line, so a night's append is a one-line diff on the branch that keeps it. Pure.
import { errorMessage, GateError, HistoryError } from '../errors.js';
import { parseVersionedJson } from '../results/versioned-json.js';
import { HISTORY_SCHEMA_VERSION, HistoryFile, MAX_HISTORY_BYTES } from './history-schema.js';

/**
 * Parses and validates a history file's text; `source` names it in every error, `reader` (the
 * command reading it: "history page") is named when the file is of another kind (results, a baseline).
 */
export function parseHistoryText(text: string, source: string, reader?: string): HistoryFile {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > MAX_HISTORY_BYTES) {
    throw new HistoryError(
      `${source} is ${bytes} bytes, over the ${MAX_HISTORY_BYTES}-byte cap for a history file; it was not read`,
    );
  }
  try {
    return parseVersionedJson(text, source, {
      schema: HistoryFile,
      version: HISTORY_SCHEMA_VERSION,
      kind: 'history',
      reader,
    });
  } catch (error) {
    if (error instanceof GateError) throw new HistoryError(errorMessage(error), { cause: error });
    throw error;
  }
}

export function serializeHistory(file: HistoryFile): string {
  const { entries, ...header } = file;
  const head = JSON.stringify({ ...header, entries: [] }, null, 2);
  const lines = entries.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n');
  // `"entries": []` is the last member: put the entries between its brackets, one per line.
  const opened = head.replace(/"entries": \[\]\n\}$/, `"entries": [\n${lines}\n  ]\n}`);
  return `${entries.length === 0 ? head : opened}\n`;
}
