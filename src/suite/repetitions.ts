// How many repetitions per side a cell may reach, as users write it (--max-repetitions). Pure.
import { InputError } from '../errors.js';
import type { Suite } from './suite-schema.js';

/** A whole number from the suite's own repetitions (one run's worth) to 1000. */
export function parseMaxRepetitions(value: string, suite: Suite, label: string): number {
  const count = Number(value);
  if (!/^\d+$/.test(value.trim()) || count < suite.repetitions || count > 1000) {
    throw new InputError(
      `${label} ${value}: expected a whole number from the suite's ${suite.repetitions} repetitions to 1000`,
    );
  }
  return count;
}
