// `mysql-perf-gate init`: writes the workflows a server's repository needs and its settings file,
// from the examples this package ships, each call of a reusable workflow pinned to the package's
// commit (init-plan.ts decides the text). It asks nothing the repository can tell: its GitHub
// remote, its default branch and whether its top is a server's CMake tree come from git and the
// tree. Files that exist with other text are refused unless --force; actionlint checks what was
// written when it is installed. Then the steps only a person can take, with their links.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

import { detectSourceTree } from '../builder/source-tree.js';
import { describeFlavor } from '../flavor/flavors.js';
import { errorMessage, InputError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { exec } from '../shell/exec.js';
import type { Logger } from '../shell/logger.js';
import { packageRelease, packageRoot } from '../shell/package-root.js';
import { quickDeadline } from '../shell/deadline.js';
import { SETTINGS } from './settings-schema.js';
import {
  type InitChoices,
  manualSteps,
  type ManualStep,
  type PlannedFile,
  planFiles,
  type RepositoryFacts,
  SETTINGS_PATH,
} from './init-plan.js';

export interface InitConfig {
  /** Anywhere inside the server's git checkout. */
  readonly dir: string;
  readonly runsOn: readonly string[];
  readonly testbed: string | undefined;
  readonly compiler: string;
  readonly instructions: boolean;
  readonly forkLabel: string;
  /** The commit to call the reusable workflows at, instead of the package's own. */
  readonly ref: string | undefined;
  readonly defaultBranch: string | undefined;
  readonly force: boolean;
}

export interface InitOutcome {
  readonly root: string;
  readonly facts: RepositoryFacts;
  readonly written: readonly PlannedFile[];
  readonly unchanged: readonly PlannedFile[];
  /** The settings file, which exists with other text: the repository's own, left as it is. */
  readonly kept: readonly PlannedFile[];
  /** actionlint's findings, '' when clean; null when actionlint is not installed. */
  readonly lint: string | null;
  readonly steps: readonly ManualStep[];
}

export async function git(root: string, args: readonly string[]): Promise<string | null> {
  const result = await exec('git', ['-C', root, ...args], { check: false, deadline: quickDeadline('git') });
  return result.exitCode === 0 ? result.stdout.trim() : null;
}

/** `owner/name` from a github.com remote URL (https, ssh or scp-like), else null. */
export function githubSlug(url: string): string | null {
  const match =
    /^(?:https:\/\/(?:[^@/]+@)?github\.com\/|ssh:\/\/git@github\.com\/|git@github\.com:)([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(
      url,
    );
  return match === null ? null : `${match[1]}/${match[2]}`;
}

export async function repositoryFacts(
  root: string,
  config: Pick<InitConfig, 'defaultBranch'>,
  logger: Logger,
): Promise<RepositoryFacts> {
  const remote = await git(root, ['remote', 'get-url', 'origin']);
  const slug = remote === null ? null : githubSlug(remote);
  if (slug === null)
    logger.warning(`no github.com remote named origin in ${root}: the steps below come without links`);
  const originHead = await git(root, ['symbolic-ref', '--short', 'refs/remotes/origin/HEAD']);
  const defaultBranch =
    config.defaultBranch ??
    originHead?.replace(/^origin\//, '') ??
    (await git(root, ['branch', '--show-current'])) ??
    'main';
  const tree = await detectSourceTree(root).then(
    (found) => `${describeFlavor(found.flavor).name} ${found.version}`,
    (error: unknown) => {
      logger.warning(
        `${errorMessage(error)}: the workflows build the repository's top with CMake all the same`,
      );
      return null;
    },
  );
  return { slug, defaultBranch, tree };
}

/** The commit the workflows call: --ref, the package's own, or the clone's clean HEAD. */
async function pinnedCommit(config: InitConfig, logger: Logger): Promise<string> {
  const pattern = /^[0-9a-f]{40}$/;
  if (config.ref !== undefined) {
    if (!pattern.test(config.ref))
      throw new InputError(`--ref ${config.ref}: expected a full 40-hex commit SHA`);
    return config.ref;
  }
  const release = packageRelease();
  if (release.commit !== null) {
    if (release.dirty)
      logger.warning(
        `this package was packed from ${release.commit} with uncommitted changes: the workflows call ${release.commit} as it is`,
      );
    return release.commit;
  }
  // A clone of this repository: its HEAD, what `npm pack` there would record.
  const root = packageRoot();
  const head = await git(root, ['rev-parse', 'HEAD']);
  if (head === null || !pattern.test(head))
    throw new InputError(
      `this mysql-perf-gate (${root}) is neither an installed release nor a git checkout, so no commit names its workflows; pass --ref <the 40-hex commit your workflows should call>`,
    );
  const dirty = await git(root, ['status', '--porcelain', '--untracked-files=no']);
  if (dirty !== '')
    logger.warning(`${root} has uncommitted changes: the workflows call its HEAD, ${head}, without them`);
  return head;
}

function examples(): Map<string, string> {
  const dir = join(packageRoot(), 'examples', 'workflows');
  return new Map(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

async function lint(root: string, files: readonly PlannedFile[]): Promise<string | null> {
  const result = await exec(
    'actionlint',
    ['-no-color', ...files.filter((file) => file.path.includes('/workflows/')).map((file) => file.path)],
    {
      cwd: root,
      check: false,
      deadline: quickDeadline('actionlint'),
    },
  ).catch(() => null);
  if (result === null) return null;
  return result.exitCode === 0 ? '' : `${result.stdout}${result.stderr}`.trim();
}

/** The machine's settings as the settings file will hold them, checked by its own schema. */
function checkChoices(choices: Pick<InitChoices, 'runsOn' | 'testbed' | 'compiler' | 'forkLabel'>): void {
  const fields = [
    ['--runs-on', 'runs-on', [...choices.runsOn], choices.runsOn.join(',')],
    ['--testbed', 'testbed', choices.testbed, choices.testbed],
    ['--compiler', 'compiler', choices.compiler, choices.compiler],
  ] as const;
  for (const [flag, name, value, shown] of fields) {
    const checked = SETTINGS[name].value.safeParse(value);
    const issue = checked.success ? undefined : checked.error.issues[0];
    if (issue !== undefined) throw new InputError(`${flag} ${JSON.stringify(shown)}: ${issue.message}`);
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,49}$/.test(choices.forkLabel))
    throw new InputError(
      `--fork-label ${JSON.stringify(choices.forkLabel)}: a label of letters, digits, "_", ".", ":" or "-"`,
    );
}

export async function initCommand(config: InitConfig, logger: Logger): Promise<InitOutcome> {
  const machine = {
    runsOn: config.runsOn,
    testbed: config.testbed ?? `${config.runsOn.find((label) => label !== 'self-hosted') ?? 'perf'}-1`,
    compiler: config.compiler,
    forkLabel: config.forkLabel,
  };
  checkChoices(machine);
  const root = await git(resolve(config.dir), ['rev-parse', '--show-toplevel']);
  if (root === null)
    throw new InputError(
      `${resolve(config.dir)} is not in a git checkout: run init in the server's repository`,
    );
  const facts = await repositoryFacts(root, config, logger);
  const choices: InitChoices = {
    ...machine,
    instructions: config.instructions,
    commit: await pinnedCommit(config, logger),
    version: packageRelease().version,
  };
  const plan = planFiles(
    examples(),
    readFileSync(join(packageRoot(), 'examples', 'mysql-perf-gate.yml'), 'utf8'),
    facts,
    choices,
  );
  const current = (file: PlannedFile): string | null => {
    const path = join(root, file.path);
    return existsSync(path) ? readFileSync(path, 'utf8') : null;
  };
  // The settings file is the repository's own once it exists: kept, unless --force.
  const kept = plan.filter(
    (file) =>
      file.path === SETTINGS_PATH && !config.force && current(file) !== null && current(file) !== file.text,
  );
  const unchanged = plan.filter((file) => current(file) === file.text);
  const clashing = plan.filter(
    (file) => current(file) !== null && current(file) !== file.text && !kept.includes(file),
  );
  if (clashing.length > 0 && !config.force) {
    throw new InputError(
      `${clashing.map((file) => file.path).join(', ')} already ${clashing.length === 1 ? 'exists' : 'exist'} with other text: pass --force to replace them (git shows what changed)`,
    );
  }
  const written = plan.filter((file) => !unchanged.includes(file) && !kept.includes(file));
  for (const file of written) {
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileAtomic(join(root, file.path), file.text);
  }
  return {
    root,
    facts,
    written,
    unchanged,
    kept,
    lint: await lint(root, plan),
    steps: manualSteps(facts, choices),
  };
}
