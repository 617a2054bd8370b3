// What names a build in the store of installed prefixes (`build --store`): everything that decides
// which server the build installs, and nothing that only says where it happened. Pure.
//
// Keyed: the source commit, flavor and version, the compiler (id, version and its --version line:
// a distribution's patched 12.2.0 is another compiler), the build type, CMake's options, what is
// installed (everything or the server's components) and the environment's compiler and linker
// flags (CMake takes LDFLAGS in; CFLAGS and CXXFLAGS lose to our -DCMAKE_C_FLAGS but are kept
// anyway), and the CPU architecture (a store may be shared by runners of two). Not keyed: the install prefix, the compilers' paths, the ccache launcher, the source
// tree's path, the jobs: a prefix built elsewhere is the same server, as `run` starts it with
// --basedir (MySQL and MariaDB find their plugins and messages under it, as their relocatable
// binary tarballs do).
import { createHash } from 'node:crypto';

import { z } from 'zod';

import { InputError } from '../errors.js';
import { Flavor, FLAVOR_NAMES } from '../results/results-schema.js';

export const STORE_FORMAT = 'mysql-perf-gate-store/1';

/** The key's fields, readable: recorded in the entry beside the hash made from them. */
export const StoreKey = z.strictObject({
  flavor: Flavor,
  version: z.string(),
  commit: z.string(),
  compiler: z.strictObject({ id: z.string(), version: z.string(), versionLine: z.string() }),
  buildType: z.string(),
  /** CMake's options without the ones that name places (see placeFree). */
  cmakeOptions: z.array(z.string()),
  /** "all", or "components Server, SharedLibraries". */
  install: z.string(),
  /** CFLAGS, CXXFLAGS, CPPFLAGS and LDFLAGS as the build's environment has them (set ones only). */
  env: z.record(z.string(), z.string()),
  /** The CPU architecture the server was built for (Node's process.arch): stores can be shared. */
  machine: z.string(),
});
export type StoreKey = z.infer<typeof StoreKey>;

/** What the key is made from: a build plan's fields and the tree's git state. */
export interface KeyInput {
  readonly tree: { readonly flavor: Flavor; readonly version: string; readonly root: string };
  readonly compiler: { readonly id: string; readonly version: string; readonly versionLine: string };
  readonly buildType: string;
  readonly args: readonly string[];
  readonly install: 'none' | 'all' | { readonly components: readonly string[] };
  readonly toolEnv: NodeJS.ProcessEnv;
  readonly git: { readonly commit: string | null; readonly dirty: boolean | null };
  /** The CPU architecture built for; this process's by default. */
  readonly machine?: string;
}

const ENV_FLAGS = ['CFLAGS', 'CXXFLAGS', 'CPPFLAGS', 'LDFLAGS'] as const;

/** Options that name where things are or how the compiler is called, not what is built. */
const PLACE_OPTION =
  /^-D(CMAKE_INSTALL_PREFIX|CMAKE_C_COMPILER|CMAKE_CXX_COMPILER|CMAKE_C_COMPILER_LAUNCHER|CMAKE_CXX_COMPILER_LAUNCHER)(:[A-Za-z]+)?=/;

/**
 * The build's key, or why the store cannot be used for it: a build of local changes, or of a tree
 * that is no git checkout, would be stored under a commit that does not hold its sources; a
 * build of chosen targets installs nothing.
 */
export function storeKey(input: KeyInput): StoreKey | { readonly reason: string } {
  const { tree, git } = input;
  if (input.install === 'none') return { reason: 'a build of chosen targets installs nothing to keep' };
  if (git.commit === null) {
    return { reason: `${tree.root} is not the top of a git checkout, so no commit names its sources` };
  }
  if (git.dirty !== false) {
    return {
      reason: `${tree.root} ${git.dirty === true ? 'has local changes' : 'has a state git could not tell'}, which commit ${git.commit.slice(0, 12)} does not hold`,
    };
  }
  const env: Record<string, string> = {};
  for (const name of ENV_FLAGS) {
    const value = input.toolEnv[name];
    if (value !== undefined && value !== '') env[name] = value;
  }
  const { id, version, versionLine } = input.compiler;
  return {
    flavor: tree.flavor,
    version: tree.version,
    commit: git.commit,
    compiler: { id, version, versionLine },
    buildType: input.buildType,
    cmakeOptions: placeFree(input.args, tree.root),
    install: input.install === 'all' ? 'all' : `components ${input.install.components.join(', ')}`,
    env,
    machine: input.machine ?? process.arch,
  };
}

