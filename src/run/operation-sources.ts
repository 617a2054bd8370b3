// What every repetition of an operational cell starts from, made once per side, cell and variant
// and copied for each repetition, so that every repetition of a side recovers the same redo, starts
// the same datadir, or applies the same relay log: a crashed datadir (the write load run with the
// flavor's settings that keep the checkpoint put, then SIGKILL), the prepared datadir cleanly
// stopped, or the prepared datadir with the primary's binary log of the write load as its relay log.
import { constants, copyFile, lstat, mkdir, open, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { BenchmarkError } from '../errors.js';
import { freeBytes } from '../server/datadir-copy.js';
import { describeFlavor } from '../flavor/flavors.js';
import type { Suite, Workload } from '../suite/suite-schema.js';
import { variantLabel, variantLoad, type Variant } from '../suite/variants.js';
import { runWorkload } from '../sysbench/runner.js';
import { loadEvents } from '../workload/operations.js';
import type { OperationKind } from '../workload/operation-names.js';
import { holdPurge, waitForPurge } from './cost-probe.js';
import type { OperationHost, OperationSource } from './operation-host.js';
import { measureWhileAlive } from './measure-step.js';
import { lastTransaction, resetBinaryLogs } from './replica-apply.js';

/** What a source is made for: the cell, its workload, and the side's options under its variant. */
export interface SourceRequest {
  readonly operation: OperationKind;
  readonly suite: Suite;
  readonly workload: Workload;
  readonly variant: Variant | undefined;
  /** Names the cell in messages: "recovery on head". */
  readonly cell: string;
  readonly options: Readonly<Record<string, string>>;
}

/** The first file of a relay log called `base` (the flavor's replica `relay_log`). */
export function relayLogFile(base: string, index = 1): string {
  return `${base}.${String(index).padStart(6, '0')}`;
}

/** The source of `request`'s repetitions on this side: made the first time, then the same. */
export async function operationSource(host: OperationHost, request: SourceRequest): Promise<OperationSource> {
  const label = variantLabel(request.variant);
  const key = `${request.operation}-${request.workload.name}${label === '' ? '' : `-${label}`}`;
  const known = host.sources.get(key);
  if (known !== undefined) return known;
  const made = await makeSource(host, key, request);
  host.sources.set(key, made);
  return made;
}

async function makeSource(
  host: OperationHost,
  key: string,
  request: SourceRequest,
): Promise<OperationSource> {
  const { operations } = describeFlavor(host.setup.flavor);
  switch (request.operation) {
    case 'cold-start':
      // The prepared datadir, stopped cleanly: what every start starts from.
      return { datadir: host.preparedCopy(), options: request.options };
    case 'recovery': {
      // The flavor's settings that keep the checkpoint put, under any the suite or flags give
      // (a smaller redo log for a small load).
      const options = { ...operations.recovery.options, ...request.options };
      await startOnPrepared(host, options);
      await waitForPurge(host.server.connection, host.setup.flavor, host.setup.scope.signal, host.setup.log);
      // Purge held from before the load to the kill: its redo, written whenever it gets to run,
      // would differ between the sides; held, the log holds the load's redo alone.
      const release = await holdPurge(host.server.connection);
      const events = await runLoad(host, request);
      await host.server.kill();
      await release();
      const datadir = await host.keep(key, `the datadir killed after ${events} transactions`);
      return { datadir, options, loadEvents: events };
    }
    case 'replica-apply':
      return replicaSource(host, key, request);
  }
}

async function replicaSource(
  host: OperationHost,
  key: string,
  request: SourceRequest,
): Promise<OperationSource> {
  const { replication } = describeFlavor(host.setup.flavor).operations;
  await startOnPrepared(host, { ...replication.primaryDefaults, ...request.options, ...replication.primary });
  await resetBinaryLogs(host.server.connection, host.setup.flavor);
  const events = await runLoad(host, request);
  const position = await lastTransaction(host.server.connection, host.setup.flavor);
  await host.server.stop();
  const datadir = host.server.datadirPath;
  const binlogs = await binaryLogFiles(datadir, replication.primary.log_bin ?? 'primary-bin');
  if (binlogs.length === 0) {
    throw new BenchmarkError(`the primary of ${request.cell} wrote no binary log in ${datadir}`);
  }
  // Out of the server's sight while its datadir is replaced.
  const staged = host.scratch(`${key}-binlogs`);
  await mkdir(staged, { recursive: true });
  const sizes = await binaryLogSizes(datadir, binlogs, { events, staged, cell: request.cell });
  for (const name of binlogs)
    await copyRegular(join(datadir, name), join(staged, name), sizes.get(name) ?? 0);
  // The replica: the prepared datadir, with the primary's binary log as its relay log.
  await host.use(host.preparedCopy());
  const base = replication.replica.relay_log ?? 'relay';
  const relays = binlogs.map((_, index) => relayLogFile(base, index + 1));
  for (const [index, name] of binlogs.entries()) {
    await copyFile(join(staged, name), join(datadir, relays[index] ?? ''), constants.COPYFILE_EXCL);
  }
  await writeRelayIndex(datadir, base, relays);
  await rm(staged, { recursive: true, force: true });
  const kept = await host.keep(key, `the replica's datadir with ${events} transactions to apply`);
  return {
    datadir: kept,
    options: { ...request.options, ...replication.replica },
    loadEvents: events,
    lastTransaction: position,
  };
}

/**
 * Writes the relay log index `base`.index in `datadir`, naming `relays` in order. The server may
 * have left a link in the index's place, pointing anywhere this process may write: it is removed
 * (never followed), and the index created anew, refused if anything took its place meanwhile.
 */
export async function writeRelayIndex(
  datadir: string,
  base: string,
  relays: readonly string[],
): Promise<void> {
  const index = join(datadir, `${base}.index`);
  await rm(index, { force: true });
  await writeFile(index, relays.map((name) => `./${name}\n`).join(''), { flag: 'wx' });
}

/** The primary's binary log files in its datadir (`log_bin` name and a six-digit number), in order. */
async function binaryLogFiles(datadir: string, base: string): Promise<string[]> {
  const pattern = new RegExp(`^${base.replace(/[^A-Za-z0-9_-]/g, '')}\\.\\d{6}$`);
  return (await readdir(datadir)).filter((name) => pattern.test(name)).sort();
}

/** The most binary log a write load may leave per transaction it ran: a row event is a few KiB. */
const MAX_BINLOG_BYTES_PER_EVENT = 64 * 1024;
/** And at least this much in all, whatever the load's size. */
const MIN_BINLOG_CAP_BYTES = 64 * 1024 * 1024;

/**
 * The binary log files' sizes, refused in one line when they are more than a load of `events`
 * transactions writes (an untrusted server may write what it likes), or more than the run's disk
 * has room for twice (staged, then the relay log).
 */
async function binaryLogSizes(
  datadir: string,
  names: readonly string[],
  at: { readonly events: number; readonly staged: string; readonly cell: string },
): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const name of names) sizes.set(name, (await lstat(join(datadir, name))).size);
  const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const cap = Math.max(MIN_BINLOG_CAP_BYTES, at.events * MAX_BINLOG_BYTES_PER_EVENT);
  const mib = (bytes: number): string => `${(bytes / 1048576).toFixed(1)} MiB`;
  if (total > cap) {
    throw new BenchmarkError(
      `the primary of ${at.cell} wrote ${mib(total)} of binary log for ${at.events} transactions, more than the ${mib(cap)} such a load writes at most; its binary log is not copied`,
    );
  }
  const free = await freeBytes(at.staged);
  if (free < 2 * total) {
    throw new BenchmarkError(
      `not enough free space for the relay log of ${at.cell}: ${at.staged} has ${mib(free)} free, and the binary log (${mib(total)}) is copied there and into the replica's datadir`,
    );
  }
  return sizes;
}

