// The action's steps. The one place that calls core.setFailed.
import * as core from '@actions/core';

import { coreLogger } from './action/core-logger.js';
import { readRunInputs } from './action/inputs.js';
import { renderResultsSummary } from './results/summary.js';
import { rawDirFor } from './run/config.js';
import { actionSpelling, runConfigFromFlags } from './run/flags.js';
import { runSuite } from './run/run.js';
import { withCleanupScope } from './shell/cleanup.js';

export async function run(): Promise<void> {
  try {
    const config = runConfigFromFlags(readRunInputs(), actionSpelling);
    const results = await withCleanupScope(
      (scope) => runSuite(config, coreLogger, scope),
      (failures) => {
        coreLogger.warning(`could not clean up everything:\n${failures.join('\n')}`);
      },
    );
    core.info(renderResultsSummary(results));
    core.setOutput('results', config.outPath);
    core.setOutput('raw-dir', rawDirFor(config.outPath));
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}
