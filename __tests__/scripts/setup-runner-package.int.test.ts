// scripts/setup-runner.sh's package: run from the installed package (scripts/setup-runner.sh and
// the library it sources, copied into a scratch root's /usr/local/lib/node_modules beside a
// release.json), it finds that package installed; --package installs another release, a file's
// checksum and release read before anything is done, a URL downloaded first; a package that is
// not one, or whose checksum is wrong, is refused in one line. Dry runs only: the real run with
// npm's stand-in is setup-runner.int.test.ts's.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import {
  fakeRoot,
  lines,
  packageTarball,
  removeScratch,
  SCRIPT,
  scratchDir,
  setup,
  sha256,
  systemctlStandIn,
} from '../helpers/setup-runner.js';

const LIBRARY = join(dirname(SCRIPT), 'lib', 'setup-runner-package.sh');

afterAll(removeScratch);

describe('scripts/setup-runner.sh and its package', () => {
  it('run from the installed package, finds it installed; given another release, installs that one', () => {
    const dir = scratchDir('setup-runner-installed-');
    const root = fakeRoot(dir, 'debian');
    const installed = join(root, 'usr', 'local', 'lib', 'node_modules', 'mysql-perf-gate');
    mkdirSync(join(installed, 'scripts'), { recursive: true });
    const script = join(installed, 'scripts', 'setup-runner.sh');
    copyFileSync(SCRIPT, script);
    mkdirSync(join(installed, 'scripts', 'lib'));
    copyFileSync(LIBRARY, join(installed, 'scripts', 'lib', 'setup-runner-package.sh'));
    const commit = 'c'.repeat(40);
    writeFileSync(
      join(installed, 'release.json'),
      `${JSON.stringify({ version: '0.2.0', commit, dirty: false }, null, 2)}\n`,
    );
    const env = { SETUP_RUNNER_ROOT: root, SYSTEMCTL: systemctlStandIn(dir) };
    const own = setup(['--dry-run', '--user', 'perf-runner-absent'], env, script);
    expect(own.status).toBe(0);
    expect(own.stderr).toContain(
      `mysql-perf-gate: already installed: 0.2.0 (commit ${commit}), the package this script is part of\n`,
    );
    const install = lines(own.stdout).find((line) => line.includes('apt-get install'));
    expect(install?.split(' ')).not.toContain('npm');
    expect(
      lines(own.stdout).filter((line) => /npm|curl -fsSL --retry 3 -o \S*mysql-perf-gate/.test(line)),
    ).toEqual([]);

    // Its own release again, checked against its .sha256: found installed. Another: installed.
    const same = packageTarball(join(dir, 'same'), { version: '0.2.0', commit }, 'right');
    const again = setup(['--dry-run', '--package', same, '--user', 'perf-runner-absent'], env, script);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain(`${same}: SHA-256 checked (${same}.sha256)\n`);
    expect(again.stderr).toContain(`mysql-perf-gate: already installed: 0.2.0 (commit ${commit})\n`);
    expect(lines(again.stdout).filter((line) => line.includes('npm install'))).toEqual([]);
    const newer = packageTarball(dir, { version: '0.3.0', commit: 'd'.repeat(40) });
    const upgrade = setup(
      [
        '--dry-run',
        '--package',
        newer,
        '--package-sha256',
        sha256(newer).toUpperCase(),
        '--user',
        'perf-runner-absent',
      ],
      env,
      script,
    );
    expect(upgrade.status).toBe(0);
    expect(lines(upgrade.stdout).filter((line) => line.startsWith('npm '))).toEqual([
      `npm install -g --prefix ${root}/usr/local node@24 ${newer}`,
    ]);

    // A URL is downloaded, checked, installed and removed; a dry run cannot read what it holds.
    const url =
      'https://github.com/mysql-perf-gate/mysql-perf-gate/releases/download/v0.3.0/mysql-perf-gate-0.3.0.tgz';
    const sum = 'e'.repeat(64);
    const fetched = `${root}/var/cache/mysql-perf-gate/mysql-perf-gate-0.3.0.tgz`;
    const download = setup(
      ['--dry-run', '--package', url, '--package-sha256', sum, '--user', 'perf-runner-absent'],
      env,
      script,
    );
    expect(download.status).toBe(0);
    const printed = lines(download.stdout);
    const from = printed.findIndex((line) => line.startsWith('install -d -m 700'));
    expect(printed.slice(from, from + 5)).toEqual([
      `install -d -m 700 ${root}/var/cache/mysql-perf-gate`,
      `curl -fsSL --retry 3 -o ${fetched} ${url}`,
      `echo '${sum}  ${fetched}' | sha256sum --check --strict`,
      `npm install -g --prefix ${root}/usr/local node@24 ${fetched}`,
      `rm ${fetched}`,
    ]);
    expect(download.stderr).toContain(
      `mysql-perf-gate: a dry run does not download ${url}, so it cannot tell`,
    );
  });
});

describe('scripts/setup-runner.sh refuses a package in one line', () => {
  const dir = scratchDir('setup-runner-package-input-');
  const debian = fakeRoot(dir, 'debian');
  const tarball = packageTarball(dir, { version: '0.2.0', commit: 'f'.repeat(40) });
  const sum = sha256(tarball);
  const wrongSum = packageTarball(join(dir, 'wrong'), { version: '0.2.0', commit: 'f'.repeat(40) }, 'wrong');
  const notOurs = packageTarball(join(dir, 'other'), null);
  const installed = `${debian}/usr/local/lib/node_modules/mysql-perf-gate`;

  it.each([
    [
      [],
      `setup-runner.sh: --package PACKAGE is needed: this script is not part of the installed package (${installed}), so give the release's tarball to install, as a URL or a file (npm pack in a clone makes its commit's)`,
    ],
    [
      ['--package-sha256', sum],
      'setup-runner.sh: --package-sha256 needs --package, the tarball it is the checksum of',
    ],
    [
      ['--package', join(dir, 'absent.tgz')],
      `setup-runner.sh: --package ${join(dir, 'absent.tgz')}: no such file`,
    ],
    [
      ['--package', 'http://example.com/mysql-perf-gate.tgz'],
      "setup-runner.sh: --package http://example.com/mysql-perf-gate.tgz: not a tarball's https:// URL (https://github.com/mysql-perf-gate/mysql-perf-gate/releases/download/vX.Y.Z/mysql-perf-gate-X.Y.Z.tgz)",
    ],
    [
      ['--package', tarball, '--package-sha256', 'abc'],
      'setup-runner.sh: --package-sha256 abc: not a SHA-256 (64 hexadecimal digits)',
    ],
    [
      ['--package', tarball, '--package-sha256', '1'.repeat(64)],
      `setup-runner.sh: --package ${tarball}: its SHA-256 is ${sum}, not ${'1'.repeat(64)} (--package-sha256)`,
    ],
    [
      ['--package', wrongSum],
      `setup-runner.sh: --package ${wrongSum}: its SHA-256 is ${sha256(wrongSum)}, not ${'0'.repeat(64)} (${wrongSum}.sha256)`,
    ],
    [
      ['--package', notOurs],
      `setup-runner.sh: --package ${notOurs}: no release.json in it, so not a package of mysql-perf-gate (a release's after v0.2.0, or npm pack's in a clone)`,
    ],
  ])('%j', (args, message) => {
    const run = setup(['--dry-run', ...args], { SETUP_RUNNER_ROOT: debian, SYSTEMCTL: '/bin/false' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: `${message}\n`,
    });
  });
});
