// Good or bad from measured values: is a commit's value nearer the good end's or the bad end's?
// The direction of the change does not matter, only which end a commit resembles. Pure.
//
// g and b are the medians of the good and the bad end, mid = (g + b) / 2.
//
// Counted metrics (instruction counts: the same statements give nearly the same count):
//   - the ends differ when |b − g| exceeds NOISE_MULTIPLE times the larger of the two ends' spreads
//     (max − min of their repetitions) and COUNT_FLOOR of the larger median, a floor for ends
//     whose few repetitions happen to agree exactly while separate runs still differ a little;
//   - a commit is bad when its median is nearer b, good when nearer g, provided its distance from
//     mid exceeds half of NOISE_MULTIPLE times its own spread (a commit whose own repetitions
//     disagree widely cannot be placed); otherwise it is ambiguous, and more repetitions of a count
//     would not settle it: the commit is skipped. Separate builds of unchanged code count up to
//     about 0.5% apart (measured on MariaDB's point selects), more than one build's repetitions
//     do, so a commit near the midpoint is skipped rather than called.
// Throughput-like metrics (timings):
//   - the ends differ when |b − g| exceeds the sum of the half-widths of their CONFIDENCE Student-t
//     intervals (mean ± t·s/√n), so that the two intervals cannot both reach the other's median;
//   - a commit is bad when the CONFIDENCE Student-t interval of its mean lies wholly on b's side of
//     mid, good when wholly on g's side; when it straddles mid the commit is ambiguous and is
//     measured again, its repetitions appended, until it has maxRepetitions; then it is skipped.
// Several cells: a commit is good or bad only when every cell says so; cells that disagree make it
// skipped at once (more repetitions would not reconcile two confident calls).
import { formatFigure, formatPercent } from '../format.js';
import { MAD_NORMAL_SCALE, mad, mean, median, sampleStdDev } from '../stats/descriptive.js';
import { studentTTwoSidedP } from '../stats/student-t.js';

/** A change must exceed this many times the repetitions' own spread (as compare/cell.ts asks of counts). */
export const NOISE_MULTIPLE = 3;

/** Counted ends must differ by more than this fraction of their median: separate runs of one binary differ by less. */
export const COUNT_FLOOR = 0.001;

/** Confidence of the Student-t intervals of throughput-like values. */
export const CONFIDENCE = 0.95;

/** Repetitions a commit may get before an ambiguous one is skipped (--max-repetitions). */
export const DEFAULT_MAX_REPETITIONS = 15;

export type CellCall = 'good' | 'bad' | 'ambiguous';

/**
 * How far apart repetitions of one binary are: max − min for two, and from three on twice the
 * scaled median absolute deviation (the range's size for normal data), so that one stray
 * repetition (a count 0.4% off its two neighbours, seen on real point selects) does not make a
 * clear step look like noise.
 */
export function spread(values: readonly number[]): number {
  if (values.length < 3) return values.length === 0 ? 0 : Math.max(...values) - Math.min(...values);
  return 2 * MAD_NORMAL_SCALE * mad(values);
}

/**
 * The two-sided quantile t such that P(|T| > t) = 1 − confidence for Student's t with `df`
 * degrees of freedom, found by bisection on the two-sided p-value (monotone in t). Infinite for
 * df < 1.
 */
