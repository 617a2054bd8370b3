// A local stand-in for api.github.com that holds the client to GitHub's own OpenAPI description:
// every request is routed and validated (method, path and query parameters, body) and every
// response the mock writes is validated against the operation's schema for that status, using
// openapi-backend over @octokit/openapi's document. A hand-written fake would accept whatever the
// client sends and answer whatever the test author remembers; this one records each disagreement
// with GitHub's contract in `failures`, and tests assert that list is empty.
//
// Only the operations the GitHub helpers use are implemented, over in-memory state. The 13 MB
// document is cut down to those paths and the components they reference (once per test file), so
// building the validators takes a fraction of a second instead of compiling all of GitHub.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

import { OpenAPIBackend, type Context, type Document } from 'openapi-backend';

import {
  TRUST_IMPLEMENTED,
  TRUST_OPERATIONS,
  trustHandlers,
  trustState,
  type TrustState,
} from './github-mock-trust.js';
import {
  COMPARE_IMPLEMENTED,
  COMPARE_OPERATIONS,
  compareHandlers,
  compareState,
  type CompareState,
} from './github-mock-compare.js';
import {
  SETUP_IMPLEMENTED,
  SETUP_OPERATIONS,
  setupHandlers,
  setupState,
  type SetupState,
} from './github-mock-setup.js';

const CORE_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/user': ['get'],
  '/repos/{owner}/{repo}/issues': ['get', 'post'],
  '/repos/{owner}/{repo}/issues/{issue_number}': ['patch'],
  '/repos/{owner}/{repo}/issues/{issue_number}/comments': ['get', 'post'],
  '/repos/{owner}/{repo}/issues/comments/{comment_id}': ['get', 'patch'],
  '/repos/{owner}/{repo}/git/ref/{ref}': ['get'],
  '/repos/{owner}/{repo}/git/refs': ['post'],
  '/repos/{owner}/{repo}/git/refs/{ref}': ['patch'],
  '/repos/{owner}/{repo}/git/blobs': ['post'],
  '/repos/{owner}/{repo}/git/blobs/{file_sha}': ['get'],
  '/repos/{owner}/{repo}/git/trees': ['post'],
  '/repos/{owner}/{repo}/git/trees/{tree_sha}': ['get'],
  '/repos/{owner}/{repo}/git/commits': ['post'],
  '/repos/{owner}/{repo}/git/commits/{commit_sha}': ['get'],
  '/repos/{owner}/{repo}/commits/{commit_sha}/pulls': ['get'],
  '/repos/{owner}/{repo}/pulls': ['get'],
};

const OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  ...CORE_OPERATIONS,
  ...TRUST_OPERATIONS,
  ...SETUP_OPERATIONS,
  ...COMPARE_OPERATIONS,
};

const IMPLEMENTED = [
  ...TRUST_IMPLEMENTED,
  ...SETUP_IMPLEMENTED,
  ...COMPARE_IMPLEMENTED,
  'users/get-authenticated',
  'issues/list-for-repo',
  'issues/create',
  'issues/update',
  'issues/list-comments',
  'issues/create-comment',
  'issues/update-comment',
  'issues/get-comment',
  'git/get-ref',
  'git/create-ref',
  'git/update-ref',
  'git/create-blob',
  'git/get-blob',
  'git/create-tree',
  'git/get-tree',
  'git/create-commit',
  'git/get-commit',
  'repos/list-pull-requests-associated-with-commit',
  'pulls/list',
];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = Record<string, Json>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every `#/components/...` reference reachable from `value`, followed through the components. */
function collectRefs(document: JsonObject, value: Json, seen: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(document, item, seen);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string' && !seen.has(item)) {
      seen.add(item);
      collectRefs(document, resolvePointer(document, item), seen);
    } else {
      collectRefs(document, item, seen);
    }
  }
}

function resolvePointer(document: JsonObject, ref: string): Json {
  let node: Json = document;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node) || !(key in node)) throw new Error(`dangling reference ${ref}`);
    node = node[key] ?? null;
  }
  return node;
}

let reduced: Document | undefined;

/** GitHub's OpenAPI document cut down to OPERATIONS and the components they reference. */
export function reducedGitHubDocument(): Document {
  if (reduced !== undefined) return reduced;
  const require = createRequire(import.meta.url);
  const path = require.resolve('@octokit/openapi/generated/api.github.com.json');
  const full = JSON.parse(readFileSync(path, 'utf8')) as JsonObject;
  const fullPaths = full.paths as JsonObject;
  const paths: JsonObject = {};
  for (const [path, methods] of Object.entries(OPERATIONS)) {
    const item = fullPaths[path];
    if (!isObject(item)) throw new Error(`${path} is not in GitHub's OpenAPI description`);
    paths[path] = Object.fromEntries(methods.map((method) => [method, item[method] ?? null]));
  }
  const refs = new Set<string>();
  collectRefs(full, paths, refs);
  const components: Record<string, JsonObject> = {};
  for (const ref of refs) {
    const [, , kind, name] = ref.split('/');
    if (kind === undefined || name === undefined) throw new Error(`unexpected reference ${ref}`);
    components[kind] ??= {};
    components[kind][name] = resolvePointer(full, ref);
  }
  const document: JsonObject = { openapi: full.openapi ?? null, info: full.info ?? null, paths, components };
  reduced = typeNullables(document) as unknown as Document;
  return reduced;
}

/**
 * The schemas with `nullable: true` but no `type` (a `oneOf` that may also be null, as the issues
 * operations' `milestone` and `title`) rewritten as "any of the schema or null": Ajv accepts
 * `nullable` only next to a `type`, and GitHub means null to be allowed there.
 */
function typeNullables(value: Json): Json {
  if (Array.isArray(value)) return value.map(typeNullables);
  if (!isObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) copy[key] = typeNullables(item);
  if (copy.nullable !== true || 'type' in copy) return copy;
  const { description, ...schema } = copy;
  delete schema.nullable;
  return {
    ...(description === undefined ? {} : { description }),
    anyOf: [schema, { enum: [null] }],
  };
}

// ---- In-memory state ----

