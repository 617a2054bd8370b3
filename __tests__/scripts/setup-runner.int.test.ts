// scripts/setup-runner.sh on this machine. --dry-run prints the commands of a fresh machine (from
// an empty dpkg database and a Debian 12 or Ubuntu 24.04 os-release in a scratch root) and runs
// none; bad input is refused in one line (the package's cases: setup-runner-package.int.test.ts).
// Then, as root, a real run with stand-ins for the
// runner's config.sh and svc.sh, for npm and for systemctl (which record their arguments)
// installs the package and registers the runner, with the files for /etc and /usr/local written
// under a scratch root and a real user of its own, removed afterwards; a second run changes
// nothing, and a third with another release installs it.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';

import {
  fakeRoot,
  freeUserName,
  lines,
  NAME,
  npmStandIn,
  packageTarball,
  removeScratch,
  RUNNER_UNIT,
  runnerStandIn,
  scratchDir,
  setup,
  snapshot,
  systemctlStandIn,
  TOKEN,
  TUNE_UNIT,
  URL,
  userExists,
} from '../helpers/setup-runner.js';

afterAll(removeScratch);

describe('scripts/setup-runner.sh --dry-run', () => {
  it('prints the commands that set up a fresh Debian 12 machine, and runs none', () => {
    const dir = scratchDir('setup-runner-dry-');
    const root = fakeRoot(dir, 'debian');
    const systemctl = systemctlStandIn(dir);
    const user = freeUserName('dry');
    const tarball = packageTarball(dir, { version: '0.2.0', commit: 'a'.repeat(40) });
    const before = snapshot(dir);
    const run = setup(
      [
        '--dry-run',
        '--package',
        tarball,
        '--url',
        URL,
        '--user',
        user,
        '--name',
        NAME,
        '--group',
        'perf-pinned',
        '--labels',
        'perf-pinned,big',
      ],
      { SETUP_RUNNER_ROOT: root, SYSTEMCTL: systemctl, RUNNER_TOKEN: TOKEN },
    );
    expect(run.status).toBe(0);
    const printed = lines(run.stdout);
    const home = `/home/${user}`;
    const runner = `${home}/actions-runner`;
    expect(printed).toContain('apt-get update');
    const install = printed.find((line) => line.includes('apt-get install'));
    expect(install).toMatch(
      /^env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /,
    );
    // npm, and the distribution's Node it runs on, where the machine has no npm.
    for (const name of [
      'sysbench',
      'valgrind',
      'bubblewrap',
      'gcc-12',
      'cmake',
      'libicu72',
      'git',
      'curl',
      'nodejs',
      'npm',
    ]) {
      expect(install?.split(' ')).toContain(name);
    }
    expect(printed).toContain(`npm install -g --prefix ${root}/usr/local node@24 ${tarball}`);
    expect(printed.filter((line) => /install-deps|node_modules|dist\/cli/.test(line))).toEqual([]);
    expect(printed).toContain(`useradd --create-home --shell /bin/bash ${user}`);
    expect(printed).toContain(`passwd --lock ${user}`);
    expect(printed).toContain(`install -d -o ${user} -g ${user} ${runner}`);
    expect(printed.filter((line) => line.includes('sha256sum --check'))).toHaveLength(1);
    expect(printed).toContain(
      `cd ${runner} && ACTIONS_RUNNER_INPUT_TOKEN=*** runuser -u ${user} -- ./config.sh --unattended --url ${URL} ` +
        `--name ${NAME} --work _work --runnergroup perf-pinned --labels perf-pinned,big`,
    );
    expect(printed).toContain(`cd ${runner} && ./svc.sh install ${user}`);
    expect(printed).toContain(`cd ${runner} && ./svc.sh start`);
    const unit = printed.find((line) => line.endsWith(`> ${root}/etc/systemd/system/${TUNE_UNIT}`));
    expect(unit).toContain(`Before=${RUNNER_UNIT}`);
    expect(unit).toContain("'ExecStart=/usr/local/bin/mysql-perf-gate doctor --tune'");
    expect(printed).toContain(`${systemctl} enable ${TUNE_UNIT}`);
    expect(printed.filter((line) => line.includes('apparmor'))).toEqual([]);
    // The token is never printed; nothing was done.
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
    expect(userExists(user)).toBe(false);
    const records = lines(readFileSync(join(dir, 'records', 'systemctl.log'), 'utf8'));
    expect(records.filter((call) => !/^is-(enabled|active) /.test(call))).toEqual([]);
    const after = snapshot(dir);
    delete before['/records/systemctl.log'];
    delete after['/records/systemctl.log'];
    expect(after).toEqual(before);
  });

  it.each([
    ['1', true],
    ['0', false],
  ] as const)(
    'on Ubuntu 24.04 with apparmor_restrict_unprivileged_userns = %s, the bwrap profile: %s',
    (restrict, profile) => {
      const dir = scratchDir('setup-runner-ubuntu-');
      const root = fakeRoot(dir, 'ubuntu', restrict);
      const tarball = packageTarball(dir, { version: '0.2.0', commit: 'b'.repeat(40) });
      const run = setup(['--dry-run', '--package', tarball, '--user', 'perf-runner-absent'], {
        SETUP_RUNNER_ROOT: root,
        SYSTEMCTL: systemctlStandIn(dir),
      });
      expect(run.status).toBe(0);
      const printed = lines(run.stdout);
      expect(printed.find((line) => line.includes('apt-get install'))?.split(' ')).toContain('libicu74');
      const path = `${root}/etc/apparmor.d/bwrap`;
      const expected = profile
        ? [
            `mkdir -p ${root}/etc/apparmor.d`,
            `printf '%s\\n' 'abi <abi/4.0>,' 'include <tunables/global>' '' 'profile bwrap /usr/bin/bwrap flags=(unconfined) {' '  userns,' '}' > ${path}`,
            `chmod 644 ${path}`,
            `apparmor_parser -r ${path}`,
          ]
        : [];
      expect(printed.filter((line) => line.includes('apparmor'))).toEqual(expected);
      // Without --url the runner is downloaded but not registered.
      expect(printed.filter((line) => line.includes('config.sh') || line.includes('svc.sh'))).toEqual([]);
      expect(run.stderr).toContain('runner: not registered (give --url and a token to register it)');
      expect(existsSync(path)).toBe(false);
    },
  );
});

