// Reading and writing the bisection's state file: validated when read, written whole or not at
// all (after every step, so that an interrupted bisection resumes where it stopped).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { errorMessage, InputError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { BisectState, parseBisectState } from './bisect-state.js';

/** The state in `path`, or undefined when there is none; InputError when it is unreadable or invalid. */
export function readBisectState(path: string): BisectState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError(`--state ${path} cannot be read: ${errorMessage(error)}`);
  }
  return parseBisectState(text, path);
}

/** Validates and writes the state atomically, creating its directory. */
export function writeBisectState(path: string, state: BisectState): void {
  const valid = BisectState.parse(state);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(valid, null, 2)}\n`);
}
