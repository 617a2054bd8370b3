// What `init --check` asks GitHub: whether the steps only an admin can take were taken. The status
// `mysql-perf-gate` required on the default branch (a ruleset, or classic branch protection), a
// self-hosted runner with the pinned machine's labels, outside contributors' workflows held for
// approval, and the fork label. Each answer is ok, missing (with what to do), or unknown when the
// token may not read it (most of these need the repository's admin permission): never a guess.
import type { GitHubClient } from './client.js';
import { gitHubMessage, httpStatus } from './github-errors.js';

export const REQUIRED_STATUS = 'mysql-perf-gate';

export interface SetupQuery {
  readonly owner: string;
  readonly repo: string;
  readonly branch: string;
  readonly runsOn: readonly string[];
  readonly forkLabel: string;
}

export interface SetupCheck {
  readonly what: string;
  readonly state: 'ok' | 'missing' | 'unknown';
  readonly detail: string;
}

/** A 403 or 404 the token's rights explain: unknown, with why; anything else goes up. */
function unreadable(what: string, error: unknown, needs: string): SetupCheck {
  const status = httpStatus(error);
  if (status !== 403 && status !== 404) throw error;
  return {
    what,
    state: 'unknown',
    detail: `the token cannot read it (HTTP ${status}: ${gitHubMessage(error)}); it needs ${needs}`,
  };
}

async function requiredStatus(client: GitHubClient, query: SetupQuery): Promise<SetupCheck> {
  const what = `the status "${REQUIRED_STATUS}" required on ${query.branch}`;
  const { owner, repo, branch } = query;
  const rules = await client.rest.repos.getBranchRules({ owner, repo, branch, per_page: 100 });
  const inRuleset = rules.data.some(
    (rule) =>
      rule.type === 'required_status_checks' &&
      rule.parameters?.required_status_checks.some((check) => check.context === REQUIRED_STATUS) === true,
  );
  if (inRuleset) return { what, state: 'ok', detail: 'a ruleset requires it' };
  try {
    const classic = await client.rest.repos.getStatusChecksProtection({ owner, repo, branch });
    const contexts = [...classic.data.contexts, ...classic.data.checks.map((check) => check.context)];
    return contexts.includes(REQUIRED_STATUS)
      ? { what, state: 'ok', detail: "the branch's protection requires it" }
      : {
          what,
          state: 'missing',
          detail: `the branch's protection requires ${contexts.length === 0 ? 'no check' : contexts.join(', ')}, not it`,
        };
  } catch (error) {
    if (httpStatus(error) === 404)
      return { what, state: 'missing', detail: 'no ruleset or branch protection requires it' };
    return unreadable(what, error, 'the Administration: read permission');
  }
}

async function runner(client: GitHubClient, query: SetupQuery): Promise<SetupCheck> {
  const what = `a self-hosted runner labelled ${query.runsOn.join(', ')}`;
  try {
    const { data } = await client.rest.actions.listSelfHostedRunnersForRepo({
      owner: query.owner,
      repo: query.repo,
      per_page: 100,
    });
    const matching = data.runners.filter((found) =>
      query.runsOn.every((label) =>
        found.labels.some((has) => has.name.toLowerCase() === label.toLowerCase()),
      ),
    );
    if (matching.length === 0)
      return {
        what,
        state: 'missing',
        detail: `none of the repository's ${data.total_count} runner(s) has every label (an organization's runner group is not listed here)`,
      };
    return {
      what,
      state: 'ok',
      detail: matching.map((found) => `${found.name} (${found.status})`).join(', '),
    };
  } catch (error) {
    return unreadable(what, error, "the repository's Administration: read permission");
  }
}

async function approvalPolicy(client: GitHubClient, query: SetupQuery): Promise<SetupCheck> {
  const what = "outside contributors' workflows held for approval";
  try {
    // Newer than the REST methods of the @actions/github in use: asked by its route.
    const { data } = await client.request(
      'GET /repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval',
      {
        owner: query.owner,
        repo: query.repo,
      },
    );
    const policy = (data as { approval_policy?: unknown }).approval_policy;
    return policy === 'all_external_contributors'
      ? { what, state: 'ok', detail: 'all outside contributors' }
      : {
          what,
          state: 'missing',
          detail: `the policy is ${String(policy)}: set "Require approval for all outside collaborators"`,
        };
  } catch (error) {
    return unreadable(what, error, 'the Administration: read permission');
  }
}

async function label(client: GitHubClient, query: SetupQuery): Promise<SetupCheck> {
  const what = `the label "${query.forkLabel}"`;
  try {
    await client.rest.issues.getLabel({ owner: query.owner, repo: query.repo, name: query.forkLabel });
    return { what, state: 'ok', detail: 'exists' };
  } catch (error) {
    if (httpStatus(error) === 404) return { what, state: 'missing', detail: 'does not exist: create it' };
    return unreadable(what, error, 'the Issues: read permission');
  }
}

/** Every check, in the order `init` lists the steps. */
export async function checkSetup(client: GitHubClient, query: SetupQuery): Promise<SetupCheck[]> {
  const required = await requiredStatus(client, query).catch((error: unknown) =>
    unreadable(
      `the status "${REQUIRED_STATUS}" required on ${query.branch}`,
      error,
      'the Metadata: read permission',
    ),
  );
  return [
    await runner(client, query),
    required,
    await approvalPolicy(client, query),
    await label(client, query),
  ];
}
