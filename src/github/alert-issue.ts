// The regression alert of the nightly workflow: one issue per alert key, found again by a hidden
// marker on its first line and edited in place, so a regression that persists for ten nights is one
// up-to-date issue rather than ten.
//
// The issues API has no search by body that sees HTML comments (the search API indexes rendered
// text), so the repository's issues are listed, newest first, until the marker turns up. That list
// also holds pull requests, which are skipped: a pull request quoting the marker is not the alert.
//
// A closed alert issue is updated but never reopened: a maintainer closed it on purpose (accepted
// the regression, or tracks it elsewhere), and a bot reopening it every night would be noise. The
// result says it is closed, with a warning, so the caller can mention it in the job summary.
import { createOnce, NO_RETRY } from './create-once.js';
import type { GitHubClient } from './client.js';
import { GitHubError, gitHubMessage, httpStatus, serverSideHint } from './github-errors.js';

export interface AlertIssueTarget {
  readonly owner: string;
  readonly repo: string;
  /** The hidden first line that names the alert, e.g. `<!-- mysql-perf-gate:alert=quick -->`. */
  readonly marker: string;
  readonly title: string;
  /** The issue's text below the marker line. */
  readonly body: string;
  /** Labels for a new issue; an existing issue's labels are the maintainers' and left alone. */
  readonly labels?: readonly string[];
  /**
   * The text once the issue's number is known (a line that names the issue, such as the bisect
   * workflow's dispatch line): an existing issue gets it at once, a new one is created with `body`
   * and then edited to it.
   */
  readonly bodyFor?: (issueNumber: number) => string;
}

export interface AlertIssueResult {
  readonly action: 'created' | 'updated' | 'unchanged';
  readonly number: number;
  readonly url: string;
  /** `closed` when a maintainer closed the issue: it was updated but not reopened. */
  readonly state: 'open' | 'closed';
  /** What did not go as asked (labels refused, the issue left closed), for the job's log. */
  readonly warnings: readonly string[];
}

/** An issue carrying an alert marker. */
export interface AlertIssue {
  readonly number: number;
  readonly url: string;
  readonly state: 'open' | 'closed';
  readonly title: string;
  /** The whole body, marker line included. */
  readonly body: string;
  /** The issue's marker line. */
  readonly marker: string;
}

/** GitHub refuses an issue body longer than this many characters. */
const MAX_BODY_CHARS = 65_536;

const PERMISSION_HINT = 'give the workflow `permissions: issues: write`';

/** The body written to the issue: the marker line, then the text. */
export function alertIssueBody(marker: string, body: string): string {
  return `${marker}\n${body}`;
}

/** Every issue (not pull request) whose marker line starts with `markerPrefix`, newest first. */
export async function listAlertIssues(
  client: GitHubClient,
  options: { readonly owner: string; readonly repo: string; readonly markerPrefix: string },
): Promise<AlertIssue[]> {
  if (!options.markerPrefix.startsWith('<!--') || /[\r\n]/.test(options.markerPrefix)) {
    throw new GitHubError(
      `bad alert marker prefix "${options.markerPrefix}": it must start with "<!--" and fit on one line; this is a bug`,
    );
  }
  return scanAlertIssues(
    client,
    options.owner,
    options.repo,
    (marker) => marker.startsWith(options.markerPrefix),
    false,
  );
}

/**
 * Updates the issue carrying `marker` (title and body; state and labels left alone), or creates it
 * when there is none. Makes no write when the title and body are already as asked.
 */
export async function upsertAlertIssue(
  client: GitHubClient,
  target: AlertIssueTarget,
): Promise<AlertIssueResult> {
  checkTarget(target);
  const body = alertIssueBody(target.marker, target.body);
  const [existing] = await scanAlertIssues(
    client,
    target.owner,
    target.repo,
    (marker) => marker === target.marker,
    true,
  );
  if (existing === undefined) return numbered(client, target, await createAlertIssue(client, target, body));
  const wanted = bodyFor(target, existing.number) ?? body;
  const warnings =
    existing.state === 'closed'
      ? [`issue #${existing.number} is closed; it was updated but left closed, as a maintainer closed it`]
      : [];
  if (existing.title === target.title && existing.body === wanted) {
    return {
      action: 'unchanged',
      number: existing.number,
      url: existing.url,
      state: existing.state,
      warnings,
    };
  }
  try {
    const { data } = await client.rest.issues.update({
      owner: target.owner,
      repo: target.repo,
      issue_number: existing.number,
      title: target.title,
      body: wanted,
    });
    return {
      action: 'updated',
      number: data.number,
      url: data.html_url,
      state: stateOf(data.state),
      warnings,
    };
  } catch (error) {
    throw writeFailure(error, `update issue #${existing.number}`, target);
  }
}

/** The whole body with the issue's number in it, checked as the first one is; undefined without bodyFor. */
function bodyFor(target: AlertIssueTarget, issueNumber: number): string | undefined {
  if (target.bodyFor === undefined) return undefined;
  const body = alertIssueBody(target.marker, target.bodyFor(issueNumber));
  checkLength(body.length);
  return body;
}

