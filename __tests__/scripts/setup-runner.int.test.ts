// scripts/setup-runner.sh on this machine. --dry-run prints the commands of a fresh machine (from
// an empty dpkg database and a Debian 12 or Ubuntu 24.04 os-release in a scratch root) and runs
// none; bad input is refused in one line. Then, as root, a real run with stand-ins for the
// runner's config.sh and svc.sh and for systemctl (which record their arguments) registers the
// runner, with the files for /etc and /usr/local/bin written under a scratch root and a real user
// of its own, removed afterwards; and a second run changes nothing.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { ROOT } from '../helpers/real-run.js';

const SCRIPT = join(ROOT, 'scripts', 'setup-runner.sh');
const URL = 'https://github.com/acme/server';
const TOKEN = 'AABBCCDDTESTTOKEN';
const NAME = 'bench-1';
const RUNNER_UNIT = `actions.runner.acme-server.${NAME}.service`;
const TUNE_UNIT = 'mysql-perf-gate-tune.service';

const OS_RELEASE = {
  debian: 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n',
  ubuntu: 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nID=ubuntu\nVERSION_ID="24.04"\n',
  fedora: 'NAME="Fedora Linux"\nID=fedora\nVERSION_ID=40\n',
};

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  // The runner's user reaches its directory and the stand-ins' records through it.
  chmodSync(dir, 0o755);
  return dir;
}

function executable(path: string, text: string): void {
  writeFileSync(path, text);
  chmodSync(path, 0o755);
}

/**
 * systemctl's stand-in: each call appended to systemctl.log; `enable` and `start` leave a mark
 * that `is-enabled` and `is-active` answer from, as systemd's state would.
 */
function systemctlStandIn(dir: string): string {
  const records = join(dir, 'records');
  mkdirSync(records, { recursive: true, mode: 0o777 });
  chmodSync(records, 0o777);
  const path = join(dir, 'systemctl');
  executable(
    path,
    [
      '#!/bin/sh',
      `records=${records}`,
      'echo "$*" >>"$records/systemctl.log"',
      'for unit; do :; done',
      'case "$1" in',
      '  enable) touch "$records/enabled-$unit" ;;',
      '  disable) rm -f "$records/enabled-$unit" ;;',
      '  start) touch "$records/active-$unit" ;;',
      '  is-enabled) test -e "$records/enabled-$unit" ;;',
      '  is-active) test -e "$records/active-$unit" ;;',
      'esac',
      '',
    ].join('\n'),
  );
  return path;
}

/**
 * A runner directory whose config.sh and svc.sh record who ran them, where and with what, and do
 * on disk what the runner's own do: config.sh writes .runner, svc.sh install writes .service and
 * enables the unit, svc.sh start starts it.
 */
function runnerStandIn(dir: string): string {
  const runner = join(dir, 'runner');
  const calls = join(dir, 'records', 'calls.log');
  mkdirSync(runner);
  executable(
    join(runner, 'config.sh'),
    [
      '#!/bin/sh',
      `echo "config.sh user=$(id -un) dir=$(pwd) token=$ACTIONS_RUNNER_INPUT_TOKEN $*" >>${calls}`,
      `printf '{\\n  "agentName": "%s"\\n}\\n' ${NAME} >.runner`,
      '',
    ].join('\n'),
  );
  executable(
    join(runner, 'svc.sh'),
    [
      '#!/bin/sh',
      `echo "svc.sh user=$(id -un) dir=$(pwd) $*" >>${calls}`,
      'case "$1" in',
      `  install) echo ${RUNNER_UNIT} >.service; "$SYSTEMCTL" daemon-reload; "$SYSTEMCTL" enable "$(cat .service)" ;;`,
      '  start) "$SYSTEMCTL" start "$(cat .service)" ;;',
      'esac',
      '',
    ].join('\n'),
  );
  return runner;
}

