// The store of installed prefixes on disk (`build --store DIR`): a build whose key is stored is
// not built again; --prefix becomes a symlink to the stored prefix once its files match their
// checksums. A symlink is one system call whatever the prefix's size and works across
// filesystems; a later build into --prefix replaces the link with a directory of its own before
// installing (releaseStoredPrefix), so nothing it installs reaches the store.
//
// Layout of DIR:
//   <entry>/prefix      the installed prefix, build.json included
//   <entry>/entry.json  the key, when it was saved, its size and every file's checksum; its
//                       modification time is the entry's last use
//   store.lock          held while an entry is checked and handed out, and while entries are
//                       added or dropped, so no build drops an entry another is handing out
//   .saving-…           a prefix being copied in: renamed to <entry> when complete, so a reader
//                       sees a whole entry or none, and of two builds saving the same key the
//                       second finds the name taken and drops its copy
//   .dropping-…         an entry being deleted
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
} from 'node:fs';
import os from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

import { z } from 'zod';

import { InputError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { withFileLockAsync } from '../shell/file-lock.js';
import type { Logger } from '../shell/logger.js';
import { isRunning } from '../shell/proc-stat.js';
import { type BuildPlan, inside } from './build-plan.js';
import { Manifest, manifestOf, verifyTree } from './store-manifest.js';
import {
  entryName,
  evictionOrder,
  type EntryUse,
  keyHash,
  STORE_FORMAT,
  StoreKey,
  storeKey,
} from './store-key.js';

export interface StoreOptions {
  /** Absolute. */
  readonly dir: string;
  /** Least recently used entries are dropped until the store holds no more than this. */
  readonly maxBytes: number;
}

const ENTRY_FILE = 'entry.json';
const PREFIX_DIR = 'prefix';
/** Checking an entry takes seconds (a 774 MiB MariaDB prefix: 1 s from the page cache, 4 s from disk). */
const LOCK_WAIT_MS = 5 * 60 * 1000;

export const StoreEntry = z.strictObject({
  format: z.literal(STORE_FORMAT),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  key: StoreKey,
  /** ISO time the entry was saved. */
  savedAt: z.string(),
  /** Bytes of its regular files. */
  bytes: z.number().int().min(0),
  files: Manifest,
});
export type StoreEntry = z.infer<typeof StoreEntry>;

/** A build's place in the store: its key, and the entry that holds (or would hold) it. */
export interface StoreSlot {
  readonly store: StoreOptions;
  readonly key: StoreKey;
  readonly hash: string;
  readonly name: string;
  /** DIR/<name>. */
  readonly dir: string;
  /** How the user named the install prefix (`--prefix`), for errors. */
  readonly prefixLabel: string;
}

/** Prefix → the entry directory this process made it a link to: never dropped while the link stands. */
const handedOut = new Map<string, string>();

/** Names of the entries of `storeDir` that prefixes of this process still link to. */
function linkedEntries(storeDir: string): string[] {
  const names: string[] = [];
  for (const [prefix, entry] of handedOut) {
    const link =
      lstatSync(prefix, { throwIfNoEntry: false })?.isSymbolicLink() === true
        ? readlinkSync(prefix)
        : undefined;
    if (link !== join(entry, PREFIX_DIR)) handedOut.delete(prefix);
    else if (dirname(entry) === storeDir) names.push(basename(entry));
  }
  return names;
}

/**
 * The plan's place in the store, or undefined (with one line saying why) when the build cannot be
 * keyed: local changes, no git, --target. A store overlapping the tree, prefix or build directory
 * is refused.
 */
export function storeSlot(
  store: StoreOptions,
  plan: BuildPlan,
  git: { commit: string | null; dirty: boolean | null },
  logger: Logger,
): StoreSlot | undefined {
  const places: [string, string][] = [
    ['the source tree', plan.tree.root],
    [plan.names.prefix, plan.prefix],
    [plan.names['build-dir'], plan.buildDir],
  ];
  for (const [what, path] of places) {
    if (inside(path, store.dir) || inside(store.dir, path)) {
      throw new InputError(
        `${plan.names.store} ${store.dir} overlaps ${what} ${path}; give the store a directory of its own`,
      );
    }
  }
  const key = storeKey({ ...plan, git });
  if ('reason' in key) {
    logger.info(`not using the store ${store.dir}: ${key.reason}`);
    return undefined;
  }
  const hash = keyHash(key);
  const name = entryName(key, hash);
  return { store, key, hash, name, dir: join(store.dir, name), prefixLabel: plan.names.prefix };
}

/** Runs `fn` holding the store's lock; waiting for it does not block the event loop. */
function withStoreLock<T>(store: StoreOptions, fn: () => T): Promise<T> {
  mkdirSync(store.dir, { recursive: true });
  return withFileLockAsync(join(store.dir, 'store'), () => Promise.resolve(fn()), {
    what: 'build using the store',
    waitMs: LOCK_WAIT_MS,
    makeError: (message, options) => new Error(message, options),
  });
}

/** The entry's record; undefined when there is no entry, a message when its record is unreadable. */
function readEntry(dir: string): StoreEntry | string | undefined {
  let text: string;
  try {
    text = readFileSync(join(dir, ENTRY_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const parsed = StoreEntry.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : `${ENTRY_FILE} is not a record this version reads`;
  } catch {
    return `${ENTRY_FILE} is not JSON`;
  }
}

export interface Reused {
  /** The stored prefix --prefix now links to. */
  readonly target: string;
  readonly savedAt: string;
}

/**
 * The slot's stored prefix, once its files match their checksums: --prefix is made a link to it
 * and the entry is marked used. Undefined when nothing is stored, or when the entry failed its
 * checksum (one line says which file changed; the entry is dropped).
 */
export async function reuseStored(
  slot: StoreSlot,
  prefix: string,
  logger: Logger,
): Promise<Reused | undefined> {
  return withStoreLock(slot.store, () => {
    const entry = readEntry(slot.dir);
    if (entry === undefined) return undefined;
    refuseToReplace(prefix, slot.prefixLabel);
    const target = join(slot.dir, PREFIX_DIR);
    const difference = typeof entry === 'string' ? entry : verifyTree(target, entry.files);
    if (typeof entry === 'string' || difference !== undefined) {
      dropEntry(slot.store.dir, slot.name);
      logger.info(`the stored build ${slot.name} failed its checksum (${difference ?? ''}): building again`);
      return undefined;
    }
    linkPrefix(prefix, target);
    handedOut.set(prefix, slot.dir);
    const now = new Date();
    utimesSync(join(slot.dir, ENTRY_FILE), now, now);
    return { target, savedAt: entry.savedAt };
  });
}

/**
 * Drops the slot's entry after its prefix failed a later check (one line says which); the link
 * left dangling at --prefix goes when the build installs there (releaseStoredPrefix).
 */
export async function dropStored(slot: StoreSlot, why: string, logger: Logger): Promise<void> {
  await withStoreLock(slot.store, () => {
    dropEntry(slot.store.dir, slot.name);
  });
  logger.info(`the stored build ${slot.name} ${why}: building again`);
}

/**
 * Throws when the prefix is something a link must not replace: a file, or a directory that holds
 * files but no build.json (no build made it). An empty directory, a previous build's prefix and
 * any symlink may go.
 */
function refuseToReplace(prefix: string, label: string): void {
  const stat = lstatSync(prefix, { throwIfNoEntry: false });
  if (stat === undefined || stat.isSymbolicLink()) return;
  if (!stat.isDirectory()) {
    throw new InputError(`the install prefix ${prefix} is a file; remove it or give another ${label}`);
  }
  const names = readdirSync(prefix);
  if (names.length > 0 && !names.includes('build.json')) {
    throw new InputError(
      `the install prefix ${prefix} holds files but no build.json, so no build made it; give a new or empty directory as ${label}, or remove it`,
    );
  }
}

/** Makes `prefix` a symlink to `target`: an old link is replaced in one rename, an old prefix removed. */
function linkPrefix(prefix: string, target: string): void {
  const stat = lstatSync(prefix, { throwIfNoEntry: false });
  if (stat?.isDirectory() === true) rmSync(prefix, { recursive: true, force: true });
  mkdirSync(dirname(prefix), { recursive: true });
  const temp = `${prefix}.${process.pid}.${randomBytes(4).toString('hex')}.link`;
  symlinkSync(target, temp);
  try {
    renameSync(temp, prefix);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Before a build installs into `prefix`: a symlink to a stored prefix (or to one since dropped)
 * goes, so that the install makes a directory of its own instead of writing into the store.
 * Whether or not this build uses a store: a build without --store may follow one with it.
 */
export function releaseStoredPrefix(prefix: string): boolean {
  const stat = lstatSync(prefix, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink() !== true) return false;
  const target = resolve(dirname(prefix), readlinkSync(prefix));
  const entry = dirname(target);
  const stored =
    basename(target) === PREFIX_DIR && (existsSync(join(entry, ENTRY_FILE)) || !existsSync(entry));
  if (!stored) return false;
  unlinkSync(prefix);
  handedOut.delete(prefix);
  return true;
}

/** A unique name for a directory of this process inside the store: ".saving-host-pid-random". */
function ownName(what: 'saving' | 'dropping'): string {
  return `.${what}-${os.hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Renames the entry out of its name first, so no reader finds half of it while it is deleted. */
function dropEntry(storeDir: string, name: string): void {
  const doomed = join(storeDir, ownName('dropping'));
  try {
    renameSync(join(storeDir, name), doomed);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  rmSync(doomed, { recursive: true, force: true });
}

export interface Saved {
  readonly dir: string;
  readonly bytes: number;
  /** Seconds copying the prefix in, and computing its checksums. */
  readonly copySeconds: number;
  readonly hashSeconds: number;
  /** Entries dropped to keep the store under its size. */
  readonly dropped: readonly string[];
}

/**
 * Copies the installed prefix into the slot's entry with its manifest, then drops least recently
 * used entries (never this one, nor one a prefix of this process links to) until the store fits
 * its size. Undefined when the key was stored meanwhile by another build.
 */
export async function saveToStore(slot: StoreSlot, prefix: string): Promise<Saved | undefined> {
  const { store } = slot;
  mkdirSync(store.dir, { recursive: true });
  const temp = join(store.dir, ownName('saving'));
  try {
    const copyStart = performance.now();
    cpSync(realpathSync(prefix), join(temp, PREFIX_DIR), {
      recursive: true,
      verbatimSymlinks: true,
      preserveTimestamps: true,
    });
    const hashStart = performance.now();
    const { manifest, bytes } = manifestOf(join(temp, PREFIX_DIR));
    const hashEnd = performance.now();
    const entry: StoreEntry = {
      format: STORE_FORMAT,
      hash: slot.hash,
      key: slot.key,
      savedAt: new Date().toISOString(),
      bytes,
      files: manifest,
    };
    writeFileAtomic(join(temp, ENTRY_FILE), `${JSON.stringify(entry, null, 2)}\n`);
    return await withStoreLock(store, () => {
      if (!renameIfAbsent(temp, slot.dir)) return undefined;
      const dropped = evict(store, new Set([slot.name, ...linkedEntries(store.dir)]));
      return {
        dir: slot.dir,
        bytes,
        copySeconds: (hashStart - copyStart) / 1000,
        hashSeconds: (hashEnd - hashStart) / 1000,
        dropped,
      };
    });
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/** rename(2) of a directory onto a non-empty one fails: the first complete entry of a key stays. */
function renameIfAbsent(from: string, to: string): boolean {
  try {
    renameSync(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
}

/** The store's entries with their sizes and last use; directories without a readable record are left alone. */
export function listEntries(storeDir: string): EntryUse[] {
  return readdirSync(storeDir, { withFileTypes: true }).flatMap((item) => {
    if (!item.isDirectory() || item.name.startsWith('.')) return [];
    const entry = readEntry(join(storeDir, item.name));
    if (entry === undefined || typeof entry === 'string') return [];
    const usedMs = statSync(join(storeDir, item.name, ENTRY_FILE)).mtimeMs;
    return [{ name: item.name, bytes: entry.bytes, usedMs }];
  });
}

/** Drops least recently used entries but `keep` until the store fits; removes what dead saves left. */
function evict(store: StoreOptions, keep: ReadonlySet<string>): string[] {
  const dropped = evictionOrder(listEntries(store.dir), store.maxBytes, keep);
  for (const name of dropped) dropEntry(store.dir, name);
  for (const name of readdirSync(store.dir)) {
    const owner = /^\.(?:saving|dropping)-(.+)-(\d+)-[0-9a-f]{8}$/.exec(name);
    if (owner?.[1] === os.hostname() && !isRunning(Number(owner[2]))) {
      rmSync(join(store.dir, name), { recursive: true, force: true });
    }
  }
  return dropped;
}
