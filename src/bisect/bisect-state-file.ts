// Reading and writing the bisection's state file: validated when read, written whole or not at
// all (after every step, so that an interrupted bisection resumes where it stopped).
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';

import { errorMessage, InputError } from '../errors.js';
import type { OptionNames } from '../option-names.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { type BisectInputs, BisectState, inputDifferences, parseBisectState } from './bisect-state.js';

/**
 * The state in `path`, or undefined when there is none; InputError when it is unreadable or
 * invalid. `label` names the option that gave `path` (`--state`).
 */
export function readBisectState(path: string, label: string): BisectState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError(`${label} ${path} cannot be read: ${errorMessage(error)}`);
  }
  return parseBisectState(text, path, label);
}

/** Validates and writes the state atomically, creating its directory. */
export function writeBisectState(path: string, state: BisectState): void {
  const valid = BisectState.parse(state);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(valid, null, 2)}\n`);
}

/**
 * The state in `path` when this bisection (these `inputs`) wrote it, undefined when there is none;
 * InputError when it belongs to another bisection. Options are named as `names` names them.
 */
export function storedState(path: string, inputs: BisectInputs, names: OptionNames): BisectState | undefined {
  const label = names.state;
  const stored = readBisectState(path, label);
  if (stored === undefined) return undefined;
  const differences = inputDifferences(stored.inputs, inputs, names);
  if (differences.length > 0) {
    throw new InputError(
      `${label} ${path} belongs to another bisection (its ${differences.join(', ')} differ from this one's); remove it to start afresh, or pass another ${label}`,
    );
  }
  return stored;
}
