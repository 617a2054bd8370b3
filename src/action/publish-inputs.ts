// The publish mode's inputs: the downloaded artifact, the measured commit,
// where the report goes, and the settings it judges with (suite, tolerance, gate, alpha: the
// publishing workflow's, which runs the default branch's files) and approves with (status-context,
// fork-label, require-approval, trusted-authors). The commit, the head repository and who set the
// measuring run off come from the `workflow_run` event GitHub wrote (the first two also from the
// `head-sha` and `head-repository` inputs), never from the artifact.
import { context } from '@actions/github';
import { z } from 'zod';

import type { PublishConfig } from '../commands/publish.js';
import {
  approvalFromFlags,
  chartsKeepFromFlag,
  publishJudgingFromFlags,
  publishPathsFromFlags,
} from '../commands/publish-flags.js';
import { parsePageAddress } from '../commands/history-nightly.js';
import { actionSpelling } from '../commands/spelling.js';
import { InputError } from '../errors.js';
import { judgingInputs, optionalInput } from './inputs.js';
import { input, multilineInput } from './settings-inputs.js';

/** The parts of a workflow_run event this mode reads; anything else in the payload is ignored. */
const WorkflowRunEvent = z.object({
  workflow_run: z
    .object({
      head_sha: z.string().optional(),
      head_branch: z.string().nullable().optional(),
      head_repository: z
        .object({ full_name: z.string().optional(), owner: z.object({ login: z.string() }) })
        .nullable()
        .optional(),
      // Who set the measuring run off: the label approves a head only when they all can write.
      actor: z.object({ login: z.string() }).nullish(),
      triggering_actor: z.object({ login: z.string() }).nullish(),
    })
    .optional(),
});

export interface PublishInputs {
  readonly config: PublishConfig;
  readonly token: string;
}

/** Every publish input, checked before anything is read from the artifact. */
export function readPublishInputs(): PublishInputs {
  const event = WorkflowRunEvent.safeParse(context.payload);
  const run = event.success ? event.data.workflow_run : undefined;
  const paths = publishPathsFromFlags(
    {
      artifact: optionalInput('artifact'),
      headSha: optionalInput('head-sha') ?? run?.head_sha,
      headRepository: optionalInput('head-repository') ?? run?.head_repository?.full_name,
      reportDir: optionalInput('report-dir'),
    },
    actionSpelling,
  );
  // The publishing workflow's own settings (the default branch's), read before the artifact is.
  const judging = publishJudgingFromFlags(
    {
      suite: input('suite'),
      tolerance: multilineInput('tolerance'),
      ...judgingInputs(),
    },
    actionSpelling,
  );
  const approval = approvalFromFlags(
    {
      statusContext: optionalInput('status-context'),
      forkLabel: optionalInput('fork-label'),
      requireApproval: optionalInput('require-approval'),
      trustedAuthors: multilineInput('trusted-authors'),
    },
    actionSpelling,
  );
  const token = input('github-token');
  if (token === '') {
    throw new InputError('input "github-token" is empty: publish mode posts the comment with it');
  }
  const historyPage = optionalInput('history-page-url');
  const owner = run?.head_repository?.owner.login;
  const branch = run?.head_branch;
  const { owner: repoOwner, repo } = context.repo;
  return {
    token,
    config: {
      ...paths,
      judging,
      ...approval,
      triggeredBy: [run?.actor?.login, run?.triggering_actor?.login].filter(
        (login): login is string => login !== undefined,
      ),
      owner: repoOwner,
      repo,
      ...(owner && branch ? { headLabel: `${owner}:${branch}` } : {}),
      chartsBranch: input('charts-branch'),
      runKey: `${context.runId}-${context.runAttempt}`,
      runUrl: `${context.serverUrl}/${repoOwner}/${repo}/actions/runs/${context.runId}`,
      chartsKeep: chartsKeepFromFlag(optionalInput('charts-keep'), 'input "charts-keep"'),
      ...(historyPage === undefined
        ? {}
        : { historyPageUrl: parsePageAddress(historyPage, 'input "history-page-url"', false) }),
    },
  };
}
