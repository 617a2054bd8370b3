// Where a run writes, checked before anything starts: the results' directory and the work
// directory written to (a probe file), and the room each needs (space-needs.ts) on their
// filesystems; then the results' directory made and its raw directory emptied.
import { accessSync, constants, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

import { errorMessage, GateError, InputError } from '../errors.js';
import type { Flavor } from '../results/results-schema.js';
import { checkFreeSpace, existingAncestor, type SpaceNeed } from '../shell/disk-space.js';
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

/** Probes the outputs and checks the room the run needs: one line for what is short. */
export function checkWhereItWrites(config: RunConfig, sides: readonly SpaceSide[]): void {
  checkOutputs(config);
  checkFreeSpace(spaceNeeds(config, sides));
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
 * "cannot be written (EROFS: read-only file system)" from a Node error; for a directory that could
 * not be made, what its nearest existing parent says (Node's recursive mkdir says ENOENT there).
 */
function unwritable(error: unknown, dir?: string): string {
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

/**
 * The results and the work directory must be writable before a server starts: a probe file is
 * made beside each (its directory created if need be) and removed.
 */
function checkOutputs(config: RunConfig): void {
  const { names } = config;
  const targets = [
    { dir: dirname(resolve(config.outPath)), option: names.out, value: config.outPath },
    ...(config.workDir === null
      ? []
      : [{ dir: resolve(config.workDir), option: names['work-dir'], value: config.workDir }]),
  ];
  for (const { dir, option, value } of targets) {
    const probe = join(dir, `.mysql-perf-gate-probe-${process.pid}`);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(probe, '');
      rmSync(probe, { force: true });
    } catch (error) {
      throw new InputError(`${option} ${value}: ${unwritable(error, dir)}; choose another ${option}`);
    }
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
