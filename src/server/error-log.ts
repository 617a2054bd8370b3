// Reading a server's error log for the user. Pure: the caller reads the file.
import { tailLines } from '../errors.js';

/** How many lines of the error log an error message quotes. */
export const ERROR_LOG_TAIL_LINES = 20;

/** What mysqld and mariadbd write to the error log when their TCP port is taken (errno 98). */
export function saysAddressInUse(errorLogText: string): boolean {
  return /Address already in use|errno:? 98\b|error:? 98\b/i.test(errorLogText);
}

export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal !== null) return `was killed by ${signal}`;
  return `exited with status ${code ?? 'unknown'}`;
}

/** "last lines of its error log (PATH):\n…", or a note that the log is empty. */
export function quoteErrorLog(errorLogPath: string, text: string): string {
  const tail = tailLines(text, ERROR_LOG_TAIL_LINES);
  if (tail === '') return `its error log (${errorLogPath}) is empty`;
  return `last lines of its error log (${errorLogPath}):\n${tail}`;
}

/** Why a server that was running is not: its pid, how it exited, and the end of its error log. */
export function diedMessage(
  binary: string,
  pid: number | undefined,
  exit: { readonly code: number | null; readonly signal: NodeJS.Signals | null },
  errorLog: { readonly path: string; readonly text: string },
): string {
  return (
    `server ${binary} (pid ${pid ?? '?'}) died: it ${describeExit(exit.code, exit.signal)}; ` +
    quoteErrorLog(errorLog.path, errorLog.text)
  );
}

/** Why a server exited before it took connections: how it exited, and the end of its error log. */
export function exitedWhileStarting(
  binary: string,
  exit: { readonly code: number | null; readonly signal: NodeJS.Signals | null },
  errorLog: { readonly path: string; readonly text: string },
): string {
  return `server ${binary} ${describeExit(exit.code, exit.signal)} while starting; ${quoteErrorLog(errorLog.path, errorLog.text)}`;
}
