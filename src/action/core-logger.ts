// The action's Logger: @actions/core, with one collapsible group per phase.
import * as core from '@actions/core';
import { relative } from 'node:path';

import type { Logger } from '../shell/logger.js';

export const coreLogger: Logger = {
  info: (message) => {
    core.info(message);
  },
  warning: (message) => {
    core.warning(message);
  },
  error: (message) => {
    core.error(message);
  },
  debug: (message) => {
    core.debug(message);
  },
  progress: (message) => {
    core.info(message);
  },
  annotate: (message, location) => {
    // Annotations point at files of the repository: paths relative to the workspace (the step's
    // working directory when the variable is missing).
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const file = relative(workspace, location.file).startsWith('..')
      ? location.file
      : relative(workspace, location.file);
    core.error(message, {
      file,
      startLine: location.line,
      ...(location.column === undefined ? {} : { startColumn: location.column }),
    });
  },
  group: (name, fn) => core.group(name, fn),
};
