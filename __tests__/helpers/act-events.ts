// The events GitHub would send for the pull-request gate, for act: a pull request of the server
// repository (makeServerRepository's, number 12), and the `workflow_run` that follows its
// measuring run; and the measuring run's artifact as the API lists it for the publishing run.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { OWNER, REPO, type ServerRepository } from './act-run.js';
import { ALICE, type GitHubMock } from './github-mock.js';

export const PULL_REQUEST_NUMBER = 12;

/** A `pull_request` event: `labeled` adds the approval label, sent by the maintainer ALICE. */
export function pullRequestEvent(
  repo: ServerRepository,
  action: 'opened' | 'labeled' | 'synchronize',
  headRepo: string,
): unknown {
  return {
    action,
    number: PULL_REQUEST_NUMBER,
    // The labeled event's sender: the maintainer who added the label.
    sender: { login: ALICE.login },
    ...(action === 'labeled' ? { label: { name: 'perf-approved' } } : {}),
    pull_request: {
      number: PULL_REQUEST_NUMBER,
      head: { sha: repo.head, ref: 'faster', repo: { full_name: headRepo, id: 800 } },
      base: { sha: repo.baseTip, ref: 'main', repo: { full_name: `${OWNER}/${REPO}` } },
    },
    repository: { full_name: `${OWNER}/${REPO}`, name: REPO, owner: { login: OWNER } },
  };
}

/**
 * The `workflow_run` event of the measuring run `runId` (workflow `performance gate`) completing;
 * the run was set off by the maintainer ALICE (her label, as pullRequestEvent sends it).
 */
export function workflowRunEvent(repo: ServerRepository, runId: string, headRepo: string): unknown {
  return {
    action: 'completed',
    workflow_run: {
      id: Number(runId),
      name: 'performance gate',
      event: 'pull_request',
      status: 'completed',
      conclusion: 'success',
      head_sha: repo.head,
      head_branch: 'faster',
      html_url: `https://github.com/${OWNER}/${REPO}/actions/runs/${runId}`,
      head_repository: { full_name: headRepo, owner: { login: headRepo.split('/')[0] ?? '' } },
      pull_requests: [],
      actor: { login: ALICE.login },
      triggering_actor: { login: ALICE.login },
    },
    repository: {
      full_name: `${OWNER}/${REPO}`,
      name: REPO,
      owner: { login: OWNER },
      default_branch: 'main',
    },
  };
}

/** The artifact `mysql-perf-gate` a measuring run left in `artifacts`, listed by the mock's API. */
export function listArtifacts(mock: GitHubMock, artifacts: string, runId: string): void {
  const dir = join(artifacts, runId, 'mysql-perf-gate');
  const size = readdirSync(dir).reduce((total, name) => total + statSync(join(dir, name)).size, 0);
  mock.runArtifacts.set(Number(runId), [{ name: 'mysql-perf-gate', sizeInBytes: size }]);
}
