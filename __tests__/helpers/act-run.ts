// Running workflows under act (github.com/nektos/act) on this machine, with no Docker: every
// runner label is mapped to the host (`-P <label>=-self-hosted`), and act's own directories (its
// cache, the job's workspace and temp directory) live under a directory of the test's, as does
// HOME (where the workflows keep their builds and ccache). The server repository the workflows
// belong to is made here too: a stand-in MariaDB tree (__fixtures__/act/server-tree) whose install
// links Debian's mariadbd, with the example settings file (.github/mysql-perf-gate.yml), in a local
// bare repository with a base branch and a pull request's head.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { findCommand } from './requirements.js';
import { watchChild, type WatchedChild } from './watched-child.js';
import { ROOT } from './real-run.js';

/** act pinned by scripts/install-deps.sh --tests (.work/bin), else the one on PATH. */
export function actBinary(): string | undefined {
  const pinned = join(ROOT, '.work', 'bin', 'act');
  return existsSync(pinned) ? pinned : findCommand('act');
}

/** Like requireCommand: skips without act on a developer machine, fails under CI=true. */
export function requireAct(): boolean {
  if (actBinary() !== undefined) return true;
  const message = 'act was found neither in .work/bin (scripts/install-deps.sh --tests) nor on PATH';
  if (process.env.CI === 'true') {
    throw new Error(
      `${message}; CI=true, so the tests that need it fail instead of being skipped. Install it.`,
    );
  }
  process.stderr.write(`skipping the act tests: ${message} (set CI=true to make this an error)\n`);
  return false;
}

export const OWNER = 'octo-org';
export const REPO = 'server';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'A. Developer',
      GIT_AUTHOR_EMAIL: 'dev@example.org',
      GIT_COMMITTER_NAME: 'A. Developer',
      GIT_COMMITTER_EMAIL: 'dev@example.org',
      GIT_CONFIG_NOSYSTEM: '1',
      HOME: cwd,
    },
  }).trim();
}

/** `MYSQL_VERSION_*` of the distribution's server, which the stand-in tree must claim to be. */
function versionFile(): string {
  const out = execFileSync('/usr/sbin/mariadbd', ['--version'], { encoding: 'utf8' });
  const match = /Ver (\d+)\.(\d+)\.(\d+)-MariaDB/.exec(out);
  if (!match) throw new Error(`cannot read the version of /usr/sbin/mariadbd: ${out}`);
  return [
    `MYSQL_VERSION_MAJOR=${match[1] ?? ''}`,
    `MYSQL_VERSION_MINOR=${match[2] ?? ''}`,
    `MYSQL_VERSION_PATCH=${match[3] ?? ''}`,
    'SERVER_MATURITY=stable',
    '',
  ].join('\n');
}

export interface ServerRepository {
  /** The bare repository the checkout stand-in clones from. */
  readonly origin: string;
  /** The clone act runs in: its remote names github.com/octo-org/server. */
  readonly workdir: string;
  /** The commit the pull request branched from: the merge base. */
  readonly forkPoint: string;
  /** The base branch's tip when the event was sent (one commit past the fork point). */
  readonly baseTip: string;
  /** The pull request's head (one commit past the fork point, on its own line). */
  readonly head: string;
}

/** Fields added to the shipped settings file: on every branch (`base`), and the pull request's copy. */
export interface RepositorySettings {
  readonly base?: string;
  /** The pull request's own copy instead (the base's fields not included): a change it makes. */
  readonly head?: string;
}

/**
 * main: fork point → base tip; the pull request: fork point → head, at refs/pull/12/head only
 * (as a fork's commit is, in the base repository).
 */
