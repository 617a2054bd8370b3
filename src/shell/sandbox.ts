// The sandbox a pull request's code runs in: bubblewrap (`bwrap`, Debian's package bubblewrap).
//
// The configure, build and install of an untrusted source tree, its server (valgrind included),
// its bootstrap and sysbench against it run as `bwrap <these arguments> -- command…`:
//   - new user, PID, IPC, UTS, cgroup and network namespaces: the network has loopback only and
//     no route out; no process outside the sandbox can be seen or signalled from it; when the
//     command exits, every process it left behind dies with the namespace;
//   - dying with its parent (this tool), in a session of its own, with no capabilities;
//   - a file system of its own: the system's programs and libraries read-only, a few files of
//     /etc, of /sys what a server reads (sandbox-sys.ts), a fresh /tmp, and besides only the
//     directories it is given (`writable`, `readable`).
//     $HOME, the runner's directories, every trusted build directory and ccache and the store of
//     prefixes are simply not there (a build started from the trusted base's gets a copy of its
//     build directory, and the trusted builds' shared ccache store read-only: base-build.ts).
//   - the allow-listed environment (child-env.ts) with HOME and TMPDIR pointing into the fresh /tmp,
//     and PATH fixed to the system's directories;
//   - the seccomp filter, and the command an absolute path found before entering (sandbox-entry.ts).
// Where bwrap cannot make its namespaces (a kernel or AppArmor policy that forbids unprivileged
// user namespaces), untrusted mode stops: it never runs the code unsandboxed.
import { lstatSync, readlinkSync } from 'node:fs';

import { DependencyError } from '../errors.js';
import { childEnv } from './child-env.js';
import { exec } from './exec.js';
import { quickDeadline } from './deadline.js';
import {
  bwrapProgram,
  type Command,
  SANDBOX_PATH,
  sandboxProgram,
  seccompFilter,
  withSeccomp,
} from './sandbox-entry.js';
import { sysBinds } from './sandbox-sys.js';

export type { Command } from './sandbox-entry.js';

const INSTALL_HINT =
  'untrusted code runs in the bubblewrap sandbox: on Debian/Ubuntu `sudo apt-get install bubblewrap`';

/** The system's programs and libraries: bound read-only (or, where they are links, linked). */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * The files of /etc a compiler, CMake, a server and sysbench read: the dynamic loader's cache,
 * Debian's alternatives (cc, c++), users and groups (a server resolves its --user), hosts and
 * the name service switch (localhost), the time zone, the OS release (CMake reports it), the
 * OpenSSL configuration. Nothing else of /etc is visible.
 */
const ETC_FILES = [
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/alternatives',
  '/etc/passwd',
  '/etc/group',
  '/etc/hosts',
  '/etc/nsswitch.conf',
  '/etc/localtime',
  '/etc/timezone',
  '/etc/os-release',
  '/etc/debian_version',
  '/etc/lsb-release',
  '/etc/ssl/openssl.cnf',
];

/**
 * A directory shown in the sandbox: at its own path, or (`{ from, at }`) at another path, as an
 * untrusted build sees its copy of a trusted build directory at the path that one was built in.
 */
export type SandboxPath = string | { readonly from: string; readonly at: string };

export interface SandboxSpec {
  /** Directories the command may write (they must exist): its source copy, build, prefix, datadir… */
  readonly writable: readonly SandboxPath[];
  /** Directories or files it may read besides the system's. */
  readonly readable?: readonly SandboxPath[];
}

/**
 * How the code of one side runs: as it is (trusted), or inside the sandbox. Every place that runs
 * code a source tree produced (its CMake scripts, compilers it configures, its server) goes
 * through one of these.
 */