describe('scripts/setup-runner.sh refuses bad input in one line', () => {
  const dir = scratchDir('setup-runner-input-');
  const debian = fakeRoot(dir, 'debian');
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, `${TOKEN}\n`);
  const emptyFile = join(dir, 'empty');
  writeFileSync(emptyFile, '\n');

  it.each([
    [
      ['--url', URL],
      'setup-runner.sh: --url needs a registration token: --token-file FILE, RUNNER_TOKEN in the environment, or --token',
    ],
    [
      ['--token-file', tokenFile],
      'setup-runner.sh: a registration token needs --url, the organization or repository to register with',
    ],
    [
      ['--url', 'github.com/acme', '--token', 'x'],
      "setup-runner.sh: --url github.com/acme: not an organization's or a repository's URL (https://github.com/OWNER or https://github.com/OWNER/REPO)",
    ],
    [
      ['--url', URL, '--token-file', join(dir, 'absent')],
      `setup-runner.sh: --token-file ${join(dir, 'absent')}: cannot be read`,
    ],
    [['--url', URL, '--token-file', emptyFile], `setup-runner.sh: --token-file ${emptyFile}: is empty`],
    [
      ['--user', 'Root User'],
      'setup-runner.sh: --user Root User: not a user name (lower-case letters, digits, _ and -)',
    ],
    [['--labels', 'a, b'], 'setup-runner.sh: --labels a, b: labels are separated by commas, without spaces'],
    [['--runner-dir', 'runner'], 'setup-runner.sh: --runner-dir runner: give an absolute path'],
    [['--url'], 'setup-runner.sh: --url needs a value (see --help)'],
    [['--colour'], 'setup-runner.sh: unknown option: --colour (see --help)'],
  ])('%j', (args, message) => {
    const run = setup(['--dry-run', ...args], { SETUP_RUNNER_ROOT: debian, SYSTEMCTL: '/bin/false' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: `${message}\n`,
    });
  });

  it('an unknown system', () => {
    const fedora = fakeRoot(join(dir, 'fedora'), 'fedora');
    const run = setup(['--dry-run'], { SETUP_RUNNER_ROOT: fedora, SYSTEMCTL: '/bin/false' });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `setup-runner.sh: unsupported system: fedora 40 (ID and VERSION_ID in ${fedora}/etc/os-release); this script sets up Debian 12 and Ubuntu 24.04\n`,
    );
  });
});

const asRoot = process.getuid?.() === 0;
const osRelease = existsSync('/etc/os-release') ? readFileSync('/etc/os-release', 'utf8') : '';
const supported =
  /^ID=debian$/m.test(osRelease) && /^VERSION_ID="?12"?$/m.test(osRelease)
    ? true
    : /^ID=ubuntu$/m.test(osRelease) && /^VERSION_ID="?24\.04"?$/m.test(osRelease);
