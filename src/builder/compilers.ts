// Turns the user's --compiler spec into a C and a C++ compiler that exist and agree, before any
// time is spent configuring: a typo should fail in a second, not after a CMake run.
//
// Accepted specs: "gcc", "gcc-12", "clang", "clang-16", a path to one of those (the C++ sibling
// is derived: gcc-12 → g++-12, clang-16 → clang++-16, /usr/bin/gcc-12 → /usr/bin/g++-12), or an
// explicit "CC:CXX" pair such as "gcc-12:g++-12".
import { constants } from 'node:fs';
import { access, readdir } from 'node:fs/promises';
import { basename, delimiter, dirname, isAbsolute, join, resolve } from 'node:path';

import { DependencyError, InputError } from '../errors.js';
import { exec } from '../shell/exec.js';
import { quickDeadline } from '../shell/deadline.js';

export interface Compiler {
  /** Absolute path of the C compiler. */
  readonly cc: string;
  /** Absolute path of the C++ compiler. */
  readonly cxx: string;
  readonly id: 'gcc' | 'clang';
  /** "12.2.0", "14.0.6". */
  readonly version: string;
  /** First line of `cc --version`, verbatim. */
  readonly versionLine: string;
}

const C_NAME = /^(.*?)(gcc|clang)(-\d+(?:\.\d+)*)?$/;
const FOUND_NAME = /^(gcc|clang)(-\d+(?:\.\d+)*)?$/;

/** `label`: how the user named the compiler option (`--compiler`), for errors. */
export async function resolveCompiler(
  spec: string,
  label: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Compiler> {
  const [ccSpec, cxxSpec] = splitSpec(spec);
  const cc = await locate(ccSpec, env, ccSpec, label);
  const cxx = await locate(cxxSpec, env, `${cxxSpec} (the C++ compiler for ${ccSpec})`, label);
  const c = await identify(cc, env);
  const cpp = await identify(cxx, env);
  // A gcc-12 paired with g++-14 builds, but links C and C++ objects from different compilers;
  // the result would not be what the label says.
  if (c.id !== cpp.id || c.version !== cpp.version) {
    throw new InputError(
      `${ccSpec} is ${c.id} ${c.version} but ${cxxSpec} is ${cpp.id} ${cpp.version}; pass a matching CC:CXX pair to ${label}`,
    );
  }
  return { cc, cxx, ...c };
}

/** The C and C++ names of a spec; the C++ one derived when not given. Pure. */
export function splitSpec(spec: string): [string, string] {
  const trimmed = spec.trim();
  if (trimmed.includes(':')) {
    const [cc = '', cxx = '', ...rest] = trimmed.split(':');
    if (cc === '' || cxx === '' || rest.length > 0) {
      throw new InputError(`compiler "${spec}" is not a CC:CXX pair; write it like gcc-12:g++-12`);
    }
    return [cc, cxx];
  }
  const match = C_NAME.exec(basename(trimmed));
  if (!match) {
    throw new InputError(
      `cannot tell the C++ compiler for "${spec}"; pass gcc[-N], clang[-N], a path to one, or a CC:CXX pair`,
    );
  }
  const [, prefix = '', family, suffix = ''] = match;
  const cxxName = `${prefix}${family === 'gcc' ? 'g++' : 'clang++'}${suffix}`;
  const dir = dirname(trimmed);
  return [trimmed, trimmed.includes('/') ? join(dir, cxxName) : cxxName];
}

/** gcc, gcc-N, clang and clang-N on PATH, sorted and without duplicates. */
export async function compilersOnPath(env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const found = new Set<string>();
  for (const dir of pathDirs(env)) {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      if (FOUND_NAME.test(name) && (await isExecutable(join(dir, name)))) found.add(name);
    }
  }
  return [...found].sort();
}

async function locate(name: string, env: NodeJS.ProcessEnv, what: string, label: string): Promise<string> {
  if (name.includes('/')) {
    const path = isAbsolute(name) ? name : resolve(name);
    if (await isExecutable(path)) return path;
  } else {
    for (const dir of pathDirs(env)) {
      const path = join(dir, name);
      if (await isExecutable(path)) return path;
    }
  }
  const found = await compilersOnPath(env);
  throw new DependencyError(
    `compiler ${what} was not found${name.includes('/') ? '' : ' on PATH'}; ` +
      `found: ${found.length > 0 ? found.join(', ') : 'none'}; install it or pass one of those to ${label}`,
  );
}

async function identify(
  path: string,
  env: NodeJS.ProcessEnv,
): Promise<Pick<Compiler, 'id' | 'version' | 'versionLine'>> {
  const { stdout } = await exec(path, ['--version'], { env, deadline: quickDeadline(`${path} --version`) });
  const versionLine = stdout.split('\n')[0]?.trim() ?? '';
  const parsed = parseVersionLine(versionLine);
  if (!parsed) {
    throw new InputError(
      `${path} --version printed "${versionLine}", which is neither gcc nor clang; pass a gcc or clang compiler`,
    );
  }
  return { ...parsed, versionLine };
}

/**
 * "gcc-12 (Debian 12.2.0-14+deb12u1) 12.2.0" → gcc 12.2.0; "Debian clang version 14.0.6" →
 * clang 14.0.6. clang is checked first: its line never looks like gcc's, while a gcc line ends in
 * the bare version after the vendor's parentheses. Pure.
 */
export function parseVersionLine(line: string): { id: 'gcc' | 'clang'; version: string } | undefined {
  const clang = /\bclang version (\d+\.\d+(?:\.\d+)?)/.exec(line);
  if (clang?.[1]) return { id: 'clang', version: clang[1] };
  const gcc = /^\S*(?:gcc|g\+\+)\S*(?: \(.*\))? (\d+\.\d+(?:\.\d+)?)/.exec(line);
  if (gcc?.[1]) return { id: 'gcc', version: gcc[1] };
  return undefined;
}

function pathDirs(env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
}

async function isExecutable(path: string): Promise<boolean> {
  return access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
}

/** A directory name for a compiler spec: "clang-16", "gcc-12", "/opt/gcc-13/bin/gcc" → "gcc". Pure. */
export function compilerLabel(spec: string): string {
  const [cc] = splitSpec(spec);
  return basename(cc).replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Directory names for the two sides of a compiler comparison; "-base"/"-head" when they agree. Pure. */
export function comparisonLabels(baseSpec: string, headSpec: string): [string, string] {
  const base = compilerLabel(baseSpec);
  const head = compilerLabel(headSpec);
  return base === head ? [`${base}-base`, `${head}-head`] : [base, head];
}
