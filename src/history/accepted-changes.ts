// Whether a change point of the nightly history is a regression a maintainer accepted on a pull
// request (`/perf accept`, recorded in the history branch's ledger, ./acceptance-ledger.ts). The
// nightly opens no alert for one: it says who accepted it and why instead. Decided here, once,
// from values the command gathers (the ledger, each pull request's merge commit and where that
// lies against the change's commit range). Pure.
//
// An acceptance explains a change when all of these hold:
//   - it is of the history's suite, and what it accepted names the change's cell and metric;
//   - what it accepted moved the same way as the change, by a change not much smaller: the rule is
//     |change found| <= |change accepted| + the cell's tolerance for that metric (the history's
//     suite tolerances and the nightly's tolerance rules, as the change points' own magnitude).
//     A nightly step well beyond what was accepted is something else as well, and alerts;
//   - its pull request was merged, and its merge commit lies in the change's range: after the last
//     commit before the change, at or before the first commit after it. A step between two runs
//     of the same commit has no commit in its range, so no acceptance explains it.
import type { Acceptance, GateFailure } from '../compare/acceptance.js';
import { toleranceFor, type ToleranceRule } from '../compare/tolerances.js';
import { formatChangePercentPlain, formatTolerance } from '../format.js';
import { cellName } from '../suite/suite-schema.js';
import { parseCellName as parseSuiteCellName } from '../suite/select-cells.js';
import type { Tolerances } from '../suite/suite-schema.js';
import type { LedgerEntry } from './acceptance-ledger.js';
import type { DetectedChange } from './changes.js';
import { parseCellName } from './history-schema.js';

/** A failure the ledger recorded that names the change's cell and metric, and its entry. */
export interface AcceptanceCandidate {
  readonly entry: LedgerEntry;
  /** The accepted change (head / base − 1) of that cell and metric. */
  readonly accepted: number;
}

/** A change point an acceptance explains. */
export interface AcceptedChange {
  readonly change: DetectedChange;
  readonly pullRequest: number;
  readonly title: string;
  readonly acceptance: Acceptance;
  /** The change accepted on the pull request, head / base − 1. */
  readonly accepted: number;
  /** The pull request's merge commit, inside the change's range. */
  readonly mergeCommit: string;
}

/** Where a pull request's merge commit lies against one change's range, as the command found it. */
export type MergePlace =
  | { readonly kind: 'not-merged' }
  | { readonly kind: 'merged'; readonly commit: string; readonly inRange: boolean }
  /** The pull request or the comparison could not be read (the API failed): explains nothing. */
  | { readonly kind: 'unknown'; readonly why: string };

export type ChangeExplanation =
  | { readonly kind: 'accepted'; readonly accepted: AcceptedChange }
  /** Nothing explains it; `notes` says why each acceptance of its cell and metric did not. */
  | { readonly kind: 'unexplained'; readonly notes: readonly string[] };

/** What the GitHub compare API says of `head` against `base`. */
export type CompareStatus = 'ahead' | 'behind' | 'identical' | 'diverged';

/**
 * Whether a merge commit lies after `lastBefore` and at or before `firstAfter`, from two
 * comparisons: `lastBefore...merge` (the merge must be ahead: a descendant, not the same commit)
 * and `merge...firstAfter` (the first commit after must be ahead of it, or be it).
 */
export function mergeInRange(sinceLastBefore: CompareStatus, untilFirstAfter: CompareStatus): boolean {
  return sinceLastBefore === 'ahead' && (untilFirstAfter === 'ahead' || untilFirstAfter === 'identical');
}

/** A change point's key among the history's: its series and place. */
export function changeKey(change: Pick<DetectedChange, 'cell' | 'metric' | 'index'>): string {
  return `${change.cell} ${change.metric ?? 'value'} ${change.index}`;
}

/**
 * The cell a name stands for, written one way (`workload@threads`, `[dimension=value,…]` after it
 * when it ran under a variant: a history's cells and an acceptance's are both written by the
 * suite's `cellName`); null for a name of no cell (`work`, the work-per-transaction gate).
 */
function normalCell(name: string): string | null {
  try {
    return cellName(parseSuiteCellName(name, 'cell'));
  } catch {
    return null;
  }
}

