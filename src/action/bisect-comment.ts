// The action in bisect-comment mode: the second job of the bisect workflow posts the bisection's
// result (bisect.json from the bisecting job's artifact) on the alert issue that asked for it
// (commands/bisect-comment.ts). It runs no server code; its token may write issues. Errors go up
// to main.ts.
import * as core from '@actions/core';
import { context } from '@actions/github';

import { bisectCommentCommand, parseIssueNumber } from '../commands/bisect-comment.js';
import { actionSpelling } from '../commands/spelling.js';
import { InputError } from '../errors.js';
import { gitHubClient } from '../github/octokit.js';
import { coreLogger } from './core-logger.js';
import { optionalInput } from './inputs.js';

function required(name: string, why: string): string {
  const value = optionalInput(name);
  if (value === undefined) throw new InputError(`input "${name}" is empty: bisect-comment mode ${why}`);
  return value;
}

export async function commentBisection(): Promise<void> {
  const artifact = required('artifact', 'reads bisect.json from the downloaded artifact');
  const issue = parseIssueNumber(required('issue', 'comments on that issue'), actionSpelling);
  const token = required('github-token', 'posts the comment with it (issues: write)');
  const { owner, repo } = context.repo;
  const outcome = await bisectCommentCommand(
    gitHubClient(token, coreLogger),
    {
      artifact,
      owner,
      repo,
      issue,
      runUrl: `${context.serverUrl}/${owner}/${repo}/actions/runs/${context.runId}`,
    },
    coreLogger,
  );
  core.setOutput('comment-url', outcome.url);
}
