// Baseline file text ↔ validated BaselineFile. Pure: the store reads and writes the bytes.
import { BaselineError, errorMessage } from '../errors.js';
import { formatPath } from '../suite/parse-suite.js';
import { BASELINE_SCHEMA_VERSION, BaselineFile } from './baseline-schema.js';

const MAX_ISSUES = 10;

/** Parses and validates a baseline file; `source` (its path) names it in every error. */
export function parseBaselineFile(text: string, source: string): BaselineFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`baseline ${source} is not JSON: ${errorMessage(error)}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new BaselineError(`baseline ${source} is not a JSON object, so not a baseline file`);
  }
  const record = data as Record<string, unknown>;
  if (!('schemaVersion' in record)) {
    throw new BaselineError(`baseline ${source} has no schemaVersion, so it is not a baseline file`);
  }
  if (record.schemaVersion !== BASELINE_SCHEMA_VERSION) {
    throw new BaselineError(
      `baseline ${source} has baseline schema version ${JSON.stringify(record.schemaVersion)}; this mysql-perf-gate reads version ${BASELINE_SCHEMA_VERSION}`,
    );
  }
  if ('tool' in record && 'cells' in record && !('entries' in record)) {
    throw new BaselineError(
      `${source} is a results file, not a baseline; store it with: mysql-perf-gate baseline save ${source}`,
    );
  }
  const parsed = BaselineFile.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, MAX_ISSUES)
      .map((issue) => `  - ${formatPath(issue.path)}: ${issue.message}`);
    const more =
      parsed.error.issues.length > MAX_ISSUES
        ? `\n  (and ${parsed.error.issues.length - MAX_ISSUES} more)`
        : '';
    throw new BaselineError(`baseline ${source} is not a valid baseline file:\n${issues.join('\n')}${more}`);
  }
  return parsed.data;
}

/** Validates again (a bug must not write a file the next run cannot read) and formats. */
export function serializeBaselineFile(file: BaselineFile): string {
  return `${JSON.stringify(BaselineFile.parse(file), null, 2)}\n`;
}
