// Reading a JSON file the tool wrote (results.json, verdict.json), maybe by another version of it,
// maybe tampered with: JSON first, then the schema version (so a file from another version says so
// rather than listing every field that moved), then the schema, quoting at most ten issues. Pure.
import type { z } from 'zod';

import { errorMessage, ResultsError } from '../errors.js';
import { formatPath } from '../suite/parse-suite.js';

const MAX_ISSUES = 10;

export interface VersionedFile<T> {
  readonly schema: z.ZodType<T>;
  readonly version: number;
  /** What the file is, as errors say it: "results", "verdict". */
  readonly kind: string;
}

/** Parses and validates `text`; `source` (a path) names the file in every error. */
export function parseVersionedJson<T>(text: string, source: string, file: VersionedFile<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ResultsError(`${source} is not JSON: ${errorMessage(error)}`);
  }
  const version = (data as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (version !== file.version) {
    throw new ResultsError(
      `${source} has ${file.kind} schema version ${JSON.stringify(version)}; this mysql-perf-gate reads version ${file.version}`,
    );
  }
  const parsed = file.schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, MAX_ISSUES)
      .map((issue) => `  - ${formatPath(issue.path)}: ${issue.message}`);
    throw new ResultsError(`${source} is not a valid ${file.kind} file:\n${issues.join('\n')}`);
  }
  return parsed.data;
}
