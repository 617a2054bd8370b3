// The git helpers against real git in a temp repository: names resolved to commits, ancestry, the
// commits between two (merges included), local changes, and HEAD moved away and back.
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  ancestryPath,
  checkoutDetached,
  checkoutHead,
  commitSubject,
  currentHead,
  describeHead,
  dirtyFiles,
  gitTopLevel,
  isAncestor,
  resolveCommit,
} from '../../src/builder/git.js';
import { useTempDir } from '../helpers/real-run.js';
import { git } from '../helpers/git-repo.js';
import { requireCommand } from '../helpers/requirements.js';

const maybe = requireCommand('git') ? describe : describe.skip;
const temp = useTempDir('gate-git-');

/** A commit changing `file`; its hash. */
function commit(dir: string, subject: string, file = 'file.txt'): string {
  writeFileSync(join(dir, file), `${subject}\n`);
  git(dir, 'add', file);
  git(dir, 'commit', '--quiet', '-m', subject);
  return git(dir, 'rev-parse', 'HEAD');
}

/**
 * root ─ a ─ b ─────── m (merge) ─ d     on main
 *             \       /
 *              c1 ─ c2                   on topic, forked after b
 * side ─ (an unrelated commit on its own branch from root)
 */
function history(dir: string): Record<string, string> {
  git(dir, 'init', '--quiet', '-b', 'main');
  const root = commit(dir, 'root');
  const a = commit(dir, 'a');
  const b = commit(dir, 'b');
  git(dir, 'checkout', '--quiet', '-b', 'topic');
  const c1 = commit(dir, 'c1', 'topic.txt');
  const c2 = commit(dir, 'c2', 'topic.txt');
  git(dir, 'checkout', '--quiet', 'main');
  const m0 = commit(dir, 'before merge');
  git(dir, 'merge', '--quiet', '--no-ff', '-m', 'merge topic', 'topic');
  const m = git(dir, 'rev-parse', 'HEAD');
  const d = commit(dir, 'd');
  git(dir, 'checkout', '--quiet', '-b', 'side', root);
  const side = commit(dir, 'side', 'side.txt');
  git(dir, 'checkout', '--quiet', 'main');
  git(dir, 'tag', 'v1', a);
  return { root, a, b, c1, c2, m0, m, d, side };
}

