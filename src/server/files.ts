// The files a side's server owns, under the directory the run gives that side:
//   <dir>/my.cnf        generated option file                        removed by destroy()
//   <dir>/accounts.sql  the first start's init file (the passwords)  removed once it started
//   <dir>/datadir/      fresh datadir                                removed by destroy()
//   <dir>/mysqld.pid    pid file                                     removed by destroy()
//   <dir>/mysqld.sock   unix socket (+ .lock, MySQL)                 removed by destroy()
//   <dir>/sysbench.cfg  the workload account's password              removed by destroy()
//   <dir>/files/        secure_file_priv (INTO OUTFILE, LOAD_FILE)   removed by destroy()
//   <dir>/error.log     error log                                    kept: results link to it
//   <dir>/general.log   general_log_file, the tool's                 kept, as the error log
//   <dir>/slow.log      slow_query_log_file, the tool's              kept, as the error log
//   <dir>/tmp/          the server's tmpdir                          removed by destroy()
// The tmpdir is the side's own because a starting server deletes every #sql* file in its tmpdir
// (left-overs of a crash, it assumes): in a shared /tmp it would delete the temporary tables of
// another server, including the other side's bootstrap (seen here: "Unknown table
// 'mysql.tmp_user_nopasswd'" when two runs overlapped) or a server this tool did not start.
// When <dir> is too deep for a unix socket path, the socket goes into a short directory made
// under the system temp dir instead, with sysbench.cfg (a sandboxed sysbench sees the socket's
// directory), and that directory is removed by destroy().
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { errorMessage, ServerError } from '../errors.js';
import { exists } from '../shell/file-exists.js';
import { readRegular } from '../shell/no-follow.js';
import { socketPathFits } from './config-file.js';

export interface ServerPaths {
  readonly dir: string;
  readonly configFile: string;
  /** The first start's init file: the accounts' passwords (mode 0600), removed once it started. */
  readonly accountsFile: string;
  readonly datadir: string;
  readonly pidFile: string;
  readonly errorLog: string;
  /** The server's secure_file_priv. */
  readonly filesDir: string;
  readonly generalLog: string;
  readonly slowLog: string;
  readonly tmpdir: string;
  readonly socketPath: string;
  /** The short directory made for the socket, if one was needed. */
  readonly socketDir: string | undefined;
  /** sysbench's option file with the workload account's password (mode 0600), beside the socket. */
  readonly clientConfig: string;
}

const SOCKET_NAME = 'mysqld.sock';
const CLIENT_CONFIG_NAME = 'sysbench.cfg';

export function sidePaths(dir: string): Omit<ServerPaths, 'socketPath' | 'socketDir' | 'clientConfig'> {
  return {
    dir,
    configFile: path.join(dir, 'my.cnf'),
    accountsFile: path.join(dir, 'accounts.sql'),
    datadir: path.join(dir, 'datadir'),
    pidFile: path.join(dir, 'mysqld.pid'),
    errorLog: path.join(dir, 'error.log'),
    filesDir: path.join(dir, 'files'),
    generalLog: path.join(dir, 'general.log'),
    slowLog: path.join(dir, 'slow.log'),
    tmpdir: path.join(dir, 'tmp'),
  };
}

/**
 * The paths of a new server in `dir`, made if missing (the run made it for this side: that is
 * fine); its datadir must not exist yet: the tool never takes over one it did not initialize.
 */
export async function freshSidePaths(dir: string): Promise<ReturnType<typeof sidePaths>> {
  const base = sidePaths(dir);
  await mkdir(dir, { recursive: true });
  if (await exists(base.datadir)) {
    throw new ServerError(
      `${base.datadir} already exists (left by an earlier run?); it is not removed automatically. ` +
        'Remove it or give this side another directory.',
    );
  }
  return base;
}

/** The socket path for a side; makes a short directory when `dir` is too deep for one. */
export async function socketLocation(
  dir: string,
): Promise<{ socketPath: string; socketDir: string | undefined; clientConfig: string }> {
  const inDir = path.join(dir, SOCKET_NAME);
  if (socketPathFits(inDir)) {
    return { socketPath: inDir, socketDir: undefined, clientConfig: path.join(dir, CLIENT_CONFIG_NAME) };
  }
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'mpg-'));
  const socketPath = path.join(socketDir, SOCKET_NAME);
  if (!socketPathFits(socketPath)) {
    throw new ServerError(
      `the unix socket path ${socketPath} is longer than 107 bytes even under the temp dir; set TMPDIR to a shorter path`,
    );
  }
  return { socketPath, socketDir, clientConfig: path.join(socketDir, CLIENT_CONFIG_NAME) };
}

/** Removes what destroy() removes (see the header): everything the side's server made but its logs. */
export async function removeSideFiles(paths: ServerPaths): Promise<void> {
  const { datadir, tmpdir, filesDir, socketPath, socketDir, pidFile, configFile } = paths;
  for (const dir of [datadir, tmpdir, filesDir]) await rm(dir, { recursive: true, force: true });
  for (const file of [
    socketPath,
    `${socketPath}.lock`,
    pidFile,
    configFile,
    paths.accountsFile,
    paths.clientConfig,
  ])
    await rm(file, { force: true });
  if (socketDir !== undefined) await rm(socketDir, { recursive: true, force: true });
}

export async function fileSize(file: string): Promise<number> {
  return stat(file).then(
    (info) => info.size,
    () => 0,
  );
}

/** What was appended to a log since byte `offset`, at most the last `maxBytes` of it. */
export async function readLogSince(file: string, offset: number, maxBytes = 64 * 1024): Promise<string> {
  // Never through a link: a sandboxed server could leave one to the runner's files here.
  const bytes = await readRegular(file, maxBytes, { from: offset, tail: true }).catch((error: unknown) =>
    Buffer.from(`[${errorMessage(error)}]`),
  );
  return bytes?.toString('utf8') ?? '';
}
