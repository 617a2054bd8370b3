// scripts/release.sh on a scratch clone of this repository: the three commits (the code; the
// workflows calling the action at the code's commit; the examples calling the reusable workflows
// at the commit whose files call that action), the tags, that every pinned commit holds the
// action of the tag, a second release, and the refusals. dist/ is current in the clone, so no
// bundle runs here; release.int.test.ts releases a stale one.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

import { makeReleaseClone, type ReleaseClone } from '../helpers/release-clone.js';

let clone: ReleaseClone;
let start: string;

beforeAll(() => {
  clone = makeReleaseClone('release-');
  clone.setUnreleased('- A first test entry.');
  start = clone.git('rev-parse', 'HEAD');
});
afterAll(() => {
  clone.remove();
});

const WORKFLOW_FILE = /^(\.github|examples)\/workflows\/[^/]+\.yml$/;
const OURS =
  /^\s*(- )?uses: mysql-perf-gate\/mysql-perf-gate(\/\.github\/workflows\/([a-z0-9-]+\.yml))?@(\S+)(.*)$/;

function changedFiles(commit: string): string[] {
  return clone.git('diff-tree', '--no-commit-id', '--name-only', '-r', commit).split('\n').filter(Boolean);
}

/** Every use of this action or of its reusable workflows in `commit`'s workflow files. */
function usesAt(commit: string): { file: string; workflow?: string; ref: string; comment: string }[] {
  const files = clone.git('ls-tree', '--name-only', commit, '.github/workflows/', 'examples/workflows/');
  return files
    .split('\n')
    .filter((file) => file.endsWith('.yml'))
    .flatMap((file) =>
      clone
        .git('show', `${commit}:${file}`)
        .split('\n')
        .flatMap((line) => {
          const match = OURS.exec(line);
          return match ? [{ file, workflow: match[3], ref: match[4] ?? '', comment: match[5] ?? '' }] : [];
        }),
    );
}

/** A refusal: exit status 2, one line on stderr, nothing committed, tagged or left changed. */
function expectRefused(args: string[], message: RegExp): void {
  const head = clone.git('rev-parse', 'HEAD');
  const tags = clone.git('tag', '--list');
  const result = clone.release(...args);
  expect({ status: result.status, stdout: result.stdout }).toEqual({ status: 2, stdout: '' });
  expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(message)]);
  expect(clone.git('rev-parse', 'HEAD')).toBe(head);
  expect(clone.git('tag', '--list')).toBe(tags);
  expect(clone.git('status', '--porcelain', '--untracked-files=no')).toBe('');
}

