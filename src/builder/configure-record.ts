// What a build directory was last configured with. CMake keeps every -D variable in its cache: a
// build configured once with `--cmake-arg=-DWITH_ASAN=ON` and again without it is still built with
// ASAN, silently. So the arguments of the last successful configure are kept beside the cache
// (configure-args.json), and a build that no longer gives one of their variables starts afresh
// (build-plan.ts, freshenBuildDir). A variable added or given another value needs nothing: CMake
// takes the new value.
import { join } from 'node:path';

import { z } from 'zod';

import { writeFileAtomic } from '../shell/atomic-write.js';
import { readRegular } from '../shell/no-follow.js';

export const CONFIGURE_RECORD = 'configure-args.json';
const MAX_RECORD_BYTES = 1024 * 1024;

const Record = z.strictObject({ schemaVersion: z.literal(1), args: z.array(z.string()) });

/** Keeps the arguments of a configure that succeeded. */
export function recordConfigureArgs(buildDir: string, args: readonly string[]): void {
  writeFileAtomic(join(buildDir, CONFIGURE_RECORD), `${JSON.stringify({ schemaVersion: 1, args })}\n`);
}

/**
 * The arguments of the build directory's last configure: undefined when none is recorded, null
 * when the record cannot be read or is not one (the caller starts afresh).
 */
export async function readConfigureArgs(buildDir: string): Promise<readonly string[] | null | undefined> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readRegular(join(buildDir, CONFIGURE_RECORD), MAX_RECORD_BYTES);
  } catch {
    return null;
  }
  if (bytes === undefined) return undefined;
  try {
    return Record.parse(JSON.parse(bytes.toString('utf8'))).args;
  } catch {
    return null;
  }
}

/** The variables a -D of `before` set (`-DNAME=value`, `-D NAME:TYPE=value`) that `now` does not set. */
export function droppedDefinitions(before: readonly string[], now: readonly string[]): string[] {
  const defined = new Set(definedNames(now));
  return [...new Set(definedNames(before))].filter((name) => !defined.has(name));
}

function definedNames(args: readonly string[]): string[] {
  return args.flatMap((arg, index) => {
    const definition = arg === '-D' ? args[index + 1] : arg.startsWith('-D') ? arg.slice(2) : undefined;
    const name = definition?.split(/[:=]/)[0];
    return name === undefined || name === '' ? [] : [name];
  });
}
