// One side's server, from a fresh datadir to a clean removal. The run creates one per side,
// starts it, benchmarks it and destroys it; the cleanup scope destroys it on failure or Ctrl-C.
//
// It only ever touches what it made: the datadir it initialized (it refuses one that already
// exists), the socket, pid and option files in its own directory, a temp socket directory it
// created, and the one process it spawned. That process is recorded in the machine's registry
// (registry.ts) while it runs, so that a later run stops it if this one is killed. Its accounts'
// passwords (accounts.ts) are made with it and kept in its memory: they reach the server once, by
// the init file of its first start (start-files.ts).
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { errorMessage, ServerError } from '../errors.js';
import { openAppending } from '../shell/no-follow.js';
import type { ConnectionInfo } from './connection.js';
import { initializeSideDatadir } from './datadir.js';
import { ExitListeners } from './exit-listeners.js';
import type { RunningFacts } from './facts.js';
import { fileSize, freshSidePaths, removeSideFiles, socketLocation, type ServerPaths } from './files.js';
import { mergeOptions } from './options.js';
import { pickFreePort } from './port.js';
import { ServerProcess, type ExitStatus } from './process.js';
import { ping, prepareForSysbench, queryFacts } from './queries.js';
import type { ServerSetup } from './server-setup.js';
import { shutDown } from './shutdown.js';
import { afterLimit } from '../shell/limits.js';
import { diedError, exitedError, portTakenError, type ServerWords, timeoutError } from './start-failure.js';
import { StartFiles } from './start-files.js';
import { type ReadyOutcome, waitUntilReady } from './ready.js';
import { recordUntilExit, ServerRegistry } from './registry.js';
import { serverConfinement, spawnServer } from './server-sandbox.js';
import type { Confinement } from '../shell/sandbox.js';

export { inspectServer, type ServerInstall } from './inspect.js';
export type { ServerLaunch } from './server-sandbox.js';
export type { ConnectionInfo } from './connection.js';
export type { ServerSetup } from './server-setup.js';

const DEFAULT_START_TIMEOUT_MS = 120_000;
/** Another process can take the port between picking it and the server binding it. */
const PORT_ATTEMPTS = 3;

type LaunchOutcome = 'ready' | 'port-taken';

export class ManagedServer {
  private process: ServerProcess | undefined;
  private connectionInfo: ConnectionInfo | undefined;
  /** Byte offset of the error log where the current process started writing. */
  private logOffset = 0;
  /** True while an exit would be unexpected: after a successful start, until stop(). */
  private monitoring = false;
  /** stop() was called for the current process: its exit is not a death. */
  private stopRequested = false;
  /** The current process answered queries: it has a signal thread and shuts down cleanly. */
  private ready = false;
  private stopping: Promise<void> | undefined;
  private teardownPromise: Promise<void> | undefined;
  private releaseCleanup: () => Promise<void> = () => Promise.resolve();
  private readonly listeners: ExitListeners;
  private readonly user: string | undefined;
  /** What the server starts with: the setup's, or a variant's (useOptions). */
  private options: Readonly<Record<string, string>>;
  /** What it reads as it starts, and its accounts' passwords. */
  private readonly startFiles: StartFiles;
  /** How the next starts run it (useWrap): wrap undefined as the setup says, null the binary alone. */
  private way: { readonly wrap: ServerSetup['wrap'] | null | undefined; readonly pollMs?: number } = {
    wrap: undefined,
  };
  /** The last start's seconds from the spawn to the first answer. */
  private startSeconds: number | undefined;

  private constructor(
    private readonly setup: ServerSetup,
    private readonly paths: ServerPaths,
    private readonly registry: ServerRegistry,
  ) {
    // mysqld and mariadbd refuse to run as root unless told to run as some user.
    this.user = process.getuid?.() === 0 ? os.userInfo().username : undefined;
    this.options = setup.options;
    this.startFiles = new StartFiles(paths);
    this.listeners = new ExitListeners(setup.log);
  }

