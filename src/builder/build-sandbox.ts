// How an untrusted source tree is built (build --untrusted, a fork's head in the action): its
// configure, build and install run in the sandbox (shell/sandbox.ts), which may read the tree and
// write only its build directory, its prefix and its own ccache. The caches are kept apart by
// trust: a trusted build never reads a cache an untrusted build could write, so an untrusted
// build must be given a ccache directory of its own (or none), and never uses the store of
// installed prefixes, which trusted runs reuse.
import { mkdir } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

import { InputError } from '../errors.js';
import type { OptionNames } from '../option-names.js';
import { checkSandbox, type Confinement, sandbox, type SandboxPath, UNCONFINED } from '../shell/sandbox.js';
import type { BaseBuild } from './base-build.js';
import type { CcacheSetup } from './ccache.js';
import type { Compiler } from './compilers.js';

export interface BuildDirs {
  readonly root: string;
  readonly buildDir: string;
  readonly prefix: string;
  /** The trusted build this one starts from: the tree and the build directory are shown at its paths. */
  readonly base?: BaseBuild;
}

/** Checks what an untrusted build must not do, before anything is looked up. */
export function checkUntrustedRequest(request: {
  readonly untrusted?: boolean;
  readonly store?: unknown;
  readonly ccache: 'auto' | 'on' | 'off';
  readonly ccacheDir?: string;
  readonly names: Pick<OptionNames, 'store' | 'untrusted' | 'ccache' | 'ccache-dir'>;
}): void {
  if (request.untrusted !== true) return;
  const { names } = request;
  if (request.store !== undefined) {
    throw new InputError(
      `${names.store} keeps installed prefixes that trusted runs reuse; an untrusted build is never stored: drop ${names.store} with ${names.untrusted}`,
    );
  }
  if (request.ccache !== 'off' && request.ccacheDir === undefined) {
    throw new InputError(
      `${names.untrusted} needs a ccache directory of its own (${names['ccache-dir']}, one per pull request), never the default one trusted builds share; or ${names.ccache} off`,
    );
  }
}

/**
 * The sandbox an untrusted build runs in, its directories created; UNCONFINED for a trusted one.
 * Throws a DependencyError when bubblewrap cannot make its namespaces here.
 */
export async function buildConfinement(
  untrusted: boolean,
  dirs: BuildDirs,
  ccache: CcacheSetup | { reason: string },
  compiler: Compiler,
  names: Pick<OptionNames, 'untrusted' | 'ccache-dir'>,
): Promise<Confinement> {
  if (!untrusted) return UNCONFINED;
  await checkSandbox();
  if ('dir' in ccache && overlap(resolve(ccache.dir), defaultCcacheDir())) {
    throw new InputError(
      `${names.untrusted}: ${ccache.dir} is, or is in or holds, the default ccache directory trusted builds share (${defaultCcacheDir()}); give the untrusted build one of its own with ${names['ccache-dir']}`,
    );
  }
  const own = [dirs.buildDir, dirs.prefix, ...('dir' in ccache ? [ccache.dir] : [])];
  for (const dir of own) await mkdir(dir, { recursive: true });
  const { base } = dirs;
  const buildDir: SandboxPath = base === undefined ? dirs.buildDir : { from: dirs.buildDir, at: base.dir };
  const root: SandboxPath = base === undefined ? dirs.root : { from: dirs.root, at: base.root };
  const writable = [buildDir, ...own.slice(1)];
  // The tree itself is read-only (an out-of-source build writes nothing there): nothing the code
  // plants in the checkout can run later, outside the sandbox (a core.fsmonitor or hook in its
  // .git or a submodule's, for this tool's git and the next job's checkout), nor stay for the
  // next build of it.
  // The trusted builds' shared ccache store, read-only (shared-ccache.ts).
  const store = 'readOnlyStore' in ccache && ccache.readOnlyStore !== undefined ? [ccache.readOnlyStore] : [];
  return sandbox({ writable, readable: [root, ...store, ...compilerDirs(compiler)] });
}

/** Where the compilers live when that is outside the system's directories the sandbox shows. */
function compilerDirs(compiler: Compiler): string[] {
  const dirs = [dirname(compiler.cc), dirname(compiler.cxx)];
  return [...new Set(dirs)].filter((dir) => !/^\/(usr|bin|sbin|lib)(\/|$)/.test(dir));
}

/** Whether either directory is the other or inside it. */
export function overlap(a: string, b: string): boolean {
  const inside = (child: string, parent: string): boolean => {
    const rel = relative(parent, child);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  return inside(a, b) || inside(b, a);
}

function defaultCcacheDir(): string {
  return resolve(process.env.CCACHE_DIR ?? join(process.env.HOME ?? homedir(), '.cache', 'ccache'));
}