export function studentTQuantile(confidence: number, df: number): number {
  if (df < 1) return Infinity;
  const target = 1 - confidence;
  let low = 0;
  let high = 1;
  while (studentTTwoSidedP(high, df) > target) high *= 2;
  for (let i = 0; i < 200 && high - low > 1e-12 * high; i++) {
    const middle = (low + high) / 2;
    if (studentTTwoSidedP(middle, df) > target) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

export interface Interval {
  readonly centre: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
}

/** The CONFIDENCE Student-t interval of the mean: mean ± t(n−1)·s/√n; infinitely wide below 2 values. */
export function tInterval(values: readonly number[], confidence = CONFIDENCE): Interval {
  const centre = mean(values);
  const halfWidth =
    values.length < 2
      ? Infinity
      : (studentTQuantile(confidence, values.length - 1) * sampleStdDev(values)) / Math.sqrt(values.length);
  return { centre, low: centre - halfWidth, high: centre + halfWidth, halfWidth };
}

/** One cell's two ends: their medians, the noise a change must exceed, and whether it does. */
export interface EndsJudgement {
  readonly good: number;
  readonly bad: number;
  readonly noise: number;
  readonly distinct: boolean;
  /** What the noise is, for messages. */
  readonly noiseText: string;
}

/** Whether a cell's good and bad ends differ beyond their noise (see the header). */
export function judgeEnds(good: readonly number[], bad: readonly number[], counted: boolean): EndsJudgement {
  const g = median(good);
  const b = median(bad);
  if (counted) {
    const spreadNoise = NOISE_MULTIPLE * Math.max(spread(good), spread(bad));
    const floor = COUNT_FLOOR * Math.max(Math.abs(g), Math.abs(b));
    const noise = Math.max(spreadNoise, floor);
    const noiseText =
      spreadNoise >= floor
        ? `${NOISE_MULTIPLE} × the repetitions' spread = ${formatFigure(noise)}`
        : `${formatPercent(COUNT_FLOOR)} of the median = ${formatFigure(noise)}`;
    return { good: g, bad: b, noise, distinct: Math.abs(b - g) > noise, noiseText };
  }
  const noise = tInterval(good).halfWidth + tInterval(bad).halfWidth;
  const noiseText = Number.isFinite(noise)
    ? `the ${formatPercent(CONFIDENCE, 0)} intervals' half-widths add up to ${formatFigure(noise)}`
    : 'an end has a single repetition, so no interval';
  return { good: g, bad: b, noise, distinct: Math.abs(b - g) > noise, noiseText };
}

export interface CellJudgement {
  readonly call: CellCall;
  /** The commit's value: the median (counted) or the mean (throughput-like). */
  readonly value: number;
  readonly reason: string;
  /** Whether more repetitions could settle an ambiguous call (throughput-like, below the maximum). */
  readonly more: boolean;
}

/** Which end a commit's values of one cell are nearer (see the header). */
export function judgeCell(
  ends: Pick<EndsJudgement, 'good' | 'bad'>,
  values: readonly number[],
  counted: boolean,
  maxRepetitions: number,
): CellJudgement {
  const { good: g, bad: b } = ends;
  const mid = (g + b) / 2;
  const nearer = (value: number): 'good' | 'bad' =>
    Math.abs(value - b) < Math.abs(value - g) ? 'bad' : 'good';
  if (counted) {
    const value = median(values);
    const noise = (NOISE_MULTIPLE / 2) * spread(values);
    if (Math.abs(value - mid) <= noise) {
      const reason = `median ${formatFigure(value)} is within ${NOISE_MULTIPLE / 2} × its spread (${formatFigure(noise)}) of the midpoint ${formatFigure(mid)}`;
      return { call: 'ambiguous', value, reason, more: false };
    }
    const call = nearer(value);
    return { call, value, reason: `median ${formatFigure(value)} is nearer the ${call} end`, more: false };
  }
  const interval = tInterval(values);
  const { centre: value } = interval;
  if (interval.low <= mid && mid <= interval.high) {
    const reason = `the ${formatPercent(CONFIDENCE, 0)} interval ${formatFigure(interval.low)}–${formatFigure(interval.high)} (${values.length} repetitions) straddles the midpoint ${formatFigure(mid)}`;
    return { call: 'ambiguous', value, reason, more: values.length < maxRepetitions };
  }
  const call = nearer(value);
  const reason = `mean ${formatFigure(value)} (${formatPercent(CONFIDENCE, 0)} interval ${formatFigure(interval.low)}–${formatFigure(interval.high)}) is nearer the ${call} end`;
  return { call, value, reason, more: false };
}

/** What a commit is, from every cell's judgement: a call, or "measure more". */
export type CommitCall =
  | { readonly call: 'good' | 'bad' | 'skipped'; readonly reason: string }
  | { readonly call: 'more'; readonly reason: string };

/** Unanimous cells decide; disagreement skips; ambiguity asks for more when every ambiguous cell can use it. */
export function combineCells(judgements: Readonly<Record<string, CellJudgement>>): CommitCall {
  const entries = Object.entries(judgements);
  const named = (filter: (judgement: CellJudgement) => boolean): string[] =>
    entries.filter(([, judgement]) => filter(judgement)).map(([cell]) => cell);
  const good = named((judgement) => judgement.call === 'good');
  const bad = named((judgement) => judgement.call === 'bad');
  const ambiguous = entries.filter(([, judgement]) => judgement.call === 'ambiguous');
  if (good.length > 0 && bad.length > 0) {
    return {
      call: 'skipped',
      reason: `the cells disagree: ${good.join(', ')} say good, ${bad.join(', ')} say bad`,
    };
  }
  if (ambiguous.length > 0) {
    const reason = ambiguous.map(([cell, judgement]) => `${cell}: ${judgement.reason}`).join('; ');
    return ambiguous.every(([, judgement]) => judgement.more)
      ? { call: 'more', reason }
      : { call: 'skipped', reason: `ambiguous: ${reason}` };
  }
  if (entries.length === 0) return { call: 'skipped', reason: 'no cell was measured' };
  const call = bad.length > 0 ? 'bad' : 'good';
  return { call, reason: entries.map(([cell, judgement]) => `${cell}: ${judgement.reason}`).join('; ') };
}

/** Every cell's ends judged; `distinct` only when every cell's ends differ beyond their noise. */
export interface AllEnds {
  readonly cells: Readonly<Record<string, EndsJudgement>>;
  readonly distinct: boolean;
  /** The cells whose ends do not differ, with both values and the noise, for the message. */
  readonly reason: string;
}

export function judgeAllEnds(
  good: Readonly<Record<string, readonly number[]>>,
  bad: Readonly<Record<string, readonly number[]>>,
  cells: readonly string[],
  counted: boolean,
): AllEnds {
  const judged: Record<string, EndsJudgement> = {};
  for (const cell of cells) judged[cell] = judgeEnds(good[cell] ?? [], bad[cell] ?? [], counted);
  const alike = cells.flatMap((cell) => {
    const ends = judged[cell];
    if (ends === undefined || ends.distinct) return [];
    const difference = formatFigure(Math.abs(ends.bad - ends.good));
    return [
      `${cell}: good ${formatFigure(ends.good)}, bad ${formatFigure(ends.bad)}, a difference of ${difference} within the noise (${ends.noiseText})`,
    ];
  });
  return { cells: judged, distinct: alike.length === 0, reason: alike.join('; ') };
}

/** A commit's call from its values of every cell against the ends (see the header). */
export function judgeCommit(
  ends: Readonly<Record<string, EndsJudgement>>,
  values: Readonly<Record<string, readonly number[]>>,
  counted: boolean,
  maxRepetitions: number,
): CommitCall {
  const judgements: Record<string, CellJudgement> = {};
  for (const [cell, cellEnds] of Object.entries(ends)) {
    const cellValues = values[cell] ?? [];
    judgements[cell] =
      cellValues.length === 0
        ? { call: 'ambiguous', value: NaN, reason: 'not measured', more: false }
        : judgeCell(cellEnds, cellValues, counted, maxRepetitions);
  }
  return combineCells(judgements);
}
