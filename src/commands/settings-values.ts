// The value types of the settings file's fields (commands/settings-schema.ts): each takes what YAML
// gives (a string, a number, a boolean, a list) and yields the text of the action input of the same
// name, or an issue saying what was expected. Pure.
import { z } from 'zod';

import { parseDuration } from '../duration.js';
import { METRIC_NAMES } from '../metric-names.js';

export const Scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String);

/** A single value matching `pattern`; numbers and booleans as YAML gives them, as text. */
export function text(pattern: RegExp, what: string): z.ZodType<string> {
  return Scalar.pipe(z.string().regex(pattern, what));
}

export function choice(values: readonly [string, ...string[]]): z.ZodType<string> {
  return Scalar.pipe(z.enum(values, { error: `one of ${values.join(', ')}` }));
}

export const flag = z.boolean({ error: 'true or false' }).transform(String);

/** One line each: a string or a list of strings, as a multiline input. */
export function lines(pattern: RegExp, what: string): z.ZodType<string> {
  const line = z.string().regex(pattern, what);
  return z.union([line, z.array(line).max(200)]).transform((value) => [value].flat().join('\n'));
}

export function whole(min: number, max: number): z.ZodType<string> {
  return Scalar.pipe(
    z
      .string()
      .regex(/^\d{1,9}$/, 'a whole number')
      .refine(
        (value) => Number(value) >= min && Number(value) <= max,
        `a whole number from ${min} to ${max}`,
      ),
  );
}

export function duration(meaning: string): z.ZodType<string> {
  return Scalar.pipe(
    z.string().refine((value) => {
      try {
        parseDuration(value, 'a duration', meaning);
        return true;
      } catch {
        return false;
      }
    }, `a duration, e.g. 30s, 10m, 1h or 1h30m (${meaning})`),
  );
}

export const metrics = z
  .union([z.string(), z.array(z.string()).min(1)])
  .transform((value) => [value].flat().join(','))
  .pipe(
    z
      .string()
      .refine(
        (value) =>
          value
            .split(',')
            .every((name) => name.trim() === 'latency' || METRIC_NAMES.includes(name.trim() as never)),
        `metrics among ${METRIC_NAMES.join(', ')}, or latency`,
      ),
  );

export const RunnerLabel = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, 'a runner label: letters, digits, "_", ".", ":" or "-"');
export const Compiler = text(
  /^[A-Za-z0-9_.+/:-]{1,200}$/,
  'a compiler: a name such as gcc-12, a path, or CC:CXX',
);
export const Size = text(/^\d+(\.\d+)?\s*[KMGT]?(i?B)?$/i, 'a size, e.g. 20G or 500M');
export const Branch = text(/^[A-Za-z0-9][A-Za-z0-9_./-]{0,199}$/, 'a branch name');
export const Https = text(/^https:\/\/[^\s]+$/, 'an https:// address');
export const Option = /^[A-Za-z0-9_.-]+=.*$/;