export interface Confinement {
  readonly sandboxed: boolean;
  /** The command to spawn instead of `file args…`. */
  wrap(file: string, args: readonly string[]): Command;
  /** The environment to hand exec() or spawn (then allow-listed there). */
  env(base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
}

export const UNCONFINED: Confinement = {
  sandboxed: false,
  wrap: (file, args) => ({ file, args }),
  env: (base = process.env) => base,
};

/**
 * The sandbox with `spec`'s directories. Throws a DependencyError when bwrap is missing or this
 * machine has no seccomp filter (sandbox-entry.ts).
 */
export function sandbox(spec: SandboxSpec): Confinement {
  const bwrap = bwrapProgram(INSTALL_HINT);
  const filter = seccompFilter();
  return {
    sandboxed: true,
    wrap: (file, args) =>
      withSeccomp(filter, bwrap, [...sandboxArgs(spec), '--', sandboxProgram(file), ...args]),
    env: (base = process.env) => ({ ...sandboxEnv(childEnv(base)), HOME: '/tmp', TMPDIR: '/tmp' }),
  };
}

/**
 * What of the allow-listed environment goes into the sandbox: less again. No proxies (the sandbox
 * has no network, and a proxy's address may hold a password the build could print), and of
 * ccache's settings only where its cache is and how it hashes paths; of remote storage only one
 * file store read-only (the trusted builds' shared store, bound read-only: builder/shared-ccache.ts).
 */
const SANDBOX_CCACHE = new Set(['CCACHE_DIR', 'CCACHE_BASEDIR', 'CCACHE_NOHASHDIR', 'CCACHE_MAXSIZE']);
const READ_ONLY_FILE_STORE = /^file:\/[^\s|]+\|read-only$/;

function sandboxEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const allowed = ([name, value]: [string, string | undefined]): boolean => {
    if (/_proxy$/i.test(name)) return false;
    if (name === 'CCACHE_REMOTE_STORAGE') return READ_ONLY_FILE_STORE.test(value ?? '');
    return !name.startsWith('CCACHE_') || SANDBOX_CCACHE.has(name);
  };
  return Object.fromEntries(Object.entries(env).filter(allowed));
}

/** bwrap's options for `spec`, before the `--` that ends them. */
export function sandboxArgs(spec: SandboxSpec, lookup: (path: string) => PathKind = pathKind): string[] {
  const args = [
    '--unshare-user',
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-net',
    '--unshare-cgroup-try',
    // Nor may it make user namespaces of its own (the kernel's attack surface).
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    // Whatever PATH the runner has: a program found by name inside comes from the system.
    '--setenv',
    'PATH',
    SANDBOX_PATH,
  ];
  for (const path of SYSTEM_DIRS) args.push(...bindSystem(path, lookup(path)));
  for (const path of ETC_FILES) args.push('--ro-bind-try', path, path);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--tmpfs', '/var/tmp');
  args.push(...sysBinds());
  // Read-only first, then the writable ones: a writable directory inside a readable one is
  // mounted over it.
  const bind = (option: string, path: SandboxPath): string[] =>
    typeof path === 'string' ? [option, path, path] : [option, path.from, path.at];
  for (const path of spec.readable ?? []) args.push(...bind('--ro-bind', path));
  for (const path of spec.writable) args.push(...bind('--bind', path));
  args.push('--remount-ro', '/');
  return args;
}

export type PathKind =
  { readonly kind: 'dir' } | { readonly kind: 'link'; readonly target: string } | { readonly kind: 'none' };

function pathKind(path: string): PathKind {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return { kind: 'link', target: readlinkSync(path) };
    return stat.isDirectory() ? { kind: 'dir' } : { kind: 'none' };
  } catch {
    return { kind: 'none' };
  }
}

function bindSystem(path: string, kind: PathKind): string[] {
  switch (kind.kind) {
    case 'dir':
      return ['--ro-bind', path, path];
    case 'link':
      return ['--symlink', kind.target, path];
    case 'none':
      return [];
  }
}

/**
 * Checks that bwrap is installed and can make its namespaces here; throws a DependencyError that
 * says how to allow it otherwise. Untrusted mode calls it before anything runs.
 */
export async function checkSandbox(): Promise<void> {
  const probe = sandbox({ writable: [] }).wrap('true', []);
  const result = await exec(probe.file, probe.args, {
    check: false,
    deadline: quickDeadline('bwrap (the sandbox check)'),
  });
  if (result.exitCode === 0) return;
  const said = (result.stderr.trim().split('\n').at(-1) ?? `exit status ${result.exitCode}`).replace(
    /^bwrap: /,
    '',
  );
  throw new DependencyError(
    `the sandbox for untrusted code cannot be made here (bwrap: ${said}); untrusted code is never run without it. ` +
      'Allow unprivileged user namespaces: on Ubuntu 24.04 `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` ' +
      '(or an AppArmor profile for /usr/bin/bwrap), elsewhere `sudo sysctl -w kernel.unprivileged_userns_clone=1` or `user.max_user_namespaces`',
  );
}