  /**
   * The options the next start uses (a suite's server-option variant), while the server is
   * stopped; its datadir stays, so they may not be ones that change its layout (variants.ts).
   */
  useOptions(options: Readonly<Record<string, string>>): void {
    this.assertStopped('its options');
    mergeOptions([{ source: 'the options given to the server', options }]);
    this.options = options;
  }

  /**
   * How the next starts run the stopped server: another wrap, the binary alone (null), or as the
   * setup says (undefined); `pollMs`: how often a start asks if it answers (what its seconds are exact to).
   */
  useWrap(wrap: ServerSetup['wrap'] | null | undefined, pollMs?: number): void {
    this.assertStopped('how it runs');
    this.way = { wrap, ...(pollMs === undefined ? {} : { pollMs }) };
  }

  /** Seconds from the last start's spawn to its first answer; undefined before a start answered. */
  get lastStartSeconds(): number | undefined {
    return this.startSeconds;
  }

  /**
   * Kills the server at once (SIGKILL): no death to report; `why` goes in the debug line (a crash
   * made on purpose, or a datadir that is thrown away). Resolves once it is gone.
   */
  async kill(why = 'as a crash would'): Promise<void> {
    this.monitoring = false;
    this.stopRequested = true;
    const running = this.process;
    if (!running || running.exitStatus) return;
    this.setup.log?.(`killing server pid ${running.spawnedPid ?? '?'} (SIGKILL), ${why}`);
    await running.kill();
  }

  /** Initializes a fresh datadir in `setup.dir` and registers the server's removal in the scope. */
  static async create(setup: ServerSetup): Promise<ManagedServer> {
    setup.scope.throwIfInterrupted();
    // Defence in depth: the run merges options already, but a managed one must never get through.
    mergeOptions([{ source: 'the options given to the server', options: setup.options }]);
    const dir = path.resolve(setup.dir);
    const base = await freshSidePaths(dir);
    const registry = setup.registry ?? ServerRegistry.forThisProcess();
    const socket = await socketLocation(dir);
    const server = new ManagedServer(setup, { ...base, ...socket }, registry);
    server.releaseCleanup = setup.scope.add(`server ${setup.install.binary} in ${dir}`, () =>
      server.teardown(),
    );
    try {
      await initializeSideDatadir(setup, base, { user: server.user, confinement: server.confinement });
      // Not aborted midway on interrupt: killing the bootstrap script would leave its mariadbd
      // child writing into a datadir being removed. It takes about a second; check afterwards.
      setup.scope.throwIfInterrupted();
    } catch (error) {
      await server.destroy();
      setup.scope.throwIfInterrupted();
      if (server.limitReached() === undefined) throw error;
      throw new ServerError(afterLimit(setup.limits, errorMessage(error)), { cause: error });
    }
    return server;
  }

  get connection(): ConnectionInfo {
    if (!this.connectionInfo)
      throw new ServerError(`server ${this.setup.install.binary} is not running; start() it first`);
    return this.connectionInfo;
  }

  get errorLogPath(): string {
    return this.paths.errorLog;
  }

  /** The datadir it initialized: copied and put back by the run while the server is stopped. */
  get datadirPath(): string {
    return this.paths.datadir;
  }

  /** The server's own pid (in a sandbox, the process bwrap runs). */
  get pid(): number | undefined {
    return this.process?.serverPid;
  }

  /** The process spawned for it (bwrap's, for a sandboxed server); undefined when none runs. */
  get launchedPid(): number | undefined {
    return this.process?.pid;
  }

  /** Its pid in its own PID namespace: the sandbox's, when sandboxed. */
  get namespacePid(): number | undefined {
    return this.process?.namespacePid;
  }

