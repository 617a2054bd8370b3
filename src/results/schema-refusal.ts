// The one line a reader says when a file of the right kind fails its schema: the file, the first
// field at fault with the value it holds, what is wrong with it, and how many more problems there
// are. One line, so that a log, a job summary or a pull-request comment shows it whole. Pure.
import type { z } from 'zod';

import { formatPath } from '../suite/parse-suite.js';

/** Longest quoted value: enough to recognise it, not a page of a tampered file. */
const MAX_VALUE_CHARS = 80;

/** The value at `path` inside `data`, or undefined where the path leads nowhere. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = data;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at;
}

/** "= 0", "= \"abc\"", "is missing", "= an object", "= a list of 3". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'is missing';
  if (Array.isArray(value)) return `= a list of ${value.length}`;
  if (value !== null && typeof value === 'object') return '= an object';
  const text = JSON.stringify(value);
  return `= ${text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text}`;
}

/**
 * "results.json is not a valid results file: cells[0].repetitions[1].report.tps = 0: must be above
 * 0 when … (and 2 more problems)". Control characters of a value are escaped by JSON.stringify.
 */
export function schemaRefusal(
  source: string,
  kind: string,
  data: unknown,
  issues: readonly z.core.$ZodIssue[],
): string {
  const [first] = issues;
  if (first === undefined) return `${source} is not a valid ${kind} file`;
  const field = formatPath(first.path);
  const value =
    first.code === 'unrecognized_keys'
      ? `has unknown field(s) ${first.keys.map((key) => JSON.stringify(key)).join(', ')}`
      : describeValue(valueAt(data, first.path));
  const message = first.code === 'unrecognized_keys' ? '' : `: ${first.message}`;
  const more =
    issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
  return `${source} is not a valid ${kind} file: ${field} ${value}${message}${more}`;
}
