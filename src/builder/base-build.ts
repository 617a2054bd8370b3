// A fork's build started from the trusted build of its base (build --untrusted --base-build-dir):
// the untrusted build gets a private copy of the trusted build directory, and its sandbox shows
// that copy, and the pull request's tree, at the paths the trusted build was configured with. CMake
// finds its cache as it left it and does not configure afresh; ninja rebuilds what the pull
// request changed and what depends on it, not the 1,294 steps of a whole MariaDB server.
//
// The trusted directory is only ever read, here, before the sandbox starts: copied with
// `cp --reflink=auto` (blocks shared until written where the file system has reflinks; else a
// plain copy; never hard links, which would share the trusted files themselves). The copy is the
// pull request's own build directory, replaced by a fresh copy on every build of it.
//
// ninja decides by modification times, and the pull request's checkout has its own: every file of
// the tree that is byte for byte the base's gets the base's times (so it is older than the copied
// objects), every other one the time of now (so it is newer than anything in the copy, whenever
// it was checked out). Only the tree's regular files are touched, never through a link. A link
// whose target differs from the base's (or that the base does not have) changes what a file
// includes without changing any time ninja reads, so then no copy is made and the build starts
// from nothing.
import { lstat, lutimes, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';

import { InputError } from '../errors.js';
import type { OptionNames } from '../option-names.js';
import { parseCmakeCache, readBuildInfo } from '../server/build-info.js';
import { exec } from '../shell/exec.js';
import { readRegular } from '../shell/no-follow.js';
import { overlap } from './build-sandbox.js';
import type { Compiler } from './compilers.js';
import { sharedStoreDir } from './shared-ccache.js';
import { printableLine } from '../untrusted-text.js';

/** The most of the base's CMakeCache.txt that is read. */
const MAX_CACHE_BYTES = 64 * 1024 * 1024;
/** A file larger is taken as changed, unread (a source tree's largest are a few MiB). */
const MAX_COMPARED_BYTES = 64 * 1024 * 1024;
/**
 * Entries of the tree never walked or counted: git's own (a checkout's directory, or a worktree's
 * file naming it), never the build's input.
 */
const SKIPPED = new Set(['.git']);

/** The trusted build an untrusted one starts from. */
export interface BaseBuild {
  /** The trusted build directory: copied, never written. */
  readonly dir: string;
  /** The source tree it was configured from, where the sandbox shows the pull request's tree. */
  readonly root: string;
  /**
   * The trusted ccache's shared store its build wrote (shared-ccache.ts), which the untrusted
   * build reads, read-only; undefined when it was built without ccache or before there was one.
   */
  readonly store?: string;
}

/** What making the copy did: its time, how, and the tree's files as the base's or changed. */
export interface BaseCopy {
  readonly seconds: number;
  /** Files of the tree identical to the base's (given its times), and the others (given now). */
  readonly same: number;
  readonly changed: readonly string[];
  /** Links of the tree unlike the base's: with any, no copy was made (a build from nothing). */
  readonly relinked: readonly string[];
}

/**
 * The trusted build directory `dir`, checked: a directory (not a link) holding a Ninja build
 * configured by this tool's compiler from a tree outside it. Errors name `names['base-build-dir']`.
 */
export async function readBaseBuild(
  dir: string,
  compiler: Pick<Compiler, 'cc' | 'cxx'>,
  names: Pick<OptionNames, 'base-build-dir' | 'compiler'>,
): Promise<BaseBuild> {
  const option = `${names['base-build-dir']} ${dir}`;
  const info = await lstat(dir).catch(() => undefined);
  if (info === undefined || !info.isDirectory()) {
    throw new InputError(
      `${option}: not a directory (a link is not followed); give the trusted base's build directory`,
    );
  }
  const bytes = await readRegular(join(dir, 'CMakeCache.txt'), MAX_CACHE_BYTES).catch(() => undefined);
  if (bytes === undefined) {
    throw new InputError(`${option}: no CMakeCache.txt there; give a build directory the base was built in`);
  }
  const cache = parseCmakeCache(bytes.toString('utf8'));
  const root = cache.get('CMAKE_HOME_DIRECTORY') ?? '';
  if (!isAbsolute(root))
    throw new InputError(`${option}: its CMakeCache.txt names no source tree (CMAKE_HOME_DIRECTORY)`);
  const generator = cache.get('CMAKE_GENERATOR');
  if (generator !== 'Ninja') {
    throw new InputError(
      `${option}: configured for ${generator ?? 'no generator'}, not Ninja; give a directory this tool built`,
    );
  }
  for (const [what, was, now] of [
    ['C compiler', cache.get('CMAKE_C_COMPILER'), compiler.cc],
    ['C++ compiler', cache.get('CMAKE_CXX_COMPILER'), compiler.cxx],
  ] as const) {
    if (was !== now) {
      throw new InputError(
        `${option}: built with the ${what} ${was ?? '(none)'}, not ${now}; build the head with the base's ${names.compiler}`,
      );
    }
  }
  if (overlap(dir, root)) {
    throw new InputError(
      `${option}: it lies in its source tree ${root}, or holds it; the base must be built outside its tree`,
    );
  }
  const store = await trustedStore(dir);
  return { dir, root, ...(store === undefined ? {} : { store }) };
}

/** The shared store of the ccache the base's build used (its build.json says which), if it is there. */
async function trustedStore(dir: string): Promise<string | undefined> {
  const info = await readBuildInfo(dir).catch(() => undefined);
  if (info === undefined || !info.ccache.used) return undefined;
  const store = sharedStoreDir(info.ccache.dir);
  const found = await lstat(store).catch(() => undefined);
  return found?.isDirectory() === true ? store : undefined;
}

/**
 * Replaces `buildDir` (the pull request's own) by a copy of the base's build directory, and gives
 * the tree `root`'s files the times that make ninja rebuild only what differs from the base's tree.
 */
export async function copyBaseBuild(base: BaseBuild, buildDir: string, root: string): Promise<BaseCopy> {
  const startMs = performance.now();
  await rm(buildDir, { recursive: true, force: true });
  // The tree first: a changed link means a build from nothing, and no copy to make.
  const { same, changed, relinked } = await alignTimes(root, base.root);
  if (relinked.length === 0) {
    await exec('cp', ['-a', '--reflink=auto', '--no-target-directory', base.dir, buildDir], {
      deadline: {
        what: `cp of ${base.dir}`,
        seconds: 3600,
        basis: 'an hour for a copy a build directory takes seconds to make',
      },
    });
  }
  return { seconds: (performance.now() - startMs) / 1000, same, changed, relinked };
}

/** The line a copy ends with: where from, how long, and how much of the tree differs from the base's. */
export function baseCopyLine(base: BaseBuild, buildDir: string, copy: BaseCopy): string {
  const line =
    `started from the trusted base's build: ${base.dir} copied to ${buildDir} in ${copy.seconds.toFixed(1)} s; ` +
    `${copy.same} files of the tree as the base's, ${copy.changed.length} changed or new${someNamed(copy.changed)}`;
  if (copy.relinked.length === 0) return line;
  return (
    `${line}; but ${copy.relinked.length} links of the tree are not the base's${someNamed(copy.relinked)}: ` +
    `ninja follows a link to its target's time, which a changed link does not change, so no copy is made and this build starts from nothing`
  );
}

/** " (a, b, and 3 more)" for the first few of the tree's paths, made printable; "" for none. */
function someNamed(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  const more = paths.length > 5 ? `, and ${paths.length - 5} more` : '';
  // The names are the pull request's: no control character of theirs reaches a log.
  return ` (${printableLine(paths.slice(0, 5).join(', '))}${more})`;
}

/**
 * Walks the pull request's tree (its real directories only, never a link) and sets each regular
 * file's times: the base's for a file identical to the base tree's, now for any other. Links are
 * compared with the base's by what they point to, never followed.
 */
export async function alignTimes(
  root: string,
  baseRoot: string,
): Promise<{ same: number; changed: string[]; relinked: string[] }> {
  const now = new Date();
  let same = 0;
  const changed: string[] = [];
  const relinked: string[] = [];
  const pending = [''];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
      if (SKIPPED.has(entry.name)) continue;
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) pending.push(rel);
      if (entry.isSymbolicLink() && !(await sameLink(join(root, rel), join(baseRoot, rel))))
        relinked.push(rel);
      if (!entry.isFile()) continue;
      const base = await identicalBase(join(root, rel), join(baseRoot, rel));
      if (base === undefined) {
        changed.push(rel);
        await lutimes(join(root, rel), now, now);
      } else {
        same += 1;
        await lutimes(join(root, rel), base.atime, base.mtime);
      }
    }
  }
  return { same, changed: changed.sort(), relinked: relinked.sort() };
}

/** Whether the base's tree has a link at the same place pointing to the same path. */
async function sameLink(link: string, baseLink: string): Promise<boolean> {
  const [ours, theirs] = await Promise.all([readlink(link), readlink(baseLink).catch(() => undefined)]);
  return ours === theirs;
}

/** The base file's times when it is a regular file with the same bytes as `file`; else undefined. */
async function identicalBase(
  file: string,
  baseFile: string,
): Promise<{ atime: Date; mtime: Date } | undefined> {
  const [ours, theirs] = await Promise.all([lstat(file), lstat(baseFile).catch(() => undefined)]);
  if (theirs === undefined || !theirs.isFile() || theirs.size !== ours.size) return undefined;
  return (await sameBytes(file, baseFile, ours.size))
    ? { atime: theirs.atime, mtime: theirs.mtime }
    : undefined;
}

/** Whether two files of the same size hold the same bytes (a file past MAX_COMPARED_BYTES counts as changed). */
async function sameBytes(a: string, b: string, size: number): Promise<boolean> {
  if (size > MAX_COMPARED_BYTES) return false;
  const [left, right] = await Promise.all([readFile(a), readFile(b)]);
  return left.equals(right);
}
