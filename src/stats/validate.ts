// Argument checks shared by the statistics functions. Every message names the argument and says
// what would be valid, because these errors surface far from the call that caused them.
import { StatisticsError } from '../errors.js';

/** Throws a StatisticsError unless `xs` holds at least `minLength` values, all finite numbers. */
export function assertSample(xs: readonly number[], name: string, minLength = 1): void {
  if (xs.length < minLength) {
    const needed = minLength === 1 ? 'at least one value' : `at least ${minLength} values`;
    throw new StatisticsError(`${name} must contain ${needed}; got ${xs.length}`);
  }
  xs.forEach((x, index) => {
    if (!Number.isFinite(x)) {
      throw new StatisticsError(`${name}[${index}] must be a finite number; got ${String(x)}`);
    }
  });
}

/** Throws a StatisticsError unless every value of `xs` is strictly positive (a rate or a duration). */
export function assertPositiveValues(xs: readonly number[], name: string): void {
  xs.forEach((x, index) => {
    if (!(x > 0)) {
      throw new StatisticsError(`${name}[${index}] must be greater than 0; got ${String(x)}`);
    }
  });
}

/** Throws a StatisticsError unless `low < value < high` (both bounds excluded). */
export function assertOpenInterval(value: number, name: string, low: number, high: number): void {
  if (!(value > low && value < high)) {
    throw new StatisticsError(`${name} must be strictly between ${low} and ${high}; got ${String(value)}`);
  }
}

/** Throws a StatisticsError unless `value` is an integer of at least `min`. */
export function assertInteger(value: number, name: string, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new StatisticsError(`${name} must be an integer of at least ${min}; got ${String(value)}`);
  }
}

/** Throws a StatisticsError unless `value` is a finite number of at least `min`. */
export function assertFiniteAtLeast(value: number, name: string, min: number): void {
  if (!(Number.isFinite(value) && value >= min)) {
    throw new StatisticsError(`${name} must be a finite number of at least ${min}; got ${String(value)}`);
  }
}
