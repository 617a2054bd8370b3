// What a side's server offers the operational cells (recovery, cold start, replica apply): the
// server itself, how to run it natively or counted from its first instruction, and its datadirs.
// An operation takes the side's prepared datadir once (a copy, beside the side's own directory,
// out of a sandboxed server's sight), runs on copies made from it, and leaves the server away
// from its own data; the side comes home (the prepared datadir put back, the server started as
// the side runs it) before its next step that is not an operation. Everything is in the run's
// cleanup scope: the copies are removed with the run, the server is the side's own.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { formatMiB } from '../format.js';
import type { Flavor } from '../results/results-schema.js';
import { withConnection } from '../server/connection.js';
import {
  type CopyMethod,
  copyDatadir,
  freeBytes,
  restoreDatadir,
  treeBytes,
} from '../server/datadir-copy.js';
import { InputError } from '../errors.js';
import type { ManagedServer, ServerSetup } from '../server/server.js';
import type { CleanupScope } from '../shell/cleanup.js';
import type { CallgrindPaths } from '../cost/valgrind.js';

/** A datadir the operations made, kept beside the side's directory. */
export interface DatadirCopy {
  readonly path: string;
  readonly method: CopyMethod;
  readonly bytes: number;
}

/** What every repetition of an operational cell starts from (run/operation-sources.ts). */
export interface OperationSource {
  readonly datadir: DatadirCopy;
  /** The options the operation's server runs with (the side's, and the operation's own). */
  readonly options: Readonly<Record<string, string>>;
  /** Transactions of the write load (recovery, replica apply). */
  readonly loadEvents?: number;
  /** The last transaction the primary wrote, as the replica's wait takes it (replica apply). */
  readonly lastTransaction?: string;
}

export interface OperationLaunches {
  /** The server alone (on its CPUs when the run is pinned): an operation's native seconds. */
  readonly native: ServerSetup['wrap'] | null;
  /** Under callgrind, counting from the first instruction (instruction suites). */
  readonly fromStart?: ServerSetup['wrap'];
}

export interface OperationHostSetup {
  readonly side: string;
  readonly server: ManagedServer;
  readonly flavor: Flavor;
  readonly runDir: string;
  readonly scope: CleanupScope;
  readonly launches: OperationLaunches;
  /** Where callgrind writes, and where its dumps are kept (instruction suites). */
  readonly callgrind?: {
    readonly paths: CallgrindPaths;
    readonly rawDir: string;
    readonly relativeDir: string;
  };
  /** How the user names the work directory's option, for a refusal for want of space. */
  readonly workDirOption: string;
  readonly log: (line: string) => void;
}

export class OperationHost {
  private prepared: DatadirCopy | undefined;
  /** The options the side's server runs with at home, when it is away; undefined: it is home. */
  private away: Readonly<Record<string, string>> | undefined;
  /** What each operational cell's repetitions start from, made once, by cell and variant. */
  readonly sources = new Map<string, OperationSource>();

  constructor(readonly setup: OperationHostSetup) {}

  get server(): ManagedServer {
    return this.setup.server;
  }

  /**
   * Takes the server away from its own data: stopped (a slow shutdown the first time, so that
   * the prepared copy holds no purge or merge left to do), its prepared datadir copied once.
   * `homeOptions`: what it runs with when it comes home.
   */
  async leave(homeOptions: Readonly<Record<string, string>>): Promise<void> {
    if (this.away !== undefined) return;
    const { server, scope } = this.setup;
    if (this.prepared === undefined) {
      await withConnection(server.connection, 'socket', async (connection) => {
        await connection.query('SET GLOBAL innodb_fast_shutdown = 0');
      });
      await server.stop();
      scope.throwIfInterrupted();
      this.prepared = await this.copy(server.datadirPath, 'operations-prepared', 'the prepared datadir');
    } else {
      await server.stop();
    }
    this.away = homeOptions;
  }

  /** Puts the prepared datadir back and starts the server as the side runs it; nothing when it is home. */
  async comeHome(): Promise<void> {
    const options = this.away;
    if (options === undefined || this.prepared === undefined) return;
    const { server } = this.setup;
    await server.kill('its datadir is replaced');
    await restoreDatadir(this.prepared.path, server.datadirPath, this.prepared.method);
    server.useOptions(options);
    server.useWrap(undefined);
    await server.start();
    this.away = undefined;
  }

  /** The prepared datadir's copy; only while away. */
  preparedCopy(): DatadirCopy {
    if (this.prepared === undefined) throw new Error('the side has not left its datadir for an operation');
    return this.prepared;
  }

  /** Copies the stopped server's datadir as `key` (space checked first; removed with the run). */
  keep(key: string, what: string): Promise<DatadirCopy> {
    return this.copy(this.setup.server.datadirPath, `operations-${key}`, what);
  }

  /** A directory of the run's for `name`, beside the side's (removed with the run). */
  scratch(name: string): string {
    const path = join(this.setup.runDir, `${this.setup.side}-${name.replace(/[^A-Za-z0-9_.=-]/g, '_')}`);
    this.setup.scope.add(`remove ${path}`, () => rm(path, { recursive: true, force: true }));
    return path;
  }

  /** Replaces the stopped server's datadir with `copy`. */
  async use(copy: DatadirCopy): Promise<void> {
    await this.setup.server.kill('its datadir is replaced');
    await restoreDatadir(copy.path, this.setup.server.datadirPath, copy.method);
  }

  private async copy(from: string, name: string, what: string): Promise<DatadirCopy> {
    const { runDir, scope, side, workDirOption, log } = this.setup;
    const bytes = await treeBytes(from);
    const free = await freeBytes(runDir);
    if (bytes > free) {
      throw new InputError(
        `the operational cells need ${formatMiB(bytes)} for ${what} in ${runDir}, which has ${formatMiB(free)} free; ` +
          `give ${workDirOption} on a larger file system, or a smaller redo log in the suite's serverOptions`,
      );
    }
    const path = join(runDir, `${side}-${name.replace(/[^A-Za-z0-9_.=-]/g, '_')}`);
    scope.add(`remove ${path}`, () => rm(path, { recursive: true, force: true }));
    const method = await copyDatadir(from, path);
    log(`copied ${what} (${formatMiB(bytes)}) to ${path} by ${method}`);
    return { path, method, bytes };
  }
}
