// What a side's server is, byte for byte: the binary's SHA-256 and a hash of how it was built.
// Shards of one run must have measured the same servers; `merge` compares these.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

import { stableHash } from '../stable-hash.js';
import type { BuildInfo, ServerFingerprint } from '../results/results-schema.js';

/** SHA-256 of a file, read as a stream (a server binary with symbols is hundreds of MB). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * What makes two builds the same build: the source and how it was compiled. When and how fast it
 * was built (times, jobs, ccache's hits) and where the tree was are left out.
 */
export function buildFingerprint(build: BuildInfo | undefined): string | null {
  if (!build) return null;
  const { version, source, compiler, buildType, cmakeOptions, flags, targets, components } = build;
  return stableHash({
    version,
    commit: source.gitCommit,
    dirty: source.gitDirty,
    compiler: { id: compiler.id, version: compiler.version },
    buildType,
    cmakeOptions,
    flags,
    targets,
    components,
  });
}

export async function serverFingerprint(
  binary: string,
  build: BuildInfo | undefined,
): Promise<ServerFingerprint> {
  return { binarySha256: await fileSha256(binary), build: buildFingerprint(build) };
}
