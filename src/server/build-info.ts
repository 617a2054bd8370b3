// build.json: how the server in an install prefix was built. The `build` command writes it; `run`
// reads it from the prefix it is given, so the results, the verdict and the pull-request comment
// can say "base: gcc 12.2.0 RelWithDebInfo, head: clang 16.0.6" instead of leaving a compiler
// change to be guessed from the numbers.
import { realpath } from 'node:fs/promises';
import { join, resolve } from 'node:path';

import { InputError } from '../errors.js';
import { BuildInfo } from '../results/results-schema.js';
import { exec } from '../shell/exec.js';
import { readRegular, writeFresh } from '../shell/no-follow.js';
import { quickDeadline } from '../shell/deadline.js';

export const BUILD_INFO_FILE = 'build.json';
const MAX_BUILD_INFO_BYTES = 1024 * 1024;

export async function writeBuildInfo(prefix: string, info: BuildInfo): Promise<string> {
  const path = join(prefix, BUILD_INFO_FILE);
  await writeFresh(path, `${JSON.stringify(BuildInfo.parse(info), null, 2)}\n`);
  return path;
}

/** The build.json of an install prefix; undefined when there is none. */
export async function readBuildInfo(prefix: string): Promise<BuildInfo | undefined> {
  const path = join(prefix, BUILD_INFO_FILE);
  // A regular file of at most 1 MiB, never through a link: an untrusted build wrote the prefix.
  const bytes = await readRegular(path, MAX_BUILD_INFO_BYTES);
  if (bytes === undefined) return undefined;
  const text = bytes.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InputError(
      `${path} is not JSON (${(error as Error).message}); rebuild the server or delete it`,
    );
  }
  const result = BuildInfo.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new InputError(
      `${path} is not a build description this version understands (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}); rebuild the server or delete it`,
    );
  }
  return result.data;
}

/**
 * The commit of a source tree when the tree is the top of a git checkout. A tree unpacked inside
 * some other repository (a source package under a project's build/ directory) is not a checkout
 * of that repository's commit, so the top level must be the tree itself.
 */
export async function gitState(root: string): Promise<{ commit: string | null; dirty: boolean | null }> {
  const none = { commit: null, dirty: null };
  const run = (args: string[]) =>
    exec('git', ['-C', root, ...args], {
      check: false,
      deadline: quickDeadline(`git ${args.join(' ')}`),
    }).catch(() => undefined);
  const top = await run(['rev-parse', '--show-toplevel']);
  // git prints the real path; the tree may have been given through a symlink.
  const real = async (path: string): Promise<string> => realpath(path).catch(() => resolve(path));
  if (top?.exitCode !== 0 || (await real(top.stdout.trim())) !== (await real(root))) return none;
  const head = await run(['rev-parse', 'HEAD']);
  if (head?.exitCode !== 0) return none;
  const status = await run(['status', '--porcelain', '--untracked-files=no']);
  return { commit: head.stdout.trim(), dirty: status?.exitCode === 0 ? status.stdout.trim() !== '' : null };
}

/** CMAKE_<LANG>_FLAGS and CMAKE_<LANG>_FLAGS_<TYPE> from a CMakeCache.txt's text. Pure. */
export function effectiveFlags(cacheText: string, buildType: string): { c: string; cxx: string } {
  const entries = parseCmakeCache(cacheText);
  const flags = (lang: string): string =>
    [entries.get(`CMAKE_${lang}_FLAGS`), entries.get(`CMAKE_${lang}_FLAGS_${buildType.toUpperCase()}`)]
      .filter((value): value is string => value !== undefined && value.trim() !== '')
      .map((value) => value.trim())
      .join(' ');
  return { c: flags('C'), cxx: flags('CXX') };
}

/** "NAME:TYPE=VALUE" lines of a CMakeCache.txt (comments skipped). Pure. */
export function parseCmakeCache(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([^#/\s][^:=]*)(?::[A-Z_]+)?=(.*)$/.exec(line);
    if (match?.[1] !== undefined) entries.set(match[1], match[2] ?? '');
  }
  return entries;
}