  private get confinement(): Confinement {
    const confinement = serverConfinement(this.setup.sandboxed === true, this.setup.install, this.paths);
    return this.setup.group?.confine(confinement) ?? confinement;
  }

  /** The line of a limit its control group reached (an untrusted side's), if it reached one. */
  limitReached(): string | undefined {
    return this.setup.limits?.reached();
  }

  async start(): Promise<void> {
    this.assertNotDestroyed();
    if (this.process?.pid !== undefined) {
      throw new ServerError(
        `server ${this.setup.install.binary} (pid ${this.process.pid}) is already running`,
      );
    }
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.launch(await pickFreePort());
      if (outcome === 'ready') return;
      if (attempt >= PORT_ATTEMPTS) {
        throw await portTakenError(this.words, PORT_ATTEMPTS);
      }
      this.setup.log?.('the TCP port was taken before the server could bind it; retrying with another port');
    }
  }

  stop(): Promise<void> {
    this.monitoring = false;
    this.stopRequested = true;
    const running = this.process;
    if (!running || running.exitStatus) return this.stopping ?? Promise.resolve();
    this.stopping ??= this.terminate(running).finally(() => {
      this.stopping = undefined;
    });
    return this.stopping;
  }

  /** Stops the server and removes everything it made except the error log. */
  async destroy(): Promise<void> {
    await this.releaseCleanup();
    await this.teardown();
  }

  async facts(): Promise<RunningFacts> {
    const info = this.connection;
    try {
      return await queryFacts(info, this.setup.install, this.options);
    } catch (error) {
      await this.assertAlive();
      if (error instanceof ServerError) throw error;
      const what = `could not read the facts of server ${this.setup.install.binary}`;
      throw new ServerError(`${what}: ${errorMessage(error)}`, { cause: error });
    }
  }

  async assertAlive(): Promise<void> {
    const running = this.process;
    if (!running) throw new ServerError(`server ${this.setup.install.binary} was never started`);
    const status = running.exitStatus;
    if (!status) return;
    if (this.stopRequested) throw new ServerError(`server ${this.setup.install.binary} was stopped`);
    throw await diedError(this.words, running.spawnedPid, status);
  }

  onUnexpectedExit(listener: (error: ServerError) => void): () => void {
    return this.listeners.add(listener);
  }

  /** Spawns one server on `port` and waits until it is ready, or fails with its error log. */
  private async launch(port: number): Promise<LaunchOutcome> {
    const { install, scope } = this.setup;
    const info = this.startFiles.connection(
      port,
      this.setup.sandboxed === true || this.setup.sandboxedClients === true,
    );
    const initFile = await this.startFiles.write({ install, port, user: this.user, options: this.options });
    this.logOffset = await fileSize(this.paths.errorLog);
    const outcome = await this.spawnAndWait(info).finally(() =>
      // Read by the server as it starts: the passwords stay in this process's memory only.
      initFile === undefined ? undefined : rm(initFile, { force: true }),
    );
    const running = outcome.running;
    switch (outcome.kind) {
      case 'ready':
        try {
          await this.startFiles.answered(info, install.binary);
          await prepareForSysbench(info, install.binary);
          // Interrupted while preparing: stopped here, not handed to a run that is over.
          scope.throwIfInterrupted();
        } catch (error) {
          await this.terminate(running);
          throw error;
        }
        this.connectionInfo = info;
        this.ready = true;
        this.monitoring = true;
        return 'ready';
      case 'exited': {
        this.throwIfStoppedMeanwhile();
        const error = await exitedError(this.words, outcome.status);
        if (error === 'port-taken') return error;
        throw error;
      }
      case 'timeout': {
        await this.terminate(running);
        const seconds = Math.round((this.setup.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS) / 1000);
        throw await timeoutError(this.words, {
          socketPath: info.socketPath,
          seconds,
          lastError: outcome.lastError,
        });
      }
      case 'aborted':
        await this.terminate(running);
        this.throwIfStoppedMeanwhile();
        throw new ServerError(`server ${install.binary} start was aborted`);
    }
  }

  /** Spawns the server with the files written and waits until it answers `info` on its socket. */
  private async spawnAndWait(info: ConnectionInfo): Promise<ReadyOutcome & { running: ServerProcess }> {
    this.startSeconds = undefined;
    const spawnedMs = performance.now();
    const running = await this.spawn();
    await running.started;
    this.setup.log?.(`started ${running.command} (pid ${running.spawnedPid ?? '?'}), port ${info.port}`);
    const outcome = await waitUntilReady({
      probe: () => ping(info, 'socket'),
      exited: running.exited,
      timeoutMs: this.setup.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      signal: this.setup.scope.signal,
      ...(this.way.pollMs === undefined ? {} : { intervalMs: this.way.pollMs }),
    });
    if (outcome.kind === 'ready') this.startSeconds = (performance.now() - spawnedMs) / 1000;
    return { ...outcome, running };
  }

  private async spawn(): Promise<ServerProcess> {
    const output = await openAppending(this.paths.errorLog);
    try {
      // Checked in the same tick as the spawn: a destroy() or Ctrl-C that came while we were
      // writing the config must not be followed by a server nobody will stop.
      this.throwIfStoppedMeanwhile();
      const wrap = this.way.wrap === undefined ? this.setup.wrap : (this.way.wrap ?? undefined);
      const launch = { install: this.setup.install, ...(wrap ? { wrap } : {}) };
      const running = spawnServer(launch, this.confinement, this.paths.configFile, output.fd);
      this.record(running);
      this.process = running;
      this.connectionInfo = undefined;
      this.stopRequested = false;
      this.ready = false;
      void running.exited.then((status) => {
        this.onExit(running, status);
      });
      return running;
    } finally {
      await output.close();
    }
  }

  /** Records a process just spawned in the registry until it exits; kills it if it cannot. */
  private record(running: ServerProcess): void {
    const { workDir, install, log } = this.setup;
    recordUntilExit(this.registry, running, this.paths, {
      binary: install.binary,
      workDir: workDir === undefined ? this.paths.dir : workDir,
      ...(log ? { log } : {}),
    });
  }

  private terminate(running: ServerProcess): Promise<void> {
    return shutDown(running, this.ready, this.setup);
  }

  private onExit(running: ServerProcess, status: ExitStatus): void {
    if (running !== this.process || !this.monitoring) return;
    this.monitoring = false;
    void diedError(this.words, running.spawnedPid, status).then((error) => {
      this.listeners.tell(error);
    });
  }

  private get words(): ServerWords {
    const { install, limits } = this.setup;
    return { binary: install.binary, errorLog: this.paths.errorLog, logOffset: this.logOffset, limits };
  }

  /** Runs once, whether called by destroy() or by the cleanup scope. */
  private teardown(): Promise<void> {
    this.teardownPromise ??= this.removeEverything();
    return this.teardownPromise;
  }

  private async removeEverything(): Promise<void> {
    // If the server cannot be stopped, its files stay: removing a live datadir helps nobody.
    await this.stop();
    this.connectionInfo = undefined;
    await removeSideFiles(this.paths);
  }

  private assertStopped(what: string): void {
    if (this.process !== undefined && this.process.exitStatus === undefined) {
      throw new ServerError(
        `server ${this.setup.install.binary} is running; stop it before changing ${what}`,
      );
    }
  }

  private assertNotDestroyed(): void {
    if (this.teardownPromise)
      throw new ServerError(`server ${this.setup.install.binary} was destroyed; create a new one`);
    this.setup.scope.throwIfInterrupted();
  }

  private throwIfStoppedMeanwhile(): void {
    this.setup.scope.throwIfInterrupted();
    if (this.teardownPromise)
      throw new ServerError(`server ${this.setup.install.binary} was destroyed while starting`);
  }
}
