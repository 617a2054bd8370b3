// A verdict's outcome from its judged cells: how many gating cells got each verdict, the overall
// verdict, why a failed one failed, and the exit status. Pure.
import { bothSpellings } from '../option-names.js';
import type { CellComparison, CellVerdict, UnjudgedCell, Verdict } from './verdict-schema.js';

/** Where each cell verdict is counted in verdict.json's `counts`. */
const COUNT_OF: Record<CellVerdict, keyof Verdict['counts']> = {
  regression: 'regression',
  improvement: 'improvement',
  'within-tolerance': 'withinTolerance',
  unchanged: 'unchanged',
  inconclusive: 'inconclusive',
};

/** How many gating cells got each verdict, and how many could not be judged; cells reported only are not counted. */
export function gatingCounts(
  cells: readonly CellComparison[],
  unjudged: readonly Pick<UnjudgedCell, 'gating'>[] = [],
): Verdict['counts'] {
  const counts = {
    regression: 0,
    improvement: 0,
    withinTolerance: 0,
    unchanged: 0,
    inconclusive: 0,
    unjudged: 0,
  };
  for (const cell of cells) if (cell.gating) counts[COUNT_OF[cell.verdict]] += 1;
  counts.unjudged = unjudged.filter((cell) => cell.gating).length;
  return counts;
}

/**
 * Any regression fails; otherwise any inconclusive or unjudged gating cell makes the whole
 * inconclusive (a cell that could not be judged shows no slowdown, and rules none out). Within
 * the tolerance passes, whichever way the change went.
 */
export function overallVerdict(counts: Verdict['counts']): Verdict['verdict'] {
  return counts.regression > 0
    ? 'fail'
    : counts.inconclusive > 0 || counts.unjudged > 0
      ? 'inconclusive'
      : 'pass';
}

/** Why a failed verdict failed: its regressions, and the work gate when that decided it. */
export function failedOn(verdict: Pick<Verdict, 'counts' | 'settings' | 'work'>): string {
  const parts = verdict.counts.regression > 0 ? [`${verdict.counts.regression} regression(s)`] : [];
  const work = verdict.work;
  if (verdict.settings.gateWork === true && work?.status === 'compared' && work.summary !== 'same-work') {
    parts.push(`the work per transaction changed (${bothSpellings('gate-work')})`);
  }
  return parts.join(', and ') || 'no regression';
}

/** Exit status for a verdict: 0 pass, 1 fail; inconclusive follows the policy. */
export function verdictExitCode(verdict: Verdict): 0 | 1 {
  switch (verdict.verdict) {
    case 'pass':
      return 0;
    case 'fail':
      return 1;
    case 'inconclusive':
      return verdict.settings.inconclusivePolicy === 'fail' ? 1 : 0;
  }
}
