// What enters the sandbox (shell/sandbox.ts), and how.
//
// - Every program run in it, or entered into a running one, is an absolute path found on this
//   machine before entering, in the system's directories, which the sandbox shows read-only: never
//   looked up by name inside, where a PATH the runner set (a `/tmp/…` entry before /usr/bin) would
//   find what the sandbox planted in its own /tmp. The PATH inside is fixed to those directories.
// - Every sandboxed command runs under the seccomp filter shipped with this package
//   (assets/seccomp/<machine>.bpf, compiled from scripts/seccomp-filter.py), never one from the
//   tree under test: bwrap reads it from a descriptor, which a shell opens and then becomes bwrap.
// - A helper entered into a running sandbox's namespaces (vgdb, for a server under callgrind)
//   comes in through util-linux's nsenter, which leaves it every capability of the sandbox's user
//   namespace: setpriv drops them all and sets no-new-privileges before the helper runs.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

import { DependencyError } from '../errors.js';
import { packageRoot } from './package-root.js';

/** The PATH inside the sandbox: the system's directories, which it sees read-only. */
export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const SYSTEM_BIN_DIRS = SANDBOX_PATH.split(delimiter);

const UTIL_LINUX_HINT =
  "util-linux's nsenter and setpriv: on Debian/Ubuntu `sudo apt-get install util-linux`";

/** A command as it is run: the program and its arguments. */
export interface Command {
  readonly file: string;
  readonly args: readonly string[];
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `name` in the first of `dirs` that has it as an executable file; undefined when none has. */
function findIn(name: string, dirs: readonly string[]): string | undefined {
  return dirs.map((dir) => join(dir, name)).find(isExecutableFile);
}

/**
 * The program a sandbox runs for `name`: a path as it is (made absolute), a bare name found in the
 * sandbox's PATH on this machine. A name found nowhere is left as it is: bwrap then looks it up
 * in the same fixed directories and says it is not there.
 */
export function sandboxProgram(name: string): string {
  if (name.includes('/')) return isAbsolute(name) ? name : resolve(name);
  return findIn(name, SYSTEM_BIN_DIRS) ?? name;
}

/** `name` in the system's directories; a DependencyError naming `hint` when it is not there. */
function systemProgram(name: string, hint: string): string {
  const found = findIn(name, SYSTEM_BIN_DIRS);
  if (found !== undefined) return found;
  throw new DependencyError(`${name} was not found in ${SYSTEM_BIN_DIRS.join(', ')}; ${hint}`);
}

/** bubblewrap, as this machine's PATH finds it (it runs outside the sandbox), or the system's. */
export function bwrapProgram(hint: string): string {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), ...SYSTEM_BIN_DIRS].filter(isAbsolute);
  const found = findIn('bwrap', dirs);
  if (found !== undefined) return found;
  throw new DependencyError(`bwrap was not found on PATH or in the system's directories; ${hint}`);
}

/** The seccomp filter's file for each machine (Node's `process.arch`), named as `uname -m` names it. */
const FILTER_FILES: Readonly<Partial<Record<NodeJS.Architecture, string>>> = {
  x64: 'x86_64.bpf',
  arm64: 'aarch64.bpf',
};

/**
 * The seccomp filter for this machine, from this package's assets. On a machine it is not built
 * for, untrusted code is not run: a DependencyError says so.
 */
export function seccompFilter(machine: NodeJS.Architecture = process.arch, root = packageRoot()): string {
  const name = FILTER_FILES[machine];
  if (name === undefined) {
    throw new DependencyError(
      `the sandbox's seccomp filter is built for x86_64 and aarch64 only, not ${machine}: untrusted code is not run on this machine`,
    );
  }
  const file = join(root, 'assets', 'seccomp', name);
  if (!existsSync(file)) {
    throw new DependencyError(
      `the sandbox's seccomp filter ${file} is missing from this installation; reinstall it`,
    );
  }
  return file;
}

/**
 * The descriptor bwrap reads the filter from. The shell below opens it; dash takes single-digit
 * descriptors only, and spawners use 0–2 (and at most 3 or 4 for extra pipes).
 */
const FILTER_FD = 9;
const OPEN_FILTER = `f=$1; shift; exec "$@" ${FILTER_FD}<"$f"`;

/**
 * `bwrap bwrapArgs…` with the filter on its descriptor: `/bin/sh` opens `filter` and becomes bwrap
 * (same pid), so no spawner needs an extra descriptor of its own.
 */
export function withSeccomp(filter: string, bwrap: string, bwrapArgs: readonly string[]): Command {
  return {
    file: '/bin/sh',
    args: ['-c', OPEN_FILTER, 'sh', filter, bwrap, '--seccomp', String(FILTER_FD), ...bwrapArgs],
  };
}

/** The namespaces a helper enters: the sandbox's user, mount, PID, UTS, network and IPC ones. */
const NAMESPACES = ['--user', '--mount', '--pid', '--uts', '--net', '--ipc'];

/**
 * setpriv's options: no inheritable or ambient capabilities, no new privileges (setuid bits and
 * file capabilities give nothing) and, where the helper runs as uid 0 inside (the runner is root:
 * bwrap maps a uid to itself), an empty bounding set, so that executing the helper leaves it
 * none. Any other uid has none after that exec already, and may not change the bounding set.
 */
export function dropPrivileges(uid: number): string[] {
  return [
    '--no-new-privs',
    '--inh-caps=-all',
    '--ambient-caps=-all',
    ...(uid === 0 ? ['--bounding-set=-all'] : []),
  ];
}

/**
 * The command that runs the system's `program args…` inside the namespaces of the sandboxed
 * process `pid` (as seen from here), with no capabilities and the fixed PATH as its whole
 * environment. Throws a DependencyError when nsenter, setpriv or `program` is not in the system's
 * directories (the sandbox could not see it there either).
 */
export function enterSandbox(
  pid: number,
  program: string,
  args: readonly string[],
  hint: string,
): Command & { readonly env: NodeJS.ProcessEnv } {
  const nsenter = systemProgram('nsenter', UTIL_LINUX_HINT);
  const setpriv = systemProgram('setpriv', UTIL_LINUX_HINT);
  const target = systemProgram(program, hint);
  const uid = process.geteuid?.() ?? -1;
  return {
    file: nsenter,
    args: [
      '--target',
      String(pid),
      ...NAMESPACES,
      '--preserve-credentials',
      '--',
      setpriv,
      ...dropPrivileges(uid),
      '--',
      target,
      ...args,
    ],
    env: { PATH: SANDBOX_PATH },
  };
}
