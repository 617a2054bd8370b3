// Reading and writing results.json. Reading validates the schema; writing is atomic.
import { readFileSync } from 'node:fs';

import { errorMessage, ResultsError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { Results, RESULTS_SCHEMA_VERSION } from './results-schema.js';
import { parseVersionedJson } from './versioned-json.js';

export function parseResults(text: string, source: string): Results {
  return parseVersionedJson(text, source, {
    schema: Results,
    version: RESULTS_SCHEMA_VERSION,
    kind: 'results',
  });
}

export function readResults(path: string): Results {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ResultsError(`cannot read ${path}: ${errorMessage(error)}`);
  }
  return parseResults(text, path);
}

/** Validates and writes atomically (temp file + rename), so a reader never sees half a file. */
export function writeResults(path: string, results: Results): void {
  const valid = Results.parse(results);
  writeFileAtomic(path, `${JSON.stringify(valid, null, 2)}\n`);
}
