// The suite's identity: a stable hash of the suite definition as run (the fields that change a
// measurement), which keys baselines and history series and which publish checks. Pure.
import { stableHash } from '../stable-hash.js';
import type { Suite } from './suite-schema.js';

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
