// What the tests of scripts/setup-runner.sh run it with: stand-ins for systemctl, npm and the
// runner's config.sh and svc.sh that record their arguments, packages of the command to install
// (a package.json and a release.json), a scratch root for the files it reads and writes outside
// the runner's directory, and a snapshot of a directory's files.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { ROOT } from './real-run.js';

export const SCRIPT = join(ROOT, 'scripts', 'setup-runner.sh');
export const URL = 'https://github.com/acme/server';
export const TOKEN = 'AABBCCDDTESTTOKEN';
export const NAME = 'bench-1';
export const RUNNER_UNIT = `actions.runner.acme-server.${NAME}.service`;
export const TUNE_UNIT = 'mysql-perf-gate-tune.service';

const OS_RELEASE = {
  debian: 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\nVERSION_ID="12"\n',
  ubuntu: 'PRETTY_NAME="Ubuntu 24.04.1 LTS"\nID=ubuntu\nVERSION_ID="24.04"\n',
  fedora: 'NAME="Fedora Linux"\nID=fedora\nVERSION_ID=40\n',
};

const scratch: string[] = [];

/** Removes every directory scratchDir made. */
export function removeScratch(): void {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function scratchDir(prefix: string): string {
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
export function systemctlStandIn(dir: string): string {
  const records = join(dir, 'records');
  mkdirSync(records, { recursive: true, mode: 0o777 });
  chmodSync(records, 0o777);
  writeFileSync(join(records, 'systemctl.log'), '');
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
 * npm's stand-in: each call appended to npm.log; `install -g --prefix PREFIX node@24 TARBALL`
 * unpacks the tarball into PREFIX/lib/node_modules/mysql-perf-gate and links its command in
 * PREFIX/bin, refusing, as npm does, a file there that is not its link.
 */
export function npmStandIn(dir: string): string {
  const records = join(dir, 'records');
  mkdirSync(records, { recursive: true, mode: 0o777 });
  writeFileSync(join(records, 'npm.log'), '');
  const path = join(dir, 'npm');
  executable(
    path,
    [
      '#!/bin/sh',
      `echo "$*" >>${join(records, 'npm.log')}`,
      '[ "$1 $2 $3 $5" = "install -g --prefix node@24" ] || exit 1',
      'package="$4/lib/node_modules/mysql-perf-gate" bin="$4/bin/mysql-perf-gate"',
      'if [ -e "$bin" ] && [ ! -L "$bin" ]; then echo "npm error EEXIST: file already exists: $bin" >&2; exit 1; fi',
      'rm -rf "$package" && mkdir -p "$package" "$4/bin"',
      'tar -xzf "$6" -C "$package" --strip-components=1',
      'ln -sfn ../lib/node_modules/mysql-perf-gate/bin/mysql-perf-gate.js "$bin"',
      '',
    ].join('\n'),
  );
  return path;
}

export interface Release {
  version: string;
  commit: string;
  dirty?: boolean;
}

/** The SHA-256 of a file, in hexadecimal. */
export function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/**
 * A package of the command as npm pack makes it, with what the script reads of it: the tarball
 * mysql-perf-gate-VERSION.tgz in dir, its package/ holding package.json, release.json and the
 * command's file; and, with `checksum`, its .sha256 beside it as sha256sum writes it.
 */
export function packageTarball(dir: string, release: Release | null, checksum?: 'right' | 'wrong'): string {
  const version = release?.version ?? '0.0.0';
  const tree = join(dir, `package-${version}`, 'package');
  mkdirSync(join(tree, 'bin'), { recursive: true });
  writeFileSync(
    join(tree, 'package.json'),
    `${JSON.stringify({ name: 'mysql-perf-gate', version }, null, 2)}\n`,
  );
  if (release !== null) {
    writeFileSync(join(tree, 'release.json'), `${JSON.stringify({ dirty: false, ...release }, null, 2)}\n`);
  }
  executable(join(tree, 'bin', 'mysql-perf-gate.js'), '#!/usr/bin/env node\n');
  const tarball = join(dir, `mysql-perf-gate-${version}.tgz`);
  execFileSync('tar', ['-czf', tarball, '-C', dirname(tree), 'package']);
  if (checksum !== undefined) {
    const sum = checksum === 'right' ? sha256(tarball) : '0'.repeat(64);
    writeFileSync(`${tarball}.sha256`, `${sum}  mysql-perf-gate-${version}.tgz\n`);
  }
  return tarball;
}

/**
 * A runner directory whose config.sh and svc.sh record who ran them, where and with what, and do
 * on disk what the runner's own do: config.sh writes .runner, svc.sh install writes .service and
 * enables the unit, svc.sh start starts it.
 */
export function runnerStandIn(dir: string): string {
  const runner = join(dir, 'runner');
  const calls = join(dir, 'records', 'calls.log');
  mkdirSync(runner);
  executable(
    join(runner, 'config.sh'),
    [
      '#!/bin/sh',
      `echo "config.sh user=$(id -un) dir=$(pwd) token=$ACTIONS_RUNNER_INPUT_TOKEN RUNNER_TOKEN=\${RUNNER_TOKEN-unset} $*" >>${calls}`,
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
export function fakeRoot(dir: string, os: keyof typeof OS_RELEASE, restrictUserns?: '0' | '1'): string {
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

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** The script (by default this checkout's) run with args; NPM, unless env sets it, is npm. */
export function setup(args: string[], env: Record<string, string>, script = SCRIPT): Run {
  const result = spawnSync('bash', [script, ...args], {
    encoding: 'utf8',
    env: { ...process.env, RUNNER_TOKEN: '', NPM: '', ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

export function userExists(name: string): boolean {
  return spawnSync('getent', ['passwd', name]).status === 0;
}

/** A user name free on this machine, for the script to create. */
export function freeUserName(tag: string): string {
  const name = `mpg-${tag}-${process.pid}`;
  expect(userExists(name)).toBe(false);
  return name;
}

/** Every file and directory under dir (links not followed): its checksum, mode and modification time. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (!entry.isFile() && !entry.isDirectory()) continue;
    const stat = statSync(path);
    const sum = entry.isFile() ? sha256(path) : 'directory';
    files[path.slice(dir.length)] = `${sum} ${stat.mode.toString(8)} ${stat.mtimeMs}`;
  }
  return files;
}
