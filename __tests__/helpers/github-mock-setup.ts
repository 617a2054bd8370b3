// The operations `init --check` asks, for the GitHub mock (github-mock.ts): a branch's rules, its
// classic protection's required checks, the repository's self-hosted runners, the approval policy
// for outside contributors' workflows, and one label. Routed and validated against GitHub's
// OpenAPI description like the others. A state's `denied` set names the operations a token without
// the admin permission they need may not read.
import type { Context } from 'openapi-backend';

import type { JsonObject, Reply } from './github-mock.js';

export const SETUP_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/repos/{owner}/{repo}/rules/branches/{branch}': ['get'],
  '/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks': ['get'],
  '/repos/{owner}/{repo}/actions/runners': ['get'],
  '/repos/{owner}/{repo}/actions/permissions/fork-pr-contributor-approval': ['get'],
  '/repos/{owner}/{repo}/labels/{name}': ['get'],
};

export const SETUP_IMPLEMENTED = [
  'repos/get-branch-rules',
  'repos/get-status-checks-protection',
  'actions/list-self-hosted-runners-for-repo',
  'actions/get-fork-pr-contributor-approval-permissions-repository',
  'issues/get-label',
];

const DOCUMENTS_404 = new Set([
  'repos/get-status-checks-protection',
  'actions/get-fork-pr-contributor-approval-permissions-repository',
  'issues/get-label',
]);

export interface MockRunner {
  readonly name: string;
  readonly labels: readonly string[];
  readonly status: 'online' | 'offline';
}

export interface SetupState {
  /** Branch → the contexts a ruleset requires on it. */
  readonly rulesetChecks: Map<string, string[]>;
  /** Branch → the contexts its classic branch protection requires. */
  readonly protectionChecks: Map<string, string[]>;
  readonly runners: MockRunner[];
  approvalPolicy:
    'first_time_contributors_new_to_github' | 'first_time_contributors' | 'all_external_contributors';
  /** Operation ids the token may not read: 404 where documented, else 403. */
  readonly denied: Set<string>;
}

export function setupState(): SetupState {
  return {
    rulesetChecks: new Map(),
    protectionChecks: new Map(),
    runners: [],
    approvalPolicy: 'first_time_contributors',
    denied: new Set(),
  };
}

export interface SetupContext {
  readonly repoApi: string;
  readonly labels: Set<string>;
  guard(context: Context, write: boolean): Reply | undefined;
  text(context: Context, name: string): string;
  error(status: number, message: string): Reply;
  labelJson(name: string): JsonObject;
}

export function setupHandlers(
  state: SetupState,
  setup: SetupContext,
): Record<string, (context: Context) => Reply> {
  // A token without the rights: 404 where the operation documents it (GitHub hides what the token
  // may not see), else 403, which GitHub answers there although its description lists only 200.
  const allowed = (context: Context): Reply | undefined => {
    const id = context.operation.operationId ?? '';
    if (!state.denied.has(id)) return setup.guard(context, false);
    return DOCUMENTS_404.has(id)
      ? setup.error(404, 'Not Found')
      : setup.error(403, 'Resource not accessible by integration');
  };
  return {
    'repos/get-branch-rules': (context) => {
      const denied = allowed(context);
      if (denied) return denied;
      const checks = state.rulesetChecks.get(setup.text(context, 'branch'));
      const rules =
        checks === undefined
          ? []
          : [
              {
                type: 'required_status_checks',
                parameters: {
                  required_status_checks: checks.map((check) => ({ context: check })),
                  strict_required_status_checks_policy: false,
                },
                ruleset_source_type: 'Repository',
                ruleset_source: 'octo-org/server',
                ruleset_id: 42,
              },
            ];
      return { status: 200, body: rules };
    },
    'repos/get-status-checks-protection': (context) => {
      const denied = allowed(context);
      if (denied) return denied;
      const branch = setup.text(context, 'branch');
      const checks = state.protectionChecks.get(branch);
      if (checks === undefined) return setup.error(404, 'Branch not protected');
      const url = `${setup.repoApi}/branches/${encodeURIComponent(branch)}/protection/required_status_checks`;
      return {
        status: 200,
        body: {
          url,
          strict: false,
          contexts: checks,
          checks: checks.map((check) => ({ context: check, app_id: null })),
          contexts_url: `${url}/contexts`,
        },
      };
    },
    'actions/list-self-hosted-runners-for-repo': (context) => {
      const denied = allowed(context);
      if (denied) return denied;
      const runners = state.runners.map((runner, index) => ({
        id: 500 + index,
        name: runner.name,
        os: 'linux',
        status: runner.status,
        busy: false,
        labels: runner.labels.map((name, id) => ({
          id,
          name,
          type: name === 'self-hosted' ? 'read-only' : 'custom',
        })),
      }));
      return { status: 200, body: { total_count: runners.length, runners } };
    },
    'actions/get-fork-pr-contributor-approval-permissions-repository': (context) => {
      const denied = allowed(context);
      if (denied) return denied;
      return { status: 200, body: { approval_policy: state.approvalPolicy } };
    },
    'issues/get-label': (context) => {
      const denied = allowed(context);
      if (denied) return denied;
      const name = setup.text(context, 'name');
      return setup.labels.has(name)
        ? { status: 200, body: setup.labelJson(name) }
        : setup.error(404, 'Not Found');
    },
  };
}
