// What the sticky comment's publishing run decided, kept in the comment itself as one hidden line,
// so that a later job (a `/perf accept` comment, the acceptance label, the next publishing run)
// knows which commit the comment's verdict is for, what failed the gate and whether a maintainer
// accepted it, without the measuring run's artifact. Only comments written by the token's own
// identity are read (sticky-comment.ts finds them), and people with write access are the only
// others who can edit them; even so, the line is size-capped and validated, as anything read back
// from GitHub is. Pure.
import { z } from 'zod';

import { Acceptance, GateFailure, MAX_ACCEPTED_ITEMS } from '../compare/acceptance.js';

const PREFIX = '<!-- mysql-perf-gate:state ';
const SUFFIX = ' -->';
/** The longest state line read; a longer one is not ours. */
export const MAX_STATE_CHARS = 48 * 1024;

export const CommentState = z.strictObject({
  v: z.literal(1),
  /** The measured commit the comment's verdict is for. */
  sha: z.string().regex(/^[0-9a-f]{40}$|^[0-9a-f]{64}$/),
  suite: z.string().min(1).max(200),
  /** When the publishing run wrote it: an acceptance given before that is not of this verdict. */
  at: z.iso.datetime({ offset: true }),
  /** The commit status the publishing run set on it. */
  context: z.string().min(1).max(255),
  /** pass or fail: what the status says (fail: failure, pass: success); awaiting: no verdict yet. */
  gate: z.enum(['pass', 'fail', 'awaiting']),
  /** What fails the gate; null when too many to list (they cannot be accepted by a comment). */
  failures: z.array(GateFailure).max(MAX_ACCEPTED_ITEMS).nullable(),
  /** How many things fail the gate. */
  failureCount: z.number().int().min(0),
  /** The acceptance that covers this commit's verdict, when one does. */
  acceptance: Acceptance.nullable(),
});
export type CommentState = z.infer<typeof CommentState>;

/** The hidden line that keeps `state`: base64url JSON, so nothing in it can close the HTML comment. */
export function commentStateLine(state: CommentState): string {
  const checked = CommentState.parse(state);
  return `${PREFIX}${Buffer.from(JSON.stringify(checked), 'utf8').toString('base64url')}${SUFFIX}`;
}

export type ReadState =
  | { readonly kind: 'state'; readonly state: CommentState }
  /** A comment written before the state line existed, or by the measuring job itself. */
  | { readonly kind: 'none' }
  | { readonly kind: 'invalid'; readonly why: string };

/** The state kept in a comment's body (its last state line). */
export function readCommentState(body: string): ReadState {
  const start = body.lastIndexOf(PREFIX);
  if (start < 0) return { kind: 'none' };
  const end = body.indexOf(SUFFIX, start + PREFIX.length);
  if (end < 0) return { kind: 'invalid', why: 'its state line is not closed' };
  const encoded = body.slice(start + PREFIX.length, end);
  if (encoded.length > MAX_STATE_CHARS) {
    return {
      kind: 'invalid',
      why: `its state line is ${encoded.length} characters, over ${MAX_STATE_CHARS}`,
    };
  }
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return { kind: 'invalid', why: 'its state line is not base64url' };
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return { kind: 'invalid', why: 'its state line is not JSON' };
  }
  const parsed = CommentState.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined ? '' : issue.path.join('.');
    return {
      kind: 'invalid',
      why: `its state's field ${field || '(root)'} is wrong: ${issue?.message ?? 'invalid'}`,
    };
  }
  return { kind: 'state', state: parsed.data };
}
