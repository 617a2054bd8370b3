// Where publish reads and writes: the artifact's real directory, and a report directory that is
// neither inside it nor around it (nothing is ever written into what the pull request uploaded).
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

import { errorMessage, InputError } from '../errors.js';

function isInside(child: string, parent: string): boolean {
  const path = relative(parent, child);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
}

/** `path` with its nearest existing ancestor's links resolved: where a write would really land. */
function realPathOf(path: string): string {
  const absolute = resolve(path);
  for (let dir = absolute; ; dir = dirname(dir)) {
    if (existsSync(dir)) return join(realpathSync(dir), relative(dir, absolute));
    if (dirname(dir) === dir) return absolute;
  }
}

/** The artifact's real directory; the report directory must be neither inside it nor around it. */
export function checkDirectories(
  artifactPath: string,
  outPath: string,
): { artifactDir: string; outDir: string } {
  let artifactDir: string;
  try {
    artifactDir = realpathSync(artifactPath);
  } catch (error) {
    throw new InputError(`cannot read the artifact directory ${artifactPath}: ${errorMessage(error)}`);
  }
  if (!lstatSync(artifactDir).isDirectory()) {
    throw new InputError(`the artifact ${artifactPath} is not a directory`);
  }
  const outDir = resolve(outPath);
  const realOut = realPathOf(outDir);
  if (isInside(realOut, artifactDir) || isInside(artifactDir, realOut)) {
    throw new InputError(
      `the report directory ${outPath} and the artifact directory ${artifactPath} overlap; ` +
        'write the report elsewhere: nothing is written into the artifact',
    );
  }
  return { artifactDir, outDir };
}
