// The action's Logger: @actions/core, with one collapsible group per phase. Every message may quote
// what the code under test printed (a build's log, a server's output, sysbench's): what core prints
// as it is (info) goes through forRunnerLog, which keeps the runner from obeying a workflow command
// in it; what core prints as a command of its own (a warning, an error, an annotation, a group)
// has its line breaks escaped by core, and only its control characters to be shown.
import * as core from '@actions/core';
import { relative } from 'node:path';

import type { Logger } from '../shell/logger.js';
import { forRunnerLog } from '../shell/runner-log.js';
import { printable, printableLine } from '../untrusted-text.js';

/** Prints `message` to the step's log: never read as a workflow command. */
function info(message: string): void {
  core.info(forRunnerLog(message));
}

/** A notice annotation: core escapes its line breaks, its control characters are shown. */
export function notice(message: string): void {
  core.notice(printable(message));
}

export const coreLogger: Logger = {
  info,
  warning: (message) => {
    core.warning(printable(message));
  },
  error: (message) => {
    core.error(printable(message));
  },
  debug: (message) => {
    core.debug(printable(message));
  },
  progress: info,
  annotate: (message, location) => {
    // Annotations point at files of the repository: paths relative to the workspace (the step's
    // working directory when the variable is missing).
    const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
    const file = relative(workspace, location.file).startsWith('..')
      ? location.file
      : relative(workspace, location.file);
    core.error(printable(message), {
      file: printableLine(file),
      startLine: location.line,
      ...(location.column === undefined ? {} : { startColumn: location.column }),
    });
  },
  group: (name, fn) => core.group(printableLine(name), fn),
};
