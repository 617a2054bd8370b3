// The few git questions and moves a bisection needs, over the `git` command through the one exec
// wrapper: where the checkout's top is, which commit a name means, ancestry, the commits between
// two, local changes, and moving HEAD to a commit and back to where it was.
import { type Deadline, exec, type ExecResult } from '../shell/exec.js';
import { InputError } from '../errors.js';

const INSTALL_HINT = 'it is needed to bisect a checkout; install it (Debian/Ubuntu: apt-get install git)';

/** How long one git command on a local checkout may take: a checkout of a large tree takes a minute. */
const GIT_DEADLINE_S = 600;

function gitDeadline(args: readonly string[]): Deadline {
  return { what: `git ${args.slice(0, 2).join(' ')}`, seconds: GIT_DEADLINE_S };
}

/** Runs git in `dir`; a non-zero exit is returned, not thrown. */
function git(dir: string, args: readonly string[]): Promise<ExecResult> {
  return exec('git', ['-C', dir, ...args], {
    check: false,
    installHint: INSTALL_HINT,
    deadline: gitDeadline(args),
  });
}

/** Runs git in `dir` and returns its stdout; a non-zero exit throws (ExecError, with git's message). */
async function gitOutput(dir: string, args: readonly string[]): Promise<string> {
  const result = await exec('git', ['-C', dir, ...args], {
    installHint: INSTALL_HINT,
    deadline: gitDeadline(args),
  });
  return result.stdout;
}

/** The top of the work tree `dir` is in, or undefined when it is in none. */
export async function gitTopLevel(dir: string): Promise<string | undefined> {
  const result = await git(dir, ['rev-parse', '--show-toplevel']);
  const top = result.stdout.trim();
  return result.exitCode === 0 && top !== '' ? top : undefined;
}

/** The full hash of the commit `rev` names (a hash, branch, tag, HEAD~3…), or undefined if none. */
export async function resolveCommit(dir: string, rev: string): Promise<string | undefined> {
  // A name starting with "-" would be read as an option.
  if (rev === '' || rev.startsWith('-')) return undefined;
  const result = await git(dir, ['rev-parse', '--verify', '--quiet', `${rev}^{commit}`]);
  const sha = result.stdout.trim();
  return result.exitCode === 0 && /^[0-9a-f]{40,64}$/.test(sha) ? sha : undefined;
}

/** Whether `ancestor` is `descendant` or an ancestor of it (`git merge-base --is-ancestor`). */
export async function isAncestor(dir: string, ancestor: string, descendant: string): Promise<boolean> {
  const result = await git(dir, ['merge-base', '--is-ancestor', ancestor, descendant]);
  if (result.exitCode === 0) return true;
  if (result.exitCode === 1) return false;
  throw new InputError(
    `git merge-base --is-ancestor ${ancestor} ${descendant} failed: ${result.stderr.trim()}`,
  );
}

export interface CommitSummary {
  readonly sha: string;
  readonly subject: string;
}

/**
 * The commits of `to`'s first-parent line that `from` does not contain, `to` included, oldest
 * first: `git rev-list --reverse --first-parent from..to`, each with its subject. First parents
 * only, as `git bisect --first-parent`: a merged branch is one step (its merge commit), so a
 * commit of a side branch that lacks a change made on the main line is never taken for a good one
 * after it. When `from` is on a merged branch, the line starts after the fork point.
 */
export async function ancestryPath(dir: string, from: string, to: string): Promise<CommitSummary[]> {
  const out = await gitOutput(dir, [
    'rev-list',
    '--reverse',
    '--first-parent',
    '--format=%H%x09%s',
    `${from}..${to}`,
  ]);
  // rev-list prints "commit <hash>" before each formatted line; the formatted lines have the tab.
  return out.split('\n').flatMap((line) => {
    const match = /^([0-9a-f]{40,64})\t(.*)$/.exec(line);
    return match?.[1] === undefined ? [] : [{ sha: match[1], subject: match[2] ?? '' }];
  });
}

