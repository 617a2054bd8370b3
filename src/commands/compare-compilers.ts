// The `compare-compilers` command: build one source tree with two compilers, measure the two
// servers against each other (base = first compiler, head = second) and compare them.
import { join } from 'node:path';

import { comparisonLabels } from '../builder/compilers.js';
import { checkOutputs } from '../run/outputs.js';
import { checkWritable } from '../shell/writable-dir.js';
import type { RunConfig } from '../run/run-config.js';
import { inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import {
  buildSides,
  type BuildCommandOutcome,
  checkSides,
  type CommonBuildRequest,
  type SideBuild,
} from './build.js';
import { compareCommand, type CompareConfig, type CompareOutcome } from './compare.js';
import { describeRunOutcome, runCommand, type RunOutcome } from './run.js';
import { buildsOf, type PlannedServer, withPrefixes } from './source-builds.js';
import { cliSpelling } from './spelling.js';

export interface CompareCompilersRequest {
  /** The run, its flags parsed once before anything is built: base and head are `compilerBuilds`. */
  readonly run: RunConfig<PlannedServer>;
  readonly build: CommonBuildRequest;
  readonly compare: Omit<CompareConfig, 'resultsPath'>;
}

export interface CompareCompilersOutcome {
  readonly builds: readonly BuildCommandOutcome[];
  readonly run: RunOutcome;
  readonly compare: CompareOutcome;
}

/** One tree built with two compilers, base first, into <prefixDir>/<compiler>. */
export function compilerBuilds(tree: {
  readonly source: string;
  readonly baseCompiler: string;
  readonly headCompiler: string;
  readonly prefixDir: string;
}): SideBuild[] {
  const { source, baseCompiler, headCompiler, prefixDir } = tree;
  const [baseLabel, headLabel] = comparisonLabels(baseCompiler, headCompiler);
  return [
    { side: 'base', source, compiler: baseCompiler, prefix: join(prefixDir, baseLabel) },
    { side: 'head', source, compiler: headCompiler, prefix: join(prefixDir, headLabel) },
  ];
}

/**
 * The tree, both compilers, the build directories, where the run and the report write and the
 * room the builds need are checked before the builds, which take most of an hour, and before the first waits for
 * the machine lock: a missing compiler or an unwritable --out must not wait for the first build.
 * Progress and the run's summary go to `logger`.
 */
export async function compareCompilersCommand(
  request: CompareCompilersRequest,
  logger: Logger,
): Promise<CompareCompilersOutcome> {
  const plans = buildsOf(request.run);
  checkOutputs(request.run);
  const report = request.compare.outDir;
  checkWritable({ dir: report, option: cliSpelling('report'), value: report, create: false });
  const checked = await checkSides(plans, request.build, logger);
  const builds: BuildCommandOutcome[] = [];
  const prefixes = await inCleanupScope(logger, (scope) =>
    buildSides(
      plans,
      { common: request.build, checked, onBuilt: (_, outcome) => builds.push(outcome) },
      logger,
      scope,
    ),
  );
  const config = withPrefixes(request.run, prefixes);
  const run = await runCommand(config, logger);
  logger.info(describeRunOutcome(run));
  const compare = await compareCommand({ ...request.compare, resultsPath: config.outPath });
  return { builds, run, compare };
}
