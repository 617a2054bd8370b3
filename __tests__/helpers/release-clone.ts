// A scratch clone of this repository for the tests of scripts/release.sh: its committed history,
// with the release scripts and CHANGELOG.md of the working tree under test copied in, no tags
// (a release of this repository must not make the test's versions exist), a fixed identity, and
// node_modules linked for the bundler. The real scripts run in it; nothing is pushed anywhere.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { git } from './git-repo.js';
import { ROOT } from './real-run.js';

const UNDER_TEST = [
  'scripts/release.sh',
  'scripts/pin-action.sh',
  'scripts/lib/release-files.mjs',
  'scripts/stamp-release.mjs',
  'package.json',
  'CHANGELOG.md',
];

export interface ReleaseClone {
  readonly dir: string;
  /** Runs git in the clone; its output, trimmed. */
  git(...args: string[]): string;
  /** Runs scripts/release.sh in the clone. */
  release(...args: string[]): { status: number | null; stdout: string; stderr: string };
  /** Writes `entry` as the only line of CHANGELOG.md's Unreleased section and commits it. */
  setUnreleased(entry: string): void;
  /** The versions the test releases, from the clone's package.json: next minor, its patch, the major tag. */
  readonly versions: { current: string; next: string; patch: string; lower: string; major: string };
  remove(): void;
}

export function makeReleaseClone(prefix: string): ReleaseClone {
  const parent = mkdtempSync(join(tmpdir(), prefix));
  const dir = join(parent, 'repo');
  git(parent, 'clone', '--quiet', ROOT, dir);
  for (const tag of git(dir, 'tag', '--list').split('\n').filter(Boolean)) git(dir, 'tag', '-d', tag);
  git(dir, 'config', 'user.name', 'Test');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'commit.gpgsign', 'false');
  git(dir, 'config', 'tag.gpgsign', 'false');
  for (const file of UNDER_TEST) cpSync(join(ROOT, file), join(dir, file));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));

  const current = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
  const [major = 0, minor = 0, patch = 0] = current.split('.').map(Number);
  const versions = {
    current,
    next: `${major}.${minor + 1}.0`,
    patch: `${major}.${minor + 1}.1`,
    lower: `${major}.${minor}.${patch + 5}`,
    major: `v${major}`,
  };

  const setUnreleased = (entry: string): void => {
    const path = join(dir, 'CHANGELOG.md');
    const text = readFileSync(path, 'utf8');
    const replaced = text.replace(
      /^## \[Unreleased\]\n[\s\S]*?(?=^## |^\[)/m,
      `## [Unreleased]\n\n${entry}\n\n`,
    );
    writeFileSync(path, replaced);
    git(dir, 'add', '-A', '--', ...UNDER_TEST);
    git(dir, 'commit', '--quiet', '-m', `Test: ${entry}`);
  };

  return {
    dir,
    versions,
    git: (...args) => git(dir, ...args),
    release: (...args) => {
      const run = spawnSync('bash', ['scripts/release.sh', ...args], { cwd: dir, encoding: 'utf8' });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    },
    setUnreleased,
    remove: () => {
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
