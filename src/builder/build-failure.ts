// The one line a failed build step is reported by: the first compile error, the download the
// offline machine could not make and the option that avoids it, or CMake's own error. The full
// output stays in the step's log, which every line names. What a line quotes from the log is the
// code under test's, shown by `printableLine` (untrusted-text.ts).
import { isAbsolute, relative, resolve } from 'node:path';

import { tailLines } from '../errors.js';
import { printableLine } from '../untrusted-text.js';
import type { ExecResult } from '../shell/exec.js';
import type { Logger } from '../shell/logger.js';
import { cmakeError, downloadAttempt, failedTarget, firstCompileError } from './build-log.js';
import { inside } from './build-plan.js';

function lastLine(text: string): string {
  return tailLines(text, 1) || '(no output)';
}

function exitText(result: ExecResult): string {
  return result.signal ? `killed by ${result.signal}` : `exit status ${result.exitCode}`;
}

/** One line for a failed configure. Pure. */
export function configureFailure(text: string, logPath: string, result: ExecResult): string {
  const download = downloadAttempt(text);
  if (download) {
    return `configure tried to download ${download.what} (${printableLine(download.url)}), which failed; ${download.hint}; full log: ${logPath}`;
  }
  const error = cmakeError(text);
  if (error) {
    return `configure failed: ${printableLine(error.summary)}${error.hint ? `; ${error.hint}` : ''}; full log: ${logPath}`;
  }
  return `configure failed (cmake ${exitText(result)}): ${lastLine(text)}; full log: ${logPath}`;
}

/** One line for a failed build, and the compile error annotated where the logger can. */
export function buildFailure(
  text: string,
  logPath: string,
  buildDir: string,
  treeRoot: string,
  logger: Logger,
): string {
  const download = downloadAttempt(text);
  if (download) {
    return `the build tried to download ${download.what} (${printableLine(download.url)}), which failed; ${download.hint}; full log: ${logPath}`;
  }
  const error = firstCompileError(text);
  if (error) {
    // Ninja runs compilers in the build directory: a relative path is relative to it.
    const file = isAbsolute(error.file) ? error.file : resolve(buildDir, error.file);
    const shown = printableLine(inside(file, treeRoot) ? relative(treeRoot, file) : error.file);
    const message = printableLine(error.message);
    if (error.line > 0) {
      logger.annotate?.(error.message, {
        file,
        line: error.line,
        ...(error.column === undefined ? {} : { column: error.column }),
      });
      return `compile error: ${shown}:${error.line}: ${message}; full log: ${logPath}`;
    }
    return `link error: ${printableLine(error.file)}: ${message}; full log: ${logPath}`;
  }
  const target = failedTarget(text);
  return `build failed${target ? ` at ${printableLine(target)}` : ''}: ${lastLine(text)}; full log: ${logPath}`;
}

/** One line for a failed install. */
export function installFailure(text: string, logPath: string, prefix: string): string {
  return `install into ${prefix} failed: ${lastCmakeError(text) ?? lastLine(text)}; full log: ${logPath}`;
}

/**
 * CMake's last error, its message lines joined: "file cannot create directory: /opt/s/bin. Maybe
 * need administrative privileges." rather than the message's last line alone.
 */
function lastCmakeError(text: string): string | undefined {
  const lines = text.split('\n');
  const start = lines.findLastIndex((line) => line.startsWith('CMake Error'));
  if (start < 0) return undefined;
  const [first = '', ...rest] = lines.slice(start);
  const head = first.includes('):') ? '' : first.replace(/^CMake Error[^:]*:\s*/, '');
  const body = rest.slice(0, rest.findIndex((line) => line.trim() === '') + 1 || rest.length);
  const message = [head, ...body.map((line) => line.trim())].filter((line) => line !== '').join(' ');
  return message === '' ? undefined : printableLine(message.replace(/\s+/g, ' '));
}
