// The operations of issue 27 for the GitHub mock (github-mock.ts): the pull request as it is now,
// its reviews, files and label events, a user's permission, commit statuses, removing a label, and a
// workflow run's artifacts. Kept apart from the mock's core so each file stays readable; the core
// routes and validates these exactly as the others, against GitHub's OpenAPI description.
import type { Context } from 'openapi-backend';

import type { Json, JsonObject, MockPullRequest, MockUser, Reply } from './github-mock.js';

export const TRUST_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/repos/{owner}/{repo}/pulls/{pull_number}': ['get'],
  '/repos/{owner}/{repo}/pulls/{pull_number}/reviews': ['get'],
  '/repos/{owner}/{repo}/pulls/{pull_number}/files': ['get'],
  '/repos/{owner}/{repo}/issues/{issue_number}/events': ['get'],
  '/repos/{owner}/{repo}/issues/{issue_number}/labels/{name}': ['delete'],
  '/repos/{owner}/{repo}/collaborators/{username}/permission': ['get'],
  '/repos/{owner}/{repo}/statuses/{sha}': ['post'],
  '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts': ['get'],
};

export const TRUST_IMPLEMENTED = [
  'pulls/get',
  'pulls/list-reviews',
  'pulls/list-files',
  'issues/list-events',
  'issues/remove-label',
  'repos/get-collaborator-permission-level',
  'repos/create-commit-status',
  'actions/list-workflow-run-artifacts',
];

export interface MockReview {
  readonly pullNumber: number;
  readonly user: MockUser;
  readonly state: 'APPROVED' | 'CHANGES_REQUESTED' | 'COMMENTED' | 'DISMISSED';
  readonly commitId: string;
}

export interface MockIssueEvent {
  readonly issueNumber: number;
  readonly event: 'labeled' | 'unlabeled';
  readonly label: string;
  readonly actor: MockUser;
  /** When, as GitHub says (a fixed time when left out). */
  readonly createdAt?: string;
}

export interface MockStatus {
  readonly sha: string;
  readonly state: string;
  readonly context: string;
  readonly description: string;
  readonly creator: string;
}

export interface MockArtifact {
  readonly name: string;
  readonly sizeInBytes: number;
}

/** The state these operations read and write, part of GitHubMock. */
export interface TrustState {
  readonly reviews: MockReview[];
  readonly issueEvents: MockIssueEvent[];
  /** Login to role name (admin, maintain, write, triage, read); anyone else reads (public repository). */
  readonly permissions: Map<string, string>;
  readonly statuses: MockStatus[];
  /** A workflow run's id to its artifacts. */
  readonly runArtifacts: Map<number, MockArtifact[]>;
}

/** What the core lends these handlers. */
export interface TrustContext {
  readonly repoApi: string;
  readonly pullRequests: MockPullRequest[];
  /** Who merged a merged pull request. */
  readonly merger: MockUser;
  guard(context: Context, write: boolean): Reply | undefined;
  tokenUser(context: Context): MockUser;
  number(context: Context, name: string): number;
  text(context: Context, name: string): string;
  paged(context: Context, path: string, items: readonly Json[]): Reply;
  bodyOf(context: Context): JsonObject;
  error(status: number, message: string): Reply;
  simpleUser(user: MockUser): JsonObject;
  pullRequestJson(pull: MockPullRequest): JsonObject;
  labelJson(name: string): JsonObject;
}

const TIME = '2025-01-02T03:04:05Z';

export function trustState(): TrustState {
  return { reviews: [], issueEvents: [], permissions: new Map(), statuses: [], runArtifacts: new Map() };
}

/** A pull request as GET /pulls/{number} answers it (the `pull-request` schema). */
function fullPullRequest(trust: TrustContext, pull: MockPullRequest): JsonObject {
  return {
    ...trust.pullRequestJson(pull),
    merged: pull.mergedAt !== undefined,
    mergeable: pull.mergedAt === undefined ? true : null,
    rebaseable: pull.mergedAt === undefined ? true : null,
    mergeable_state: pull.mergedAt === undefined ? 'clean' : 'unknown',
    merged_by: pull.mergedAt === undefined ? null : trust.simpleUser(trust.merger),
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 1,
    deletions: 0,
    changed_files: 1,
  };
}

function reviewJson(trust: TrustContext, review: MockReview, id: number): JsonObject {
  const pullUrl = `${trust.repoApi}/pulls/${String(review.pullNumber)}`;
  const html = `https://github.com/octo-org/server/pull/${String(review.pullNumber)}#pullrequestreview-${String(id)}`;
  return {
    id,
    node_id: Buffer.from(`Review:${String(id)}`).toString('base64'),
    user: trust.simpleUser(review.user),
    body: '',
    state: review.state,
    commit_id: review.commitId,
    html_url: html,
    pull_request_url: pullUrl,
    submitted_at: TIME,
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    author_association: 'MEMBER',
  };
}

function eventJson(trust: TrustContext, event: MockIssueEvent, id: number): JsonObject {
  return {
    id,
    node_id: Buffer.from(`Event:${String(id)}`).toString('base64'),
    url: `${trust.repoApi}/issues/events/${String(id)}`,
    actor: trust.simpleUser(event.actor),
    event: event.event,
    commit_id: null,
    commit_url: null,
    created_at: event.createdAt ?? TIME,
    performed_via_github_app: null,
    label: { name: event.label, color: 'ededed' },
  };
}