if (!asRoot || !supported) {
  process.stderr.write(
    'skipping the real run of scripts/setup-runner.sh: it needs root on Debian 12 or Ubuntu 24.04\n',
  );
}

(asRoot && supported ? describe : describe.skip)('scripts/setup-runner.sh, run twice with stand-ins', () => {
  const user = `mpg-setup-${process.pid}`;
  afterAll(() => {
    if (userExists(user)) execFileSync('userdel', ['--remove', user], { stdio: 'ignore' });
  });

  it('registers the runner, then finds everything done', () => {
    expect(userExists(user)).toBe(false);
    const dir = scratchDir('setup-runner-real-');
    const root = join(dir, 'root');
    mkdirSync(join(root, 'etc'), { recursive: true });
    copyFileSync('/etc/os-release', join(root, 'etc', 'os-release'));
    // The machine's own dpkg database and servers: installed packages are not installed again.
    mkdirSync(join(root, 'var', 'lib'), { recursive: true });
    symlinkSync('/var/lib/dpkg', join(root, 'var', 'lib', 'dpkg'));
    mkdirSync(join(root, 'usr'));
    symlinkSync('/usr/sbin', join(root, 'usr', 'sbin'));
    // Its npm: the distribution's Node and npm are not installed again.
    symlinkSync('/usr/bin', join(root, 'usr', 'bin'));
    // The wrapper around a clone's dist/cli.js that earlier setups wrote, where npm links the command.
    const command = join(root, 'usr', 'local', 'bin', 'mysql-perf-gate');
    mkdirSync(dirname(command), { recursive: true });
    writeFileSync(
      command,
      '#!/bin/sh\nexec /opt/mysql-perf-gate/node_modules/.bin/node /opt/mysql-perf-gate/dist/cli.js "$@"\n',
      {
        mode: 0o755,
      },
    );
    const systemctl = systemctlStandIn(dir);
    const npm = npmStandIn(dir);
    const commit = '0123456789abcdef0123456789abcdef01234567';
    const tarball = packageTarball(dir, { version: '0.2.0', commit }, 'right');
    const runner = runnerStandIn(dir);
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
    const args = [
      '--package',
      tarball,
      '--url',
      URL,
      '--token-file',
      tokenFile,
      '--user',
      user,
      '--name',
      NAME,
      '--runner-dir',
      runner,
    ];
    // RUNNER_TOKEN too: the file comes first, and neither reaches config.sh but as its input.
    const env = { SETUP_RUNNER_ROOT: root, SYSTEMCTL: systemctl, NPM: npm, RUNNER_TOKEN: 'not-this-one' };

    const first = setup(args, env);
    expect({ status: first.status, stderr: first.stderr }).toEqual({
      status: 0,
      stderr: expect.any(String) as string,
    });
    expect(first.stdout).toBe('');
    expect(first.stderr).not.toContain(TOKEN);
    expect(first.stderr).toContain(`+ useradd --create-home --shell /bin/bash ${user}`);
    expect(first.stderr).toContain(`sandbox: bwrap makes its namespaces as ${user}`);
    expect(lines(readFileSync(join(dir, 'records', 'calls.log'), 'utf8'))).toEqual([
      `config.sh user=${user} dir=${runner} token=${TOKEN} RUNNER_TOKEN=unset --unattended --url ${URL} --name ${NAME} --work _work ` +
        '--runnergroup perf-pinned --labels perf-pinned',
      `svc.sh user=root dir=${runner} install ${user}`,
      `svc.sh user=root dir=${runner} start`,
    ]);
    const changes = lines(readFileSync(join(dir, 'records', 'systemctl.log'), 'utf8')).filter(
      (call) => !/^is-(enabled|active) /.test(call),
    );
    expect(changes).toEqual([
      'daemon-reload',
      `enable ${RUNNER_UNIT}`,
      `start ${RUNNER_UNIT}`,
      'daemon-reload',
      `enable ${TUNE_UNIT}`,
    ]);
    // The user: a home, no password.
    expect(execFileSync('passwd', ['--status', user], { encoding: 'utf8' }).split(' ')[1]).toBe('L');
    expect(statSync(runner).uid).toBe(Number(execFileSync('id', ['-u', user], { encoding: 'utf8' })));
    // The package, installed by npm with Node 24 in the scratch root's prefix, in the wrapper's place.
    const npmLog = join(dir, 'records', 'npm.log');
    expect(lines(readFileSync(npmLog, 'utf8'))).toEqual([
      `install -g --prefix ${root}/usr/local node@24 ${tarball}`,
    ]);
    expect(first.stderr).toContain(`${tarball}: SHA-256 checked (${tarball}.sha256)`);
    expect(first.stderr).toContain(`+ rm ${command}\n`);
    expect(lstatSync(command).isSymbolicLink()).toBe(true);
    expect(readlinkSync(command)).toBe('../lib/node_modules/mysql-perf-gate/bin/mysql-perf-gate.js');
    const installed = join(root, 'usr', 'local', 'lib', 'node_modules', 'mysql-perf-gate');
    expect(JSON.parse(readFileSync(join(installed, 'release.json'), 'utf8'))).toEqual({
      version: '0.2.0',
      commit,
      dirty: false,
    });
    // The tuning unit, under the scratch root.
    expect(readFileSync(join(root, 'etc', 'systemd', 'system', TUNE_UNIT), 'utf8')).toBe(
      [
        '[Unit]',
        'Description=Tune the machine for measuring (mysql-perf-gate doctor --tune)',
        `Before=${RUNNER_UNIT}`,
        '',
        '[Service]',
        'Type=oneshot',
        'RemainAfterExit=yes',
        'ExecStart=/usr/local/bin/mysql-perf-gate doctor --tune',
        '',
        '[Install]',
        'WantedBy=multi-user.target',
        '',
      ].join('\n'),
    );

    const before = snapshot(dir);
    const passwd = statSync('/etc/passwd').mtimeMs;
    const systemctlLog = join(dir, 'records', 'systemctl.log');
    const earlier = lines(readFileSync(systemctlLog, 'utf8')).length;
    const second = setup(args, env);
    expect(second.status).toBe(0);
    expect(second.stdout).toBe('');
    expect(lines(second.stderr).filter((line) => line.startsWith('+ '))).toEqual([]);
    for (const done of [
      'packages: already installed',
      `mysql-perf-gate: already installed: 0.2.0 (commit ${commit})`,
      `user ${user}: already exists`,
      `runner: already registered (${NAME} in ${runner})`,
      `runner service: already installed (${RUNNER_UNIT})`,
      'runner service: already running',
      `${TUNE_UNIT}: already enabled`,
    ]) {
      expect(second.stderr).toContain(done);
    }
    const after = snapshot(dir);
    // systemctl was only asked.
    const calls = lines(readFileSync(systemctlLog, 'utf8')).slice(earlier);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((call) => !/^is-(enabled|active) /.test(call))).toEqual([]);
    delete before['/records/systemctl.log'];
    delete after['/records/systemctl.log'];
    // npm was not called: its log is as it was.
    expect(after).toEqual(before);
    expect(statSync('/etc/passwd').mtimeMs).toBe(passwd);

    // A second runner on the machine: only its own steps, and the tuning unit ordered before both.
    const runner2 = join(dir, 'runner-2');
    const dry = setup(['--dry-run', ...args.slice(0, -4), '--name', 'bench-2', '--runner-dir', runner2], env);
    expect(dry.status).toBe(0);
    const printed = lines(dry.stdout);
    expect(printed.filter((line) => /useradd|apt-get|npm|enable /.test(line))).toEqual([]);
    expect(printed[0]).toBe(`install -d -o ${user} -g ${user} ${runner2}`);
    expect(printed).toContain(
      `cd ${runner2} && ACTIONS_RUNNER_INPUT_TOKEN=*** runuser -u ${user} -- ./config.sh --unattended --url ${URL} ` +
        '--name bench-2 --work _work --runnergroup perf-pinned --labels perf-pinned',
    );
    expect(printed.find((line) => line.includes(TUNE_UNIT))).toContain(
      `'Before=${RUNNER_UNIT} actions.runner.acme-server.bench-2.service'`,
    );
    expect(printed.at(-1)).toBe(`${systemctl} daemon-reload`);

    // Another release: npm installs it over the first.
    const newer = packageTarball(join(dir, 'newer'), { version: '0.3.0', commit: 'f'.repeat(40) });
    const third = setup(['--package', newer, ...args.slice(2)], env);
    expect(third.status).toBe(0);
    expect(lines(third.stderr).filter((line) => line.startsWith('+ '))).toEqual([
      `+ ${npm} install -g --prefix ${root}/usr/local node@24 ${newer}`,
    ]);
    expect(JSON.parse(readFileSync(join(installed, 'release.json'), 'utf8'))).toMatchObject({
      version: '0.3.0',
    });

    execFileSync('userdel', ['--remove', user], { stdio: 'ignore' });
    expect(userExists(user)).toBe(false);
    expect(existsSync(`/home/${user}`)).toBe(false);
  });
});
