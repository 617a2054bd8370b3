// Baseline file text ↔ validated BaselineFile. Pure: the store reads and writes the bytes.
import { BaselineError, errorMessage } from '../errors.js';
import { kindMismatch } from '../file-kind.js';
import { formatPath } from '../suite/parse-suite.js';
import { BASELINE_SCHEMA_VERSION, BaselineFile } from './baseline-schema.js';

const MAX_ISSUES = 10;

/**
 * Parses and validates a baseline file; `source` (its path) names it in every error, `reader` (the
 * command reading it: "compare") is named when the file is of another kind (results, a verdict).
 */
export function parseBaselineFile(text: string, source: string, reader?: string): BaselineFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`baseline ${source} is not JSON: ${errorMessage(error)}`);
  }
  const mismatch = kindMismatch(data, source, {
    expected: 'baseline',
    reader,
    newest: BASELINE_SCHEMA_VERSION,
    issues: () => BaselineFile.safeParse(data).error?.issues ?? [],
  });
  if (mismatch !== null) throw new BaselineError(mismatch);
  const record = data as Record<string, unknown>;
  if (record.schemaVersion !== BASELINE_SCHEMA_VERSION) {
    throw new BaselineError(
      record.schemaVersion === undefined
        ? `baseline ${source} has no schemaVersion; this mysql-perf-gate reads baseline schema version ${BASELINE_SCHEMA_VERSION}`
        : `baseline ${source} has baseline schema version ${JSON.stringify(record.schemaVersion)}; this mysql-perf-gate reads version ${BASELINE_SCHEMA_VERSION}`,
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
