// The CLI's Logger: everything human-readable goes to stderr, so stdout stays free for data.
import type { Logger } from '../shell/logger.js';
import { printErr } from './print.js';

export function createStderrLogger(options: { verbose: boolean }): Logger {
  const write = (line: string): void => {
    printErr(`${line}\n`);
  };
  return {
    info: write,
    warning: (message) => {
      write(`warning: ${message}`);
    },
    error: (message) => {
      write(`error: ${message}`);
    },
    debug: (message) => {
      if (options.verbose) write(`debug: ${message}`);
    },
    progress: write,
    async group(name, fn) {
      write(`== ${name}`);
      return fn();
    },
  };
}
