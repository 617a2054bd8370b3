// What the store of built prefixes says in the build's log: a build reused, kept or dropped, and a
// problem with the store, which costs the reuse or the save, never the build.
import { basename } from 'node:path';

import { errorMessage } from '../errors.js';
import { formatGiB, plural } from '../format.js';
import type { Saved, StoreOptions, StoreSlot } from './prefix-store.js';
import { keySummary } from './store-key.js';

/** "1a2b3c4d5e6f, MariaDB 10.11.18…, built 2026-11-25 12:34 UTC": the reuse line's parenthesis. */
export function reuseLine(slot: StoreSlot, prefix: string, savedAt: string): string {
  const built = `${savedAt.slice(0, 10)} ${savedAt.slice(11, 16)} UTC`;
  return `reused ${prefix} from the store (${keySummary(slot.key, slot.hash)}, built ${built})`;
}

/** "774 MiB", "1.6 GiB". */
function formatSize(bytes: number): string {
  return bytes < 2 ** 30 ? `${Math.round(bytes / 2 ** 20)} MiB` : formatGiB(bytes);
}

/** "kept /p in the store as NAME (774 MiB: copied in 1.9 s, checksums in 0.8 s)" and what was dropped. */
export function savedLines(prefix: string, saved: Saved, store: StoreOptions): string[] {
  const seconds = (value: number): string => `${value.toFixed(1)} s`;
  const lines = [
    `kept ${prefix} in the store as ${basename(saved.dir)} (${formatSize(saved.bytes)}: copied in ${seconds(saved.copySeconds)}, checksums in ${seconds(saved.hashSeconds)})`,
  ];
  if (saved.dropped.length > 0) {
    const builds = plural(saved.dropped.length, 'least recently used build', 'least recently used builds');
    lines.push(
      `dropped ${builds} to keep the store under ${formatSize(store.maxBytes)}: ${saved.dropped.join(', ')}`,
    );
  }
  return lines;
}

/** A store problem (full disk, permissions) costs the reuse or the save, never the build. */
export function storeProblem(store: StoreOptions, what: string, error: unknown): string {
  return `could not ${what} the store ${store.dir}: ${errorMessage(error)}; going on without it`;
}
