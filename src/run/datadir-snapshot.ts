// A side's datadir as prepared, copied once and put back after every step of a workload whose
// data is reset by restoring it (`resetData: restore`): the server stopped, its datadir replaced
// by the copy, the server started again. The copy is the run's (under its work directory, beside
// the side's own directory, out of a sandboxed server's sight) and removed with the run, on
// failure and interrupt too; a killed run's is removed by the next run's orphan sweep.
import { rename, rm } from 'node:fs/promises';
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
  /** How the user names the work directory's option (`--work-dir`), for a refusal. */
  readonly workDirOption: string;
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

/**
 * Stops the side's server cleanly, copies its datadir to `name` in the run's work directory
 * (space checked first, the copy removed with the run) and starts it again.
 */
async function copyStopped(
  setup: SnapshotSetup,
  name: string,
  what: string,
): Promise<{ readonly copyPath: string; readonly record: DatadirCopyRecord }> {
  const { server, scope, runDir } = setup;
  const startMs = performance.now();
  await setFastShutdown(server, 0);
  await server.stop();
  scope.throwIfInterrupted();
  const bytes = await treeBytes(server.datadirPath);
  await checkSpace(runDir, bytes, setup.copiesLeft, setup.workDirOption);
  const copyPath = join(runDir, name);
  scope.add(`remove ${copyPath}`, () => rm(copyPath, { recursive: true, force: true }));
  const method = await copyDatadir(server.datadirPath, copyPath);
  setup.log(`copied the prepared datadir (${formatMiB(bytes)}) to ${copyPath} by ${method}${what}`);
  await server.start();
  return { copyPath, record: { method, bytes, seconds: (performance.now() - startMs) / 1000 } };
}

export class DatadirSnapshot {
  private constructor(
    private readonly setup: SnapshotSetup,
    private readonly copyPath: string,
    readonly record: DatadirCopyRecord,
  ) {}

  /** Stops the side's server cleanly, copies its datadir (space checked first) and starts it again. */
  static async take(setup: SnapshotSetup): Promise<DatadirSnapshot> {
    const { copyPath, record } = await copyStopped(setup, `${setup.side}-datadir-copy`, '');
    return new DatadirSnapshot(setup, copyPath, record);
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
 * The aligned head's datadir (run --align-settings): the head's prepared datadir copied once, which
 * the head's server runs on whenever it runs as the aligned head, swapped with its own while it is
 * stopped. Each of the head's two servers then sees its own writes only, in the same order as
 * the base sees its: a write workload's repetition n starts from the same data on all three, as
 * counts need (a write's cost depends on the index pages the writes before it left).
 */
export class DatadirTwin {
  private constructor(
    private readonly server: ManagedServer,
    private readonly twinPath: string,
    readonly record: DatadirCopyRecord,
  ) {}

  /** Stops the server cleanly, copies its datadir (space checked first) and starts it again. */
  static async take(setup: SnapshotSetup): Promise<DatadirTwin> {
    const copy = await copyStopped(setup, `${setup.side}-aligned-datadir`, ', for the aligned head');
    return new DatadirTwin(setup.server, copy.copyPath, copy.record);
  }

  /** Puts the other datadir in the stopped server's place (three renames on one file system). */
  async swap(): Promise<void> {
    const spare = `${this.twinPath}.swap`;
    await rename(this.server.datadirPath, spare);
    await rename(this.twinPath, this.server.datadirPath);
    await rename(spare, this.twinPath);
  }
}

/**
 * For run --align-settings: the head's datadir copied for its aligned twin; the base given the
 * same clean stop and start (purge finished, the change buffer merged) so that both start
 * measuring from the same state.
 */
export async function alignedHeadDatadir(setup: SnapshotSetup): Promise<DatadirTwin | undefined> {
  if (setup.side === 'head') return DatadirTwin.take(setup);
  await setFastShutdown(setup.server, 0);
  await setup.server.stop();
  setup.scope.throwIfInterrupted();
  await setup.server.start();
  return undefined;
}

/**
 * Refuses, in one line, copies that would not fit: a reflinked copy shares its blocks only until
 * the server writes them, so each may come to take its whole size.
 */
export async function checkSpace(
  runDir: string,
  bytes: number,
  copies: number,
  workDirOption: string,
): Promise<void> {
  const free = await freeBytes(runDir);
  if (bytes * copies <= free) return;
  throw new InputError(
    `resetData: restore needs ${copies === 1 ? '' : `${copies} × `}${formatMiB(bytes)} for copies of the prepared datadir in ${runDir}, ` +
      `which has ${formatMiB(free)} free; give ${workDirOption} on a larger file system, or use resetData: re-prepare`,
  );
}
