// `--server PATH`: a mysqld/mariadbd binary, or an install prefix holding one. Resolves the binary
// and its basedir (the prefix the bootstrap script and the server find share/ and lib/ under).
import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';

import { InputError } from '../errors.js';
import { SERVER_BINARY_NAMES } from '../flavor/flavors.js';

export interface LocatedServer {
  /** Absolute path of the server binary. */
  readonly binary: string;
  /** Absolute install prefix: the directory above bin/, sbin/ or libexec/. */
  readonly basedir: string;
}

/** Where install layouts put the server, relative to the prefix ('' is the directory itself). */
export const SERVER_BINARY_DIRS = [
  'bin',
  'sbin',
  'libexec',
  'usr/sbin',
  'usr/bin',
  'usr/libexec',
  '',
] as const;

const BIN_DIR_NAMES = new Set(['bin', 'sbin', 'libexec']);

export async function locateServer(input: string, inputName = 'the server path'): Promise<LocatedServer> {
  const resolved = path.resolve(input);
  const info = await stat(resolved).catch(() => undefined);
  if (!info) {
    throw new InputError(
      `${inputName} ${input}: no such file or directory; pass a mysqld/mariadbd binary or its install prefix`,
    );
  }
  if (info.isFile()) {
    await assertExecutable(resolved, inputName);
    return { binary: resolved, basedir: basedirOf(resolved) };
  }
  if (!info.isDirectory()) {
    throw new InputError(`${inputName} ${input} is neither a file nor a directory`);
  }
  const tried: string[] = [];
  for (const dir of SERVER_BINARY_DIRS) {
    for (const name of SERVER_BINARY_NAMES) {
      const candidate = path.join(resolved, dir, name);
      tried.push(candidate);
      if (await isExecutableFile(candidate)) return { binary: candidate, basedir: basedirOf(candidate) };
    }
  }
  throw new InputError(
    `${inputName} ${input} holds no server binary; looked for ${SERVER_BINARY_NAMES.join(' or ')} at:\n` +
      tried.map((candidate) => `  ${candidate}`).join('\n') +
      '\nPass the binary itself or the install prefix (the directory that contains bin/ or sbin/).',
  );
}

/** /usr/sbin/mariadbd → /usr; a binary outside bin/, sbin/, libexec/ → its own directory. */
export function basedirOf(binary: string): string {
  const dir = path.dirname(binary);
  return BIN_DIR_NAMES.has(path.basename(dir)) ? path.dirname(dir) : dir;
}

async function isExecutableFile(candidate: string): Promise<boolean> {
  const info = await stat(candidate).catch(() => undefined);
  if (!info?.isFile()) return false;
  return access(candidate, constants.X_OK).then(
    () => true,
    () => false,
  );
}

async function assertExecutable(binary: string, inputName: string): Promise<void> {
  try {
    await access(binary, constants.X_OK);
  } catch {
    throw new InputError(
      `${inputName} ${binary} is not executable; pass a mysqld/mariadbd binary or its install prefix`,
    );
  }
}
