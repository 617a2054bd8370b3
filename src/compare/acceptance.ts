// Accepting a measured regression: a maintainer says "this slowdown is intended" for one measured
// commit, and the gate's status turns to success for that commit only. What the gate measured
// stays what it is: the verdict is still fail, its cells still regressions; the acceptance is a
// record beside it (who, when, why, and exactly what failed), and the gate passes only while the
// acceptance covers everything that fails it. It never carries over to another commit: a new head
// is measured and judged afresh, and fails again if it regresses.
// Decided here, once: what of a verdict fails the gate (`gateFailures`), and whether an acceptance
// covers a verdict (`acceptanceOf`). Pure.
import { z } from 'zod';

import { formatChangePercentPlain } from '../format.js';
import { variantLabel } from '../suite/variants.js';
import type { CellComparison, UnjudgedCell, Verdict } from './verdict-schema.js';

/** The longest reason kept; the rest is cut with an ellipsis. */
export const MAX_REASON = 500;
/** More failing items than this cannot be accepted by a comment (they would not fit in it). */
export const MAX_ACCEPTED_ITEMS = 100;

const Sha = z.string().regex(/^[0-9a-f]{40}$|^[0-9a-f]{64}$/, 'a full commit hash in lower-case hex');
/** A GitHub login: letters, digits and hyphens, or an app's `name[bot]`. */
export const Login = z
  .string()
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9_-]{0,38})(?:\[bot\])?$/, 'a GitHub login (an enterprise one has "_")');

/** One thing that fails the gate: a gating cell's metric, or the work per transaction (gate-work). */
export const GateFailure = z.strictObject({
  /** `workload@threads`, with `[variant]` when the cell ran under one; `work` for the work gate. */
  cell: z.string().min(1).max(300),
  metric: z.string().min(1).max(60),
  /** regression; inconclusive or unjudged when the policy fails those; changed for the work gate. */
  kind: z.enum(['regression', 'inconclusive', 'unjudged', 'changed']),
  /** The change measured (head / base − 1); null when there is none to give. */
  change: z.number().nullable(),
  /** The cell's tolerance, a fraction; null for the work gate. */
  threshold: z.number().min(0).nullable(),
});
export type GateFailure = z.infer<typeof GateFailure>;

export const Acceptance = z.strictObject({
  /** The measured commit it accepts, and no other. */
  sha: Sha,
  /** The suite whose verdict it accepts (one comment and one status per suite). */
  suite: z.string().min(1).max(200),
  by: Login,
  /** Why, in the accepter's words (one line, at most MAX_REASON characters). */
  reason: z.string().max(MAX_REASON + 1),
  at: z.iso.datetime({ offset: true }),
  /** How it was given: a `/perf accept` comment, or the acceptance label. */
  source: z.enum(['comment', 'label']),
  /** The comment that gave it, or the pull request for a label. */
  url: z.url().max(2048),
  /** Everything that failed the gate when it was accepted. */
  failures: z.array(GateFailure).min(1).max(MAX_ACCEPTED_ITEMS),
});
export type Acceptance = z.infer<typeof Acceptance>;

function cellName(cell: Pick<CellComparison, 'workload' | 'threads' | 'variant'>): string {
  const variant = variantLabel(cell.variant);
  return `${cell.workload}@${cell.threads}${variant === '' ? '' : `[${variant}]`}`;
}

function cellFailure(cell: CellComparison): GateFailure {
  return {
    cell: cellName(cell),
    metric: cell.metric,
    kind: cell.verdict === 'regression' ? 'regression' : 'inconclusive',
    change: Number.isFinite(cell.change) ? cell.change : null,
    threshold: cell.threshold,
  };
}

function unjudgedFailure(cell: UnjudgedCell): GateFailure {
  return { cell: cellName(cell), metric: cell.metric, kind: 'unjudged', change: null, threshold: null };
}

/**
 * What fails the gate in `verdict`: its gating regressions; the gating cells that are inconclusive
 * or could not be judged when the inconclusive policy is fail (they would fail it by themselves,
 * beside a regression too, so accepting the regressions alone does not let them through); the work
 * per transaction under gate-work. Empty when the verdict passes the gate.
 */
export function gateFailures(verdict: Verdict): GateFailure[] {
  const gating = verdict.cells.filter((cell) => cell.gating);
  const failures = gating.filter((cell) => cell.verdict === 'regression').map(cellFailure);
  if (verdict.settings.inconclusivePolicy === 'fail') {
    failures.push(...gating.filter((cell) => cell.verdict === 'inconclusive').map(cellFailure));
    failures.push(...verdict.unjudged.filter((cell) => cell.gating).map(unjudgedFailure));
  }
  const work = verdict.work;
  if (verdict.settings.gateWork === true && work?.status === 'compared' && work.summary !== 'same-work') {
    failures.push({
      cell: 'work',
      metric: 'work per transaction',
      kind: 'changed',
      change: null,
      threshold: null,
    });
  }
  return failures;
}

/**
 * Whether `accepted` covers `found`: the same cell, metric and kind, and, where both give a change,
 * the same direction and no worse than the accepted change by more than the cell's tolerance (a
 * commit measured again at -40% where -3% was accepted is not what was accepted).
 */
function covers(accepted: GateFailure, found: GateFailure): boolean {
  if (accepted.cell !== found.cell || accepted.metric !== found.metric || accepted.kind !== found.kind) {
    return false;
  }
  if (accepted.change === null || found.change === null) return true;
  const slack = found.threshold ?? accepted.threshold ?? 0;
  return (
    Math.sign(accepted.change) === Math.sign(found.change) &&
    Math.abs(found.change) <= Math.abs(accepted.change) + slack
  );
}

/** What an acceptance does to one verdict of one measured commit. */
export type AcceptanceOutcome =
  /** It covers everything that fails the gate: the status is success. */
  | { readonly kind: 'accepted'; readonly acceptance: Acceptance }
  /** Of that commit and suite, but something fails that it did not accept: the gate still fails. */
  | { readonly kind: 'not-covered'; readonly acceptance: Acceptance; readonly uncovered: GateFailure[] }
  /** Of another commit or suite: it says nothing about this verdict. */
  | { readonly kind: 'other'; readonly acceptance: Acceptance };

/**
 * How `acceptance` bears on `verdict`, measured at `sha`. A verdict that passes needs none (the
 * outcome is then 'accepted' with nothing to cover, and the status follows the verdict anyway).
 */
export function acceptanceOf(acceptance: Acceptance, verdict: Verdict, sha: string): AcceptanceOutcome {
  if (acceptance.sha !== sha.toLowerCase() || acceptance.suite !== verdict.suite) {
    return { kind: 'other', acceptance };
  }
  const uncovered = gateFailures(verdict).filter(
    (failure) => !acceptance.failures.some((accepted) => covers(accepted, failure)),
  );
  return uncovered.length === 0
    ? { kind: 'accepted', acceptance }
    : { kind: 'not-covered', acceptance, uncovered };
}

/** The reason as kept: one line, white space collapsed, at most MAX_REASON characters. */
export function acceptanceReason(text: string): string {
  const line = text.replace(/\s+/gu, ' ').trim();
  return line.length <= MAX_REASON ? line : `${line.slice(0, MAX_REASON)}…`;
}

/** `failure` as a reader sees it: `oltp_read_only@8 tps -10.0%`. */
export function failureText(failure: GateFailure): string {
  if (failure.kind === 'changed') return 'the work per transaction changed';
  const change = failure.change === null ? failure.kind : formatChangePercentPlain(failure.change);
  return `${failure.cell} ${failure.metric} ${change}`;
}
