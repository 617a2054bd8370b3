// Reading and writing results.json. Reading validates the schema; writing is atomic.
import { ResultsError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { readKindText } from '../shell/read-kind-file.js';
import { Results, RESULTS_SCHEMA_VERSION } from './results-schema.js';
import { parseVersionedJson } from './versioned-json.js';

/**
 * Parses and validates results text; `source` names the file in every error, `reader` (the
 * command reading it: "compare") is named when the file is of another kind (a verdict, a baseline).
 */
export function parseResults(text: string, source: string, reader?: string): Results {
  return parseVersionedJson(text, source, {
    schema: Results,
    version: RESULTS_SCHEMA_VERSION,
    kind: 'results',
    reader,
  });
}

/** Reads and validates a results file; a directory, another kind of file or an invalid one is one ResultsError. */
export function readResults(path: string, reader?: string): Results {
  const text = readKindText(path, 'results', {
    reader,
    unreadable: `cannot read ${path}`,
    fail: (message, cause) => new ResultsError(message, { cause }),
  });
  return parseResults(text, path, reader);
}

/** Validates and writes atomically (temp file + rename), so a reader never sees half a file. */
export function writeResults(path: string, results: Results): void {
  const valid = Results.parse(results);
  writeFileAtomic(path, `${JSON.stringify(valid, null, 2)}\n`);
}
