// The action's Logger: @actions/core, with one collapsible group per phase.
import * as core from '@actions/core';

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
  group: (name, fn) => core.group(name, fn),
};
