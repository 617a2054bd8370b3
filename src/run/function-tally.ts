// Per-function instruction costs of one cell and side, averaged per transaction over its
// repetitions: the data behind "where the instructions went". Pure.
import { foldRecursion, type FunctionCost as ProfileFunction } from '../cost/callgrind.js';
import type { FunctionCost } from '../results/results-schema.js';

/** Costs below this many instructions per transaction are dropped (rounding noise, not evidence). */
const SMALLEST = 0.01;

export class FunctionTally {
  private readonly sums = new Map<string, { name: string; object: string; perTransaction: number }>();
  private windows = 0;

  /** Adds one window's self costs, covering `transactions` transactions. */
  add(functions: readonly ProfileFunction[], transactions: number): void {
    if (transactions <= 0) return;
    this.windows += 1;
    for (const fn of functions) {
      const name = foldRecursion(fn.name);
      const key = `${fn.object}\0${name}`;
      const entry = this.sums.get(key) ?? { name, object: fn.object, perTransaction: 0 };
      entry.perTransaction += fn.self / transactions;
      this.sums.set(key, entry);
    }
  }

  /** Mean self instructions per transaction of every function, largest first. */
  perTransaction(): FunctionCost[] {
    if (this.windows === 0) return [];
    return [...this.sums.values()]
      .map((entry) => ({
        name: entry.name,
        object: entry.object,
        perTransaction: Math.round((entry.perTransaction / this.windows) * 100) / 100,
      }))
      .filter((entry) => entry.perTransaction >= SMALLEST)
      .sort((a, b) => b.perTransaction - a.perTransaction || a.name.localeCompare(b.name));
  }
}
