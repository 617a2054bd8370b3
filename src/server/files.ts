// The files a side's server owns, under the directory the run gives that side:
//   <dir>/my.cnf       generated option file        removed by destroy()
//   <dir>/datadir/     fresh datadir                removed by destroy()
//   <dir>/mysqld.pid   pid file                     removed by destroy()
//   <dir>/mysqld.sock  unix socket (+ .lock, MySQL) removed by destroy()
//   <dir>/error.log    error log                    kept: results link to it
//   <dir>/tmp/         the server's tmpdir          removed by destroy()
// The tmpdir is the side's own because a starting server deletes every #sql* file in its tmpdir
// (left-overs of a crash, it assumes): in a shared /tmp it would delete the temporary tables of
// another server, including the other side's bootstrap (seen here: "Unknown table
// 'mysql.tmp_user_nopasswd'" when two runs overlapped) or a server this tool did not start.
// When <dir> is too deep for a unix socket path, the socket goes into a short directory made
// under the system temp dir instead, and that directory is removed by destroy().
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { errorMessage, ServerError } from '../errors.js';
import { readRegular } from '../shell/no-follow.js';
import { socketPathFits } from './config-file.js';

export interface ServerPaths {
  readonly dir: string;
  readonly configFile: string;
  readonly datadir: string;
  readonly pidFile: string;
  readonly errorLog: string;
  readonly tmpdir: string;
  readonly socketPath: string;
  /** The short directory made for the socket, if one was needed. */
  readonly socketDir: string | undefined;
}

const SOCKET_NAME = 'mysqld.sock';

export function sidePaths(dir: string): Omit<ServerPaths, 'socketPath' | 'socketDir'> {
  return {
    dir,
    configFile: path.join(dir, 'my.cnf'),
    datadir: path.join(dir, 'datadir'),
    pidFile: path.join(dir, 'mysqld.pid'),
    errorLog: path.join(dir, 'error.log'),
    tmpdir: path.join(dir, 'tmp'),
  };
}

/** The socket path for a side; makes a short directory when `dir` is too deep for one. */
export async function socketLocation(
  dir: string,
): Promise<{ socketPath: string; socketDir: string | undefined }> {
  const inDir = path.join(dir, SOCKET_NAME);
  if (socketPathFits(inDir)) return { socketPath: inDir, socketDir: undefined };
  const socketDir = await mkdtemp(path.join(os.tmpdir(), 'mpg-'));
  const socketPath = path.join(socketDir, SOCKET_NAME);
  if (!socketPathFits(socketPath)) {
    throw new ServerError(
      `the unix socket path ${socketPath} is longer than 107 bytes even under the temp dir; set TMPDIR to a shorter path`,
    );
  }
  return { socketPath, socketDir };
}

/** Removes what destroy() removes (see the header): everything the side's server made but its error log. */
export async function removeSideFiles(paths: ServerPaths): Promise<void> {
  const { datadir, tmpdir, socketPath, socketDir, pidFile, configFile } = paths;
  await rm(datadir, { recursive: true, force: true });
  await rm(tmpdir, { recursive: true, force: true });
  for (const file of [socketPath, `${socketPath}.lock`, pidFile, configFile]) await rm(file, { force: true });
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