describe('scripts/release.sh', () => {
  it('refuses a dirty tree and a version that is not X.Y.Z or not greater, in one line', () => {
    const { next, current } = clone.versions;
    appendFileSync(join(clone.dir, 'README.md'), '\nchanged\n');
    const dirty = clone.release(next);
    expect(dirty.status).toBe(2);
    expect(dirty.stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^release: the working tree is not clean \(1 changed/),
    ]);
    clone.git('checkout', '--', 'README.md');
    expect(clone.git('rev-parse', 'HEAD')).toBe(start);
    expectRefused(['1.2'], /^release: version 1\.2 is not X\.Y\.Z/);
    expectRefused(['01.2.3'], /is not X\.Y\.Z/);
    const [major = 0, minor = 0] = current.split('.').map(Number);
    if (minor > 0) expectRefused([`${major}.${minor - 1}.9`], /is not greater than package\.json's version/);
  });

  it('--dry-run says what it would do and does nothing', () => {
    const { next, major } = clone.versions;
    const result = clone.release('--dry-run', next);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain(`would release v${next}`);
    expect(result.stdout).toContain(`move ${major} to it`);
    expect(result.stdout).toContain(
      `pack the tag's commit into .work/release/mysql-perf-gate-${next}.tgz (npm pack), with its sha256`,
    );
    expect(clone.git('rev-parse', 'HEAD')).toBe(start);
    expect(clone.git('tag', '--list')).toBe('');
  });

  it('makes the code commit, the workflows commit and the examples commit, tags the last and moves the major tag', () => {
    const { next, major } = clone.versions;
    const result = clone.release('--date', '2026-12-01', next);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);

    const commits = clone.git('rev-list', '--reverse', `${start}..HEAD`).split('\n');
    expect(commits).toHaveLength(3);
    const [code = '', workflows = '', examples = ''] = commits;

    // 1: the version and the changelog (and dist/ had it been stale), no workflow file.
    const first = changedFiles(code);
    expect(first).toEqual(expect.arrayContaining(['CHANGELOG.md', 'package-lock.json', 'package.json']));
    expect(
      first.filter((file) => !['CHANGELOG.md', 'package-lock.json', 'package.json'].includes(file)),
    ).toEqual(first.filter((file) => file.startsWith('dist/')));
    expect(JSON.parse(clone.git('show', `${code}:package.json`))).toMatchObject({ version: next });
    const lock = JSON.parse(clone.git('show', `${code}:package-lock.json`)) as {
      version: string;
      packages: Record<string, { version?: string }>;
    };
    expect([lock.version, lock.packages['']?.version]).toEqual([next, next]);
    const changelog = clone.git('show', `${code}:CHANGELOG.md`);
    expect(changelog).toContain(`## [Unreleased]\n\n## [${next}] - 2026-12-01\n\n- A first test entry.\n`);
    expect(changelog).toContain(
      `[${next}]: https://github.com/mysql-perf-gate/mysql-perf-gate/releases/tag/v${next}`,
    );

    // 2 and 3: workflow files only, 3 the examples only.
    expect(changedFiles(workflows).length).toBeGreaterThan(0);
    expect(changedFiles(workflows).filter((file) => !WORKFLOW_FILE.test(file))).toEqual([]);
    expect(changedFiles(examples).length).toBeGreaterThan(0);
    expect(changedFiles(examples).filter((file) => !file.startsWith('examples/workflows/'))).toEqual([]);

    // Every pin at the tag: the action at 1, the reusable workflows at 2, whose files call the action at 1.
    const uses = usesAt(examples);
    expect(uses.filter((use) => use.workflow === undefined).length).toBeGreaterThan(0);
    expect(uses.filter((use) => use.workflow !== undefined).length).toBeGreaterThan(0);
    for (const use of uses) {
      expect(use).toEqual({
        ...use,
        ref: use.workflow === undefined ? code : workflows,
        comment: ` # v${next}`,
      });
    }
    const called = usesAt(workflows).filter((use) => use.file.startsWith('.github/'));
    expect(called.length).toBeGreaterThan(0);
    for (const use of called) expect(use).toEqual({ ...use, ref: code, workflow: undefined });

    // The pinned commits hold the tag's action, and commit 2 the tag's reusable workflows.
    expect(clone.git('diff', '--stat', code, examples, '--', 'action.yml', 'dist')).toBe('');
    expect(clone.git('diff', '--stat', workflows, examples, '--', '.github/workflows')).toBe('');

    // The tags: annotated vX.Y.Z with the changelog's section, the major on the same commit.
    expect(clone.git('cat-file', '-t', `v${next}`)).toBe('tag');
    expect(clone.git('rev-parse', `v${next}^{commit}`)).toBe(examples);
    expect(clone.git('tag', '--list', '--format=%(contents)', `v${next}`)).toContain('- A first test entry.');
    expect(clone.git('rev-parse', `${major}^{commit}`)).toBe(examples);

    // Nothing pushed; the commands to push it printed, --force only for the major tag.
    expect(clone.git('ls-remote', '--tags', 'origin')).not.toContain(`v${next}`);
    const pushes = result.stdout.split('\n').filter((line) => line.includes('git push'));
    const branch = clone.git('symbolic-ref', '--short', 'HEAD');
    expect(pushes.map((line) => line.trim())).toEqual([
      `git push origin ${branch}`,
      `git push origin v${next}`,
      `git push --force origin ${major}`,
    ]);
    expect(clone.git('status', '--porcelain', '--untracked-files=no')).toBe('');
  });

  it('refuses an existing tag, a lower version and an empty Unreleased section', () => {
    const { next, lower, patch } = clone.versions;
    expectRefused([next], new RegExp(`^release: tag v${next.replace(/\./g, '\\.')} already exists$`));
    expectRefused([lower], /is not greater than package\.json's version/);
    expectRefused([patch], /Unreleased section is empty/);
  });

  it('a second release moves the major tag and keeps the first', () => {
    const { next, patch, major } = clone.versions;
    const first = clone.git('rev-parse', `v${next}^{commit}`);
    clone.setUnreleased('- A second test entry.');
    const before = clone.git('rev-parse', 'HEAD');
    const result = clone.release(patch);
    expect(result.status).toBe(0);
    const [code = ''] = clone.git('rev-list', '--reverse', `${before}..HEAD`).split('\n');
    const head = clone.git('rev-parse', 'HEAD');
    expect(clone.git('rev-parse', `v${next}^{commit}`)).toBe(first);
    expect(clone.git('rev-parse', `v${patch}^{commit}`)).toBe(head);
    expect(clone.git('rev-parse', `${major}^{commit}`)).toBe(head);
    expect(result.stdout).toContain(`${major} moved from ${first.slice(0, 7)}`);
    for (const use of usesAt(head).filter((candidate) => candidate.workflow === undefined))
      expect(use).toEqual({ ...use, ref: code, comment: ` # v${patch}` });
    const changelog = clone.git('show', 'HEAD:CHANGELOG.md');
    expect(changelog).toMatch(
      new RegExp(
        `## \\[${patch}\\] - \\d{4}-\\d{2}-\\d{2}\\n\\n- A second test entry\\.\\n\\n## \\[${next}\\]`,
      ),
    );
    expect(changelog).toContain(
      `[${patch}]: https://github.com/mysql-perf-gate/mysql-perf-gate/compare/v${next}...v${patch}`,
    );
  });
});
