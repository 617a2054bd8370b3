// The action in settings mode: a workflow's settings job reads the settings file (input
// "settings-file") for what only a workflow can use (commands/workflow-settings.ts): the pinned
// machine's runner labels, the testbed and the compiler of the nightly and the bisection, the
// suite (the publishing workflow checks a suite file out), the commit status's context and the
// name of the webhook's secret, and hands them to later jobs as outputs. Errors go up to main.ts,
// which fails the step with their one line.
import * as core from '@actions/core';
import { existsSync } from 'node:fs';

import { DEFAULT_SETTINGS_FILE, readWorkflowSettings } from '../commands/workflow-settings.js';
import { coreLogger } from './core-logger.js';

export function readSettingsFile(): Promise<void> {
  const path = core.getInput('settings-file') || DEFAULT_SETTINGS_FILE;
  const outputs = readWorkflowSettings(path);
  if (!existsSync(path)) coreLogger.info(`no settings file ${path}: every output its default`);
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
  const shown = Object.entries(outputs).map(([name, value]) => `${name} ${value === '' ? 'none' : value}`);
  coreLogger.info(`${path}: ${shown.join(', ')}`);
  return Promise.resolve();
}
