// Stable hashes: the same value gives the same hash on any machine, whatever the key order in
// the file. Pure.
import { createHash } from 'node:crypto';

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
