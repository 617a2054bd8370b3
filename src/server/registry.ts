// The record of the servers and work directories that runs on this machine have made, kept in the
// machine-wide state directory (shell/machine-state.ts), so that what a killed run left behind can
// be found and stopped later: by the next run (sweepOrphans), or by the action's post step
// (cleanUpAfter). A SIGKILL gives a run no chance to clean up, and its servers run detached, in
// their own process group, so they outlive it.
//
//   <state dir>/servers/<owner pid>-<server pid>.json    one per running server
//   <state dir>/work-dirs/<owner pid>-<name>.json        one per run's work directory
//
// A record names its owner by pid and start time (from /proc/<pid>/stat), so a pid the kernel has
// given to another process since is not taken for the owner; and a server is signalled only while
// its /proc/<pid>/cmdline still names its own option file, so a recycled server pid is never hit.
// Only records written by the same user are acted on: the directory is shared by every user.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';

import { z } from 'zod';

import { errorMessage, ServerError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { machineStateDir } from '../shell/machine-state.js';
import { namesDir, type ProcessIdentity, procProcesses, type ProcessTable } from './process-table.js';
import type { ServerProcess } from './process.js';

const Identity = z.strictObject({ pid: z.number().int().positive(), startTime: z.string().min(1) });

const ServerRecord = z.strictObject({
  schemaVersion: z.literal(1),
  owner: Identity,
  server: z.strictObject({
    pid: z.number().int().positive(),
    /** The server binary (mariadbd, mysqld), even when it runs under valgrind. */
    binary: z.string(),
    datadir: z.string(),
    /** Its --defaults-file: the argument that tells this server from any other process. */
    configFile: z.string(),
  }),
  /** Removed when the server is found orphaned; null when its run keeps it (--keep-work-dir). */
  workDir: z.string().nullable(),
  /** The short directory made for its socket (see files.ts), if any. */
  socketDir: z.string().nullable(),
});
export type ServerRecord = z.infer<typeof ServerRecord>;

const WorkDirRecord = z.strictObject({ schemaVersion: z.literal(1), owner: Identity, workDir: z.string() });
type WorkDirRecord = z.infer<typeof WorkDirRecord>;

/** What a sweep did, one event per record it acted on; the caller logs them. */
export interface CleanupEvent {
  /** stopped: an orphaned server was killed; removed: a record or directory was; failed: see message. */
  readonly kind: 'stopped' | 'removed' | 'failed';
  readonly message: string;
}

/** What to do with a server's record (the registry's one decision, exported for its tests). */
export type ServerVerdict = 'leave' | 'kill' | 'forget';

/**
 * `leave` while its owner runs (the owner stops it); else `kill` if the server still runs and is
 * really that server, or `forget` (it is gone, or its pid now belongs to another process).
 * `ownerIsGone` skips the owner check: the post step cleans up after a main step that has ended.
 */
export function judgeServerRecord(
  record: ServerRecord,
  processes: Pick<ProcessTable, 'startTime' | 'cmdline'>,
  ownerIsGone = false,
): ServerVerdict {
  if (!ownerIsGone && isAlive(record.owner, processes)) return 'leave';
  return isThatServer(record, processes) ? 'kill' : 'forget';
}

function isAlive(identity: ProcessIdentity, processes: Pick<ProcessTable, 'startTime'>): boolean {
  return processes.startTime(identity.pid) === identity.startTime;
}

function isThatServer(record: ServerRecord, processes: Pick<ProcessTable, 'startTime' | 'cmdline'>): boolean {
  const { pid, configFile } = record.server;
  if (processes.startTime(pid) === undefined) return false;
  return processes.cmdline(pid)?.includes(`--defaults-file=${configFile}`) ?? false;
}

const SERVERS = 'servers';
const WORK_DIRS = 'work-dirs';
const KILL_WAIT_MS = 10_000;
const POLL_MS = 50;

export interface RegistryOptions {
  readonly processes?: ProcessTable;
  /** How long a killed server may take to go; 10 s. */
  readonly killWaitMs?: number;
}

export { type ProcessIdentity, procProcesses, type ProcessTable } from './process-table.js';

export class ServerRegistry {
  private readonly processes: ProcessTable;
  private readonly killWaitMs: number;

  constructor(
    /** The machine-wide state directory; the records live in folders under it. */
    readonly stateDir: string,
    /** The process whose records this registry writes. */
    readonly owner: ProcessIdentity,
    options: RegistryOptions = {},
  ) {
    this.processes = options.processes ?? procProcesses;
    this.killWaitMs = options.killWaitMs ?? KILL_WAIT_MS;
  }

  /** This process's registry in the machine-wide directory; writes nothing until a record is added. */
  static forThisProcess(env: NodeJS.ProcessEnv = process.env): ServerRegistry {
    const startTime = procProcesses.startTime(process.pid);
    if (startTime === undefined) {
      throw new ServerError(`could not read /proc/${process.pid}/stat: mysql-perf-gate needs Linux's /proc`);
    }
    return new ServerRegistry(machineStateDir(env), { pid: process.pid, startTime });
  }

  /** Records a server just spawned; returns what removes the record (call it once it has exited). */
  addServer(server: ServerRecord['server'], workDir: string | null, socketDir: string | null): () => void {
    const record: ServerRecord = { schemaVersion: 1, owner: this.owner, server, workDir, socketDir };
    return this.write(SERVERS, `${this.owner.pid}-${server.pid}.json`, record);
  }

  /** Records a run's work directory; returns what removes the record (call it once it is removed). */
  addWorkDir(workDir: string): () => void {
    const record: WorkDirRecord = { schemaVersion: 1, owner: this.owner, workDir };
    return this.write(WORK_DIRS, `${this.owner.pid}-${basename(workDir)}.json`, record);
  }

  /** Stops the servers and removes the work directories of runs whose process is gone. */
  sweepOrphans(): Promise<CleanupEvent[]> {
    return this.cleanUp((owner) => !isAlive(owner, this.processes), false);
  }

  /** Stops the servers and removes the work directories `owner` recorded, whether it runs or not. */
  cleanUpAfter(owner: ProcessIdentity): Promise<CleanupEvent[]> {
    return this.cleanUp(
      (candidate) => candidate.pid === owner.pid && candidate.startTime === owner.startTime,
      true,
    );
  }

  private write(folder: string, name: string, record: ServerRecord | WorkDirRecord): () => void {
    const dir = join(this.stateDir, folder);
    const file = join(dir, name);
    try {
      ensureSharedDir(this.stateDir);
      ensureSharedDir(dir);
      writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`);
    } catch (error) {
      throw new ServerError(
        `could not record ${file} in the machine's state directory: ${errorMessage(error)}; make ` +
          `${this.stateDir} writable, or set MYSQL_PERF_GATE_STATE_DIR to a directory that is`,
        { cause: error },
      );
    }
    return () => {
      rmSync(file, { force: true });
    };
  }

  private async cleanUp(
    selects: (owner: ProcessIdentity) => boolean,
    ownerIsGone: boolean,
  ): Promise<CleanupEvent[]> {
    const events: CleanupEvent[] = [];
    // Servers first: a work directory is removed only once nothing runs in it.
    const occupied = new Set<string>();
    const settled: { file: string; record: ServerRecord }[] = [];
    for (const entry of this.read(SERVERS, ServerRecord, events)) {
      if (!selects(entry.record.owner)) continue;
      if (await this.settleServer(entry.record, ownerIsGone, events)) settled.push(entry);
      else if (entry.record.workDir !== null) occupied.add(entry.record.workDir);
    }
    // Every recorded server stopped first: what still works in a directory then is not one of them.
    for (const { file, record } of settled) {
      if (!(await this.removeServerDirs(file, record, events)) && record.workDir !== null) {
        occupied.add(record.workDir);
      }
    }
    for (const { file, record } of this.read(WORK_DIRS, WorkDirRecord, events)) {
      if (!selects(record.owner) || occupied.has(record.workDir)) continue;
      if (!(await this.stopProcessesIn(record.workDir, record.owner, events))) continue;
      const removed = removeDir(record.workDir, events);
      if (removed) {
        events.push({
          kind: 'removed',
          message: `removed the work directory ${record.workDir} of run pid ${record.owner.pid}`,
        });
      }
      if (removed !== undefined) rmSync(file, { force: true });
    }
    return events;
  }

  /**
   * Kills an orphaned server, or forgets a dead one (removeServerDirs then removes its directories
   * and record). False when the server is left running (its owner runs, or it could not be stopped).
   */
  private async settleServer(
    record: ServerRecord,
    ownerIsGone: boolean,
    events: CleanupEvent[],
  ): Promise<boolean> {
    const verdict = judgeServerRecord(record, this.processes, ownerIsGone);
    if (verdict === 'leave') return false;
    const { pid, binary, datadir } = record.server;
    const name = basename(binary);
    if (verdict === 'kill') {
      try {
        this.processes.kill(pid, 'SIGKILL');
      } catch (error) {
        events.push({
          kind: 'failed',
          message: `could not stop ${name} (pid ${pid}, datadir ${datadir}): ${errorMessage(error)}`,
        });
        return false;
      }
      if (!(await this.waitUntilGone(pid))) {
        events.push({
          kind: 'failed',
          message: `${name} (pid ${pid}, datadir ${datadir}) was sent SIGKILL but is still there after ${this.killWaitMs / 1000} s; its files are kept`,
        });
        return false;
      }
      events.push({
        kind: 'stopped',
        message: `stopped an orphaned ${name} (pid ${pid}, datadir ${datadir}) left by run pid ${record.owner.pid}, which is gone`,
      });
    } else {
      events.push({
        kind: 'removed',
        message: `forgot ${name} (pid ${pid}, datadir ${datadir}) of run pid ${record.owner.pid}: the server is no longer running`,
      });
    }
    return true;
  }

  /** Removes a settled server's directories, once nothing works in them, then its record. */
  private async removeServerDirs(
    file: string,
    record: ServerRecord,
    events: CleanupEvent[],
  ): Promise<boolean> {
    if (record.workDir !== null && !(await this.stopProcessesIn(record.workDir, record.owner, events))) {
      return false;
    }
    for (const dir of [record.workDir, record.socketDir]) {
      if (dir !== null && removeDir(dir, events)) {
        events.push({ kind: 'removed', message: `removed ${dir}, left by run pid ${record.owner.pid}` });
      }
    }
    rmSync(file, { force: true });
    return true;
  }

  /**
   * Kills the processes a gone run left working in its directory, which the records do not name:
   * a datadir's bootstrap (mariadb-install-db and the server it feeds), the sandbox around it. A
   * directory removed under a bootstrap that still writes to it comes back. False (with a failed
   * event) when one of them outlives SIGKILL: the directory is kept.
   */
  private async stopProcessesIn(
    dir: string,
    owner: ProcessIdentity,
    events: CleanupEvent[],
  ): Promise<boolean> {
    const working = this.processes
      .pids()
      .filter((pid) => pid !== process.pid && pid !== owner.pid)
      .filter((pid) => namesDir(this.processes.cmdline(pid) ?? [], dir));
    for (const pid of working) {
      const name = basename(this.processes.cmdline(pid)?.[0] ?? String(pid));
      try {
        this.processes.kill(pid, 'SIGKILL');
      } catch {
        continue; // gone meanwhile
      }
      if (!(await this.waitUntilGone(pid))) {
        events.push({
          kind: 'failed',
          message: `${name} (pid ${pid}), left working in ${dir} by run pid ${owner.pid}, outlived SIGKILL; the directory is kept`,
        });
        return false;
      }
      events.push({
        kind: 'stopped',
        message: `stopped ${name} (pid ${pid}), left working in ${dir} by run pid ${owner.pid}`,
      });
    }
    return true;
  }

  private async waitUntilGone(pid: number): Promise<boolean> {
    const deadline = Date.now() + this.killWaitMs;
    while (this.processes.startTime(pid) !== undefined) {
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    return true;
  }

  /** The valid records of a folder that this user wrote; unreadable ones are reported and removed. */
  private read<T>(
    folder: string,
    schema: z.ZodType<T>,
    events: CleanupEvent[],
  ): { file: string; record: T }[] {
    const dir = join(this.stateDir, folder);
    let names: string[];
    try {
      names = readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort();
    } catch {
      return []; // no folder: nothing was ever recorded here
    }
    const uid = process.getuid?.();
    const records: { file: string; record: T }[] = [];
    for (const name of names) {
      const file = join(dir, name);
      try {
        // Another user's record is theirs to act on (and its processes are not ours to signal).
        if (uid !== undefined && statSync(file).uid !== uid) continue;
        records.push({ file, record: schema.parse(JSON.parse(readFileSync(file, 'utf8'))) });
      } catch (error) {
        if (!existsSync(file)) continue; // removed meanwhile by another run's sweep
        events.push({
          kind: 'failed',
          message: `removed the unreadable record ${file}: ${errorMessage(error)}`,
        });
        rmSync(file, { force: true });
      }
    }
    return records;
  }
}

/**
 * Removes a directory a record names: true if it was removed, false if there was none, undefined
 * (with a failed event) if it could not be. Relative paths and / are refused: a record is trusted
 * only so far.
 */
function removeDir(dir: string, events: CleanupEvent[]): boolean | undefined {
  if (!isAbsolute(dir) || dir === '/') {
    events.push({ kind: 'failed', message: `refused to remove ${dir}: not an absolute path below /` });
    return undefined;
  }
  if (!existsSync(dir)) return false;
  try {
    rmSync(dir, { recursive: true, force: true });
    return true;
  } catch (error) {
    events.push({ kind: 'failed', message: `could not remove ${dir}: ${errorMessage(error)}` });
    return undefined;
  }
}

/** Creates a directory every user's runs can write to (sticky, like /tmp), if it is missing. */
function ensureSharedDir(dir: string): void {
  // mkdir's mode is masked by the umask; only the one who made it may (and must) chmod it.
  if (mkdirSync(dir, { recursive: true }) !== undefined) chmodSync(dir, 0o1777);
}

/**
 * Records `running` (just spawned) in the registry until it exits: a later run stops it, and
 * removes `workDir`, if this one is killed. A server that cannot be recorded is killed at once:
 * nobody could find it after a crash of this run.
 */
export function recordUntilExit(
  registry: ServerRegistry,
  running: ServerProcess,
  paths: { readonly configFile: string; readonly datadir: string; readonly socketDir?: string | undefined },
  server: { readonly binary: string; readonly workDir: string | null; readonly log?: (line: string) => void },
): void {
  const pid = running.spawnedPid;
  if (pid === undefined) return; // it did not spawn: `started` rejects
  const { configFile, datadir, socketDir } = paths;
  let forget: () => void;
  try {
    forget = registry.addServer(
      { pid, binary: server.binary, datadir, configFile },
      server.workDir,
      socketDir ?? null,
    );
  } catch (error) {
    running.signal('SIGKILL');
    throw error;
  }
  void running.exited.then(() => {
    try {
      forget();
    } catch (error) {
      server.log?.(`could not remove the registry record of pid ${pid}: ${errorMessage(error)}`);
    }
  });
}
