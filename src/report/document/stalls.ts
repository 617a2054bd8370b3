// The stalls of the cells whose stall seconds regressed, one sentence per cell: "oltp_point_select
// @ 1: head stalled at 12 s, 24 s, 36 s of repetition 3: 31% of the median …". Pure.
import type { SideStalls, Verdict } from '../../compare/verdict-schema.js';
import { formatPercent, plural } from '../../format.js';
import { cellTitle } from '../../suite/suite-schema.js';
import type { Stalls } from './model.js';

/** Stalled seconds named in a sentence at most; the rest are counted. */
export const STALLED_SECONDS_NAMED = 12;

/** "12 s, 24 s, 36 s", the first STALLED_SECONDS_NAMED of them. */
function secondsList(stalledAtS: readonly number[]): string {
  const named = stalledAtS.slice(0, STALLED_SECONDS_NAMED).map((second) => `${second} s`);
  const more = stalledAtS.length - named.length;
  return more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
}

/** One side: when its repetition with the most stall seconds stalled, and how deep it went. */
export function sideStallText(side: 'base' | 'head', stalls: SideStalls): string {
  if (stalls.stallSeconds === 0) {
    return `${side}: no stall second in ${plural(stalls.repetitions, 'repetition', 'repetitions')}, its lowest second ${formatPercent(stalls.lowestRatio, 0)} of the median`;
  }
  return (
    `${side} stalled at ${secondsList(stalls.stalledAtS)} of repetition ${stalls.repetition}: ` +
    `${formatPercent(stalls.lowestRatio, 0)} of the median ` +
    `(${stalls.repetitionsWithStalls} of ${plural(stalls.repetitions, 'repetition', 'repetitions')} stalled)`
  );
}

/** The stalls section; null when none was looked for (an instruction suite, an older verdict). */
export function stallsOf(verdict: Verdict): Stalls | null {
  const section = verdict.stalls;
  if (section === undefined) return null;
  const gates = verdict.settings.gateMetrics.includes('stallSeconds');
  if (section.status === 'unavailable') return { unavailable: section.reason, sentences: [], gates };
  return {
    unavailable: null,
    gates,
    sentences: section.cells.map(
      (cell) =>
        `${cellTitle(cell)}: ${sideStallText('head', cell.head)}; ${sideStallText('base', cell.base)}`,
    ),
  };
}
