// Suite text → validated Suite. Pure: the caller reads the file.
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { z } from 'zod';

import { InputError } from '../errors.js';
import { Suite, SUITE_FIELDS, WORKLOAD_FIELDS } from './suite-schema.js';

/** Formats a zod issue path the way a user writes it: workloads[0].threads[1]. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(top level)' : out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const allowed =
      issue.path.length === 0 ? SUITE_FIELDS : issue.path[0] === 'workloads' ? WORKLOAD_FIELDS : [];
    const keys = issue.keys.map((key) => `"${key}"`).join(', ');
    return `${where}: unknown field ${keys}${allowed.length > 0 ? `; allowed fields: ${allowed.join(', ')}` : ''}`;
  }
  return `field ${where}: ${issue.message}`;
}

/** Parses and validates a suite; `source` names it in errors (a path or "built-in suite quick"). */
export function parseSuite(text: string, source: string): Suite {
  let data: unknown;
  try {
    data = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    const detail = error instanceof YAMLParseError ? error.message : String(error);
    throw new InputError(`suite ${source} is not valid YAML: ${detail}`);
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new InputError(`suite ${source} must be a YAML mapping with fields ${SUITE_FIELDS.join(', ')}`);
  }
  const parsed = Suite.safeParse(data);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${describeIssue(issue)}`);
    throw new InputError(`suite ${source} is invalid:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
