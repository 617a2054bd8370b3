// Stable hashes that key a baseline: the suite definition as run and a side's server options.
// Pure: the same value gives the same hash on any machine, whatever the key order in the file.
import { createHash } from 'node:crypto';

import type { Suite } from '../suite/suite-schema.js';
import { normalizeOptionName } from '../server/options.js';

/** Hex digits kept from the SHA-256 digest: short enough for file names, 48 bits against collisions. */
export const HASH_LENGTH = 12;

/**
 * JSON with object keys sorted at every level and undefined members left out (as JSON.stringify
 * does). Arrays keep their order: thread order is run order.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item: unknown) => canonicalJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

export function stableHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, HASH_LENGTH);
}

/**
 * Suite fields that change no measurement: prose, and the thresholds and gate compare applies afterwards.
 * Everything else counts, so a field added later is part of the definition until listed here.
 */
export const SUITE_FIELDS_NOT_MEASURED: readonly string[] = ['description', 'tolerances', 'stallGate'];

/**
 * Fields added after baselines were first saved, with the value every older suite had: left out
 * of the hash at that value, so a baseline saved before the field existed still matches.
 */
const LATER_FIELD_DEFAULTS: Readonly<Record<string, unknown>> = { metric: 'throughput', warmupEvents: 0 };

/** The suite's measurement-relevant fields. */
export function suiteDefinition(suite: Suite): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(suite).filter(
      ([field, value]) =>
        !SUITE_FIELDS_NOT_MEASURED.includes(field) &&
        !(field in LATER_FIELD_DEFAULTS && LATER_FIELD_DEFAULTS[field] === value),
    ),
  );
}

/**
 * Hash of the suite as run. The suite in results.json is the parsed one, so defaults are filled
 * in: spelling a default out in the YAML or leaving it implicit gives the same hash.
 */
export function suiteHash(suite: Suite): string {
  return stableHash(suiteDefinition(suite));
}

/** Option names normalized ('-' and '_' are the same to the server); values compared verbatim. */
export function normalizedOptions(options: Readonly<Record<string, string>>): Record<string, string> {
  const normalized: Record<string, string> = {};
  for (const [name, value] of Object.entries(options)) normalized[normalizeOptionName(name)] = value;
  return normalized;
}

export function optionsHash(options: Readonly<Record<string, string>>): string {
  return stableHash(normalizedOptions(options));
}