function failureChange(failure: GateFailure): number | null {
  // An unjudged cell and the work gate carry no change to weigh against the nightly's.
  return failure.change === null || !Number.isFinite(failure.change) || failure.change === 0
    ? null
    : failure.change;
}

/** The cell's tolerance for the change's metric, as the change points' magnitude reads it. */
export function changeTolerance(
  change: Pick<DetectedChange, 'cell' | 'metric'>,
  tolerances: Tolerances,
  flags: readonly ToleranceRule[],
): number | null {
  if (change.metric === null) return null;
  return toleranceFor(parseCellName(change.cell), change.metric, tolerances, flags);
}

function label(entry: LedgerEntry): string {
  return `#${entry.pullRequest}`;
}

/**
 * The ledger's acceptances that could explain `change` by what they accepted (suite, cell, metric,
 * direction and size), newest first; `notes` for those of its cell and metric that could not.
 * Only a regression is explained; `tolerance` null (a series without a metric) explains nothing.
 */
export function acceptanceCandidates(
  change: DetectedChange,
  entries: readonly LedgerEntry[],
  context: { readonly suite: string; readonly tolerance: number | null },
): { candidates: AcceptanceCandidate[]; notes: string[] } {
  const candidates: AcceptanceCandidate[] = [];
  const notes: string[] = [];
  if (change.kind !== 'regression' || change.metric === null || context.tolerance === null) {
    return { candidates, notes };
  }
  const cell = normalCell(change.cell);
  const found = formatChangePercentPlain(change.change);
  for (const entry of [...entries].reverse()) {
    if (entry.acceptance.suite !== context.suite) continue;
    for (const failure of entry.acceptance.failures) {
      if (failure.metric !== change.metric || cell === null || normalCell(failure.cell) !== cell) continue;
      const accepted = failureChange(failure);
      const what = `${label(entry)} accepted ${failure.cell} ${failure.metric}`;
      if (accepted === null) {
        notes.push(`${what} without a measured change`);
      } else if (Math.sign(accepted) !== Math.sign(change.change)) {
        notes.push(`${what} ${formatChangePercentPlain(accepted)}, the other way from ${found}`);
      } else if (Math.abs(change.change) > Math.abs(accepted) + context.tolerance) {
        notes.push(
          `${what} ${formatChangePercentPlain(accepted)}: ${found} is more than that and the tolerance (${formatTolerance(context.tolerance)})`,
        );
      } else {
        candidates.push({ entry, accepted });
      }
    }
  }
  return { candidates, notes };
}

/**
 * The first candidate (newest first) whose pull request was merged inside the change's range;
 * `placeOf` gives where each candidate's pull request's merge commit lies against that range.
 */
export function explainChange(
  change: DetectedChange,
  candidates: readonly AcceptanceCandidate[],
  placeOf: (pullRequest: number) => MergePlace,
  notes: readonly string[] = [],
): ChangeExplanation {
  const why = [...notes];
  const range = `${change.lastBefore.commit.slice(0, 12)}..${change.firstAfter.commit.slice(0, 12)}`;
  for (const candidate of candidates) {
    const { entry } = candidate;
    const place = placeOf(entry.pullRequest);
    switch (place.kind) {
      case 'not-merged':
        why.push(`${label(entry)} is not merged`);
        break;
      case 'unknown':
        why.push(`${label(entry)}: ${place.why}`);
        break;
      case 'merged':
        if (place.inRange) {
          return {
            kind: 'accepted',
            accepted: {
              change,
              pullRequest: entry.pullRequest,
              title: entry.title,
              acceptance: entry.acceptance,
              accepted: candidate.accepted,
              mergeCommit: place.commit,
            },
          };
        }
        why.push(`${label(entry)} was merged at ${place.commit.slice(0, 12)}, outside ${range}`);
        break;
    }
  }
  return { kind: 'unexplained', notes: why };
}

/** The step log's line for an accepted change: `… accepted in #12 by @alice: why`. */
export function acceptedLine(accepted: AcceptedChange): string {
  const { change, acceptance } = accepted;
  const reason = acceptance.reason === '' ? `(the ${acceptance.source}, no reason given)` : acceptance.reason;
  return `${change.cell} ${change.metric ?? 'value'} ${formatChangePercentPlain(change.change)} accepted in #${accepted.pullRequest} by @${acceptance.by}: ${reason}`;
}
