// The top of every report: the verdict, its tally, the two servers and where the base came from;
// and how the cells were judged. Pure.
import { failedOn } from '../../compare/verdict.js';
import type { Verdict } from '../../compare/verdict-schema.js';
import type { BaselineEntry } from '../../baseline/baseline-schema.js';
import { changeRule, serverLabel, verdictTitle } from '../labels.js';
import type { Headline, Method } from './model.js';
import { operationNotes } from './operations.js';

/** How alpha was shared when the run added repetitions to undecided cells ('' when it did not). */
export function spentOver(verdict: Verdict): string {
  const { looks } = verdict.settings;
  if (looks === undefined || looks.length < 2) return '';
  return ` spent over looks at ${looks.join(', ')} repetitions, each cell held to its last look's share`;
}

export function headlineOf(
  verdict: Verdict,
  metricLabel: (metric: Verdict['cells'][number]['metric']) => string,
  history: readonly BaselineEntry[],
): Headline {
  const gating = verdict.cells.filter((cell) => cell.gating);
  const side = (identity: Verdict['sides']['base']) => ({
    server: serverLabel(identity),
    binary: identity.binary,
  });
  return {
    verdict: verdict.verdict,
    title: verdictTitle(verdict),
    suite: verdict.suite,
    counts: verdict.counts,
    gatingCells: gating.length,
    gatingMetrics: [...new Set(gating.map((cell) => cell.metric))].map(metricLabel),
    inconclusivePolicy: verdict.settings.inconclusivePolicy,
    failedOn: verdict.verdict === 'fail' && verdict.settings.gateWork === true ? failedOn(verdict) : null,
    base: side(verdict.sides.base),
    head: side(verdict.sides.head),
    origin: { ...verdict.baseSource, commit: history.at(-1)?.commit ?? null },
  };
}

export function methodOf(verdict: Verdict): Method {
  return {
    alpha: verdict.settings.alpha,
    spentOver: spentOver(verdict),
    gateMetrics: verdict.settings.gateMetrics,
    changeRule: changeRule(verdict),
    confidence: Math.round(verdict.settings.confidence * 100),
    notes: operationNotes(verdict),
  };
}
