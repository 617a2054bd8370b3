// The server process itself: spawned detached, watched until it exits, stopped in order.
//
// Detached puts the server in its own process group, so a Ctrl-C in the terminal reaches only us
// and the cleanup scope stops the server in order instead of the terminal killing both at once.
// The same makes a server outlive a SIGKILLed run: the registry (registry.ts) is how a later run
// finds it. Only this pid is ever signalled, and only while Node still considers it running, so a
// recycled pid is never hit.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

import { ServerError } from '../errors.js';
import { childEnv } from '../shell/child-env.js';

const TERM_REPEAT_MS = 1_000;

export interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Set when the process could not be spawned at all. */
  readonly spawnError?: Error;
}

export class ServerProcess {
  /** Resolves once the process runs; rejects with a ServerError if it could not be spawned. */
  readonly started: Promise<void>;
  /** Resolves once, when the process is gone (or never started). */
  readonly exited: Promise<ExitStatus>;
  private status: ExitStatus | undefined;

  private constructor(
    private readonly child: ChildProcess,
    readonly command: string,
    /** Spawned as `bwrap … -- server`: the server is bwrap's grandchild (see serverPid). */
    readonly sandboxed: boolean,
  ) {
    let onExit: (status: ExitStatus) => void = () => undefined;
    this.exited = new Promise<ExitStatus>((resolve) => {
      onExit = (status) => {
        if (this.status) return;
        this.status = status;
        resolve(status);
      };
    });
    this.started = new Promise<void>((resolve, reject) => {
      child.once('spawn', () => {
        resolve();
      });
      child.once('error', (error) => {
        // 'error' after a successful spawn means a failed kill(); the process is still running.
        if (child.pid !== undefined) return;
        onExit({ code: null, signal: null, spawnError: error });
        reject(new ServerError(`could not start ${command}: ${error.message}`, { cause: error }));
      });
    });
    // A rejected `started` is handled by whoever awaits it; don't let it count as unhandled.
    this.started.catch(() => undefined);
    child.once('exit', (code, signal) => {
      onExit({ code, signal });
    });
  }

  /**
   * Spawns synchronously, so a caller can check that it still wants a server in the same tick.
   * stdout and stderr go to `outputFd` (the error log, opened for appending): messages printed
   * before the server opens its log are kept there too. `sandboxed`: `binary` is bwrap, which
   * runs the server.
   */
  static spawn(
    binary: string,
    args: readonly string[],
    outputFd: number,
    env: NodeJS.ProcessEnv = process.env,
    sandboxed = false,
  ): ServerProcess {
    const child = spawn(binary, args, {
      detached: true,
      stdio: ['ignore', outputFd, outputFd],
      env: childEnv(env),
    });
    return new ServerProcess(child, [binary, ...args].join(' '), sandboxed);
  }

  /**
   * The server's own pid on this machine: the process spawned, or in the sandbox the command
   * bwrap runs (bwrap's child is the PID namespace's init, whose child is the command).
   * Undefined once it exited, or while the sandbox is still being set up.
   */
  get serverPid(): number | undefined {
    const pid = this.pid;
    if (pid === undefined || !this.sandboxed) return pid;
    const init = firstChild(pid);
    return init === undefined ? undefined : firstChild(init);
  }

  /** The server's pid as the server itself sees it (in its PID namespace, when sandboxed). */
  get namespacePid(): number | undefined {
    const pid = this.serverPid;
    if (pid === undefined || !this.sandboxed) return pid;
    return namespacePidOf(pid);
  }

  get pid(): number | undefined {
    return this.status ? undefined : this.child.pid;
  }

  /** The pid it had, even after it exited (for messages). */
  get spawnedPid(): number | undefined {
    return this.child.pid;
  }

  get exitStatus(): ExitStatus | undefined {
    return this.status;
  }

  /** Signals the process if it is still running; a no-op afterwards. */
  signal(signal: NodeJS.Signals): void {
    if (this.status || this.child.pid === undefined) return;
    // bwrap does not pass signals on: a SIGTERM for the server goes to the server itself. SIGKILL
    // goes to bwrap, which takes the whole sandbox with it (--die-with-parent), as does any
    // signal while the sandbox has no server yet.
    const inner = signal === 'SIGKILL' ? undefined : this.sandboxed ? this.serverPid : undefined;
    if (inner === undefined) this.child.kill(signal);
    else {
      try {
        process.kill(inner, signal);
      } catch {
        // It exited meanwhile: its sandbox follows.
      }
    }
  }

  /**
   * SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves when it is gone. When
   * `abort` fires (the run was interrupted), SIGKILL at once: a cancelled job does not wait.
   */
  async terminate(graceMs: number, killWaitMs = 30_000, abort?: AbortSignal): Promise<ExitStatus> {
    if (this.status) return this.status;
    const deadline = Date.now() + graceMs;
    // A server may not act on a SIGTERM that arrives in its first moments, before its signal
    // thread runs (mariadbd 10.11 sent one 20 ms after spawn was still up 10 s later; a second
    // one a second later stopped it). So SIGTERM is repeated until the process exits or the
    // grace period ends; a server already shutting down ignores the repeats.
    while (abort?.aborted !== true) {
      this.signal('SIGTERM');
      const exited = await withTimeout(
        this.exited,
        Math.max(0, Math.min(TERM_REPEAT_MS, deadline - Date.now())),
        abort,
      );
      if (exited) return exited;
      if (Date.now() >= deadline) break;
    }
    return this.kill(killWaitMs, `${Math.round(graceMs / 1000)} s after SIGTERM nor `);
  }

  /** SIGKILL at once; resolves when it is gone. */
  async kill(killWaitMs = 30_000, alsoWaited = ''): Promise<ExitStatus> {
    if (this.status) return this.status;
    this.signal('SIGKILL');
    const killed = await withTimeout(this.exited, killWaitMs);
    if (killed) return killed;
    throw new ServerError(
      `${this.command} (pid ${this.child.pid ?? '?'}) did not exit ${alsoWaited}` +
        `${Math.round(killWaitMs / 1000)} s after SIGKILL; it may be stuck in the kernel (check its disk)`,
    );
  }
}

/** The promise's value, or undefined after `timeoutMs` or once `abort` fires. */
async function withTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number,
  abort?: AbortSignal,
): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      resolve(undefined);
    }, timeoutMs);
    onAbort = () => {
      resolve(undefined);
    };
    abort?.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
    if (onAbort) abort?.removeEventListener('abort', onAbort);
  }
}

/** The first child of `pid` (/proc/<pid>/task/<pid>/children), if it has one. */
function firstChild(pid: number): number | undefined {
  try {
    const first = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')[0];
    return first ? Number(first) : undefined;
  } catch {
    return undefined;
  }
}

/** The innermost of /proc/<pid>/status's NSpid: the pid in the process's own PID namespace. */
function namespacePidOf(pid: number): number | undefined {
  try {
    const line = /^NSpid:\s*(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    const last = line?.trim().split(/\s+/).at(-1);
    return last ? Number(last) : undefined;
  } catch {
    return undefined;
  }
}
