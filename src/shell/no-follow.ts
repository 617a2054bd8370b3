// Files in directories that untrusted code could write (a build directory, an install prefix, a
// side's directory with its datadir, error log and callgrind dumps). The code may have left a
// symbolic link where this tool writes or reads next (build.log → ~/.gitconfig, error.log →
// the runner's credentials) or a FIFO that would block a read. So such files are written fresh
// (whatever was there removed, the new file created exclusively, never through a link) and read
// only when they are regular files, never through a link, up to a cap.
import {
  closeSync,
  constants,
  createWriteStream,
  fstatSync,
  openSync,
  readSync,
  type WriteStream,
} from 'node:fs';
import { type FileHandle, open, rm } from 'node:fs/promises';

import { GateError } from '../errors.js';

const { O_APPEND, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK, O_RDONLY, O_WRONLY } = constants;

/**
 * Replaces whatever is at `path` (a file, or a link planted there) with a new file of `data`,
 * made with `mode` (0600 for one that holds a password).
 */
export async function writeFresh(path: string, data: string, mode = 0o644): Promise<void> {
  await rm(path, { force: true });
  const handle = await open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode);
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/** A new file at `path` (whatever was there removed) to stream into. */
export async function freshWriteStream(path: string): Promise<WriteStream> {
  await rm(path, { force: true });
  const fd = openSync(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644);
  return createWriteStream('', { fd });
}

/** Opens `path` to append to, creating it; a link there is refused (ELOOP). */
export function openAppending(path: string): Promise<FileHandle> {
  return open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW, 0o644);
}

/**
 * Opens `path` for reading if it is a regular file (not a link, FIFO or device); undefined when it
 * does not exist, a GateError when it is something else.
 */
export async function openRegular(path: string): Promise<FileHandle | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ELOOP') throw new GateError(`${path} is a symbolic link; it is not read`);
    throw error;
  }
  if (!(await handle.stat()).isFile()) {
    await handle.close();
    throw new GateError(`${path} is not a regular file; it is not read`);
  }
  return handle;
}

/**
 * Up to `maxBytes` of the regular file at `path` (its last `maxBytes` after `from`, when `tail`),
 * never through a link; undefined when it does not exist.
 */
export async function readRegular(
  path: string,
  maxBytes: number,
  options: { readonly from?: number; readonly tail?: boolean } = {},
): Promise<Buffer | undefined> {
  const handle = await openRegular(path);
  if (handle === undefined) return undefined;
  try {
    const { size } = await handle.stat();
    const from = options.from ?? 0;
    const start = options.tail === true ? Math.max(from, size - maxBytes) : from;
    const length = Math.max(0, Math.min(size - start, maxBytes));
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** readRegular, synchronously, for cleanup steps; the last `maxBytes` when longer. */
export function readRegularSync(path: string, maxBytes: number): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    const start = Math.max(0, stat.size - maxBytes);
    const buffer = Buffer.alloc(stat.size - start);
    const read = readSync(fd, buffer, 0, buffer.length, start);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The text of the regular file at `path`, at most `maxBytes` of it; a GateError when it is missing. */
export async function readText(path: string, maxBytes: number): Promise<string> {
  const bytes = await readRegular(path, maxBytes);
  if (bytes === undefined) throw new GateError(`${path} is missing`);
  return bytes.toString('utf8');
}
