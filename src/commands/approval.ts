// The measuring half's approval check (the action's `mode: approval`, the first job of measure.yml
// on a fork's pull-request event, on a GitHub-hosted runner that checks out nothing): whether the
// head the event names may be measured, asked of the API (github/approval-check.ts) and decided by
// the same rule the publishing half applies (github/approval.ts). The event's sender is who set
// the measurement off: a push keeps the label's approval only when its pusher can write. The
// trusted authors come from the caller workflow, which on `pull_request` is the merge commit's
// copy: they count only when the pull request changes no file under `.github/workflows/`.
import { InputError } from '../errors.js';
import { type Approval, approvalLine, changesWorkflows } from '../github/approval.js';
import { changedPaths, checkApproval } from '../github/approval-check.js';
import type { GitHubClient } from '../github/client.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';

export interface ApprovalRequest {
  readonly owner: string;
  readonly repo: string;
  readonly pullRequest: number;
  /** The head the event names: what the measuring job checks out. */
  readonly headSha: string;
  /** `owner/name` of the head repository the event names. */
  readonly headRepository: string;
  /** The event's sender (who pushed, labelled, opened or reopened); null when the event has none. */
  readonly sender: string | null;
  readonly forkLabel: string;
  /** From the caller workflow: used only when the pull request changes no workflow file. */
  readonly trustedAuthors: readonly string[];
}

export interface ApprovalOutcome {
  /** Whether the head may be measured. */
  readonly approved: boolean;
  readonly approval: Approval;
  /** One line saying what is measured and why, or why not. */
  readonly line: string;
}

/**
 * The trusted authors the caller workflow gives, unless the pull request may have written them:
 * it changes a file under `.github/workflows/`, so the caller is its own copy.
 */
async function trustedAuthorsToUse(
  request: ApprovalRequest,
  octokit: GitHubClient,
): Promise<{ readonly logins: readonly string[]; readonly note: string }> {
  if (request.trustedAuthors.length === 0) return { logins: [], note: '' };
  if (!changesWorkflows(await changedPaths(octokit, request)))
    return { logins: request.trustedAuthors, note: '' };
  return {
    logins: [],
    note:
      ' (the trusted authors were not read: the pull request changes .github/workflows/, so the ' +
      'caller workflow that lists them is its own copy)',
  };
}

/** Asks and decides; an API failure is an error (the job fails, and nothing is measured). */
export async function approvalCommand(
  request: ApprovalRequest,
  octokit: GitHubClient,
): Promise<ApprovalOutcome> {
  const trusted = await trustedAuthorsToUse(request, octokit);
  const { approval } = await checkApproval(octokit, {
    owner: request.owner,
    repo: request.repo,
    pullRequest: request.pullRequest,
    measuredSha: request.headSha,
    headRepository: request.headRepository,
    forkLabel: request.forkLabel,
    requireApproval: 'forks',
    trustedAuthors: trusted.logins,
    triggeredBy: request.sender === null ? [] : [request.sender],
  });
  const what = `${request.headSha} of #${String(request.pullRequest)}`;
  if (approval.kind === 'awaiting') {
    return { approved: false, approval, line: `not measuring ${what}: ${approval.why}${trusted.note}` };
  }
  return { approved: true, approval, line: `measuring ${what}: ${approvalLine(approval)}${trusted.note}` };
}

/** A GitHub login (a bot's with its `[bot]` suffix). */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/;

/**
 * The trusted authors as written: logins one per line, or separated by commas (or both); blank
 * entries are ignored. Whose pull requests from a fork are measured and published without a label.
 */
export function trustedAuthorsFromFlag(
  lines: readonly string[],
  spell: FlagSpelling = cliSpelling,
): readonly string[] {
  const logins = lines
    .flatMap((line) => line.split(','))
    .map((login) => login.trim().replace(/^@/, ''))
    .filter((login) => login !== '');
  const bad = logins.find((login) => !LOGIN.test(login));
  if (bad !== undefined) {
    throw new InputError(
      `${spell('trusted-authors')} ${JSON.stringify(bad.slice(0, 60))}: expected GitHub logins, one per line or separated by commas`,
    );
  }
  return logins;
}
