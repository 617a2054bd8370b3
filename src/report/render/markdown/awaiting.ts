// The sticky comment a fork's pull request gets while its measured head awaits a maintainer's
// approval: it takes the place of the verdict (same marker), which is posted once the head is
// approved and measured again. Pure.
import { codeSpan, markdownUrl } from '../../markdown.js';
import { commentMarker } from './comment.js';

export interface AwaitingApproval {
  readonly suite: string;
  readonly headSha: string;
  readonly forkLabel: string;
  /** Why it is not approved (github/approval.ts), Markdown with code spans for names. */
  readonly why: string;
  readonly runUrl: string;
}

export function renderAwaitingComment(awaiting: AwaitingApproval): string {
  return [
    commentMarker(awaiting.suite),
    '## ⏳ Performance: awaiting approval',
    '',
    `The head ${codeSpan(awaiting.headSha.slice(0, 12))} of this pull request comes from a fork, and its ` +
      'measurement is published only once it is approved: its author has write access to the ' +
      'repository or is a trusted author, or someone with write access approved that commit (an ' +
      `approving review of it, or the label ${codeSpan(awaiting.forkLabel)} added while it is the head). ` +
      'A push by someone with write access keeps the label; anyone else’s removes it: add it again ' +
      'after reading the new commits.',
    '',
    `Not yet: ${awaiting.why}.`,
    '',
    `<sub>[publishing run](${markdownUrl(awaiting.runUrl)})</sub>`,
    '',
  ].join('\n');
}
