// `mysql-perf-gate init --check`: asks GitHub whether the steps `init` leaves to an admin were
// taken (github/setup-check.ts asks and judges each), for the checkout's repository, its default
// branch and the pinned machine's labels (from the settings file `init` wrote, when it is there).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { InputError } from '../errors.js';
import { DEFAULT_LIMITS, gitHubClient } from '../github/octokit.js';
import { checkSetup, type SetupCheck } from '../github/setup-check.js';
import type { Logger } from '../shell/logger.js';
import { git, repositoryFacts } from './init.js';
import { SETTINGS_PATH } from './init-plan.js';
import { readWorkflowSettings } from './workflow-settings.js';

export interface InitCheckConfig {
  readonly dir: string;
  readonly runsOn: readonly string[];
  readonly forkLabel: string;
  readonly defaultBranch: string | undefined;
  /** GITHUB_TOKEN or GH_TOKEN. */
  readonly token: string | undefined;
  /** GITHUB_API_URL, or GitHub's. */
  readonly apiUrl: string;
}

export interface InitCheckOutcome {
  readonly slug: string;
  readonly branch: string;
  readonly checks: readonly SetupCheck[];
}

export async function initCheckCommand(config: InitCheckConfig, logger: Logger): Promise<InitCheckOutcome> {
  if (config.token === undefined || config.token === '')
    throw new InputError(
      'init --check asks GitHub: set GITHUB_TOKEN (or GH_TOKEN) to a token that may read the repository (`gh auth token`)',
    );
  const root = await git(resolve(config.dir), ['rev-parse', '--show-toplevel']);
  if (root === null)
    throw new InputError(
      `${resolve(config.dir)} is not in a git checkout: run init --check in the server's repository`,
    );
  const facts = await repositoryFacts(root, config, logger);
  if (facts.slug === null)
    throw new InputError(`${root} has no github.com remote named origin: nothing to check`);
  const settings = join(root, SETTINGS_PATH);
  const written = existsSync(settings) ? readWorkflowSettings(settings)['runs-on'] : '';
  const runsOn = written === '' ? config.runsOn : (JSON.parse(written) as string[]);
  const [owner = '', repo = ''] = facts.slug.split('/');
  const client = gitHubClient(config.token, logger, { ...DEFAULT_LIMITS, baseUrl: config.apiUrl });
  const checks = await checkSetup(client, {
    owner,
    repo,
    branch: facts.defaultBranch,
    runsOn,
    forkLabel: config.forkLabel,
  });
  return { slug: facts.slug, branch: facts.defaultBranch, checks };
}
