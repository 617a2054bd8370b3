// A server built from untrusted code runs in the sandbox (shell/sandbox.ts): its bootstrap, the
// server itself (under valgrind and taskset when those wrap it) and every sysbench that talks to
// it. The server may write only its side's directory (datadir, tmpdir, error log, callgrind's
// dumps and vgdb's FIFOs) and its socket's directory, and read its install; it has a network of
// its own with loopback only, so the tool, sysbench and vgdb reach it through the file system:
// the unix socket and the FIFOs. How the server is spawned, wrapped and sandboxed, is decided here.
import { realpathSync } from 'node:fs';
import path from 'node:path';

import { joiningGroups } from '../shell/freezer.js';
import { type Confinement, sandbox, type SandboxSpec, UNCONFINED } from '../shell/sandbox.js';
import type { ServerInstall } from './inspect.js';
import { ServerProcess } from './process.js';

/** What runs the server instead of its binary alone (valgrind, taskset): ServerSetup's `wrap`. */
export interface ServerLaunch {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Spawns the server with its option file: through `wrap` (valgrind, taskset) when given, then
 * in `confinement` (bwrap, for untrusted code), in its cgroups when it has any, its output to
 * `outputFd`.
 */
export function spawnServer(
  setup: {
    readonly install: Pick<ServerInstall, 'binary'>;
    readonly wrap?: (binary: string, args: readonly string[]) => ServerLaunch;
    readonly cgroups?: readonly string[];
  },
  confinement: Confinement,
  configFile: string,
  outputFd: number,
): ServerProcess {
  const serverArgs = [`--defaults-file=${configFile}`];
  const launch: ServerLaunch = setup.wrap
    ? setup.wrap(setup.install.binary, serverArgs)
    : { command: setup.install.binary, args: serverArgs };
  const confined = confinement.wrap(launch.command, launch.args);
  // Outside the sandbox: inside it, the cgroup tree is read-only.
  const command = joiningGroups(setup.cgroups ?? [], confined.file, confined.args);
  const env = confinement.env(launch.env ?? process.env);
  return ServerProcess.spawn(command.file, command.args, outputFd, env, confinement.sandboxed);
}

/** The sandbox of one side's server, or UNCONFINED for a trusted one. */
export function serverConfinement(
  sandboxed: boolean,
  install: Pick<ServerInstall, 'binary' | 'basedir' | 'layout'>,
  paths: { readonly dir: string; readonly socketPath: string },
): Confinement {
  if (!sandboxed) return UNCONFINED;
  const writable = unique([paths.dir, path.dirname(paths.socketPath)]);
  const readable = installReadable(install).filter((dir) => !writable.includes(dir));
  return sandbox({ writable, readable });
}

/** The sandbox a server built from untrusted code answers --version and --help in. */
export function installSandbox(install: Pick<ServerInstall, 'binary' | 'basedir' | 'layout'>): Confinement {
  return sandbox({ writable: [], readable: installReadable(install) });
}

/**
 * What of an untrusted install the sandbox shows: its prefix, and the binary's directory and its
 * layout (share/, plugins) only where they really are inside it. bwrap binds what a path resolves
 * to, and the install is the untrusted code's: a `bin` it made a link to /home must not show /home.
 */
function installReadable(install: Pick<ServerInstall, 'binary' | 'basedir' | 'layout'>): string[] {
  const base = realpathSync(install.basedir);
  const within = [path.dirname(install.binary), ...Object.values(install.layout ?? {})]
    .map((dir) => {
      try {
        return realpathSync(dir);
      } catch {
        return undefined;
      }
    })
    .filter((dir): dir is string => dir !== undefined && isInside(dir, base));
  return unique([base, ...within]);
}

function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** What a client of a sandboxed server (sysbench) may see in its own sandbox: the socket's directory. */
export function clientSandbox(socketPath: string): SandboxSpec {
  return { writable: [], readable: [path.dirname(socketPath)] };
}

function unique(paths: readonly string[]): string[] {
  return [...new Set(paths.map((entry) => path.resolve(entry)))];
}
