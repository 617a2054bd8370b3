// Reading and writing results.json. Reading validates the schema; writing is atomic.
import { readFileSync } from 'node:fs';

import { errorMessage, ResultsError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { formatPath } from '../suite/parse-suite.js';
import { Results, RESULTS_SCHEMA_VERSION } from './results-schema.js';

export function parseResults(text: string, source: string): Results {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ResultsError(`${source} is not JSON: ${errorMessage(error)}`);
  }
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== RESULTS_SCHEMA_VERSION) {
    throw new ResultsError(
      `${source} has results schema version ${JSON.stringify(version)}; this mysql-perf-gate reads version ${RESULTS_SCHEMA_VERSION}`,
    );
  }
  const parsed = Results.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 10)
      .map((issue) => `  - ${formatPath(issue.path)}: ${issue.message}`);
    throw new ResultsError(`${source} is not a valid results file:\n${issues.join('\n')}`);
  }
  return parsed.data;
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
