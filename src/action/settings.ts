// The action in settings mode: a workflow's first job reads the settings file (input
// "settings-file") for what only a workflow can use: the pinned machine's runner labels, the
// testbed, the compiler, the name of the webhook's secret (commands/workflow-settings.ts), and
// hands them to later jobs as outputs. Errors go up to main.ts, which fails the step with their line.
import * as core from '@actions/core';

import { SETTINGS } from '../commands/settings-schema.js';
import { DEFAULT_SETTINGS_FILE, readWorkflowSettings } from '../commands/workflow-settings.js';
import { coreLogger } from './core-logger.js';

export function readSettingsFile(): Promise<void> {
  const path = core.getInput('settings-file') || DEFAULT_SETTINGS_FILE;
  const settings = readWorkflowSettings(path, SETTINGS.compiler.default ?? '');
  core.setOutput('runs-on', settings.runsOn);
  core.setOutput('testbed', settings.testbed);
  core.setOutput('compiler', settings.compiler);
  core.setOutput('webhook-url-secret', settings.webhookSecret);
  const secret = settings.webhookSecret === '' ? 'none' : settings.webhookSecret;
  coreLogger.info(
    `${path}: runs-on ${settings.runsOn || 'none'}, testbed ${settings.testbed || 'none'}, compiler ${settings.compiler}, webhook secret ${secret}`,
  );
  return Promise.resolve();
}
