// Looking at a comparison more than once without raising its false-alarm rate. Pure.
//
// A run may judge a cell after its planned repetitions, and again after adding more when the cell
// was undecided. Testing at level alpha at every look would raise the chance of a false alarm
// with each look (five looks at a two-sided 0.05 give 0.14 for a normal test: Armitage,
// McPherson & Rowe 1969). Instead, alpha is spent across the looks: look k may reject at level
// alpha_k = alpha · (f(t_k) − f(t_{k−1})), where t_k is the share of the most repetitions reached
// at look k and f is the spending function of Lan & DeMets (1983). Whatever the data and whenever
// the run stops, a false alarm at some look is the union of false rejections at each look, so its
// probability is at most the sum of the alpha_k, which is alpha (Bonferroni's union bound). This
// ignores the correlation between looks, which group-sequential boundaries exploit, and is
// therefore conservative; it needs no normal approximation of the rank test, which repetitions
// counted in single figures would not support, and it holds for any rule of when to stop.
//
// f is the Pocock-type function f(t) = ln(1 + (e − 1) t) (Lan & DeMets 1983; Kim & DeMets 1987),
// which spends more of alpha early: the planned repetitions, where most real regressions show,
// keep most of it (62% when the most repetitions are twice the plan).
import { StatisticsError } from '../errors.js';

import { assertInteger, assertOpenInterval } from './validate.js';

/** The Pocock-type spending function: the share of alpha spent by information fraction t. */
export function pocockSpending(t: number): number {
  if (!(t >= 0 && t <= 1)) throw new StatisticsError(`pocockSpending: t must lie in [0, 1], got ${t}`);
  return Math.log(1 + (Math.E - 1) * t);
}

/**
 * When a cell is judged: after the planned repetitions, then after batches of more up to the
 * most, at most `extraLooks` times (two by default: each look after the first gets little
 * alpha, so many small looks would make the late ones unable to find anything).
 */
export function lookSchedule(planned: number, most: number, extraLooks = 2): number[] {
  assertInteger(planned, 'lookSchedule: planned', 1);
  assertInteger(most, 'lookSchedule: most', planned);
  assertInteger(extraLooks, 'lookSchedule: extraLooks', 0);
  if (most === planned || extraLooks === 0) return [planned];
  const looks = [planned];
  const batch = Math.ceil((most - planned) / extraLooks);
  for (let n = planned + batch; n < most; n += batch) looks.push(n);
  looks.push(most);
  return looks;
}

/** The level each look of `looks` (repetitions per side, ascending) may reject at. */
export function lookLevels(alpha: number, looks: readonly number[]): number[] {
  assertOpenInterval(alpha, 'lookLevels: alpha', 0, 1);
  const most = looks[looks.length - 1];
  if (most === undefined) throw new StatisticsError('lookLevels: no looks');
  let spent = 0;
  return looks.map((n, index) => {
    if (index > 0 && n <= (looks[index - 1] ?? 0)) {
      throw new StatisticsError(`lookLevels: looks must increase, got ${looks.join(', ')}`);
    }
    const share = pocockSpending(n / most);
    const level = alpha * (share - spent);
    spent = share;
    return level;
  });
}

/**
 * The look a cell's final judgement belongs to (0-based): the first whose repetitions reach
 * `n`. A cell cut short by the budget between two looks is judged at the later one's level, which
 * the union bound allows: each look's level is spent once, whatever its number of repetitions.
 */
export function lookIndex(looks: readonly number[], n: number): number {
  const index = looks.findIndex((look) => look >= n);
  return index === -1 ? looks.length - 1 : index;
}
