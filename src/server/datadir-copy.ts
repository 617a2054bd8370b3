// A copy of a stopped server's datadir, and the datadir put back from it, for workloads whose data
// is reset by restoring it (`resetData: restore`). The tool copies, never the server: the copy
// sits outside the side's directory, where a sandboxed server (server-sandbox.ts) cannot see or
// change it, and links are copied as links, never followed.
//
// Reflinks where the file system has them (btrfs, XFS with reflink=1, bcachefs): each file's
// blocks are shared until written, so the copy takes no time and no space until the server writes.
// Elsewhere (ext4) a plain copy. The method is found once, by the first copy, and kept.
import { constants } from 'node:fs';
import { cp, lstat, readdir, rm, statfs } from 'node:fs/promises';
import path from 'node:path';

import { errorMessage, ServerError } from '../errors.js';
import { exists } from '../shell/file-exists.js';

export type CopyMethod = 'reflink' | 'copy';

/**
 * Left out of the copy: the list of pages InnoDB dumps at shutdown and loads again, in the
 * background, at start-up. Loaded while a repetition runs, it would read from disk at a moment
 * nobody chose; without it every restored server starts with an empty buffer pool alike.
 */
export const NOT_COPIED = new Set(['ib_buffer_pool']);

/** Errors of a reflink the file system cannot make (ext4, tmpfs, across file systems). */
const NO_REFLINK = new Set(['ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'EINVAL', 'ENOSYS', 'ENOTTY', 'EBADF']);

/** Bytes of the regular files under `dir` (their sizes: what a plain copy writes). */
export async function treeBytes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await lstat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** Bytes free for this process's user on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const info = await statfs(dir);
  return info.bavail * info.bsize;
}

async function copyTree(from: string, to: string, method: CopyMethod): Promise<void> {
  await cp(from, to, {
    recursive: true,
    errorOnExist: true,
    force: false,
    verbatimSymlinks: true,
    mode: method === 'reflink' ? constants.COPYFILE_FICLONE_FORCE : 0,
    filter: (source) => !(path.dirname(source) === from && NOT_COPIED.has(path.basename(source))),
  });
}

/**
 * Copies the datadir `from` (its server stopped) to `to`, which must not exist: by reflink when
 * `method` is, or is undefined and the file system can; else plainly. Returns the method used.
 */
export async function copyDatadir(from: string, to: string, method?: CopyMethod): Promise<CopyMethod> {
  // Removed on failure below: only ever a copy this made.
  if (await exists(to))
    throw new ServerError(`could not copy the datadir ${from} to ${to}: it exists already`);
  try {
    if (method !== undefined) {
      await copyTree(from, to, method);
      return method;
    }
    try {
      await copyTree(from, to, 'reflink');
      return 'reflink';
    } catch (error) {
      if (!NO_REFLINK.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
      await rm(to, { recursive: true, force: true });
      await copyTree(from, to, 'copy');
      return 'copy';
    }
  } catch (error) {
    await rm(to, { recursive: true, force: true });
    throw new ServerError(`could not copy the datadir ${from} to ${to}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}

/** Replaces the datadir `datadir` (its server stopped) by a copy of `copy`, made as that was. */
export async function restoreDatadir(copy: string, datadir: string, method: CopyMethod): Promise<void> {
  // rm removes a link in the datadir's place, never what it points to.
  await rm(datadir, { recursive: true, force: true });
  try {
    await copyTree(copy, datadir, method);
  } catch (error) {
    throw new ServerError(`could not put the datadir ${datadir} back from ${copy}: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}