/** A scratch root with an os-release and, optionally, the restricting AppArmor sysctl. */
function fakeRoot(dir: string, os: keyof typeof OS_RELEASE, restrictUserns?: '0' | '1'): string {
  const root = join(dir, 'root');
  mkdirSync(join(root, 'etc'), { recursive: true });
  writeFileSync(join(root, 'etc', 'os-release'), OS_RELEASE[os]);
  if (restrictUserns !== undefined) {
    mkdirSync(join(root, 'proc', 'sys', 'kernel'), { recursive: true });
    writeFileSync(
      join(root, 'proc', 'sys', 'kernel', 'apparmor_restrict_unprivileged_userns'),
      `${restrictUserns}\n`,
    );
  }
  return root;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function setup(args: string[], env: Record<string, string>): Run {
  const result = spawnSync('bash', [SCRIPT, ...args], {
    encoding: 'utf8',
    env: { ...process.env, RUNNER_TOKEN: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

function userExists(name: string): boolean {
  return spawnSync('getent', ['passwd', name]).status === 0;
}

/** A user name free on this machine, for the script to create. */
function freeUserName(tag: string): string {
  const name = `mpg-${tag}-${process.pid}`;
  expect(userExists(name)).toBe(false);
  return name;
}

/** Every file under dir (links not followed): its checksum, mode and modification time. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile()) continue;
    const stat = statSync(path);
    const sum = createHash('sha256').update(readFileSync(path)).digest('hex');
    files[path.slice(dir.length)] = `${sum} ${stat.mode.toString(8)} ${stat.mtimeMs}`;
  }
  return files;
}

describe('scripts/setup-runner.sh --dry-run', () => {
  it('prints the commands that set up a fresh Debian 12 machine, and runs none', () => {
    const dir = scratchDir('setup-runner-dry-');
    const root = fakeRoot(dir, 'debian');
    const systemctl = systemctlStandIn(dir);
    const user = freeUserName('dry');
    const before = snapshot(dir);
    const run = setup(
      [
        '--dry-run',
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
    for (const name of ['sysbench', 'valgrind', 'bubblewrap', 'gcc-12', 'cmake', 'libicu72', 'git', 'curl']) {
      expect(install?.split(' ')).toContain(name);
    }
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
      const run = setup(['--dry-run', '--user', 'perf-runner-absent'], {
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
    const systemctl = systemctlStandIn(dir);
    const runner = runnerStandIn(dir);
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
    const args = [
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
    const env = { SETUP_RUNNER_ROOT: root, SYSTEMCTL: systemctl };

    const first = setup(args, env);
    expect({ status: first.status, stderr: first.stderr }).toEqual({
      status: 0,
      stderr: expect.any(String) as string,
    });
    expect(first.stdout).toBe('');
    expect(first.stderr).not.toContain(TOKEN);
    expect(first.stderr).toContain(`+ useradd --create-home --shell /bin/bash ${user}`);
    expect(lines(readFileSync(join(dir, 'records', 'calls.log'), 'utf8'))).toEqual([
      `config.sh user=${user} dir=${runner} token=${TOKEN} --unattended --url ${URL} --name ${NAME} --work _work ` +
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
    // The command and the tuning unit, under the scratch root.
    const command = join(root, 'usr', 'local', 'bin', 'mysql-perf-gate');
    expect(readFileSync(command, 'utf8')).toBe(
      `#!/bin/sh\nexec ${ROOT}/node_modules/.bin/node ${ROOT}/dist/cli.js "$@"\n`,
    );
    expect(statSync(command).mode & 0o777).toBe(0o755);
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
    expect(after).toEqual(before);
    expect(statSync('/etc/passwd').mtimeMs).toBe(passwd);

    // A second runner on the machine: only its own steps, and the tuning unit ordered before both.
    const runner2 = join(dir, 'runner-2');
    const dry = setup(['--dry-run', ...args.slice(0, -4), '--name', 'bench-2', '--runner-dir', runner2], env);
    expect(dry.status).toBe(0);
    const printed = lines(dry.stdout);
    expect(printed.filter((line) => /useradd|apt-get|mysql-perf-gate'?$|enable /.test(line))).toEqual([]);
    expect(printed[0]).toBe(`install -d -o ${user} -g ${user} ${runner2}`);
    expect(printed).toContain(
      `cd ${runner2} && ACTIONS_RUNNER_INPUT_TOKEN=*** runuser -u ${user} -- ./config.sh --unattended --url ${URL} ` +
        '--name bench-2 --work _work --runnergroup perf-pinned --labels perf-pinned',
    );
    expect(printed.find((line) => line.includes(TUNE_UNIT))).toContain(
      `'Before=${RUNNER_UNIT} actions.runner.acme-server.bench-2.service'`,
    );
    expect(printed.at(-1)).toBe(`${systemctl} daemon-reload`);

    execFileSync('userdel', ['--remove', user], { stdio: 'ignore' });
    expect(userExists(user)).toBe(false);
    expect(existsSync(`/home/${user}`)).toBe(false);
  });
});
