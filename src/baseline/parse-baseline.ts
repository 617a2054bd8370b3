// Baseline file text ↔ validated BaselineFile. Pure: the store reads and writes the bytes.
import { BaselineError, errorMessage } from '../errors.js';
import { kindMismatch } from '../file-kind.js';
import { schemaRefusal } from '../results/schema-refusal.js';
import { BASELINE_SCHEMA_VERSION, BaselineFile } from './baseline-schema.js';

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
    throw new BaselineError(`baseline ${schemaRefusal(source, 'baseline', data, parsed.error.issues)}`);
  }
  return parsed.data;
}

/** Validates again (a bug must not write a file the next run cannot read) and formats. */
export function serializeBaselineFile(file: BaselineFile): string {
  return `${JSON.stringify(BaselineFile.parse(file), null, 2)}\n`;
}
