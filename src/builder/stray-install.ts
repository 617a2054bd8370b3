// What an install wrote outside --prefix: a tree's install rule with a path fixed at configure
// time writes into the configured prefix (cmake-args.ts's CONFIGURED_PREFIX), not into --prefix,
// and the prefix would lack those files. Found, removed and refused after every install.
import { readdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

import { BuildError } from '../errors.js';
import { exists } from '../shell/file-exists.js';
import { CONFIGURED_PREFIX } from './cmake-args.js';

/**
 * The outermost directory of the configured prefix that does not exist before an install: what an
 * install rule with a path fixed at configure time would create (/nonexistent is also the home
 * directory of system users, and must not be left behind).
 */
export async function strayRoot(): Promise<string> {
  let dir = CONFIGURED_PREFIX;
  while (dirname(dir) !== dir && !(await exists(dirname(dir)))) dir = dirname(dir);
  return dir;
}

/** Removes what an install wrote into the configured prefix; the files it wrote there, if any. */
export async function removeStrayInstall(root: string): Promise<string[]> {
  if (!(await exists(root))) return [];
  const stray = await readdir(CONFIGURED_PREFIX, { recursive: true }).catch(() => []);
  await rm(root, { recursive: true, force: true });
  return stray;
}

/**
 * An install rule with a path fixed at configure time writes into the configured prefix, not into
 * `--prefix`: the prefix would lack those files.
 */
export function refuseStrayInstall(stray: readonly string[], prefix: string): never {
  throw new BuildError(
    `the install wrote ${stray.slice(0, 3).join(', ')}${stray.length > 3 ? ` and ${stray.length - 3} more` : ''} under ${CONFIGURED_PREFIX}, the prefix the build is configured with, instead of ${prefix}: an install rule of this tree uses a path fixed at configure time; removed them`,
  );
}
