// Benjamini-Hochberg adjusted p-values (false discovery rate). Pure.
//
// Benjamini, Y. and Hochberg, Y. (1995), "Controlling the false discovery rate: a practical and
// powerful approach to multiple testing", JRSS B 57(1), 289-300. Adjusted p(i) = min over j >= i
// of m/j * p(j) for the ascending p-values, capped at 1 — the same as R's p.adjust(method = "BH")
// and statsmodels' multipletests(method = "fdr_bh"). When every null hypothesis is true (an A/A
// run) rejecting at adjusted p < alpha keeps the chance of any false rejection at alpha.
import { StatisticsError } from '../errors.js';

export function benjaminiHochberg(pValues: readonly number[]): number[] {
  for (const p of pValues) {
    if (!(p >= 0 && p <= 1))
      throw new StatisticsError(`benjaminiHochberg: p-values must lie in [0, 1], got ${p}`);
  }
  const m = pValues.length;
  const order = pValues.map((p, index) => ({ p, index })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m).fill(1);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const entry = order[rank - 1];
    if (!entry) continue;
    running = Math.min(running, (entry.p * m) / rank);
    adjusted[entry.index] = running;
  }
  return adjusted;
}
