// Relative-tolerance comparison for reference values that span many orders of magnitude (a
// p-value of 1e-89 and one of 0.5 need the same number of correct digits, not the same decimals).

/** Fails unless |actual − expected| ≤ tolerance·|expected| (exact equality when expected is 0). */
export function expectRelativelyClose(actual: number, expected: number, tolerance: number, label = ''): void {
  const error = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
  if (!(error <= tolerance)) {
    throw new Error(
      `${label ? `${label}: ` : ''}expected ${expected}, got ${actual} ` +
        `(relative error ${error.toExponential(2)} > ${tolerance})`,
    );
  }
}
