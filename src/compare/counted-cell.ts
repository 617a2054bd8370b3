// The counted-metric rule of a cell (instructions): judged on the counts themselves when they
// agree closely, over every pairing of a base and a head repetition, or of each repetition with
// its counterpart when the sides ran in lockstep (see cell.ts's header and docs/statistics.md).
// Pure.
import { formatPercentFine as percent } from '../format.js';
import { median } from '../stats/descriptive.js';
import type { CellInput } from './cell.js';
import type { CellVerdict, SideStatistics } from './verdict-schema.js';

/** (max − min) / median: how far apart a side's repetitions are. */
export function relativeRange(side: SideStatistics): number {
  return side.median === 0
    ? side.max === side.min
      ? 0
      : Infinity
    : (side.max - side.min) / Math.abs(side.median);
}

export interface Judgement {
  readonly verdict: CellVerdict;
  readonly reason: string;
}

/**
 * A change must be at least this many times the repetitions' own spread before counts alone may
 * call it: a difference of a few spreads could be the spread itself.
 */
const SEPARATION = 3;

/**
 * A tenth of the tolerance: counts can repeat exactly, and then any difference at all, one
 * instruction in 40,000, would be "shown". Below this a change reads unchanged.
 */
const SMALLEST_SHOWN = 0.1;

/** head_i / base_i of repetitions run in lockstep (raised by the metric's offset); undefined unless paired. */
export function pairedRatios(
  input: Pick<CellInput, 'metric' | 'base' | 'head' | 'paired'>,
): number[] | undefined {
  if (input.paired !== true || input.base.length !== input.head.length || input.base.length < 2)
    return undefined;
  const offset = input.metric.offset ?? 0;
  return input.head.map((value, index) => (value + offset) / ((input.base[index] ?? 0) + offset));
}

/** How far apart the counts are: the least and most worsening of a pairing, and their spread. */
interface CountSpread {
  readonly least: number;
  readonly most: number;
  readonly spread: number;
  readonly agree: string;
}

/**
 * Over every pairing of a base and a head repetition, or, for paired sides, of each repetition
 * with its counterpart: a write's count moves with the data the writes before it left (index
 * pages split, records delete-marked), and the same repetition of both sides found the same data.
 */
function countSpread(
  input: Pick<CellInput, 'metric' | 'base' | 'head' | 'paired'>,
  base: SideStatistics,
  head: SideStatistics,
): CountSpread {
  const worse = (change: number): number => (input.metric.worse === 'higher' ? change : -change);
  const ratios = pairedRatios(input);
  if (ratios !== undefined) {
    const changes = ratios.map((ratio) => worse(ratio - 1));
    const spread = (Math.max(...ratios) - Math.min(...ratios)) / Math.abs(median(ratios));
    return {
      least: Math.min(...changes),
      most: Math.max(...changes),
      spread,
      agree: `repetitions agree within ${percent(spread)} with their counterparts`,
    };
  }
  const spread = Math.max(relativeRange(base), relativeRange(head));
  const pairs = [head.min / base.max - 1, head.max / base.min - 1].map(worse);
  return {
    least: Math.min(...pairs),
    most: Math.max(...pairs),
    spread,
    agree: `repetitions agree within ${percent(spread)}`,
  };
}

/** The counted-metric rule (see the header); undefined when the counts are too noisy for it. */
export function judgeCounts(
  input: Pick<CellInput, 'metric' | 'base' | 'head' | 'paired'>,
  base: SideStatistics,
  head: SideStatistics,
  worseBy: number,
  threshold: number,
): Judgement | undefined {
  if (!input.metric.counted) return undefined;
  const { least, most, spread, agree } = countSpread(input, base, head);
  const separated = Math.abs(worseBy) >= SEPARATION * spread;
  if (least > threshold && separated) {
    return {
      verdict: 'regression',
      reason: `${percent(worseBy)} worse, beyond the ${percent(threshold)} tolerance (${agree})`,
    };
  }
  if (most < -threshold && separated) {
    return {
      verdict: 'improvement',
      reason: `${percent(-worseBy)} better, beyond the ${percent(threshold)} tolerance (${agree})`,
    };
  }
  if (most <= threshold && least >= -threshold) {
    // Every head repetition above every base one (or below): the counts leave no doubt which way.
    if ((least > 0 || most < 0) && separated && Math.abs(worseBy) >= threshold * SMALLEST_SHOWN) {
      return {
        verdict: 'within-tolerance',
        reason:
          `${percent(Math.abs(worseBy))} ${worseBy > 0 ? 'worse' : 'better'}, within the ${percent(threshold)} tolerance; ` +
          `every pairing of repetitions differs the same way (${agree})`,
      };
    }
    return {
      verdict: 'unchanged',
      reason:
        `${percent(Math.abs(worseBy))} ${worseBy > 0 ? 'worse' : 'better'}, and no pairing of repetitions differs by more ` +
        `than the ${percent(threshold)} tolerance (${agree})`,
    };
  }
  if (spread > threshold / 2) return undefined;
  return {
    verdict: 'inconclusive',
    reason:
      `${percent(Math.abs(worseBy))} ${worseBy > 0 ? 'worse' : 'better'}, within the repetitions' ${percent(spread)} spread of ` +
      `the ${percent(threshold)} tolerance: too close to call; more repetitions or more events per repetition would settle it`,
  };
}
