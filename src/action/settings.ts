// The action in settings mode: the first job of the nightly and bisect workflows reads the file
// that names the pinned machine (its runner labels), the testbed and the compiler
// (commands/workflow-settings.ts), and hands them to the later jobs as outputs. Errors go up to
// main.ts, which fails the step with their one line.
import * as core from '@actions/core';

import { DEFAULT_SETTINGS_FILE, readWorkflowSettings, runsOnJson } from '../commands/workflow-settings.js';
import { coreLogger } from './core-logger.js';

export function readSettingsFile(): Promise<void> {
  const path = core.getInput('settings-file') || DEFAULT_SETTINGS_FILE;
  const settings = readWorkflowSettings(path);
  core.setOutput('runs-on', runsOnJson(settings));
  core.setOutput('testbed', settings.testbed);
  core.setOutput('compiler', settings.compiler);
  coreLogger.info(
    `${path}: runs-on ${runsOnJson(settings)}, testbed ${settings.testbed}, compiler ${settings.compiler}`,
  );
  return Promise.resolve();
}
