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

/** The Actions cache for the ccache directory, or undefined where it is not needed or not used. */
export async function actionsCcache(
  common: CommonBuildRequest,
  builds: readonly SideBuild[],
): Promise<BuildCache | undefined> {
  if (process.env.RUNNER_ENVIRONMENT !== 'github-hosted') return undefined;
  const ccache = await ccacheOfBuilds(common, builds);
  if (ccache === undefined) return undefined;
  const { dir, keyBase } = ccache;
  const key = `${keyBase}${process.env.GITHUB_RUN_ID ?? ''}-${process.env.GITHUB_RUN_ATTEMPT ?? ''}`;
  // Loaded only here: @actions/cache brings the Azure SDK, which nothing else needs.
  const cache = await import('@actions/cache');
  return {
    restore: () =>
      core.group('Restore the ccache directory', async () => {
        const hit = await cache.restoreCache([dir], key, [keyBase]).catch((error: unknown) => {
          core.warning(`could not restore ccache: ${errorMessage(error)}`);
          return undefined;
        });
        core.info(
          hit
            ? `restored ${hit}`
            : 'nothing restored (none saved yet, or the cache service did not answer): the build fills the directory',
        );
      }),
    save: async () => {
      await cache.saveCache([dir], key).catch((error: unknown) => {
        core.warning(`could not save ccache: ${errorMessage(error)}`);
      });
    },
  };
}
