// The trusted builds' compiler cache, read by untrusted builds without their being able to write
// it: ccache's file remote storage with `read-only` (ccache 4.4+; Debian 12 ships 4.7.5).
//
// ccache's own cache directory has a layout its file remote storage cannot read, so a trusted
// build also writes each result it computes into a store of that layout beside its cache
// (`<ccache dir>/shared`), and an untrusted build started from the trusted base's build reads that
// store as its secondary storage, bound read-only into its sandbox; its own cache, the pull
// request's, stays its primary. Reads by trusted builds refresh an entry's time (`update-mtime`),
// and after each trusted build the store is pruned to the cap, oldest first.
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** The store's directory in the ccache directory. */
export const SHARED_STORE = 'shared';

/** The cap of the store when none is given: ccache's own default size. */
export const DEFAULT_SHARED_BYTES = 5 * 1024 * 1024 * 1024;

/** `<ccache dir>/shared`. */
export function sharedStoreDir(ccacheDir: string): string {
  return join(ccacheDir, SHARED_STORE);
}

/**
 * CCACHE_REMOTE_STORAGE for a trusted build: the store beside its cache, written, after whatever
 * remote storage the environment already names (ccache takes a space-separated list).
 */
export function trustedRemoteStorage(ccacheDir: string, existing: string | undefined): string {
  const ours = `file:${sharedStoreDir(ccacheDir)}|update-mtime=true`;
  const before = (existing ?? '').trim();
  return before === '' ? ours : `${before} ${ours}`;
}

/** CCACHE_REMOTE_STORAGE for an untrusted build: the trusted store, read-only. */
export function readOnlyRemoteStorage(storeDir: string): string {
  return `file:${storeDir}|read-only`;
}

/**
 * Removes the store's oldest entries (by modification time, which reads refresh) until it holds at
 * most `maxBytes`. Only regular files two levels down are entries; nothing is followed.
 */
export async function pruneStore(
  storeDir: string,
  maxBytes: number,
): Promise<{ readonly removed: number; readonly bytes: number }> {
  const entries: { path: string; size: number; mtimeMs: number }[] = [];
  const subdirs = await readdir(storeDir, { withFileTypes: true }).catch(() => []);
  for (const subdir of subdirs) {
    if (!subdir.isDirectory()) continue;
    for (const entry of await readdir(join(storeDir, subdir.name), { withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(storeDir, subdir.name, entry.name);
      const info = await lstat(path);
      entries.push({ path, size: info.size, mtimeMs: info.mtimeMs });
    }
  }
  let bytes = entries.reduce((sum, entry) => sum + entry.size, 0);
  let removed = 0;
  entries.sort((a, b) => a.mtimeMs - b.mtimeMs);
  for (const entry of entries) {
    if (bytes <= maxBytes) break;
    await rm(entry.path, { force: true });
    bytes -= entry.size;
    removed += 1;
  }
  return { removed, bytes };
}