maybe('git helpers (real git)', () => {
  it('finds the top of the work tree, from a subdirectory too, and nothing outside one', async () => {
    history(temp.path);
    mkdirSync(join(temp.path, 'sub'));
    const top = realpathSync(temp.path);
    expect(await gitTopLevel(temp.path)).toBe(top);
    expect(await gitTopLevel(join(temp.path, 'sub'))).toBe(top);
    const outside = join(temp.path, '..', `not-a-repo-${process.pid}`);
    mkdirSync(outside, { recursive: true });
    try {
      expect(await gitTopLevel(outside)).toBeUndefined();
    } finally {
      execFileSync('rmdir', [outside]);
    }
  });

  it('resolves hashes, short hashes, branches, tags and HEAD~n to commits, and nothing else', async () => {
    const c = history(temp.path);
    const dir = temp.path;
    expect(await resolveCommit(dir, c.a!)).toBe(c.a);
    expect(await resolveCommit(dir, c.a!.slice(0, 8))).toBe(c.a);
    expect(await resolveCommit(dir, 'v1')).toBe(c.a);
    expect(await resolveCommit(dir, 'topic')).toBe(c.c2);
    expect(await resolveCommit(dir, 'HEAD~1')).toBe(c.m);
    for (const name of ['nope', 'HEAD~99', '', '--all', 'HEAD^{tree}', 'deadbeef']) {
      expect({ name, sha: await resolveCommit(dir, name) }).toEqual({ name, sha: undefined });
    }
  });

  it('tells ancestry', async () => {
    const c = history(temp.path);
    expect(await isAncestor(temp.path, c.a!, c.d!)).toBe(true);
    expect(await isAncestor(temp.path, c.d!, c.a!)).toBe(false);
    expect(await isAncestor(temp.path, c.side!, c.d!)).toBe(false);
    expect(await isAncestor(temp.path, c.a!, c.a!)).toBe(true);
  });

  it('lists the commits between two along the first-parent line, oldest first, a merged branch as its merge', async () => {
    const c = history(temp.path);
    const path = await ancestryPath(temp.path, c.b!, c.d!);
    // The topic branch's commits lack "before merge": bisecting through them would call them good
    // for a change made on main. Its merge is the one step that brings them in.
    expect(path.map((entry) => entry.subject)).toEqual(['before merge', 'merge topic', 'd']);
    expect(path.at(-1)).toEqual({ sha: c.d, subject: 'd' });
    // From a commit of the merged branch: main's commits since the fork, then the merge.
    expect((await ancestryPath(temp.path, c.c1!, c.d!)).map((entry) => entry.subject)).toEqual([
      'before merge',
      'merge topic',
      'd',
    ]);
    // From a, b is on the path too; from root, the side branch never is.
    expect((await ancestryPath(temp.path, c.a!, c.d!)).map((entry) => entry.sha)).toContain(c.b);
    expect((await ancestryPath(temp.path, c.root!, c.d!)).map((entry) => entry.sha)).not.toContain(c.side);
    expect(await ancestryPath(temp.path, c.d!, c.d!)).toEqual([]);
  });

  it('lists tracked files with local changes, staged or not, and ignores untracked ones', async () => {
    history(temp.path);
    expect(await dirtyFiles(temp.path)).toEqual([]);
    writeFileSync(join(temp.path, 'untracked.txt'), 'new\n');
    expect(await dirtyFiles(temp.path)).toEqual([]);
    writeFileSync(join(temp.path, 'file.txt'), 'changed\n');
    writeFileSync(join(temp.path, 'topic.txt'), 'staged\n');
    git(temp.path, 'add', 'topic.txt');
    expect((await dirtyFiles(temp.path)).sort()).toEqual(['file.txt', 'topic.txt']);
  });

  it('reads subjects', async () => {
    const c = history(temp.path);
    expect(await commitSubject(temp.path, c.m!)).toBe('merge topic');
  });

  it('checks a commit out detached and goes back to the branch, even one named like a file', async () => {
    const c = history(temp.path);
    git(temp.path, 'branch', 'file.txt', c.b!);
    git(temp.path, 'checkout', '--quiet', 'file.txt', '--');
    const head = await currentHead(temp.path);
    expect(head).toEqual({ kind: 'branch', name: 'file.txt', sha: c.b });
    expect(describeHead(head)).toBe('branch file.txt');
    await checkoutDetached(temp.path, c.c1!);
    expect(await currentHead(temp.path)).toEqual({ kind: 'detached', sha: c.c1 });
    await checkoutHead(temp.path, head);
    expect(await currentHead(temp.path)).toEqual(head);
    expect(git(temp.path, 'status', '--porcelain')).toBe('');
  });

  it('goes back to a detached HEAD as it was', async () => {
    const c = history(temp.path);
    git(temp.path, 'checkout', '--quiet', '--detach', c.a!);
    const head = await currentHead(temp.path);
    expect(head).toEqual({ kind: 'detached', sha: c.a });
    expect(describeHead(head)).toBe(`commit ${c.a!.slice(0, 12)}`);
    await checkoutDetached(temp.path, c.d!);
    await checkoutHead(temp.path, head);
    expect(await currentHead(temp.path)).toEqual(head);
  });

  it('fails with git’s own message when a checkout is impossible', async () => {
    history(temp.path);
    await expect(checkoutDetached(temp.path, 'f'.repeat(40))).rejects.toThrow(
      /git -C .* checkout .*exited with status/,
    );
  });
});