export interface MockUser {
  readonly login: string;
  readonly id: number;
  readonly type: 'User' | 'Bot';
}

export interface MockToken {
  /** Whose token: its comments are authored by this user. */
  readonly user: MockUser;
  /** An installation token (GITHUB_TOKEN): GET /user answers 403, as on GitHub. */
  readonly installation: boolean;
  /** Every write answers 403, like a fork's pull-request token. */
  readonly readOnly: boolean;
  /**
   * Writes to the repository's contents (blobs, trees, commits, refs) answer 403, comments are
   * allowed: a workflow with `pull-requests: write` but not `contents: write`.
   */
  readonly contentsReadOnly?: boolean;
  /**
   * Creating an issue with a label the repository does not have answers 422, like a token that
   * may write issues but not create labels. Other tokens create missing labels, as GitHub does for
   * a token with push access.
   */
  readonly labelsReadOnly?: boolean;
}

export interface MockComment {
  readonly id: number;
  readonly issueNumber: number;
  readonly user: MockUser;
  body: string;
  readonly createdAt: string;
  updatedAt: string;
}

/** An issue, or a pull request as the issues API also lists it. */
export interface MockIssue {
  readonly number: number;
  readonly user: MockUser;
  /** A pull request: listed by the issues API with a `pull_request` field. */
  readonly pullRequest: boolean;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  labels: string[];
  updatedAt: string;
}

interface MockCommit {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly message: string;
}

export interface MockPullRequest {
  readonly number: number;
  /** The head repository, `owner/name`: this repository, or a fork of it. */
  readonly headRepo: string;
  readonly headRef: string;
  readonly headSha: string;
  readonly state: 'open' | 'closed';
  /** Its earlier commits (heads it was pushed at before): GitHub associates them with it too. */
  readonly commits?: readonly string[];
  /** Its labels' names (none when left out). */
  readonly labels?: readonly string[];
  /** Who opened it: by default ALICE for a branch of this repository, the fork's owner for a fork's. */
  readonly author?: MockUser;
  /** The files it changes (`sql/mariadb.h` when left out). */
  readonly files?: readonly string[];
  /** When it was merged (ISO); not merged when left out. A merged one is `closed`. */
  readonly mergedAt?: string;
  /**
   * What GitHub reports as its merge_commit_sha: the merge commit once merged, and before that the
   * commit of its test merge, which is not on any branch. Null when left out.
   */
  readonly mergeCommitSha?: string;
}

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The query string without its `?`. */
  readonly query: string;
  readonly operationId: string | undefined;
  readonly status: number;
  readonly body: unknown;
}

export const ACTIONS_BOT: MockUser = { login: 'github-actions[bot]', id: 41898282, type: 'Bot' };
export const ALICE: MockUser = { login: 'alice', id: 1001, type: 'User' };
export const BOB: MockUser = { login: 'bob', id: 1002, type: 'User' };

const OWNER = 'octo-org';
const REPO = 'server';
const DOCS = 'https://docs.github.com/rest';
const TIME = '2025-01-02T03:04:05Z';

/**
 * A failure of GitHub's own (a proxy's 502, a rate limit, an answer that never comes) on the next
 * `times` requests of an operation: before the operation is done, or after it (the answer is lost
 * but the comment was made).
 */
export interface MockFault {
  readonly operationId: string;
  readonly status: number;
  readonly times: number;
  readonly when?: 'before' | 'after';
  readonly headers?: Record<string, string>;
  readonly message?: string;
  /** Milliseconds the answer waits (a client's timeout fires first). */
  readonly delayMs?: number;
}

export interface GitHubMock extends TrustState, CompareState {
  /** What `init --check` reads: rules, protection, runners, the approval policy. */
  readonly setup: SetupState;
  /** Queues GitHub-side failures; each is used up by the requests it answers. */
  injectFault(fault: MockFault): void;
  readonly baseUrl: string;
  readonly owner: string;
  readonly repo: string;
  /** Every disagreement with GitHub's OpenAPI description, request or response. Must stay empty. */
  readonly failures: string[];
  readonly requests: RecordedRequest[];
  readonly comments: MockComment[];
  /** Branch name to commit SHA. */
  readonly branches: Map<string, string>;
  readonly tokens: Map<string, MockToken>;
  /** The repository's pull requests, listed by commit and by head. */
  readonly pullRequests: MockPullRequest[];
  /** The repository's issues (pull requests among them when added so), oldest first. */
  readonly issues: MockIssue[];
  /** The repository's label names; issues/create adds missing ones unless the token may not. */
  readonly labels: Set<string>;
  /** Adds a comment as if `user` had written it; returns its id. */
  addComment(issueNumber: number, user: MockUser, body: string): number;
  /** Adds an issue (by default open, by ALICE, no labels, not a pull request); returns its number. */
  addIssue(issue: {
    readonly title: string;
    readonly body: string | null;
    readonly state?: 'open' | 'closed';
    readonly user?: MockUser;
    readonly pullRequest?: boolean;
  }): number;
  /** Flat map of the files (path to blob SHA) in a commit's tree. */
  filesAt(commitSha: string): ReadonlyMap<string, string>;
  commit(sha: string): MockCommit | undefined;
  blobContent(sha: string): Buffer | undefined;
  /**
   * The next ref update finds the branch moved by someone else: just before it is handled, the mock
   * commits a file `other/<n>.txt` on top of the branch, as another run would.
   */
  moveBranchBeforeNextUpdate(branch: string): void;
  /**
   * Holds the next `count` requests of the operation until all of them have arrived, then answers
   * them in turn: concurrent writers that all read the branch before any of them writes.
   */
  holdUntilAllArrive(operationId: string, count: number): void;
  close(): Promise<void>;
}

function sha1(text: string | Buffer): string {
  return createHash('sha1').update(text).digest('hex');
}

function nodeId(kind: string, id: number | string): string {
  return Buffer.from(`${kind}:${String(id)}`).toString('base64');
}

