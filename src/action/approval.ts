// The action in approval mode: the first job of the measuring workflow, on a fork's pull-request
// event (opened, synchronize, reopened, or the fork label added), asks whether the head the event
// names may be measured (commands/approval.ts) and sets the output `approved` (true or false),
// with a notice saying why. Everything it reads is the event GitHub wrote and the API's answers; it
// checks out nothing and runs no code of the pull request. Errors go up to main.ts.
import * as core from '@actions/core';
import { context } from '@actions/github';
import { z } from 'zod';

import { approvalCommand, trustedAuthorsFromFlag } from '../commands/approval.js';
import { DEFAULT_FORK_LABEL } from '../commands/publish-flags.js';
import { actionSpelling } from '../commands/spelling.js';
import { InputError } from '../errors.js';
import { gitHubClient } from '../github/octokit.js';
import { coreLogger, notice } from './core-logger.js';
import { input, multilineInput, optionalInput } from './settings-inputs.js';

/** The parts of a pull_request event this mode reads; anything else in the payload is ignored. */
const PullRequestEvent = z.object({
  sender: z.object({ login: z.string() }).nullish(),
  pull_request: z.object({
    number: z.number().int().positive(),
    head: z.object({
      sha: z.string().regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/),
      repo: z.object({ full_name: z.string() }).nullable(),
    }),
  }),
});

export async function checkForkApproval(): Promise<void> {
  const event = PullRequestEvent.safeParse(context.payload);
  if (!event.success || event.data.pull_request.head.repo === null) {
    throw new InputError(
      `approval mode reads a pull_request event (its pull request's number, head SHA and head repository); ` +
        `this is a ${context.eventName || 'missing'} event without them`,
    );
  }
  const token = input('github-token');
  if (token === '') {
    throw new InputError(
      'input "github-token" is empty: approval mode asks the API with it (pull-requests: read)',
    );
  }
  const { pull_request: pull, sender } = event.data;
  const { owner, repo } = context.repo;
  const outcome = await approvalCommand(
    {
      owner,
      repo,
      pullRequest: pull.number,
      headSha: pull.head.sha,
      headRepository: pull.head.repo?.full_name ?? '',
      sender: sender?.login ?? null,
      forkLabel: optionalInput('fork-label') ?? DEFAULT_FORK_LABEL,
      trustedAuthors: trustedAuthorsFromFlag(multilineInput('trusted-authors'), actionSpelling),
    },
    gitHubClient(token, coreLogger),
  );
  notice(outcome.line);
  core.setOutput('approved', String(outcome.approved));
}
