// Where a run writes, checked before anything starts (and before the wait for the machine lock):
// the results' directory and the work directory written to (a probe file), and the room each needs
// (space-needs.ts) on their filesystems; then, once measuring, the results' directory made and its
// raw directory emptied.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';

import { GateError, InputError } from '../errors.js';
import type { Flavor } from '../results/results-schema.js';
import type { SpaceNeed } from '../shell/disk-space.js';
import type { Logger } from '../shell/logger.js';
import { checkSpaceBeforeLock } from '../shell/preflight-lock.js';
import { checkWritable, fileTarget, unwritable } from '../shell/writable-dir.js';
import { prepareRawDir } from './raw-dir.js';
import { rawDirFor, type RunConfig, type SideConfig } from './run-config.js';
import { datadirEstimate, rawOutputBytes } from './space-needs.js';

/** Where the run writes: results.json and, beside it, the raw directory (sysbench's output, error logs). */
export interface RunOutputs {
  readonly outPath: string;
  readonly rawDir: string;
}

/** A side as the space check needs it: where it runs, its flavor and the options it starts with. */
export interface SpaceSide {
  readonly config: SideConfig;
  readonly install: { readonly flavor: Flavor };
  readonly options: Readonly<Record<string, string>>;
}

/**
 * Checks the room the run needs, before the wait for the machine lock: one line for what is short.
 * Returns the check to make again once the lock is ours (checkSpaceBeforeLock).
 */
export function checkRoom(config: RunConfig, sides: readonly SpaceSide[], logger: Logger): () => void {
  return checkSpaceBeforeLock(spaceNeeds(config, sides), logger);
}

/** Makes room for results.json and empties its raw directory. */
export function prepareOutputs(config: RunConfig): RunOutputs {
  const outPath = resolve(config.outPath);
  const rawDir = rawDirFor(outPath);
  try {
    mkdirSync(dirname(outPath), { recursive: true });
    prepareRawDir(rawDir, config.names.out);
  } catch (error) {
    if (error instanceof GateError) throw error;
    const { out } = config.names;
    throw new InputError(
      `${out} ${config.outPath}: ${unwritable(error, dirname(outPath))}; choose another ${out}`,
    );
  }
  return { outPath, rawDir };
}

/**
 * The results and the work directory must be writable before a server starts: a probe file is
 * made in each (its directory created if need be) and removed.
 */
export function checkOutputs(config: Pick<RunConfig, 'names' | 'outPath' | 'workDir'>): void {
  const { names } = config;
  checkWritable(fileTarget(config.outPath, names.out));
  if (config.workDir !== null) {
    checkWritable({ dir: config.workDir, option: names['work-dir'], value: config.workDir });
  }
}

/** The room each side's datadir needs in the work directory, and the raw output beside the results. */
function spaceNeeds(config: RunConfig, sides: readonly SpaceSide[]): SpaceNeed[] {
  const work = config.workDir === null ? tmpdir() : resolve(config.workDir);
  const workDir = config.names['work-dir'];
  const workLabel = config.workDir === null ? `the temporary directory; ${workDir} moves it` : workDir;
  const local = sides.filter((side) => side.config.remote === undefined);
  const datadirs = local.map((side) =>
    datadirEstimate(config.suite, side.install.flavor, side.options, {
      alignedHead: config.alignSettings !== undefined && side.config.name === 'head',
    }),
  );
  const out = dirname(resolve(config.outPath));
  return [
    ...local.map((side, index) => ({
      path: work,
      label: workLabel,
      bytes: datadirs[index]?.bytes ?? 0,
      what: `the ${side.config.name}'s datadir`,
      detail: datadirs[index]?.parts ?? '',
    })),
    {
      path: out,
      label: config.names.out,
      bytes: rawOutputBytes(config.suite, config.sides.length),
      what: 'the raw output',
    },
  ];
}