/**
 * Copies a file the server wrote without following a link it may have planted in its place: an
 * untrusted server's datadir may hold one pointing at anything this process can read. At most
 * `size` bytes (its size when it was measured): a file that grows meanwhile is not followed.
 */
async function copyRegular(from: string, to: string, size: number): Promise<void> {
  const refuse = (): never => {
    throw new BenchmarkError(`${from} is not a regular file: the server's binary log is not copied`);
  };
  if (!(await lstat(from)).isFile()) refuse();
  const handle = await open(from, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    if (!(await handle.stat()).isFile()) refuse();
    const stream = size === 0 ? [] : handle.createReadStream({ autoClose: false, start: 0, end: size - 1 });
    await writeFile(to, stream, { flag: 'wx' });
  } finally {
    await handle.close();
  }
}

/** The write load: the workload's script, its events, one thread, the suite's seed. */
async function runLoad(host: OperationHost, request: SourceRequest): Promise<number> {
  const events = variantLoad(request.variant) ?? loadEvents(request.suite, request.workload);
  if (events === undefined) throw new Error(`workload ${request.workload.name} validated without events`);
  host.setup.log(`${request.cell}: the write load, ${events} transactions`);
  // A server that dies under the load is reported with its error log, not as sysbench's lost connection.
  const { report } = await measureWhileAlive(host.server, host.setup.scope, (signal) =>
    runWorkload(
      host.server.connection,
      request.suite,
      request.workload,
      1,
      { events },
      `the write load of ${request.cell}`,
      {
        signal,
      },
    ),
  );
  return report.transactions;
}

/** Starts the stopped server natively on the prepared datadir with `options`. */
async function startOnPrepared(
  host: OperationHost,
  options: Readonly<Record<string, string>>,
): Promise<void> {
  await host.use(host.preparedCopy());
  host.server.useOptions(options);
  host.server.useWrap(host.setup.launches.native);
  await host.server.start();
}
