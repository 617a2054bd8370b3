// What the sticky comment says about an acceptance (compare/acceptance.ts): the block under the
// headline while it covers the verdict, and the line that says it did not carry over to a newer
// head or does not cover everything that fails. The reason is the accepter's own text: escaped, as
// everything quoted is. Pure.
import {
  type Acceptance,
  type AcceptanceOutcome,
  failureText,
  type GateFailure,
} from '../../../compare/acceptance.js';
import { codeSpan, escapeMarkdown, markdownUrl } from '../../markdown.js';

const short = (sha: string): string => codeSpan(sha.slice(0, 12));

function how(acceptance: Acceptance): string {
  return acceptance.source === 'comment'
    ? `[a comment](${markdownUrl(acceptance.url)})`
    : `the acceptance label`;
}

function reasonText(acceptance: Acceptance): string {
  return acceptance.reason === '' ? 'no reason given' : `“${escapeMarkdown(acceptance.reason)}”`;
}

/** A failure in markdown: the cell's name in a code span (names hold `_` and `@`), then the rest. */
export function failureMarkdown(failure: GateFailure): string {
  if (failure.kind === 'changed') return escapeMarkdown(failureText(failure));
  const rest = failureText(failure).slice(failure.cell.length + 1);
  return `${codeSpan(failure.cell)} ${escapeMarkdown(rest)}`;
}

function failureList(failures: readonly GateFailure[]): string {
  const shown = failures.slice(0, 10).map(failureMarkdown);
  const more = failures.length > shown.length ? `, and ${failures.length - shown.length} more` : '';
  return `${shown.join('; ')}${more}`;
}

/** The block under the headline while `acceptance` covers the verdict, the status it set named. */
export function acceptanceBlock(acceptance: Acceptance, context: string): string {
  return [
    `> [!NOTE]`,
    `> **☑️ Accepted** by @${acceptance.by} for ${short(acceptance.sha)} (${how(acceptance)}, ` +
      `${acceptance.at.slice(0, 16).replace('T', ' ')} UTC): ${reasonText(acceptance)}.`,
    `> What it accepted: ${failureList(acceptance.failures)}.`,
    `> The measurement below is unchanged; the status ${codeSpan(context)} is success for this ` +
      'commit only: a new push is measured and judged afresh.',
  ].join('\n');
}

/**
 * The line for an acceptance that does not make the gate pass: of another commit (the pull
 * request was pushed since), or of this one but with more failing than it accepted. Null when it
 * covers the verdict (acceptanceBlock says so instead).
 */
export function acceptanceNote(outcome: AcceptanceOutcome, measuredSha: string): string | null {
  const { acceptance } = outcome;
  if (outcome.kind === 'accepted') return null;
  if (outcome.kind === 'other') {
    return (
      `ℹ️ @${acceptance.by} accepted the regression measured at ${short(acceptance.sha)} ` +
      `(${reasonText(acceptance)}); an acceptance does not carry over: ${short(measuredSha)} was ` +
      'measured and judged afresh.'
    );
  }
  return (
    `⚠️ @${acceptance.by} accepted ${failureList(acceptance.failures)} at ${short(acceptance.sha)}; ` +
    `this measurement of it fails on more: ${failureList(outcome.uncovered)}. The gate fails until ` +
    'that is accepted too.'
  );
}
