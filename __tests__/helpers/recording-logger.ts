// A Logger that keeps what it is told, as "info: …", "warning: …", "error: …" lines, for tests that
// check what a command said. `lines` is read on every call, so a test may swap its array per case.
import type { Logger } from '../../src/shell/logger.js';

export function recordingLogger(lines: () => string[]): Logger {
  return {
    info: (message) => lines().push(`info: ${message}`),
    warning: (message) => lines().push(`warning: ${message}`),
    error: (message) => lines().push(`error: ${message}`),
    debug: () => undefined,
    progress: () => undefined,
    group: (_name, fn) => fn(),
  };
}
