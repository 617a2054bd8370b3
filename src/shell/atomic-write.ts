// Writing a file whole or not at all, for everything a reader might open while it is written:
// results.json, verdict.json, baselines, the report.
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';

/**
 * Writes `content` to a new temp file beside `path` (a unique name, created exclusively, so two
 * writers never share one), flushes it to disk, then renames it over `path`: readers see the old
 * content or the new, never half. On failure the temp file is removed and the error rethrown.
 */
export function writeFileAtomic(path: string, content: string | Uint8Array): void {
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    const fd = openSync(temp, 'wx');
    try {
      writeFileSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
