#!/usr/bin/env node
// npm's prepack and postpack steps: records in release.json, at the package's root, the version
// and the commit the package is packed from, so that an installed package, which has no git
// history, can say which commit it is (`mysql-perf-gate --version`; `packageRelease()` in
// src/shell/package-root.ts reads it). postpack removes it again: in a checkout, a stale stamp
// would name a commit the checkout has moved on from.
//
//   node scripts/stamp-release.mjs          (prepack: writes release.json)
//   node scripts/stamp-release.mjs --remove (postpack)
//
// Refuses, in one line with exit status 2, to pack outside the package's own git checkout (the
// commit would be unknown, or another repository's).
import { execFileSync } from 'node:child_process';
import { readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const stamp = join(root, 'release.json');

function fail(message) {
  process.stderr.write(`stamp-release: ${message}\n`);
  process.exit(2);
}

function git(...args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

function checkout() {
  let top;
  try {
    top = git('rev-parse', '--show-toplevel');
  } catch {
    fail(`${root} is not a git checkout: the commit a package is packed from cannot be recorded`);
  }
  if (realpathSync(top) !== realpathSync(root))
    fail(`${root} is inside another git checkout (${top}), not one of its own: its commit is unknown`);
  return {
    commit: git('rev-parse', 'HEAD'),
    // A package packed from uncommitted changes is not the commit it names; --version says so.
    dirty: git('status', '--porcelain', '--untracked-files=no').length > 0,
  };
}

if (process.argv[2] === '--remove') {
  rmSync(stamp, { force: true });
} else {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const { commit, dirty } = checkout();
  writeFileSync(stamp, `${JSON.stringify({ version, commit, dirty }, null, 2)}\n`);
}
