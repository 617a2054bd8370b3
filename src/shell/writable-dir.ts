// Whether this process can write where a command will write (results, a work directory, a build
// directory, an install prefix), found out before anything is started or waited for: a probe file
// made and removed. Permission bits are not asked (root passes them all, and a read-only file
// system or an immutable directory refuses root too): the write itself is tried.
import { accessSync, constants, lstatSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

import { errorMessage, InputError } from '../errors.js';
import { existingAncestor } from './disk-space.js';

/** A directory to be written in, and how the user named it: `--out results/run.json`. */
export interface WriteTarget {
  readonly dir: string;
  /** The option or input, as the user spelled it. */
  readonly option: string;
  /** Its value as given, which may be a file in `dir`. */
  readonly value: string;
  /**
   * Whether the directory itself may be made now (a work directory). When not (an install prefix
   * or a build directory, which a build that never starts must not leave behind), the directory is
   * probed if it is one already, else the nearest existing directory above it, where it will be
   * made; a link in its place (a prefix linked into a store) is replaced there too.
   */
  readonly create?: boolean;
}

/**
 * Refuses, in one line naming the option and its value, a directory that cannot be written:
 * "--out /ro/run.json: cannot be written (EROFS: read-only file system); choose another --out".
 */
export function checkWritable(target: WriteTarget): void {
  const dir = resolve(target.dir);
  const probeDir = target.create === false ? whereMade(dir) : dir;
  const probe = join(probeDir, `.mysql-perf-gate-probe-${process.pid}`);
  try {
    if (target.create !== false) makeDirectories(dir);
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw new InputError(
      `${target.option} ${target.value}: ${unwritable(error, dir)}; choose another ${target.option}`,
    );
  }
}

/**
 * `mkdir -p`, one level at a time: Node's recursive mkdir never returns where a filesystem says
 * ENOENT to a new directory (under /proc it tries the parent, which exists, and again, for ever).
 */
function makeDirectories(dir: string): void {
  let made = existingAncestor(dir);
  for (const part of relative(made, dir).split(sep)) {
    if (part === '') continue;
    made = join(made, part);
    try {
      mkdirSync(made);
    } catch (error) {
      // Made meanwhile by another process: as good as made here.
      if (!(isCode(error, 'EEXIST') && statSync(made).isDirectory())) throw error;
    }
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** The directory itself when it is one (not a link to one), else the nearest existing one above it. */
function whereMade(dir: string): string {
  const own = lstatSync(dir, { throwIfNoEntry: false });
  return own?.isDirectory() === true ? dir : existingAncestor(dirname(dir));
}

/** The directory a file is written into: `--out results/run.json` → results/. */
export function fileTarget(path: string, option: string): WriteTarget {
  return { dir: dirname(resolve(path)), option, value: path };
}

/**
 * "cannot be written (EROFS: read-only file system)" from a Node error; for a directory that could
 * not be made, what its nearest existing parent says (Node's recursive mkdir says ENOENT there).
 */
export function unwritable(error: unknown, dir?: string): string {
  if (dir !== undefined) {
    try {
      accessSync(existingAncestor(dir), constants.W_OK);
    } catch (parentError) {
      return unwritable(parentError);
    }
  }
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  return `cannot be written (${
    code === ''
      ? errorMessage(error)
      : `${code}: ${errorMessage(error)
          .replace(/^\w+: /, '')
          .replace(/, \w+ '.*$/, '')}`
  })`;
}
