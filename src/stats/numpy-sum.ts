// Sums, means and standard deviations computed in numpy's order of operations, so that values
// derived from them (Otava's t-test p-values) agree with numpy to the last bit.
import { overflowScale, valueAt } from './descriptive.js';

/** numpy's unrolled block size for pairwise summation (PW_BLOCKSIZE in loops_utils.h.src). */
const PAIRWISE_BLOCK = 128;

/**
 * Sum of `xs[start..start+n)` by numpy's pairwise summation (`pairwise_sum` in numpy's
 * `loops_utils.h.src`): below 8 values a plain loop, up to 128 eight accumulators combined as
 * ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) then the remainder, above that two halves recursively.
 */
export function numpyPairwiseSum(xs: ArrayLike<number>, start = 0, n = xs.length - start): number {
  if (n < 8) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += valueAt(xs, start + i);
    return sum;
  }
  if (n <= PAIRWISE_BLOCK) {
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = valueAt(xs, start + j);
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j] = valueAt(r, j) + valueAt(xs, start + i + j);
    }
    const at = (j: number): number => valueAt(r, j);
    let sum = at(0) + at(1) + (at(2) + at(3)) + (at(4) + at(5) + (at(6) + at(7)));
    for (; i < n; i++) sum += valueAt(xs, start + i);
    return sum;
  }
  let half = Math.trunc(n / 2);
  half -= half % 8;
  return numpyPairwiseSum(xs, start, half) + numpyPairwiseSum(xs, start + half, n - half);
}

/** `xs` divided by `overflowScale(xs)`, and that scale. */
function scaledDown(xs: ArrayLike<number>): { readonly values: Float64Array; readonly scale: number } {
  const scale = overflowScale(xs);
  return { values: Float64Array.from({ length: xs.length }, (_, i) => valueAt(xs, i) / scale), scale };
}

/**
 * `np.mean(xs)`: the pairwise sum divided by the count. Where that sum overflows (numpy's gives
 * inf), the mean of the values scaled by `overflowScale`, scaled back: finite, as the mean is.
 */
export function numpyMean(xs: ArrayLike<number>): number {
  const mean = 0 + numpyPairwiseSum(xs) / xs.length;
  if (Number.isFinite(mean) || xs.length === 0) return mean;
  const { values, scale } = scaledDown(xs);
  return (numpyPairwiseSum(values) / values.length) * scale;
}

/**
 * `np.std(xs)` (ddof = 0, the population standard deviation), as numpy's `_var` computes it; on
 * the values scaled by `overflowScale` where the squares overflow.
 */
export function numpyStd(xs: ArrayLike<number>): number {
  const deviation = populationStd(xs);
  if (Number.isFinite(deviation) || xs.length === 0) return deviation;
  const { values, scale } = scaledDown(xs);
  return populationStd(values) * scale;
}

function populationStd(xs: ArrayLike<number>): number {
  const mean = numpyMean(xs);
  const squares = Float64Array.from({ length: xs.length }, (_, i) => {
    const d = valueAt(xs, i) - mean;
    return d * d;
  });
  return Math.sqrt(numpyPairwiseSum(squares) / xs.length);
}
