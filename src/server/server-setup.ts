// What a managed server is created with: its install, directory, options and how it runs.
import type { ControlGroup } from '../shell/cgroup.js';
import type { CleanupScope } from '../shell/cleanup.js';
import type { LimitedGroup } from '../shell/limits.js';
import type { ServerInstall } from './inspect.js';
import type { ServerRegistry } from './registry.js';
import type { ServerLaunch } from './server-sandbox.js';

export interface ServerSetup {
  install: ServerInstall;
  /** Directory this side owns; created if missing. */
  dir: string;
  /** Already merged (see options.ts). */
  options: Readonly<Record<string, string>>;
  scope: CleanupScope;
  startTimeoutMs?: number;
  /** How long a clean shutdown may take before SIGKILL. */
  stopTimeoutMs?: number;
  log?: (line: string) => void;
  /**
   * Runs the server through another program (valgrind): given the binary and its arguments,
   * the command to spawn instead. The spawned process must be the server itself (valgrind runs
   * its guest in the same process), so its pid, signals and exit are the server's.
   */
  wrap?: (binary: string, args: readonly string[]) => ServerLaunch;
  /** Where the running server is recorded; this process's registry in the machine's state directory. */
  registry?: ServerRegistry;
  /** Built from untrusted code: its bootstrap, the server and sysbench run sandboxed (server-sandbox.ts). */
  sandboxed?: boolean;
  /**
   * The limits of that group (an untrusted side's): the line of one its bootstrap or server reached
   * leads the error it failed with.
   */
  limits?: LimitedGroup;
  /**
   * The control group its bootstrap and server run in, made and removed by the caller around the
   * server's life (sides.ts; shell/freezer.ts freezes it while the side is idle and keeps an
   * untrusted server to its CPUs): its commands join it before they exec, outside the sandbox, so
   * that everything the server starts is in it too.
   */
  group?: ControlGroup;
  /**
   * sysbench runs sandboxed against this server too, though it is trusted: the run has an
   * untrusted side, whose tree may have given the suite's scripts.
   */
  sandboxedClients?: boolean;
  /**
   * What a later run removes if it finds this server orphaned (the run's work directory); `dir`
   * when not given, null to keep everything (--keep-work-dir).
   */
  workDir?: string | null;
}