export function makeServerRepository(dir: string, settings: RepositorySettings = {}): ServerRepository {
  const work = join(dir, 'work');
  mkdirSync(work, { recursive: true });
  cpSync(join(ROOT, '__fixtures__', 'act', 'server-tree'), work, { recursive: true });
  writeFileSync(join(work, 'VERSION'), versionFile());
  // Every workflow reads its settings from here: the example as shipped, and the test's fields.
  mkdirSync(join(work, '.github'), { recursive: true });
  const settingsFile = join(work, '.github', 'mysql-perf-gate.yml');
  const shipped = readFileSync(join(ROOT, 'examples', 'mysql-perf-gate.yml'), 'utf8');
  writeFileSync(settingsFile, `${shipped}${settings.base ?? ''}`);
  git(work, 'init', '--quiet', '--initial-branch=main');
  git(work, 'add', '-A');
  git(work, 'commit', '--quiet', '-m', 'the server');
  const forkPoint = git(work, 'rev-parse', 'HEAD');
  writeFileSync(join(work, 'NEWS'), 'a change on the base branch after the fork point\n');
  git(work, 'add', 'NEWS');
  git(work, 'commit', '--quiet', '-m', 'news');
  const baseTip = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '--quiet', '-b', 'faster', forkPoint);
  writeFileSync(join(work, 'sql', 'mariadb.h'), '/* the pull request */\n');
  if (settings.head !== undefined) writeFileSync(settingsFile, `${shipped}${settings.head}`);
  git(work, 'commit', '--quiet', '-am', 'faster');
  const head = git(work, 'rev-parse', 'HEAD');
  git(work, 'checkout', '--quiet', 'main');

  const origin = join(dir, 'origin.git');
  git(dir, 'clone', '--quiet', '--bare', work, origin);
  git(origin, 'update-ref', 'refs/pull/12/head', head);
  git(origin, 'branch', '--quiet', '-D', 'faster');
  // Fetching a commit by SHA, as actions/checkout does for a pull request's head.
  git(origin, 'config', 'uploadpack.allowAnySHA1InWant', 'true');
  git(work, 'branch', '--quiet', '-D', 'faster');
  git(work, 'remote', 'add', 'origin', `https://github.com/${OWNER}/${REPO}.git`);
  return { origin, workdir: work, forkPoint, baseTip, head };
}

export interface ActOptions {
  readonly event:
    'pull_request' | 'pull_request_target' | 'workflow_run' | 'workflow_dispatch' | 'issue_comment';
  readonly payload: unknown;
  /** The workflow file, relative to the workdir. */
  readonly workflow: string;
  readonly workdir: string;
  /** A directory of the test's: act's cache, HOME, the event file. */
  readonly scratch: string;
  /** Variables for every step (act's --env). */
  readonly env: Readonly<Record<string, string>>;
  /** GITHUB_TOKEN, github.token in expressions. */
  readonly token: string;
}

export type ActRun = WatchedChild;

/** Starts act on one workflow and one event. */
export function startAct(options: ActOptions): ActRun {
  const act = actBinary();
  if (act === undefined) throw new Error('act is not installed');
  mkdirSync(options.scratch, { recursive: true });
  const eventFile = join(options.scratch, `${options.event}.json`);
  writeFileSync(eventFile, JSON.stringify(options.payload, null, 2));
  const home = join(options.scratch, 'home');
  mkdirSync(home, { recursive: true });
  const args = [
    options.event,
    '--eventpath',
    eventFile,
    '--workflows',
    options.workflow,
    '--platform',
    'self-hosted=-self-hosted',
    '--platform',
    'ubuntu-24.04=-self-hosted',
    '--no-cache-server',
    '--secret',
    'GITHUB_TOKEN',
  ];
  for (const [name, value] of Object.entries(options.env)) args.push('--env', `${name}=${value}`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CACHE_HOME: join(options.scratch, 'cache'),
  };
  env.GITHUB_TOKEN = options.token; // --secret NAME reads the value from the environment
  delete env.NODE_OPTIONS; // Jest's; not for the action's Node
  return watchChild(
    spawn(act, args, { cwd: options.workdir, env, stdio: ['ignore', 'pipe', 'pipe'] }),
    'act',
  );
}