/** A new issue edited to the body that names it, when the target has one. */
async function numbered(
  client: GitHubClient,
  target: AlertIssueTarget,
  created: AlertIssueResult,
): Promise<AlertIssueResult> {
  const body = bodyFor(target, created.number);
  if (body === undefined) return created;
  try {
    await client.rest.issues.update({
      owner: target.owner,
      repo: target.repo,
      issue_number: created.number,
      body,
    });
  } catch (error) {
    throw writeFailure(error, `update issue #${created.number}`, target);
  }
  return created;
}

function checkLength(length: number): void {
  if (length > MAX_BODY_CHARS) {
    throw new GitHubError(
      `the alert issue's body is ${length} characters, over GitHub's limit of ${MAX_BODY_CHARS}; ` +
        'shorten it (link the report instead of including it)',
    );
  }
}

/** The marker and the body come from the code: a marker that could not be found again is a bug. */
function checkTarget(target: AlertIssueTarget): void {
  if (!/^<!--[^\r\n]*-->$/.test(target.marker)) {
    throw new GitHubError(
      `bad alert marker "${target.marker}": it must be one HTML comment on one line; this is a bug`,
    );
  }
  checkLength(alertIssueBody(target.marker, target.body).length);
}

function stateOf(state: string): 'open' | 'closed' {
  return state === 'closed' ? 'closed' : 'open';
}

/** An issue's marker: its first line when that is an HTML comment (a web edit may add `\r`). */
function markerOf(body: string): string | undefined {
  const first = body.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return first.startsWith('<!--') && first.endsWith('-->') ? first : undefined;
}

/** The issues whose marker `wanted` accepts, newest first; only the first when `firstOnly`. */
async function scanAlertIssues(
  client: GitHubClient,
  owner: string,
  repo: string,
  wanted: (marker: string) => boolean,
  firstOnly: boolean,
): Promise<AlertIssue[]> {
  const found: AlertIssue[] = [];
  try {
    await client.paginate(
      client.rest.issues.listForRepo,
      { owner, repo, state: 'all', sort: 'created', direction: 'desc', per_page: 100 },
      (response, done) => {
        for (const issue of response.data) {
          const marker = markerOf(issue.body ?? '');
          if (issue.pull_request !== undefined || marker === undefined || !wanted(marker)) continue;
          const { number, html_url: url, title, body } = issue;
          found.push({ number, url, title, body: body ?? '', marker, state: stateOf(issue.state) });
          if (firstOnly) {
            done();
            break;
          }
        }
        return [];
      },
    );
  } catch (error) {
    throw readFailure(error, owner, repo);
  }
  return found;
}

function readFailure(error: unknown, owner: string, repo: string): GitHubError {
  const status = httpStatus(error);
  const hint =
    status === 404 || status === 403
      ? 'give the workflow `permissions: issues: read` (or `issues: write`)'
      : "see GitHub's message";
  return new GitHubError(`could not list the issues of ${owner}/${repo}: ${gitHubMessage(error)}; ${hint}`, {
    cause: error,
  });
}

function writeFailure(error: unknown, what: string, target: AlertIssueTarget): GitHubError {
  const status = httpStatus(error);
  const hint =
    status === 403 || status === 404
      ? PERMISSION_HINT
      : status === 410
        ? 'issues are disabled on the repository: enable them in its settings'
        : (serverSideHint(error) ?? "see GitHub's message");
  return new GitHubError(
    `could not ${what} on ${target.owner}/${target.repo}: ${gitHubMessage(error)}; ${hint}`,
    { cause: error },
  );
}

/**
 * A new issue with the labels; without them when GitHub refuses them (a label the token may not
 * create answers 422 or 403), since an alert without labels beats no alert.
 */
async function createAlertIssue(
  client: GitHubClient,
  target: AlertIssueTarget,
  body: string,
): Promise<AlertIssueResult> {
  const { owner, repo, title } = target;
  const labels = [...(target.labels ?? [])];
  const warnings: string[] = [];
  // A create whose answer was lost may have made the issue: look for its marker before another.
  const find = async (): Promise<AlertIssueResult | undefined> => {
    const [issue] = await scanAlertIssues(client, owner, repo, (marker) => marker === target.marker, true);
    return issue && { action: 'created', number: issue.number, url: issue.url, state: issue.state, warnings };
  };
  const create = (withLabels: readonly string[]) => async (): Promise<AlertIssueResult> => {
    const { data } = await client.rest.issues.create({
      owner,
      repo,
      title,
      body,
      ...(withLabels.length > 0 ? { labels: [...withLabels] } : {}),
      request: NO_RETRY,
    });
    return {
      action: 'created',
      number: data.number,
      url: data.html_url,
      state: stateOf(data.state),
      warnings,
    };
  };
  if (labels.length > 0) {
    try {
      return await createOnce(find, create(labels), { secondMs: client.secondMs });
    } catch (error) {
      const status = httpStatus(error);
      if (status !== 422 && status !== 403) throw writeFailure(error, 'create the alert issue', target);
      warnings.push(
        `the labels ${labels.join(', ')} were refused (${gitHubMessage(error)}); the issue was created ` +
          'without them: create the labels in the repository, or give the workflow `issues: write`',
      );
    }
  }
  try {
    return await createOnce(find, create([]), { secondMs: client.secondMs });
  } catch (error) {
    throw writeFailure(error, 'create the alert issue', target);
  }
}