/**
 * Tracked files with local changes, staged or not (`git status --porcelain --untracked-files=no`);
 * a submodule at another commit than the superproject records counts, one with changes inside it
 * (a build's leftovers) does not.
 */
export async function dirtyFiles(dir: string): Promise<string[]> {
  const out = await gitOutput(dir, [
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--ignore-submodules=dirty',
  ]);
  return out
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.slice(3));
}

/** A commit's subject (the first line of its message). */
export async function commitSubject(dir: string, sha: string): Promise<string> {
  return (await gitOutput(dir, ['log', '-1', '--format=%s', sha, '--'])).trim();
}

/** Where HEAD is: on a branch (checked out by name), or detached at a commit. */
export type GitHead =
  | { readonly kind: 'branch'; readonly name: string; readonly sha: string }
  | { readonly kind: 'detached'; readonly sha: string };

export async function currentHead(dir: string): Promise<GitHead> {
  const sha = (await gitOutput(dir, ['rev-parse', 'HEAD'])).trim();
  const branch = await git(dir, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  const name = branch.stdout.trim();
  return branch.exitCode === 0 && name !== '' ? { kind: 'branch', name, sha } : { kind: 'detached', sha };
}

/** "branch main" or "commit 1a2b3c4d5e6f": what the checkout was on, for messages. */
export function describeHead(head: GitHead): string {
  return head.kind === 'branch' ? `branch ${head.name}` : `commit ${head.sha.slice(0, 12)}`;
}

/** Brings submodules (MariaDB's libmariadb, wsrep-lib…) to the commits the checked-out commit records. */
async function updateSubmodules(dir: string): Promise<void> {
  const listed = await git(dir, ['config', '--file', '.gitmodules', '--get-regexp', 'path']);
  if (listed.exitCode !== 0 || listed.stdout.trim() === '') return;
  await gitOutput(dir, ['submodule', '--quiet', 'update', '--init', '--recursive']);
}

/** Checks out `sha` with a detached HEAD, its submodules at the commits it records. */
export async function checkoutDetached(dir: string, sha: string): Promise<void> {
  await gitOutput(dir, ['checkout', '--quiet', '--detach', sha, '--']);
  await updateSubmodules(dir);
}

/** Puts HEAD back where `head` says: on the branch, or detached at the commit. */
export async function checkoutHead(dir: string, head: GitHead): Promise<void> {
  // "--": a file named like the branch must not turn this into a checkout of that file.
  if (head.kind === 'branch') await gitOutput(dir, ['checkout', '--quiet', head.name, '--']);
  else await gitOutput(dir, ['checkout', '--quiet', '--detach', head.sha, '--']);
  await updateSubmodules(dir);
}

/** Most changed lines a diff may have for its hunks to be read (the diff is held in memory). */
export const MAX_DIFF_LINES = 500_000;

/**
 * The hunks' text of `git diff -U0` from `base` to `head`, without renames, external diff
 * drivers or text conversions (a checkout's config must not run anything). A diff of more than
 * MAX_DIFF_LINES changed lines is refused (InputError).
 */
export async function diffBetween(dir: string, base: string, head: string): Promise<string> {
  const common = [
    '-c',
    'core.quotePath=false',
    'diff',
    '--no-ext-diff',
    '--no-textconv',
    '--no-renames',
    '--no-color',
  ];
  const numstat = await gitOutput(dir, [...common, '--numstat', base, head, '--']);
  const changed = numstat
    .split('\n')
    .map((line) => line.split('\t'))
    .reduce((sum, [added, removed]) => sum + (Number(added) || 0) + (Number(removed) || 0), 0);
  if (changed > MAX_DIFF_LINES) {
    throw new InputError(
      `the diff from ${base.slice(0, 12)} to ${head.slice(0, 12)} changes ${changed} lines, more than ${MAX_DIFF_LINES}: too large to map onto line costs`,
    );
  }
  return gitOutput(dir, [...common, '-U0', base, head, '--']);
}
