// Which baseline file a results file belongs to: testbed, suite and server options. Pure.
import { InputError } from '../errors.js';
import type { Results, ServerFacts, SideName } from '../results/results-schema.js';
import { normalizedOptions, optionsHash } from './hash.js';
import type { BaselineKey } from './baseline-schema.js';

export interface KeyOptions {
  /** Testbed name; default: the hardware fingerprint of the results' environment. */
  readonly testbed?: string;
  /** Side of the results to key by; default head (a single run's side is head). */
  readonly side?: SideName;
}

const MAX_NAME_LENGTH = 80;

/** The server facts of one side, or an error saying which sides the results have. */
export function sideFacts(results: Results, side: SideName): ServerFacts {
  const facts = side === 'head' ? results.sides.head : results.sides.base;
  if (facts === undefined) {
    throw new InputError(
      `the results have no ${side} side: ${results.mode === 'single' ? 'a single-server run has only the head side' : 'only head was recorded'}`,
    );
  }
  return facts;
}

export function baselineKey(results: Results, options: KeyOptions = {}): BaselineKey {
  const facts = sideFacts(results, options.side ?? 'head');
  const testbed = options.testbed ?? results.environment.fingerprint;
  sanitizeName(testbed, 'testbed');
  return {
    testbed,
    suite: results.suite.name,
    optionsHash: optionsHash(facts.options),
    options: normalizedOptions(facts.options),
  };
}

/**
 * A name made safe as one path component: anything but letters, digits, '_', '.' and '-'
 * becomes '_', leading dots go (no '..' or hidden files), and it is cut to 80 characters.
 * Two names can sanitize alike; the file keeps the original key, and the store refuses to mix them.
 */
export function sanitizeName(name: string, what: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, MAX_NAME_LENGTH);
  if (!/[A-Za-z0-9]/.test(safe)) {
    throw new InputError(
      `${what} name ${JSON.stringify(name)} has no letter or digit to name a directory or file with`,
    );
  }
  return safe;
}

/** Path of a key's file relative to the baselines directory: `<testbed>/<suite>-<optionsHash>.json`. */
export function baselineRelativePath(key: BaselineKey): string {
  return `${sanitizeName(key.testbed, 'testbed')}/${sanitizeName(key.suite, 'suite')}-${key.optionsHash}.json`;
}

export function sameKey(a: BaselineKey, b: BaselineKey): boolean {
  return a.testbed === b.testbed && a.suite === b.suite && a.optionsHash === b.optionsHash;
}
