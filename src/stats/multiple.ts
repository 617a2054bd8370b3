// Multiple comparisons: a suite tests many cells at once, and with twenty independent tests at
// α = 0.05 one "regression" is expected by chance alone. Holm's method keeps the chance of any
// false alarm in the whole family at or below α, whatever the dependence between the tests.
import { StatisticsError } from '../errors.js';

/**
 * Holm–Bonferroni adjusted p-values, in the order given: reject hypothesis i at family-wise level
 * α exactly when adjusted[i] ≤ α. With p₍₁₎ ≤ … ≤ p₍ₘ₎ sorted, the adjusted value of p₍ᵢ₎ is
 * max over j ≤ i of min(1, (m − j + 1)·p₍ⱼ₎): monotone in the raw p-values and capped at 1.
 * Holm, S. (1979), "A simple sequentially rejective multiple test procedure", Scandinavian
 * Journal of Statistics 6(2):65–70; the same as statsmodels' multipletests(method='holm').
 */
export function holm(pValues: readonly number[]): number[] {
  if (pValues.length === 0) throw new StatisticsError('pValues must contain at least one p-value; got 0');
  pValues.forEach((p, index) => {
    if (!(p >= 0 && p <= 1)) {
      throw new StatisticsError(`pValues[${index}] must be a p-value between 0 and 1; got ${String(p)}`);
    }
  });
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, index }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    adjusted[index] = running;
  });
  return adjusted;
}
