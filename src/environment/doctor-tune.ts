// `doctor --tune` and `--reset`: the writes of doctor-tuning.ts applied, and what each file held
// before saved to a state file in the machine-wide state directory, so that --reset writes exactly
// that back. A second --tune keeps the first saved value of every file (it adds only files the
// first did not touch), so --reset always returns to the machine as it was before any tuning.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { z } from 'zod';

import { errorMessage, GateError } from '../errors.js';
import { writeFileAtomic } from '../shell/atomic-write.js';
import { ensureMachineStateDir, machineStateDir } from '../shell/machine-state.js';
import { readSys, type SysRoot, sysPath } from './doctor-readers.js';
import type { TuneStep } from './doctor-tuning.js';

export class TuneError extends GateError {}

const STATE_FILE = 'doctor-tune.json';

const SavedFile = z.strictObject({
  /** Absolute path of the file written. */
  path: z.string(),
  /** What --reset writes back. */
  restore: z.string(),
  /** The file's text before --tune, as read (trimmed): what --reset checks it reads again. */
  before: z.string(),
  /** What --tune wrote. */
  wrote: z.string(),
});
export type SavedFile = z.infer<typeof SavedFile>;

const TuneState = z.strictObject({
  savedAt: z.iso.datetime(),
  files: z.array(SavedFile),
});
type TuneState = z.infer<typeof TuneState>;

export function tuneStatePath(env: NodeJS.ProcessEnv = process.env): string {
  return join(machineStateDir(env), STATE_FILE);
}

function readState(path: string): TuneState | undefined {
  if (!existsSync(path)) return undefined;
  try {
    return TuneState.parse(JSON.parse(readFileSync(path, 'utf8')));
  } catch (error) {
    throw new TuneError(
      `the saved state ${path} cannot be read (${errorMessage(error)}); restore the settings by hand and remove it`,
    );
  }
}

export interface TuneOutcome {
  /** Every file written now. */
  readonly wrote: readonly SavedFile[];
  readonly statePath: string;
  /** Whether an earlier --tune's state was kept (this one only added to it). */
  readonly keptEarlierState: boolean;
}

function writeSetting(path: string, value: string): void {
  try {
    writeFileSync(path, `${value}\n`);
  } catch (error) {
    throw new TuneError(`cannot write ${value} to ${path}: ${errorMessage(error)}`);
  }
}

/** Applies the steps, saving each file's previous value first (the state file is written before any setting). */
export function applyTuning(
  root: SysRoot,
  steps: readonly TuneStep[],
  env: NodeJS.ProcessEnv = process.env,
): TuneOutcome {
  const statePath = join(ensureMachineStateDir(env), STATE_FILE);
  const earlier = readState(statePath);
  const saved = [...(earlier?.files ?? [])];
  const wrote: SavedFile[] = [];
  for (const step of steps) {
    const path = sysPath(root, step.file);
    const before = readSys(root, step.file);
    if (!before.known) throw new TuneError(`cannot tune ${path}: ${before.reason}`);
    const file = { path, restore: step.from, before: before.value, wrote: step.to };
    wrote.push(file);
    if (!saved.some((entry) => entry.path === path)) saved.push(file);
  }
  if (wrote.length === 0) return { wrote, statePath, keptEarlierState: earlier !== undefined };
  writeFileAtomic(
    statePath,
    `${JSON.stringify({ savedAt: earlier?.savedAt ?? new Date().toISOString(), files: saved }, null, 2)}\n`,
  );
  for (const file of wrote) writeSetting(file.path, file.wrote);
  return { wrote, statePath, keptEarlierState: earlier !== undefined };
}

export interface ResetOutcome {
  readonly restored: readonly SavedFile[];
  /** Files that read back otherwise than before --tune: "path: was X, reads Y". */
  readonly mismatches: readonly string[];
  /** null when there was no saved state: nothing to reset. */
  readonly statePath: string | null;
}

/** Writes every saved value back (in the reverse order of --tune), checks them, removes the state. */
export function resetTuning(env: NodeJS.ProcessEnv = process.env): ResetOutcome {
  const statePath = tuneStatePath(env);
  const state = readState(statePath);
  if (state === undefined) return { restored: [], mismatches: [], statePath: null };
  for (const file of [...state.files].reverse()) writeSetting(file.path, file.restore);
  const mismatches = state.files.flatMap((file) => {
    let now: string;
    try {
      now = readFileSync(file.path, 'utf8').trim();
    } catch (error) {
      return [`${file.path}: cannot read it back (${errorMessage(error)})`];
    }
    return now === file.before ? [] : [`${file.path}: was "${file.before}", reads "${now}"`];
  });
  rmSync(statePath, { force: true });
  return { restored: state.files, mismatches, statePath };
}
