// The `compare-compilers` command: build one source tree with two compilers, measure the two
// servers against each other (base = first compiler, head = second) and compare them.
import { join } from 'node:path';

import { comparisonLabels, resolveCompiler } from '../builder/compilers.js';
import { detectSourceTree } from '../builder/source-tree.js';
import type { RunConfig } from '../run/run-config.js';
import { inCleanupScope } from '../shell/cleanup.js';
import type { Logger } from '../shell/logger.js';
import { buildSides, type BuildCommandOutcome, type CommonBuildRequest, type SideBuild } from './build.js';
import { compareCommand, type CompareConfig, type CompareOutcome } from './compare.js';
import { describeRunOutcome, runCommand, type RunOutcome } from './run.js';

export interface CompareCompilersRequest {
  readonly source: string;
  readonly baseCompiler: string;
  readonly headCompiler: string;
  /** The builds go to <prefixDir>/<compiler>, their build directories beside them. */
  readonly prefixDir: string;
  readonly build: CommonBuildRequest;
  /** The run between the two install prefixes; checked by the caller before anything is built. */
  readonly runConfig: (basePrefix: string, headPrefix: string) => RunConfig;
  readonly compare: Omit<CompareConfig, 'resultsPath'>;
}

export interface CompareCompilersOutcome {
  readonly builds: readonly BuildCommandOutcome[];
  readonly run: RunOutcome;
  readonly compare: CompareOutcome;
}

/**
 * The tree and both compilers are checked before the builds, which take most of an hour: a
 * missing compiler must not wait for the first build. Progress and the run's summary go to `logger`.
 */
export async function compareCompilersCommand(
  request: CompareCompilersRequest,
  logger: Logger,
): Promise<CompareCompilersOutcome> {
  await detectSourceTree(request.source);
  await resolveCompiler(request.baseCompiler);
  await resolveCompiler(request.headCompiler);
  const [baseLabel, headLabel] = comparisonLabels(request.baseCompiler, request.headCompiler);
  const plans: SideBuild[] = [
    {
      side: 'base',
      source: request.source,
      compiler: request.baseCompiler,
      prefix: join(request.prefixDir, baseLabel),
    },
    {
      side: 'head',
      source: request.source,
      compiler: request.headCompiler,
      prefix: join(request.prefixDir, headLabel),
    },
  ];
  const builds: BuildCommandOutcome[] = [];
  const prefixes = await inCleanupScope(logger, (scope) =>
    buildSides(
      plans,
      { common: request.build, onBuilt: (_, outcome) => builds.push(outcome) },
      logger,
      scope,
    ),
  );
  const { base, head } = prefixes;
  if (base === undefined || head === undefined) throw new Error('both sides are built before the run');
  const config = request.runConfig(base, head);
  const run = await runCommand(config, logger);
  logger.info(describeRunOutcome(run));
  const compare = await compareCommand({ ...request.compare, resultsPath: config.outPath });
  return { builds, run, compare };
}
