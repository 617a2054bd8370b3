// A side's datadir as prepared, copied once and put back after every step of a workload whose
// data is reset by restoring it (`resetData: restore`): the server stopped, its datadir replaced
// by the copy, the server started again. The copy is the run's (under its work directory, beside
// the side's own directory, out of a sandboxed server's sight) and removed with the run, on
// failure and interrupt too; a killed run's is removed by the next run's orphan sweep.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';

import { InputError } from '../errors.js';
import { formatMiB } from '../format.js';
import { withConnection } from '../server/connection.js';
import {
  type CopyMethod,
  copyDatadir,
  freeBytes,
  restoreDatadir,
  treeBytes,
} from '../server/datadir-copy.js';
import type { ManagedServer } from '../server/server.js';
import type { CleanupScope } from '../shell/cleanup.js';

/** What the copy took: how, how large, how long (the server's stop and start included). */
export interface DatadirCopyRecord {
  readonly method: CopyMethod;
  readonly bytes: number;
  readonly seconds: number;
}

export interface SnapshotSetup {
  readonly side: string;
  readonly server: ManagedServer;
  /** The run's work directory: the copy goes in it. */
  readonly runDir: string;
  readonly scope: CleanupScope;
  /** Copies still to be made on this file system, this one included: the space checked for. */
  readonly copiesLeft: number;
  readonly log: (line: string) => void;
}

/**
 * `innodb_fast_shutdown` for the next stop. 0 before the copy: a slow shutdown finishes purge and
 * the change buffer's merge, so the copy holds no background work that a restored server would
 * then do while a repetition runs. 2 before a restore: the datadir is thrown away, so the server
 * need not flush it.
 */
async function setFastShutdown(server: ManagedServer, value: 0 | 2): Promise<void> {
  await withConnection(server.connection, 'socket', async (connection) => {
    await connection.query(`SET GLOBAL innodb_fast_shutdown = ${value}`);
  });
}

export class DatadirSnapshot {
  private constructor(
    private readonly setup: SnapshotSetup,
    private readonly copyPath: string,
    readonly record: DatadirCopyRecord,
  ) {}

  /** Stops the side's server cleanly, copies its datadir (space checked first) and starts it again. */
  static async take(setup: SnapshotSetup): Promise<DatadirSnapshot> {
    const { server, scope, runDir, side } = setup;
    const startMs = performance.now();
    await setFastShutdown(server, 0);
    await server.stop();
    scope.throwIfInterrupted();
    const bytes = await treeBytes(server.datadirPath);
    await checkSpace(runDir, bytes, setup.copiesLeft);
    const copyPath = join(runDir, `${side}-datadir-copy`);
    scope.add(`remove ${copyPath}`, () => rm(copyPath, { recursive: true, force: true }));
    const method = await copyDatadir(server.datadirPath, copyPath);
    setup.log(`copied the prepared datadir (${formatMiB(bytes)}) to ${copyPath} by ${method}`);
    await server.start();
    const seconds = (performance.now() - startMs) / 1000;
    return new DatadirSnapshot(setup, copyPath, { method, bytes, seconds });
  }

  /** Puts the copy back in place of the server's datadir: stop, replace, start. */
  async restore(): Promise<void> {
    const { server, scope } = this.setup;
    await setFastShutdown(server, 2);
    await server.stop();
    scope.throwIfInterrupted();
    await restoreDatadir(this.copyPath, server.datadirPath, this.record.method);
    await server.start();
  }
}

/**
 * Refuses, in one line, copies that would not fit: a reflinked copy shares its blocks only until
 * the server writes them, so each may come to take its whole size.
 */
export async function checkSpace(runDir: string, bytes: number, copies: number): Promise<void> {
  const free = await freeBytes(runDir);
  if (bytes * copies <= free) return;
  throw new InputError(
    `resetData: restore needs ${copies === 1 ? '' : `${copies} × `}${formatMiB(bytes)} for copies of the prepared datadir in ${runDir}, ` +
      `which has ${formatMiB(free)} free; give --work-dir on a larger file system, or use resetData: re-prepare`,
  );
}
