// ccache between jobs: on a self-hosted runner its directory simply persists; on a GitHub-hosted
// runner it is restored from and saved to the Actions cache, one key per run, the newest restored.
import * as core from '@actions/core';

import {
  type BuildCache,
  ccacheOfBuilds,
  type CommonBuildRequest,
  type SideBuild,
} from '../commands/build.js';
import { errorMessage } from '../errors.js';
import { coreLogger } from './core-logger.js';

/**
 * The key a run saves its ccache under (one per run and attempt: a key is written once) and the
 * prefix it restores the newest of: the same compilers' caches. The Actions cache looks in the
 * run's own scope, then the base branch's: a pull request restores what main's runs saved (the
 * warm-ccache job of examples/workflows/pr-instructions.yml), never another pull request's.
 */
export function ccacheCacheKeys(
  keyBase: string,
  env: NodeJS.ProcessEnv,
): { readonly key: string; readonly restorePrefix: string } {
  return {
    key: `${keyBase}${env.GITHUB_RUN_ID ?? ''}-${env.GITHUB_RUN_ATTEMPT ?? ''}`,
    restorePrefix: keyBase,
  };
}

/** The Actions cache for the ccache directory, or undefined where it is not needed or not used. */
export async function actionsCcache(
  common: CommonBuildRequest,
  builds: readonly SideBuild[],
): Promise<BuildCache | undefined> {
  if (process.env.RUNNER_ENVIRONMENT !== 'github-hosted') return undefined;
  const ccache = await ccacheOfBuilds(common, builds);
  if (ccache === undefined) return undefined;
  const { dir } = ccache;
  const { key, restorePrefix: keyBase } = ccacheCacheKeys(ccache.keyBase, process.env);
  // Loaded only here: @actions/cache brings the Azure SDK, which nothing else needs.
  const cache = await import('@actions/cache');
  return {
    restore: () =>
      core.group('Restore the ccache directory', async () => {
        const hit = await cache.restoreCache([dir], key, [keyBase]).catch((error: unknown) => {
          coreLogger.warning(`could not restore ccache: ${errorMessage(error)}`);
          return undefined;
        });
        coreLogger.info(
          hit
            ? `restored ${hit}`
            : 'nothing restored (none saved yet, or the cache service did not answer): the build fills the directory',
        );
      }),
    save: async () => {
      await cache.saveCache([dir], key).catch((error: unknown) => {
        coreLogger.warning(`could not save ccache: ${errorMessage(error)}`);
      });
    },
  };
}
