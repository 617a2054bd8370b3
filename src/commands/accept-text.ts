// The words of an acceptance (commands/accept.ts): the command a comment gives, whether a comment's
// state may be accepted now, the comment rewritten with the acceptance, and the reply. Pure.
import { type Acceptance, acceptanceReason } from '../compare/acceptance.js';
import { type CommentState, commentStateLine } from '../github/comment-state.js';
import { escapeMarkdown } from '../report/markdown.js';
import { acceptanceBlock, failureMarkdown } from '../report/render/markdown/acceptance.js';

/** The command a comment starts with (as the workflow's `startsWith` reads it: any case). */
export const ACCEPT_COMMAND = '/perf accept';

/**
 * What a comment asks: not an acceptance at all (null), one without a reason (''), or the reason:
 * the text after `/perf accept` and anything below it, on one line. The comment must start with
 * the command, in any case, as the workflow's `startsWith` filter reads it.
 */
export function acceptCommandReason(body: string): string | null {
  if (body.slice(0, ACCEPT_COMMAND.length).toLowerCase() !== ACCEPT_COMMAND) return null;
  const rest = body.slice(ACCEPT_COMMAND.length);
  if (rest !== '' && !/^\s/u.test(rest)) return null; // `/perf accepted`, `/perf acceptance`
  return acceptanceReason(rest);
}

/** What is asked of one suite's comment: the head it must be for, and when it was asked. */
export interface AskedOf {
  readonly headSha: string;
  readonly source: 'comment' | 'label';
  /** When the comment was written or the label added, as GitHub says. */
  readonly at: string;
  /** A label's event: the head when it was added. */
  readonly labelledHead?: string;
}

/** Whether `state` may be accepted now, and if not, why (a sentence's end). */
export function refusal(state: CommentState, asked: AskedOf): string | null {
  const short = state.sha.slice(0, 12);
  const { headSha } = asked;
  if (state.sha !== headSha) {
    return `its verdict is for ${short}, and the head is now ${headSha.slice(0, 12)}: the new head's verdict comes first`;
  }
  if (asked.labelledHead !== undefined && asked.labelledHead !== headSha) {
    return `the label was added at ${asked.labelledHead.slice(0, 12)}, and the head is now ${headSha.slice(0, 12)}`;
  }
  if (state.gate === 'awaiting') return `${short} awaits approval: it has no verdict to accept`;
  if (state.gate === 'pass') return `${short} passes: there is nothing to accept`;
  if (state.acceptance !== null) return `${short} was accepted already, by @${state.acceptance.by}`;
  if (state.failures === null) {
    return `${state.failureCount} things fail at ${short}, too many to accept in one comment`;
  }
  if (Date.parse(state.at) > Date.parse(asked.at))
    return `its verdict was published after the ${asked.source}: look at it first`;
  return null;
}

/** The comment's body with the acceptance under its headline and its state updated. */
export function acceptedBody(body: string, state: CommentState, acceptance: Acceptance): string {
  const withoutState = body.replace(/\n?<!-- mysql-perf-gate:state [^\n]*-->\s*$/u, '');
  const lines = withoutState.split('\n');
  const headline = lines.findIndex((line) => line.startsWith('## '));
  const at = headline < 0 ? 1 : headline + 1;
  lines.splice(at, 0, '', acceptanceBlock(acceptance, state.context));
  return `${lines.join('\n')}\n${commentStateLine({ ...state, acceptance })}`;
}

/** One suite's comment: accepted, or why not. */
export interface SuiteAcceptance {
  readonly suite: string;
  readonly accepted: Acceptance | null;
  readonly why: string;
  /** True when an error stopped it (the step fails once the rest is done). */
  readonly failed?: true;
}

/** The reply: what was accepted, suite by suite, or why not. */
export function replyText(
  actor: string,
  suites: readonly SuiteAcceptance[],
  ledgerWarning: string | null,
): string {
  const lines = suites.map((suite) =>
    suite.accepted === null
      ? `- ${escapeMarkdown(suite.suite)}: not accepted: ${escapeMarkdown(suite.why)}.`
      : `- ${escapeMarkdown(suite.suite)}: accepted at \`${suite.accepted.sha.slice(0, 12)}\`: ` +
        `${suite.accepted.failures.slice(0, 10).map(failureMarkdown).join('; ')}. ` +
        'Its status is now success, for this commit only.',
  );
  const any = suites.some((suite) => suite.accepted !== null);
  return [
    any ? `☑️ @${actor}: accepted.` : `@${actor}: nothing was accepted.`,
    '',
    ...lines,
    ...(ledgerWarning === null ? [] : ['', `⚠️ ${escapeMarkdown(ledgerWarning)}`]),
  ].join('\n');
}
