// The `merge` command: the results of every shard of a run (run --shard K/N) → one results file
// that compare, baselines and history treat like an unsharded run. The checks and the merge are
// run/merge-shards.ts's; this module reads the files, copies each shard's raw directory (sysbench
// output, error logs, callgrind dumps) to shard-K/ of the merged one, and writes the result.
import { cpSync, existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, relative, resolve, sep } from 'node:path';

import { InputError } from '../errors.js';
import { readResults, writeResults } from '../results/results-file.js';
import type { Results } from '../results/results-schema.js';
import { renderResultsSummary } from '../results/results-summary.js';
import { mergeShards, shardRawPrefix } from '../run/merge-shards.js';
import { prepareRawDir } from '../run/raw-dir.js';
import { cliSpelling, type FlagSpelling } from './spelling.js';
import { rawDirFor } from '../run/run-config.js';
import type { Logger } from '../shell/logger.js';

export interface MergeConfig {
  /** The shards' results files, in any order. */
  readonly inputs: readonly string[];
  /** The merged results file; its raw directory goes beside it. */
  readonly outPath: string;
  /** How the front end spells its options (`--out`, `input "out"`); the command line's by default. */
  readonly spell?: FlagSpelling;
}

export interface MergeOutcome {
  readonly results: Results;
  readonly resultsPath: string;
  readonly rawDir: string;
  /** Shards from machines of different hardware, tool versions, raw output not found. */
  readonly warnings: readonly string[];
  /** The terminal summary of the merged results. */
  readonly summary: string;
}

/**
 * A shard's raw directory: `rawDir` of its results, which must stay beside the file (a results
 * file from another machine names the directory; it may not reach anywhere else on this one).
 */
function shardRawDir(path: string, rawDir: string): string {
  const base = dirname(resolve(path));
  const dir = resolve(base, rawDir);
  if (isAbsolute(rawDir) || rawDir.split(/[\\/]/).includes('..') || !dir.startsWith(`${base}${sep}`)) {
    throw new InputError(`${path}: rawDir ${JSON.stringify(rawDir)} is not a directory beside the file`);
  }
  return dir;
}

export function mergeCommand(config: MergeConfig, logger: Logger): MergeOutcome {
  const outPath = resolve(config.outPath);
  const out = (config.spell ?? cliSpelling)('out');
  for (const input of config.inputs) {
    if (resolve(input) === outPath) {
      throw new InputError(
        `${out} ${config.outPath} is one of the shards' results: write the merge elsewhere`,
      );
    }
  }
  const shards = config.inputs.map((path) => ({ path, results: readResults(path, 'merge') }));
  const rawDir = rawDirFor(outPath);
  const merged = mergeShards(shards, relative(dirname(outPath), rawDir) || basename(rawDir));
  prepareRawDir(rawDir, out);
  const warnings = [...merged.warnings];
  for (const { path, results } of shards) {
    const index = results.shard?.index ?? 0;
    const source = shardRawDir(path, results.rawDir);
    if (existsSync(source)) {
      // Links are copied as links, not followed: nothing outside the shard's raw directory comes along.
      cpSync(source, resolve(rawDir, shardRawPrefix(index)), { recursive: true, dereference: false });
    } else {
      warnings.push(
        `shard ${index}'s raw output (${source}) is not there: the merged file's sysbench output and error logs of its cells point to nothing`,
      );
    }
  }
  writeResults(outPath, merged.results);
  for (const warning of warnings) logger.warning(warning);
  return {
    results: merged.results,
    resultsPath: config.outPath,
    rawDir,
    warnings,
    summary: renderResultsSummary(merged.results),
  };
}