function artifactJson(trust: TrustContext, runId: number, artifact: MockArtifact, id: number): JsonObject {
  return {
    id,
    node_id: Buffer.from(`Artifact:${String(id)}`).toString('base64'),
    name: artifact.name,
    size_in_bytes: artifact.sizeInBytes,
    url: `${trust.repoApi}/actions/artifacts/${String(id)}`,
    archive_download_url: `${trust.repoApi}/actions/artifacts/${String(id)}/zip`,
    expired: false,
    created_at: TIME,
    expires_at: '2025-01-09T03:04:05Z',
    updated_at: TIME,
    workflow_run: {
      id: runId,
      repository_id: 700,
      head_repository_id: 800,
      head_branch: 'main',
      head_sha: 'a'.repeat(40),
    },
  };
}

/** The handlers of TRUST_IMPLEMENTED over `state`. */
export function trustHandlers(
  state: TrustState,
  trust: TrustContext,
): Record<string, (context: Context) => Reply> {
  const pullOf = (context: Context): MockPullRequest | undefined =>
    trust.pullRequests.find((pull) => pull.number === trust.number(context, 'pull_number'));
  return {
    'pulls/get': (context) => {
      const denied = trust.guard(context, false);
      if (denied) return denied;
      const pull = pullOf(context);
      return pull === undefined
        ? trust.error(404, 'Not Found')
        : { status: 200, body: fullPullRequest(trust, pull) };
    },
    'pulls/list-reviews': (context) => {
      const denied = trust.guard(context, false);
      if (denied) return denied;
      const number = trust.number(context, 'pull_number');
      const items = state.reviews
        .map((review, index) => [review, index] as const)
        .filter(([review]) => review.pullNumber === number)
        .map(([review, index]) => reviewJson(trust, review, 80_000 + index));
      return trust.paged(context, `/repos/octo-org/server/pulls/${String(number)}/reviews`, items);
    },
    'pulls/list-files': (context) => {
      const denied = trust.guard(context, false);
      if (denied) return denied;
      const pull = pullOf(context);
      if (pull === undefined) return trust.error(404, 'Not Found');
      const items = (pull.files ?? ['sql/mariadb.h']).map((filename) => ({
        sha: 'c'.repeat(40),
        filename,
        status: 'modified',
        additions: 1,
        deletions: 0,
        changes: 1,
        blob_url: `https://github.com/octo-org/server/blob/${pull.headSha}/${filename}`,
        raw_url: `https://github.com/octo-org/server/raw/${pull.headSha}/${filename}`,
        contents_url: `${trust.repoApi}/contents/${filename}?ref=${pull.headSha}`,
      }));
      return trust.paged(context, `/repos/octo-org/server/pulls/${String(pull.number)}/files`, items);
    },
    'issues/list-events': (context) => {
      const denied = trust.guard(context, false);
      if (denied) return denied;
      const number = trust.number(context, 'issue_number');
      const items = state.issueEvents
        .map((event, index) => [event, index] as const)
        .filter(([event]) => event.issueNumber === number)
        .map(([event, index]) => eventJson(trust, event, 90_000 + index));
      return trust.paged(context, `/repos/octo-org/server/issues/${String(number)}/events`, items);
    },
    'issues/remove-label': (context) => {
      const denied = trust.guard(context, true);
      if (denied) return denied;
      const number = trust.number(context, 'issue_number');
      const name = trust.text(context, 'name');
      const index = trust.pullRequests.findIndex((pull) => pull.number === number);
      const pull = trust.pullRequests[index];
      if (pull === undefined || !(pull.labels ?? []).includes(name))
        return trust.error(404, 'Label does not exist');
      const labels = (pull.labels ?? []).filter((label) => label !== name);
      trust.pullRequests[index] = { ...pull, labels };
      state.issueEvents.push({
        issueNumber: number,
        event: 'unlabeled',
        label: name,
        actor: trust.tokenUser(context),
      });
      return { status: 200, body: labels.map((label) => trust.labelJson(label)) };
    },
    'repos/get-collaborator-permission-level': (context) => {
      const denied = trust.guard(context, false);
      if (denied) return denied;
      const login = trust.text(context, 'username');
      const role = state.permissions.get(login) ?? 'read';
      const legacy = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role;
      const user = { ...trust.simpleUser({ login, id: 3000, type: 'User' }), role_name: role };
      return { status: 200, body: { permission: legacy, role_name: role, user } };
    },
    'repos/create-commit-status': (context) => {
      const denied = trust.guard(context, true);
      if (denied) return denied;
      const body = trust.bodyOf(context);
      const sha = trust.text(context, 'sha');
      const field = (key: string): string => (typeof body[key] === 'string' ? body[key] : '');
      const status: MockStatus = {
        sha,
        state: field('state'),
        context: field('context') || 'default',
        description: field('description'),
        creator: trust.tokenUser(context).login,
      };
      state.statuses.push(status);
      const id = 70_000 + state.statuses.length;
      return {
        status: 201,
        body: {
          url: `${trust.repoApi}/statuses/${sha}`,
          avatar_url: null,
          id,
          node_id: Buffer.from(`Status:${String(id)}`).toString('base64'),
          state: status.state,
          description: status.description,
          target_url: typeof body.target_url === 'string' ? body.target_url : null,
          context: status.context,
          created_at: TIME,
          updated_at: TIME,
          creator: trust.simpleUser(trust.tokenUser(context)),
        },
      };
    },
    'actions/list-workflow-run-artifacts': (context) => {
      const denied = trust.guard(context, false);
      if (denied) return denied;
      const runId = trust.number(context, 'run_id');
      const artifacts = (state.runArtifacts.get(runId) ?? []).map((artifact, index) =>
        artifactJson(trust, runId, artifact, 60_000 + index),
      );
      return { status: 200, body: { total_count: artifacts.length, artifacts } };
    },
  };
}