/** CMake's options without places: the prefix, compilers and launcher go; the tree's path is <source>. */
export function placeFree(args: readonly string[], root: string): string[] {
  return args
    .filter((arg) => !PLACE_OPTION.test(arg))
    .map((arg) => {
      const at = arg.indexOf('=');
      const value = arg.slice(at + 1);
      if (at < 0 || !(value === root || value.startsWith(`${root}/`))) return arg;
      return `${arg.slice(0, at + 1)}<source>${value.slice(root.length)}`;
    });
}

/** sha256 of the key's fields (and the store's format), in hex. */
export function keyHash(key: StoreKey): string {
  return createHash('sha256')
    .update(canonicalJson({ format: STORE_FORMAT, key }))
    .digest('hex');
}

/** JSON with object keys sorted, so equal keys hash alike whatever order built them. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The entry's directory name: readable fields, then the first 12 hex digits of the hash. */
export function entryName(key: StoreKey, hash: string): string {
  const readable = [key.flavor, key.version, key.compiler.id, key.compiler.version, key.buildType]
    .join('-')
    .replace(/[^A-Za-z0-9._-]/g, '_');
  return `${readable}-${hash.slice(0, 12)}`;
}

/** "MariaDB 10.11.18 at 1a2b3c4d5e6f, gcc 12.2.0, RelWithDebInfo, key 0123abcd4567". */
export function keySummary(key: StoreKey, hash: string): string {
  return `${FLAVOR_NAMES[key.flavor]} ${key.version} at ${key.commit.slice(0, 12)}, ${key.compiler.id} ${key.compiler.version}, ${key.buildType}, key ${hash.slice(0, 12)}`;
}

/** The default cap on the store's size: about 26 MariaDB 10.11 RelWithDebInfo prefixes (774 MiB each). */
export const DEFAULT_STORE_BYTES = 20 * 2 ** 30;

const UNITS: Readonly<Record<string, number>> = { '': 1, K: 2 ** 10, M: 2 ** 20, G: 2 ** 30, T: 2 ** 40 };

/** "20G", "500M", "1.5T" (powers of 1024; a trailing B or iB is allowed) → bytes; `what` names the flag. */
export function parseSize(value: string, what: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([KMGT]?)(?:i?B)?$/i.exec(value.trim());
  const bytes = match ? Number(match[1]) * (UNITS[(match[2] ?? '').toUpperCase()] ?? NaN) : NaN;
  if (!Number.isFinite(bytes) || bytes < 1) {
    throw new InputError(
      `${what} ${value}: expected a size such as 20G or 500M (K, M, G, T: powers of 1024)`,
    );
  }
  return Math.floor(bytes);
}

/** An entry as the store lists it for eviction. */
export interface EntryUse {
  readonly name: string;
  readonly bytes: number;
  /** When it was last saved or reused, in ms since the epoch. */
  readonly usedMs: number;
}

/**
 * The entries to drop, least recently used first, until the rest fit in `maxBytes`; entries in
 * `keep` (the one just saved or reused, and any other prefix of this process) are never dropped,
 * even when they alone exceed the cap.
 */
export function evictionOrder(
  entries: readonly EntryUse[],
  maxBytes: number,
  keep: ReadonlySet<string>,
): string[] {
  let total = entries.reduce((sum, entry) => sum + entry.bytes, 0);
  const candidates = entries
    .filter((entry) => !keep.has(entry.name))
    .sort((a, b) => a.usedMs - b.usedMs || (a.name < b.name ? -1 : 1));
  const dropped: string[] = [];
  for (const entry of candidates) {
    if (total <= maxBytes) break;
    dropped.push(entry.name);
    total -= entry.bytes;
  }
  return dropped;
}
