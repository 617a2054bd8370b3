// Stable hashes that key a baseline: a side's server options (the suite's own is suite/suite-hash.ts).
// Pure: the same value gives the same hash on any machine, whatever the key order in the file.
import { normalizeOptionName } from '../server/options.js';
import { stableHash } from '../stable-hash.js';

/** Option names normalized ('-' and '_' are the same to the server); values compared verbatim. */
export function normalizedOptions(options: Readonly<Record<string, string>>): Record<string, string> {
  const normalized: Record<string, string> = {};
  for (const [name, value] of Object.entries(options)) normalized[normalizeOptionName(name)] = value;
  return normalized;
}

export function optionsHash(options: Readonly<Record<string, string>>): string {
  return stableHash(normalizedOptions(options));
}
