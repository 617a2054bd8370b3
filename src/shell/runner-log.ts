// Text printed where a GitHub runner reads it: the action's log, and the CLI's output, which a
// workflow's `run:` step prints into its log too. What is shown and when a block is needed is
// untrusted-text.ts's decision; this makes each block's random token.
import { randomBytes } from 'node:crypto';

import { commandsStopped, printable, readsAsCommand } from '../untrusted-text.js';

/** A token for one stop-commands block: 128 random bits, in hex, not already in `text`. */
function freshToken(text: string): string {
  for (;;) {
    const token = randomBytes(16).toString('hex');
    if (!text.includes(token)) return token;
  }
}

/**
 * `text` as printed to a step's log: printable (its control characters shown), and, when a line of
 * it would be read as a workflow command, between stop-commands lines with a token of its own (a
 * final line feed stays after the block).
 */
export function forRunnerLog(text: string): string {
  const shown = printable(text);
  if (!readsAsCommand(shown)) return shown;
  const body = shown.endsWith('\n') ? shown.slice(0, -1) : shown;
  return `${commandsStopped(body, freshToken(body))}${shown.slice(body.length)}`;
}
