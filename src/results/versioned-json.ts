// Reading a JSON file the tool wrote (results.json, verdict.json), maybe by another version of it,
// maybe tampered with, maybe another file given in its place: JSON first, then what kind of file
// it is (so a verdict given for results says so in one line), then the schema version (so a file
// from another version says so rather than listing every field that moved), then the schema,
// in one line: the first field at fault, its value, and how many more (schema-refusal.ts). Pure.
import type { z } from 'zod';

import { errorMessage, ResultsError } from '../errors.js';
import { type FileKind, kindMismatch } from '../file-kind.js';
import { schemaRefusal } from './schema-refusal.js';

export interface VersionedFile<T> {
  readonly schema: z.ZodType<T>;
  readonly version: number;
  /** Schemas of older versions still read, each giving what the current one gives. */
  readonly older?: Readonly<Record<number, z.ZodType<T>>>;
  /** What the file is, as errors say it: "results", "verdict". */
  readonly kind: FileKind;
  /** The command reading it, named when the file is of another kind: "compare". */
  readonly reader?: string;
}

/** An older version's schema; undefined for anything else (a string, "1", 1.5). */
function schemaOf<T>(older: VersionedFile<T>['older'], version: unknown): z.ZodType<T> | undefined {
  return older !== undefined && typeof version === 'number' && Object.hasOwn(older, version)
    ? older[version]
    : undefined;
}

/** "1 and 2", "1, 2 and 3". */
function listed(versions: readonly number[]): string {
  return `${versions.slice(0, -1).join(', ')} and ${String(versions.at(-1))}`;
}

/** Parses and validates `text`; `source` (a path) names the file in every error. */
export function parseVersionedJson<T>(text: string, source: string, file: VersionedFile<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ResultsError(`${source} is not JSON: ${errorMessage(error)}`);
  }
  const versions = [...Object.keys(file.older ?? {}).map(Number), file.version].sort((a, b) => a - b);
  const mismatch = kindMismatch(data, source, {
    expected: file.kind,
    reader: file.reader,
    newest: Math.max(...versions),
    issues: () => file.schema.safeParse(data).error?.issues ?? [],
  });
  if (mismatch !== null) throw new ResultsError(mismatch);
  const version = (data as { schemaVersion?: unknown }).schemaVersion;
  const schema = version === file.version ? file.schema : schemaOf(file.older, version);
  if (schema === undefined) {
    const reads = versions.length === 1 ? `version ${file.version}` : `versions ${listed(versions)}`;
    throw new ResultsError(
      version === undefined
        ? `${source} has no schemaVersion; this mysql-perf-gate reads ${file.kind} schema ${reads}`
        : `${source} has ${file.kind} schema version ${JSON.stringify(version)}; this mysql-perf-gate reads ${reads}`,
    );
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ResultsError(schemaRefusal(source, file.kind, data, parsed.error.issues));
  return parsed.data;
}
