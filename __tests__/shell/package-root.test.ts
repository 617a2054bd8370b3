// packageRelease: the version and commit an installed package was packed from (its release.json,
// written by scripts/stamp-release.mjs), read from a package root on disk; a checkout has none; a
// damaged stamp is refused in one line that names the file, the field and the value.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { DependencyError } from '../../src/errors.js';
import { packageRelease, RELEASE_FILE, releaseLine } from '../../src/shell/package-root.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';

const dir = useTempDir('gate-release-');
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

function writePackage(version: string, stamp?: unknown): string {
  writeFileSync(join(dir.path, 'package.json'), JSON.stringify({ name: 'mysql-perf-gate', version }));
  if (stamp !== undefined)
    writeFileSync(join(dir.path, RELEASE_FILE), typeof stamp === 'string' ? stamp : JSON.stringify(stamp));
  return dir.path;
}

describe('packageRelease', () => {
  it('a checkout (no release.json) has its version and no commit', () => {
    expect(packageRelease(writePackage('1.4.0'))).toEqual({ version: '1.4.0', commit: null, dirty: false });
  });

  it('an installed package has the commit it was packed from', () => {
    const root = writePackage('1.4.0', { version: '1.4.0', commit: COMMIT, dirty: false });
    expect(packageRelease(root)).toEqual({ version: '1.4.0', commit: COMMIT, dirty: false });
  });

  it.each([
    [
      'not JSON',
      '{"version": "1.4.0",',
      /release\.json: not JSON: the package is damaged; install it again$/,
    ],
    [
      'a short commit',
      { version: '1.4.0', commit: '0123456', dirty: false },
      /release\.json: field commit "0123456": not a 40-hex commit: the package is damaged/,
    ],
    [
      'no dirty flag',
      { version: '1.4.0', commit: COMMIT },
      /release\.json: field dirty missing: .*: the package is damaged/,
    ],
    [
      'another version than package.json',
      { version: '1.3.0', commit: COMMIT, dirty: false },
      /release\.json: version 1\.3\.0, but package\.json says 1\.4\.0: the package is damaged/,
    ],
    ['an array', [], /release\.json: the document: .*: the package is damaged/],
  ])('refuses %s in one line', (_label, stamp, message) => {
    const root = writePackage('1.4.0', stamp);
    expect(() => packageRelease(root)).toThrow(DependencyError);
    expect(() => packageRelease(root)).toThrow(message);
    expect(() => packageRelease(root)).not.toThrow(/\n/);
  });
});

describe('releaseLine', () => {
  it.each([
    [{ version: '1.4.0', commit: null, dirty: false }, '1.4.0'],
    [{ version: '1.4.0', commit: COMMIT, dirty: false }, `1.4.0 (commit ${COMMIT})`],
    [{ version: '1.4.0', commit: COMMIT, dirty: true }, `1.4.0 (commit ${COMMIT}, with uncommitted changes)`],
  ])('%j → %s', (release, line) => {
    expect(releaseLine(release)).toBe(line);
  });
});

describe('scripts/stamp-release.mjs', () => {
  it('writes the checkout commit and version, and --remove takes the stamp away', () => {
    const script = join(ROOT, 'scripts', 'stamp-release.mjs');
    const stamp = join(ROOT, RELEASE_FILE);
    // Runs on this checkout itself: the stamp is made for the package's root, where npm packs.
    try {
      execFileSync(process.execPath, [script]);
      const written = JSON.parse(readFileSync(stamp, 'utf8')) as unknown;
      const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
      expect(written).toEqual({ version, commit: head, dirty: expect.any(Boolean) as boolean });
      expect(packageRelease(ROOT)).toEqual(written);
    } finally {
      execFileSync(process.execPath, [script, '--remove']);
    }
    expect(existsSync(stamp)).toBe(false);
    rmSync(stamp, { force: true });
  });

  it('refuses, in one line, a package root that is no git checkout of its own', () => {
    const root = writePackage('1.4.0');
    mkdirSync(join(root, 'scripts'));
    copyFileSync(join(ROOT, 'scripts', 'stamp-release.mjs'), join(root, 'scripts', 'stamp-release.mjs'));
    const run = spawnSync(process.execPath, [join(root, 'scripts', 'stamp-release.mjs')], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, GIT_CEILING_DIRECTORIES: dirname(root) },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^stamp-release: .* is not a git checkout: the commit a package is packed from cannot be recorded\n$/,
    );
    expect(existsSync(join(root, RELEASE_FILE))).toBe(false);
  });
});