/** The user object GitHub embeds in comments and answers for GET /user (simple-user). */
function simpleUser(user: MockUser): JsonObject {
  const api = `https://api.github.com/users/${encodeURIComponent(user.login)}`;
  return {
    login: user.login,
    id: user.id,
    node_id: nodeId('User', user.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${String(user.id)}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: `https://github.com/${encodeURIComponent(user.login)}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: user.type,
    site_admin: false,
    user_view_type: 'public',
  };
}

/** GET /user for a personal access token: the public-user shape (the doc's oneOf branch). */
function authenticatedUser(user: MockUser): JsonObject {
  return {
    ...simpleUser(user),
    name: null,
    company: null,
    blog: null,
    location: null,
    email: null,
    hireable: null,
    bio: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: TIME,
    updated_at: TIME,
  };
}

/** A repository as GitHub embeds it in a pull request's head and base (the `repository` schema). */
function repositoryJson(fullName: string, id: number): JsonObject {
  const [owner = '', name = ''] = fullName.split('/');
  const api = `https://api.github.com/repos/${fullName}`;
  const urls: JsonObject = {};
  for (const key of [
    'archive_url:/{archive_format}{/ref}',
    'assignees_url:/assignees{/user}',
    'blobs_url:/git/blobs{/sha}',
    'branches_url:/branches{/branch}',
    'collaborators_url:/collaborators{/collaborator}',
    'comments_url:/comments{/number}',
    'commits_url:/commits{/sha}',
    'compare_url:/compare/{base}...{head}',
    'contents_url:/contents/{+path}',
    'contributors_url:/contributors',
    'deployments_url:/deployments',
    'downloads_url:/downloads',
    'events_url:/events',
    'forks_url:/forks',
    'git_commits_url:/git/commits{/sha}',
    'git_refs_url:/git/refs{/sha}',
    'git_tags_url:/git/tags{/sha}',
    'hooks_url:/hooks',
    'issue_comment_url:/issues/comments{/number}',
    'issue_events_url:/issues/events{/number}',
    'issues_url:/issues{/number}',
    'keys_url:/keys{/key_id}',
    'labels_url:/labels{/name}',
    'languages_url:/languages',
    'merges_url:/merges',
    'milestones_url:/milestones{/number}',
    'notifications_url:/notifications{?since,all,participating}',
    'pulls_url:/pulls{/number}',
    'releases_url:/releases{/id}',
    'stargazers_url:/stargazers',
    'statuses_url:/statuses/{sha}',
    'subscribers_url:/subscribers',
    'subscription_url:/subscription',
    'tags_url:/tags',
    'teams_url:/teams',
    'trees_url:/git/trees{/sha}',
  ]) {
    const [field = '', suffix = ''] = key.split(':');
    urls[field] = `${api}${suffix}`;
  }
  return {
    ...urls,
    id,
    node_id: nodeId('Repository', id),
    name,
    full_name: fullName,
    owner: simpleUser({ login: owner, id: id + 1, type: 'User' }),
    private: false,
    fork: fullName !== `${OWNER}/${REPO}`,
    url: api,
    html_url: `https://github.com/${fullName}`,
    clone_url: `https://github.com/${fullName}.git`,
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    svn_url: `https://github.com/${fullName}`,
    mirror_url: null,
    homepage: null,
    description: null,
    language: 'C++',
    default_branch: 'main',
    forks: 0,
    forks_count: 0,
    open_issues: 0,
    open_issues_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    size: 0,
    has_downloads: true,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: TIME,
    created_at: TIME,
    updated_at: TIME,
  };
}

/** The owner of a fork's head repository, as a user. */
function forkOwner(pull: MockPullRequest): MockUser {
  return { login: pull.headRepo.split('/')[0] ?? '', id: 801, type: 'User' };
}

/** A pull request as the list operations answer it (the `pull-request-simple` schema). */
function pullRequestJson(pull: MockPullRequest): JsonObject {
  const api = `https://api.github.com/repos/${OWNER}/${REPO}`;
  const html = `https://github.com/${OWNER}/${REPO}/pull/${String(pull.number)}`;
  const headOwner = pull.headRepo.split('/')[0] ?? '';
  const link = (href: string): JsonObject => ({ href });
  return {
    url: `${api}/pulls/${String(pull.number)}`,
    id: 900_000 + pull.number,
    node_id: nodeId('PullRequest', pull.number),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${String(pull.number)}`,
    commits_url: `${api}/pulls/${String(pull.number)}/commits`,
    review_comments_url: `${api}/pulls/${String(pull.number)}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${String(pull.number)}/comments`,
    statuses_url: `${api}/statuses/${pull.headSha}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: `pull request ${String(pull.number)}`,
    user: simpleUser(pull.author ?? (pull.headRepo === `${OWNER}/${REPO}` ? ALICE : forkOwner(pull))),
    body: null,
    labels: (pull.labels ?? []).map((name, index) => ({
      id: 310_000 + index,
      node_id: nodeId('Label', name),
      url: `${api}/labels/${encodeURIComponent(name)}`,
      name,
      // pull-request-simple types it as a string, pull-request as string or null: '' is both.
      description: '',
      color: 'ededed',
      default: false,
    })),
    milestone: null,
    active_lock_reason: null,
    created_at: TIME,
    updated_at: TIME,
    closed_at: pull.state === 'closed' ? (pull.mergedAt ?? TIME) : null,
    merged_at: pull.mergedAt ?? null,
    merge_commit_sha: pull.mergeCommitSha ?? null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: {
      label: `${headOwner}:${pull.headRef}`,
      ref: pull.headRef,
      sha: pull.headSha,
      repo: repositoryJson(pull.headRepo, pull.headRepo === `${OWNER}/${REPO}` ? 700 : 800),
      user: simpleUser({ login: headOwner, id: 801, type: 'User' }),
    },
    base: {
      label: `${OWNER}:main`,
      ref: 'main',
      sha: 'b'.repeat(40),
      repo: repositoryJson(`${OWNER}/${REPO}`, 700),
      user: simpleUser({ login: OWNER, id: 701, type: 'User' }),
    },
    _links: {
      self: link(`${api}/pulls/${String(pull.number)}`),
      html: link(html),
      issue: link(`${api}/issues/${String(pull.number)}`),
      comments: link(`${api}/issues/${String(pull.number)}/comments`),
      review_comments: link(`${api}/pulls/${String(pull.number)}/comments`),
      review_comment: link(`${api}/pulls/comments{/number}`),
      commits: link(`${api}/pulls/${String(pull.number)}/commits`),
      statuses: link(`${api}/statuses/${pull.headSha}`),
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    draft: false,
  };
}

export interface Reply {
  readonly status: number;
  readonly body: Json;
  readonly headers?: Readonly<Record<string, string>>;
}

function error(status: number, message: string): Reply {
  return { status, body: { message, documentation_url: DOCS, status: String(status) } };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

function stringParam(context: Context, name: string): string {
  const params = context.request.params as Record<string, unknown>;
  const value = params[name];
  if (typeof value !== 'string') throw new Error(`path parameter ${name} missing`);
  // The router hands over the raw segment; Octokit encodes the slash in `heads/<branch>`.
  return decodeURIComponent(value);
}

/** A string field of a validated request body ('' when absent: the validator already objected). */
function text(body: JsonObject, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

/** A query parameter as text. */
function queryParam(context: Context, name: string): string | undefined {
  const query = context.request.query as Record<string, unknown>;
  const value = query[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function bodyOf(context: Context): JsonObject {
  const body: unknown = context.request.requestBody;
  return isObject(body) ? body : {};
}

let backend: Promise<OpenAPIBackend> | undefined;

type Ajv = Parameters<NonNullable<ConstructorParameters<typeof OpenAPIBackend>[0]['customizeAjv']>>[0];

/** The formats GitHub's schemas use, checked rather than ignored. */
export function withGitHubFormats(ajv: Ajv): Ajv {
  ajv.addFormat('date-time', (text: string) => !Number.isNaN(Date.parse(text)) && /T/.test(text));
  ajv.addFormat('uri', (text: string) => URL.canParse(text));
  ajv.addFormat('uri-template', (text: string) => URL.canParse(text.replace(/\{[^}]*\}/g, '')));
  ajv.addFormat('email', /^[^@\s]+@[^@\s]+$/);
  return ajv;
}

/**
 * The router and validators, compiled once per test file. Its handlers only hand the routed
 * context back to startGitHubMock, so one backend serves every mock server.
 */
function gitHubBackend(): Promise<OpenAPIBackend> {
  backend ??= (async () => {
    const api = new OpenAPIBackend({
      definition: reducedGitHubDocument(),
      strict: true,
      // Each operation's validators compiled when it is first called, not all of them up front
      // (which took about 5 s of CPU in every test file that starts the mock), and the document
      // itself checked against the OpenAPI specification once, in github/mock.test.ts.
      quick: true,
      // Query strings and path segments are text; the document's integer parameters are read as such.
      coerceTypes: true,
      customizeAjv: withGitHubFormats,
    });

    api.register({
      validationFail: (context: Context) => ({ kind: 'invalid', context }),
      notFound: () => ({ kind: 'unknown' }),
      notImplemented: () => ({ kind: 'unknown' }),
    });
    for (const operationId of IMPLEMENTED) {
      api.register(operationId, (context: Context) => ({ kind: 'ok', context }));
    }
    await api.init();

    return api;
  })();
  return backend;
}

/** Starts the mock on 127.0.0.1 on a free port. */
export async function startGitHubMock(): Promise<GitHubMock> {
  const failures: string[] = [];
  const requests: RecordedRequest[] = [];
  const comments: MockComment[] = [];
  const branches = new Map<string, string>();
  const tokens = new Map<string, MockToken>();
  const blobs = new Map<string, Buffer>();
  const trees = new Map<string, Map<string, string>>();
  const commits = new Map<string, MockCommit>();
  const moveBeforeUpdate = new Set<string>();
  const pullRequests: MockPullRequest[] = [];
  const issues: MockIssue[] = [];
  const labels = new Set<string>(['bug']);
  const holds = new Map<string, { remaining: number; waiting: (() => void)[] }>();
  const faults: { fault: MockFault; left: number }[] = [];
  const takeFault = (operationId: string): MockFault | undefined => {
    const queued = faults.find((entry) => entry.fault.operationId === operationId && entry.left > 0);
    if (queued === undefined) return undefined;
    queued.left -= 1;
    return queued.fault;
  };
  const trust = trustState();
  const setup = setupState();
  const comparison = compareState();
  let nextCommentId = 5000;
  let nextIssueNumber = 1;
  let otherCommits = 0;
  let baseUrl = '';

  const api = await gitHubBackend();

  const repoApi = `https://api.github.com/repos/${OWNER}/${REPO}`;

  function tokenOf(context: Context): MockToken | undefined {
    const headers = context.request.headers as Record<string, unknown>;
    const header = headers.authorization;
    if (typeof header !== 'string') return undefined;
    return tokens.get(header.replace(/^(token|bearer) /i, ''));
  }

  function commentJson(comment: MockComment): JsonObject {
    return {
      id: comment.id,
      node_id: nodeId('IssueComment', comment.id),
      url: `${repoApi}/issues/comments/${String(comment.id)}`,
      html_url: `https://github.com/${OWNER}/${REPO}/pull/${String(comment.issueNumber)}#issuecomment-${String(comment.id)}`,
      issue_url: `${repoApi}/issues/${String(comment.issueNumber)}`,
      body: comment.body,
      user: simpleUser(comment.user),
      created_at: comment.createdAt,
      updated_at: comment.updatedAt,
      author_association: comment.user.type === 'Bot' ? 'NONE' : 'MEMBER',
    };
  }

  function refJson(branch: string, sha: string): JsonObject {
    return {
      ref: `refs/heads/${branch}`,
      node_id: nodeId('Ref', branch),
      url: `${repoApi}/git/refs/heads/${branch}`,
      object: { type: 'commit', sha, url: `${repoApi}/git/commits/${sha}` },
    };
  }

  function commitJson(commit: MockCommit): JsonObject {
    const person = { name: 'mysql-perf-gate', email: 'bot@example.org', date: TIME };
    return {
      sha: commit.sha,
      node_id: nodeId('Commit', commit.sha),
      url: `${repoApi}/git/commits/${commit.sha}`,
      html_url: `https://github.com/${OWNER}/${REPO}/commit/${commit.sha}`,
      author: person,
      committer: person,
      message: commit.message,
      tree: { sha: commit.tree, url: `${repoApi}/git/trees/${commit.tree}` },
      parents: commit.parents.map((sha) => ({
        sha,
        url: `${repoApi}/git/commits/${sha}`,
        html_url: `https://github.com/${OWNER}/${REPO}/commit/${sha}`,
      })),
      verification: {
        verified: false,
        reason: 'unsigned',
        signature: null,
        payload: null,
        verified_at: null,
      },
    };
  }

  function storeTree(files: Map<string, string>): string {
    const sha = sha1(`tree ${JSON.stringify([...files].sort())}`);
    trees.set(sha, files);
    return sha;
  }

  function storeCommit(tree: string, parents: readonly string[], message: string): MockCommit {
    const sha = sha1(`commit ${tree} ${parents.join(',')} ${message} ${String(commits.size)}`);
    const commit = { sha, tree, parents, message };
    commits.set(sha, commit);
    return commit;
  }

  function isAncestor(ancestor: string, of: string): boolean {
    const pending = [of];
    while (pending.length > 0) {
      const sha = pending.pop()!;
      if (sha === ancestor) return true;
      pending.push(...(commits.get(sha)?.parents ?? []));
    }
    return false;
  }

  function blobEntry(path: string, sha: string): JsonObject {
    return {
      path,
      mode: '100644',
      type: 'blob',
      sha,
      size: blobs.get(sha)!.length,
      url: `${repoApi}/git/blobs/${sha}`,
    };
  }

  function treeEntry(path: string, files: Map<string, string>): JsonObject {
    const sha = storeTree(files);
    return { path, mode: '040000', type: 'tree', sha, url: `${repoApi}/git/trees/${sha}` };
  }

  /** The files under `directory/` of a flat tree, with paths relative to it. */
  function subtree(files: ReadonlyMap<string, string>, directory: string): Map<string, string> {
    const prefix = `${directory}/`;
    return new Map(
      [...files]
        .filter(([path]) => path.startsWith(prefix))
        .map(([path, sha]) => [path.slice(prefix.length), sha]),
    );
  }

  /**
   * A tree as GET answers it. Trees are stored flat (path to blob); a directory's entry is the tree
   * of the files under it, stored in turn so that it can be read next, as on GitHub.
   */
  function treeListing(files: ReadonlyMap<string, string>, recursive: boolean): JsonObject[] {
    const directories = new Set<string>();
    const entries: JsonObject[] = [];
    for (const [path, sha] of files) {
      const parts = path.split('/');
      if (recursive) {
        for (let depth = 1; depth < parts.length; depth++) directories.add(parts.slice(0, depth).join('/'));
        entries.push(blobEntry(path, sha));
      } else if (parts.length > 1) {
        directories.add(parts[0]!);
      } else {
        entries.push(blobEntry(path, sha));
      }
    }
    for (const directory of directories) entries.push(treeEntry(directory, subtree(files, directory)));
    return entries.sort((a, b) => text(a, 'path').localeCompare(text(b, 'path')));
  }

  function labelJson(name: string): JsonObject {
    const id = 300_000 + [...labels].indexOf(name);
    return {
      id,
      node_id: nodeId('Label', id),
      url: `${repoApi}/labels/${encodeURIComponent(name)}`,
      name,
      description: null,
      color: 'ededed',
      default: name === 'bug',
    };
  }

  /** An issue as the issues API answers it (the `issue` schema). */
  function issueJson(issue: MockIssue): JsonObject {
    const api = `${repoApi}/issues/${String(issue.number)}`;
    const kind = issue.pullRequest ? 'pull' : 'issues';
    const html = `https://github.com/${OWNER}/${REPO}/${kind}/${String(issue.number)}`;
    const pullRequest = {
      url: `${repoApi}/pulls/${String(issue.number)}`,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      merged_at: null,
    };
    return {
      id: 600_000 + issue.number,
      node_id: nodeId('Issue', issue.number),
      url: api,
      repository_url: repoApi,
      labels_url: `${api}/labels{/name}`,
      comments_url: `${api}/comments`,
      events_url: `${api}/events`,
      html_url: html,
      number: issue.number,
      state: issue.state,
      // GitHub sends null for an open issue, but its description's enum leaves null out: omitted.
      ...(issue.state === 'closed' ? { state_reason: 'completed' } : {}),
      title: issue.title,
      body: issue.body,
      user: simpleUser(issue.user),
      labels: issue.labels.map(labelJson),
      assignee: null,
      assignees: [],
      milestone: null,
      locked: false,
      active_lock_reason: null,
      comments: 0,
      closed_at: issue.state === 'closed' ? issue.updatedAt : null,
      created_at: TIME,
      updated_at: issue.updatedAt,
      author_association: issue.user.type === 'Bot' ? 'NONE' : 'MEMBER',
      ...(issue.pullRequest ? { pull_request: pullRequest } : {}),
    };
  }

  function addIssue(issue: Parameters<GitHubMock['addIssue']>[0]): number {
    const number = nextIssueNumber++;
    issues.push({
      number,
      user: issue.user ?? ALICE,
      pullRequest: issue.pullRequest ?? false,
      title: issue.title,
      body: issue.body,
      state: issue.state ?? 'open',
      labels: [],
      updatedAt: TIME,
    });
    return number;
  }

  /** The label names of a request body's `labels` (names or label objects). */
  function labelNames(body: JsonObject): string[] {
    const items = Array.isArray(body.labels) ? body.labels : [];
    return items.map((item) => (typeof item === 'string' ? item : isObject(item) ? text(item, 'name') : ''));
  }

  /** Waits, when the test asked for it, until every held request of the operation has arrived. */
  async function hold(operationId: string): Promise<void> {
    const pending = holds.get(operationId);
    if (pending === undefined) return;
    pending.remaining--;
    if (pending.remaining === 0) {
      holds.delete(operationId);
      for (const release of pending.waiting) release();
      return;
    }
    await new Promise<void>((resolve) => pending.waiting.push(resolve));
  }

  function checkRepo(context: Context): Reply | undefined {
    if (stringParam(context, 'owner') !== OWNER || stringParam(context, 'repo') !== REPO) {
      return error(404, 'Not Found');
    }
    return undefined;
  }

  /** Authentication and, for writes, the read-only token's 403. */
  function guard(context: Context, write: boolean): Reply | undefined {
    const token = tokenOf(context);
    if (token === undefined) return error(401, 'Bad credentials');
    if (write && token.readOnly) return error(403, 'Resource not accessible by integration');
    const contents = /^git\//.test(context.operation.operationId ?? '');
    if (write && contents && token.contentsReadOnly === true) {
      return error(403, 'Resource not accessible by integration');
    }
    return checkRepo(context);
  }

  function moveBranchAsSomeoneElse(branch: string): void {
    const head = branches.get(branch);
    if (head === undefined) return;
    const files = new Map(trees.get(commits.get(head)!.tree));
    otherCommits++;
    const blob = Buffer.from(`another run ${String(otherCommits)}`);
    blobs.set(sha1(blob), blob);
    files.set(`other/${String(otherCommits)}.txt`, sha1(blob));
    branches.set(branch, storeCommit(storeTree(files), [head], 'another run').sha);
  }

  /**
   * One page of `items` as `per_page` and `page` ask, with GitHub's Link header to the others; the
   * links keep the request's other query parameters (`state`, `head`…), as GitHub's do.
   */
  function paged(context: Context, path: string, items: readonly Json[]): Reply {
    const perPage = Number(queryParam(context, 'per_page') ?? 30);
    const page = Number(queryParam(context, 'page') ?? 1);
    const last = Math.max(1, Math.ceil(items.length / perPage));
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(context.request.query as Record<string, unknown>)) {
      if (
        name !== 'page' &&
        name !== 'per_page' &&
        (typeof value === 'string' || typeof value === 'number')
      ) {
        query.set(name, String(value));
      }
    }
    const link = (n: number, rel: string): string => {
      query.set('per_page', String(perPage));
      query.set('page', String(n));
      return `<${baseUrl}${path}?${query.toString()}>; rel="${rel}"`;
    };
    const links = [];
    if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
    if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
    return {
      status: 200,
      body: items.slice((page - 1) * perPage, page * perPage),
      headers: links.length > 0 ? { link: links.join(', ') } : {},
    };
  }

  const handlers: Record<string, (context: Context) => Reply> = {
    'users/get-authenticated': (context) => {
      const token = tokenOf(context);
      if (token === undefined) return error(401, 'Requires authentication');
      if (token.installation) return error(403, 'Resource not accessible by integration');
      return { status: 200, body: authenticatedUser(token.user) };
    },
    'issues/list-comments': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const issue = Number(stringParam(context, 'issue_number'));
      const perPage = Number(queryParam(context, 'per_page') ?? 30);
      const page = Number(queryParam(context, 'page') ?? 1);
      const all = comments.filter((comment) => comment.issueNumber === issue);
      const last = Math.max(1, Math.ceil(all.length / perPage));
      const link = (n: number, rel: string): string =>
        `<${baseUrl}/repos/${OWNER}/${REPO}/issues/${String(issue)}/comments?per_page=${String(perPage)}&page=${String(n)}>; rel="${rel}"`;
      const links = [];
      if (page < last) links.push(link(page + 1, 'next'), link(last, 'last'));
      if (page > 1) links.push(link(1, 'first'), link(page - 1, 'prev'));
      return {
        status: 200,
        body: all.slice((page - 1) * perPage, page * perPage).map(commentJson),
        headers: links.length > 0 ? { link: links.join(', ') } : {},
      };
    },
    'issues/create-comment': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const token = tokenOf(context)!;
      const body = bodyOf(context);
      const id = addComment(Number(stringParam(context, 'issue_number')), token.user, text(body, 'body'));
      return { status: 201, body: commentJson(comments.find((comment) => comment.id === id)!) };
    },
    'issues/update-comment': (context) => {
      const token = tokenOf(context);
      if (token === undefined) return error(401, 'Bad credentials');
      const comment = comments.find((item) => item.id === Number(stringParam(context, 'comment_id')));
      // GitHub documents only 200 and 422 here; a missing comment is a 404 in practice, which the
      // mock avoids producing (it would be reported as undocumented).
      if (comment === undefined) return error(404, 'Not Found');
      if (comment.user.login !== token.user.login || token.readOnly) {
        return error(403, 'Resource not accessible by integration');
      }
      comment.body = text(bodyOf(context), 'body');
      comment.updatedAt = '2025-01-02T04:00:00Z';
      return { status: 200, body: commentJson(comment) };
    },
    'issues/get-comment': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const comment = comments.find((item) => item.id === Number(stringParam(context, 'comment_id')));
      if (comment === undefined) return error(404, 'Not Found');
      return { status: 200, body: commentJson(comment) };
    },
    'issues/list-for-repo': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const state = queryParam(context, 'state') ?? 'open';
      const sort = queryParam(context, 'sort') ?? 'created';
      const ascending = queryParam(context, 'direction') === 'asc';
      if (sort !== 'created') failures.push(`issues/list-for-repo: sort=${sort} is not implemented`);
      // Numbers grow with creation time, so they order by it.
      const found = issues
        .filter((issue) => state === 'all' || issue.state === state)
        .sort((a, b) => (ascending ? a.number - b.number : b.number - a.number));
      return paged(context, `/repos/${OWNER}/${REPO}/issues`, found.map(issueJson));
    },
    'issues/create': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const body = bodyOf(context);
      const wanted = labelNames(body);
      const missing = wanted.filter((name) => !labels.has(name));
      if (missing.length > 0 && tokenOf(context)!.labelsReadOnly === true) {
        return {
          status: 422,
          body: {
            message: 'Validation Failed',
            documentation_url: DOCS,
            errors: missing.map((name) => ({
              resource: 'Label',
              code: 'invalid',
              field: 'labels',
              value: name,
            })),
          },
        };
      }
      for (const name of missing) labels.add(name);
      const number = addIssue({
        // GitHub takes a number as the title too; the validator already refused anything else.
        title: typeof body.title === 'number' ? String(body.title) : text(body, 'title'),
        body: typeof body.body === 'string' ? body.body : null,
        user: tokenOf(context)!.user,
      });
      const issue = issues.find((item) => item.number === number)!;
      issue.labels = wanted;
      return {
        status: 201,
        body: issueJson(issue),
        headers: { location: `${repoApi}/issues/${String(number)}` },
      };
    },
    'issues/update': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const issue = issues.find((item) => item.number === Number(stringParam(context, 'issue_number')));
      if (issue === undefined) return error(404, 'Not Found');
      const body = bodyOf(context);
      if (typeof body.title === 'string' || typeof body.title === 'number') issue.title = String(body.title);
      if (typeof body.body === 'string' || body.body === null) issue.body = body.body;
      if (body.state === 'open' || body.state === 'closed') issue.state = body.state;
      if (Array.isArray(body.labels)) issue.labels = labelNames(body);
      issue.updatedAt = '2025-01-02T04:00:00Z';
      return { status: 200, body: issueJson(issue) };
    },
    'git/get-ref': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const ref = stringParam(context, 'ref');
      const sha = ref.startsWith('heads/') ? branches.get(ref.slice('heads/'.length)) : undefined;
      if (sha === undefined) return error(404, 'Not Found');
      return { status: 200, body: refJson(ref.slice('heads/'.length), sha) };
    },
    'git/create-ref': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const body = bodyOf(context);
      const ref = text(body, 'ref');
      const sha = text(body, 'sha');
      if (!ref.startsWith('refs/heads/'))
        return error(422, 'Reference name must start with refs/heads/ here');
      const branch = ref.slice('refs/heads/'.length);
      if (branches.has(branch)) return error(422, 'Reference already exists');
      if (!commits.has(sha)) return error(422, 'Object does not exist');
      branches.set(branch, sha);
      return { status: 201, body: refJson(branch, sha) };
    },
    'git/update-ref': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const ref = stringParam(context, 'ref');
      const branch = ref.slice('heads/'.length);
      if (moveBeforeUpdate.delete(branch)) moveBranchAsSomeoneElse(branch);
      const current = branches.get(branch);
      const body = bodyOf(context);
      const sha = text(body, 'sha');
      if (!ref.startsWith('heads/') || current === undefined) return error(422, 'Reference does not exist');
      if (!commits.has(sha)) return error(422, 'Object does not exist');
      if (body.force !== true && !isAncestor(current, sha)) return error(422, 'Update is not a fast forward');
      branches.set(branch, sha);
      return { status: 200, body: refJson(branch, sha) };
    },
    'git/create-blob': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const body = bodyOf(context);
      const content = Buffer.from(text(body, 'content'), body.encoding === 'base64' ? 'base64' : 'utf8');
      const sha = sha1(Buffer.concat([Buffer.from(`blob ${String(content.length)}\0`), content]));
      blobs.set(sha, content);
      return { status: 201, body: { sha, url: `${repoApi}/git/blobs/${sha}` } };
    },
    'git/create-tree': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const body = bodyOf(context);
      const base = typeof body.base_tree === 'string' ? trees.get(body.base_tree) : new Map<string, string>();
      if (base === undefined) return error(422, 'base_tree is not a valid tree');
      const files = new Map(base);
      for (const entry of Array.isArray(body.tree) ? body.tree : []) {
        // As on GitHub: a null sha takes the path out, a file or a whole directory; a path that is
        // not there is an error.
        if (isObject(entry) && entry.sha === null && !('content' in entry)) {
          const path = text(entry, 'path');
          const gone = [...files.keys()].filter((file) => file === path || file.startsWith(`${path}/`));
          if (gone.length === 0) return error(422, `tree.path ${path} does not exist`);
          for (const file of gone) files.delete(file);
          continue;
        }
        if (!isObject(entry) || typeof entry.sha !== 'string' || !blobs.has(entry.sha)) {
          return error(422, 'tree.sha is not a valid blob');
        }
        files.set(text(entry, 'path'), entry.sha);
      }
      const sha = storeTree(files);
      return {
        status: 201,
        body: {
          sha,
          url: `${repoApi}/git/trees/${sha}`,
          truncated: false,
          tree: [...files].map(([path, blob]) => ({
            path,
            mode: '100644',
            type: 'blob',
            sha: blob,
            size: blobs.get(blob)!.length,
            url: `${repoApi}/git/blobs/${blob}`,
          })),
        },
      };
    },
    'git/get-tree': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const sha = stringParam(context, 'tree_sha');
      const files = trees.get(sha);
      if (files === undefined) return error(404, 'Not Found');
      // GitHub reads any value of `recursive` as yes, "false" and "0" included.
      const recursive = queryParam(context, 'recursive') !== undefined;
      return {
        status: 200,
        body: {
          sha,
          url: `${repoApi}/git/trees/${sha}`,
          tree: treeListing(files, recursive),
          truncated: false,
        },
      };
    },
    'git/get-blob': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const sha = stringParam(context, 'file_sha');
      const content = blobs.get(sha);
      if (content === undefined) return error(404, 'Not Found');
      // GitHub wraps the base64 at 60 characters, each line ending in a newline.
      const lines = content.toString('base64').match(/.{1,60}/g) ?? [];
      return {
        status: 200,
        body: {
          sha,
          node_id: nodeId('Blob', sha),
          url: `${repoApi}/git/blobs/${sha}`,
          size: content.length,
          content: lines.map((line) => `${line}\n`).join(''),
          encoding: 'base64',
        },
      };
    },
    'git/create-commit': (context) => {
      const denied = guard(context, true);
      if (denied) return denied;
      const body = bodyOf(context);
      const tree = text(body, 'tree');
      const parents = (Array.isArray(body.parents) ? body.parents : []).map(String);
      if (!trees.has(tree)) return error(422, 'Tree SHA does not exist');
      if (parents.some((sha) => !commits.has(sha))) return error(422, 'Parent SHA does not exist');
      return { status: 201, body: commitJson(storeCommit(tree, parents, text(body, 'message'))) };
    },
    'git/get-commit': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const commit = commits.get(stringParam(context, 'commit_sha'));
      if (commit === undefined) return error(404, 'Not Found');
      return { status: 200, body: commitJson(commit) };
    },
    'repos/list-pull-requests-associated-with-commit': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const sha = stringParam(context, 'commit_sha');
      // As on GitHub: a commit that exists only in a fork is associated with no pull request of
      // this repository, so a fork's pull request is not found this way.
      const found = pullRequests.filter(
        (pull) =>
          (pull.headSha === sha || (pull.commits ?? []).includes(sha)) &&
          pull.headRepo === `${OWNER}/${REPO}`,
      );
      return paged(context, `/repos/${OWNER}/${REPO}/commits/${sha}/pulls`, found.map(pullRequestJson));
    },
    'pulls/list': (context) => {
      const denied = guard(context, false);
      if (denied) return denied;
      const state = queryParam(context, 'state') ?? 'open';
      const head = queryParam(context, 'head');
      const found = pullRequests.filter(
        (pull) =>
          (state === 'all' || pull.state === state) &&
          (head === undefined || head === `${pull.headRepo.split('/')[0] ?? ''}:${pull.headRef}`),
      );
      return paged(context, `/repos/${OWNER}/${REPO}/pulls`, found.map(pullRequestJson));
    },
    ...setupHandlers(setup, { repoApi, labels, guard, text: stringParam, error, labelJson }),
    ...compareHandlers(comparison, { repoApi, guard, text: stringParam, query: queryParam, error }),
    ...trustHandlers(trust, {
      repoApi,
      pullRequests,
      merger: ALICE,
      guard,
      tokenUser: (context) => tokenOf(context)!.user,
      number: (context, name) => Number(stringParam(context, name)),
      text: stringParam,
      paged,
      bodyOf,
      error,
      simpleUser,
      pullRequestJson,
      labelJson,
    }),
  };

  function addComment(issueNumber: number, user: MockUser, body: string): number {
    const id = nextCommentId++;
    comments.push({ id, issueNumber, user, body, createdAt: TIME, updatedAt: TIME });
    return id;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const text = await readBody(request);
    const method = request.method ?? 'GET';
    let parsedBody: unknown;
    try {
      parsedBody = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsedBody = text;
    }
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers[key] = value;
    }
    const routed = (await api.handleRequest({
      method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      headers,
      body: parsedBody,
    })) as { kind: 'ok' | 'invalid'; context: Context } | { kind: 'unknown' };

    let reply: Reply;
    let operationId: string | undefined;
    if (routed.kind === 'unknown') {
      failures.push(`${method} ${url.pathname}: no such operation in GitHub's OpenAPI description`);
      reply = error(404, 'Not Found');
    } else if (routed.kind === 'invalid') {
      operationId = routed.context.operation.operationId;
      failures.push(
        `${method} ${url.pathname} (${String(operationId)}): invalid request: ` +
          JSON.stringify(routed.context.validation.errors),
      );
      reply = error(400, 'Problems parsing JSON');
    } else {
      operationId = routed.context.operation.operationId;
      await hold(operationId!);
      const fault = takeFault(operationId!);
      const delay = (): Promise<unknown> =>
        new Promise((resolve) => setTimeout(resolve, fault?.delayMs ?? 0));
      // A fault before the operation holds the request; one after it, the answer (the write is done).
      if (fault?.when !== 'after') await delay();
      if (fault !== undefined && fault.when !== 'after') {
        // GitHub's infrastructure answers before the operation: not in the operation's schema.
        reply = {
          status: fault.status,
          body: { message: fault.message ?? 'Server Error' },
          headers: fault.headers,
        };
      } else {
        reply = handlers[operationId!]!(routed.context);
        const documented = Object.keys(routed.context.operation.responses ?? {});
        // openapi-backend silently accepts a status the operation does not document, so check it
        // here. 401 (no or bad token) is GitHub-wide and documented on few operations.
        if (!documented.includes(String(reply.status)) && reply.status !== 401) {
          failures.push(
            `${method} ${url.pathname} (${operationId!}): status ${String(reply.status)} is undocumented`,
          );
        }
        const validation = api.validateResponse(reply.body, routed.context.operation, reply.status);
        if (validation.errors) {
          failures.push(
            `${method} ${url.pathname} (${operationId!}): response ${String(reply.status)} does not match the schema: ` +
              JSON.stringify(validation.errors),
          );
        }
        if (fault !== undefined) {
          await delay();
          reply = {
            status: fault.status,
            body: { message: fault.message ?? 'Server Error' },
            headers: fault.headers,
          };
        }
      }
    }
    requests.push({
      method,
      path: url.pathname,
      query: url.search.replace(/^\?/, ''),
      operationId,
      status: reply.status,
      body: parsedBody,
    });
    response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers });
    response.end(JSON.stringify(reply.body));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((caught: unknown) => {
      failures.push(
        `mock crashed: ${caught instanceof Error ? (caught.stack ?? caught.message) : String(caught)}`,
      );
      response.writeHead(500).end();
    });
  });
  // The client (undici) closes an idle connection after 4 s; a server closing it first (Node's
  // default, 5 s) races a request sent on it then, which fails as "fetch failed" when the event
  // loop this process shares with its client was busy (a validator compiling, a chart rendering).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

  return {
    ...trust,
    ...comparison,
    setup,
    injectFault: (fault) => {
      faults.push({ fault, left: fault.times });
    },
    baseUrl,
    owner: OWNER,
    repo: REPO,
    failures,
    requests,
    comments,
    branches,
    tokens,
    pullRequests,
    issues,
    labels,
    addComment,
    addIssue,
    filesAt: (sha) => trees.get(commits.get(sha)?.tree ?? '') ?? new Map(),
    commit: (sha) => commits.get(sha),
    blobContent: (sha) => blobs.get(sha),
    moveBranchBeforeNextUpdate: (branch) => {
      moveBeforeUpdate.add(branch);
    },
    holdUntilAllArrive: (operationId, count) => {
      holds.set(operationId, { remaining: count, waiting: [] });
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((closeError) => {
          if (closeError) reject(closeError);
          else resolve();
        });
      }),
  };
}
