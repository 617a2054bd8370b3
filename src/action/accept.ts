// The action in accept mode: on a `/perf accept <reason>` comment of a pull request (issue_comment)
// or the acceptance label added to one (pull_request_target, labeled), accept the failing verdict
// published for its head (commands/accept.ts). Everything it reads is the event GitHub wrote and
// the API's answers; it checks out nothing and runs no code of the pull request. Errors go up to
// main.ts.
import * as core from '@actions/core';
import { context } from '@actions/github';
import { z } from 'zod';

import { type AcceptRequest, acceptCommand, DEFAULT_ACCEPT_LABEL } from '../commands/accept.js';
import { InputError } from '../errors.js';
import { gitHubClient } from '../github/octokit.js';
import { coreLogger, notice } from './core-logger.js';
import { input } from './settings-inputs.js';

const Sha = z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/);
const User = z.object({ login: z.string() });

/** The parts of an issue_comment event this mode reads. */
const CommentEvent = z.object({
  action: z.string(),
  issue: z.object({ number: z.number().int().positive(), pull_request: z.looseObject({}).nullish() }),
  comment: z.object({
    body: z.string().nullable(),
    html_url: z.string(),
    created_at: z.iso.datetime({ offset: true }),
    user: User.nullable(),
  }),
});

/** The parts of a pull_request_target labeled event this mode reads. */
const LabelEvent = z.object({
  action: z.literal('labeled'),
  label: z.object({ name: z.string() }),
  sender: User,
  pull_request: z.object({
    number: z.number().int().positive(),
    html_url: z.string(),
    head: z.object({ sha: Sha }),
  }),
});

type EventRequest = Pick<
  AcceptRequest,
  'pullRequest' | 'actor' | 'source' | 'body' | 'url' | 'at' | 'label' | 'labelledHead'
>;

/** What the event asks; a string says why there is nothing to do. */
function readEvent(acceptLabel: string): EventRequest | string {
  if (context.eventName === 'issue_comment') {
    const event = CommentEvent.safeParse(context.payload);
    if (!event.success)
      throw new InputError('accept mode: this issue_comment event lacks its issue or comment');
    const { issue, comment } = event.data;
    if (event.data.action !== 'created') return `a comment ${event.data.action}, not created`;
    if (issue.pull_request == null) return `#${issue.number} is an issue, not a pull request`;
    if (comment.user === null) return 'the comment has no author';
    return {
      pullRequest: issue.number,
      actor: comment.user.login,
      source: 'comment',
      body: comment.body ?? '',
      url: comment.html_url,
      at: comment.created_at,
    };
  }
  if (context.eventName === 'pull_request_target' || context.eventName === 'pull_request') {
    const event = LabelEvent.safeParse(context.payload);
    if (!event.success) return `a ${context.eventName} event other than a label added`;
    const { label, sender, pull_request: pull } = event.data;
    if (label.name !== acceptLabel)
      return `the label ${label.name} is not the acceptance label ${acceptLabel}`;
    return {
      pullRequest: pull.number,
      actor: sender.login,
      source: 'label',
      body: '',
      url: pull.html_url,
      // Not the event's: GitHub's time of the labeled event, which the command asks for.
      at: new Date().toISOString(),
      label: label.name,
      labelledHead: pull.head.sha,
    };
  }
  throw new InputError(
    `accept mode reads an issue_comment or a pull_request_target (labeled) event; this is a ${context.eventName || 'missing'} event`,
  );
}

/** Accepts what the event asks; returns why the step fails when a suite's acceptance failed half-way. */
export async function acceptFromEvent(): Promise<string | undefined> {
  const token = input('github-token');
  if (token === '') {
    throw new InputError(
      'input "github-token" is empty: accept mode needs it (pull-requests, statuses and contents write)',
    );
  }
  const acceptLabel = input('accept-label') || DEFAULT_ACCEPT_LABEL;
  const asked = readEvent(acceptLabel);
  if (typeof asked === 'string') {
    coreLogger.info(`nothing to accept: ${asked}`);
    core.setOutput('accepted', '0');
    return undefined;
  }
  const { owner, repo } = context.repo;
  const outcome = await acceptCommand(
    {
      owner,
      repo,
      ...asked,
      historyBranch: input('history-branch') || 'mysql-perf-gate-history',
      runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
    },
    gitHubClient(token, coreLogger),
    coreLogger,
  );
  if (outcome.kind === 'ignored') {
    coreLogger.info(`nothing to accept: ${outcome.why}`);
    core.setOutput('accepted', '0');
    return undefined;
  }
  if (outcome.kind === 'refused') {
    notice(`not accepted: ${outcome.why} (${outcome.replyUrl})`);
    core.setOutput('accepted', '0');
    return undefined;
  }
  const accepted = outcome.suites.filter((suite) => suite.accepted !== null);
  for (const suite of outcome.suites) {
    notice(
      suite.accepted === null
        ? `${suite.suite}: not accepted: ${suite.why}`
        : `${suite.suite}: accepted at ${suite.accepted.sha} by ${suite.accepted.by}`,
    );
  }
  core.setOutput('accepted', String(accepted.length));
  const failed = outcome.suites.filter((suite) => suite.failed === true);
  return failed.length === 0
    ? undefined
    : `${failed.map((suite) => `${suite.suite}: ${suite.why}`).join('; ')} (the reply says so; ask again once fixed)`;
}
