// scripts/release.sh when dist/ has to be bundled (about 20 s each): with --rebuild-dist on a
// current dist/, the bundle is compared and left out of the release commit; after a source change
// that dist/ does not hold yet, the release commit carries the new bundle, and the tag holds it.
// Each release leaves the package of its tag (.work/release/mysql-perf-gate-X.Y.Z.tgz) with its
// sha256 beside it: the checksum is the tarball's, and the tarball holds the tag's bundle and
// release.json naming the tag's commit.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { makeReleaseClone, type ReleaseClone } from '../helpers/release-clone.js';

let clone: ReleaseClone;

beforeAll(() => {
  clone = makeReleaseClone('release-dist-');
});
afterAll(() => {
  clone.remove();
});

function changedFiles(commit: string): string[] {
  return clone.git('diff-tree', '--no-commit-id', '--name-only', '-r', commit).split('\n').filter(Boolean);
}

/** A file of the release's package, read from its tarball. */
function packedFile(tarball: string, file: string): string {
  return execFileSync('tar', ['-xzOf', tarball, `package/${file}`], { encoding: 'utf8', maxBuffer: 64e6 });
}

/** The package release.sh left for `version`, checked against its checksum and the tag's commit. */
function expectPackage(version: string, stdout: string): string {
  const name = `mysql-perf-gate-${version}.tgz`;
  const tarball = join(clone.dir, '.work', 'release', name);
  const sha256 = createHash('sha256').update(readFileSync(tarball)).digest('hex');
  expect(readFileSync(`${tarball}.sha256`, 'utf8')).toBe(`${sha256}  ${name}\n`);
  expect(stdout).toContain(`package .work/release/${name} (`);
  expect(stdout).toContain(`sha256 ${sha256}`);
  expect(stdout).toContain(
    `gh release create v${version} --verify-tag --notes-from-tag .work/release/${name} .work/release/${name}.sha256`,
  );
  expect(JSON.parse(packedFile(tarball, 'release.json'))).toEqual({
    version,
    commit: clone.git('rev-parse', `v${version}^{commit}`),
    dirty: false,
  });
  expect(JSON.parse(packedFile(tarball, 'package.json'))).toMatchObject({ version });
  // The checkout keeps no stamp: it would name a commit the branch moves on from.
  expect(clone.git('status', '--porcelain', '--ignored', '--', 'release.json')).toBe('');
  return tarball;
}

describe('scripts/release.sh and dist/', () => {
  it('--rebuild-dist bundles, finds dist/ current and leaves it out of the release commit', () => {
    clone.setUnreleased('- Nothing in dist/ changes.');
    const before = clone.git('rev-parse', 'HEAD');
    const result = clone.release('--rebuild-dist', clone.versions.next);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('(dist/ current (bundled and compared))');
    const [code = ''] = clone.git('rev-list', '--reverse', `${before}..HEAD`).split('\n');
    expect(changedFiles(code).sort()).toEqual(['CHANGELOG.md', 'package-lock.json', 'package.json']);
    expect(clone.git('status', '--porcelain', '--untracked-files=all', '--', 'dist', '.dist-check')).toBe('');
    expectPackage(clone.versions.next, result.stdout);
  });

  it('a stale dist/ is bundled into the release commit, which the tag holds', () => {
    const program = join(clone.dir, 'src/cli/program.ts');
    const described =
      'Tells whether a change made a MySQL-family server slower, with sysbench and statistics.';
    const text = readFileSync(program, 'utf8');
    expect(text).toContain(described);
    writeFileSync(program, text.replace(described, 'Released by the release test.'));
    clone.git('commit', '--quiet', '-am', 'Test: a source change without its bundle');
    clone.setUnreleased('- The description changed.');
    const before = clone.git('rev-parse', 'HEAD');

    const result = clone.release(clone.versions.patch);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('(dist/ rebuilt, in the release commit)');
    const [code = '', , examples = ''] = clone.git('rev-list', '--reverse', `${before}..HEAD`).split('\n');
    const bundled = changedFiles(code).filter((file) => file.startsWith('dist/'));
    expect(bundled.length).toBeGreaterThan(0);
    expect(clone.git('grep', '-l', 'Released by the release test.', code, '--', 'dist')).not.toBe('');
    expect(clone.git('diff', '--stat', code, examples, '--', 'action.yml', 'dist')).toBe('');
    expect(clone.git('rev-parse', `v${clone.versions.patch}^{commit}`)).toBe(examples);
    expect(clone.git('status', '--porcelain', '--untracked-files=all', '--', 'dist', '.dist-check')).toBe('');

    // The package carries the bundle the tag holds, not the one the branch had before.
    const tarball = expectPackage(clone.versions.patch, result.stdout);
    expect(packedFile(tarball, 'dist/cli.js')).toContain('Released by the release test.');
  });
});
