// What a server that did not come up, or died, says in one line: its own words from the error log
// since its start, after the limit its group reached if one did (an untrusted side's).
import { ServerError } from '../errors.js';
import { afterLimit, type LimitedGroup } from '../shell/limits.js';
import { diedMessage, exitedWhileStarting, quoteErrorLog, saysAddressInUse } from './error-log.js';
import { readLogSince } from './files.js';
import type { ExitStatus } from './process.js';

/** Where a server's words are: its binary, its error log and where its last start began in it. */
export interface ServerWords {
  readonly binary: string;
  readonly errorLog: string;
  readonly logOffset: number;
  readonly limits: LimitedGroup | undefined;
}

/**
 * A start that exited: 'port-taken' when the server says its address is in use (another try on
 * another port), else the error naming how it exited.
 */
export async function exitedError(
  words: ServerWords,
  status: ExitStatus,
): Promise<ServerError | 'port-taken'> {
  const text = await readLogSince(words.errorLog, words.logOffset);
  if (saysAddressInUse(text)) return 'port-taken';
  const said = exitedWhileStarting(words.binary, status, { path: words.errorLog, text });
  return new ServerError(afterLimit(words.limits, said));
}

/** A start that did not answer on `socketPath` within `seconds` (the server already stopped). */
export async function timeoutError(
  words: ServerWords,
  wait: { readonly socketPath: string; readonly seconds: number; readonly lastError: string },
): Promise<ServerError> {
  const log = await readLogSince(words.errorLog, words.logOffset);
  return new ServerError(
    `server ${words.binary} did not accept connections on ${wait.socketPath} within ${wait.seconds} s ` +
      `(last attempt: ${wait.lastError}); it was stopped. ${quoteErrorLog(words.errorLog, log)}`,
  );
}

/** A start that found its TCP port taken `attempts` times in a row. */
export async function portTakenError(words: ServerWords, attempts: number): Promise<ServerError> {
  const log = await readLogSince(words.errorLog, words.logOffset);
  return new ServerError(
    `server ${words.binary} found its TCP port taken ${attempts} times in a row; ${quoteErrorLog(words.errorLog, log)}`,
  );
}

/** A server that died after it was ready. */
export async function diedError(
  words: ServerWords,
  pid: number | undefined,
  status: ExitStatus,
): Promise<ServerError> {
  const text = await readLogSince(words.errorLog, words.logOffset);
  const said = diedMessage(words.binary, pid, status, { path: words.errorLog, text });
  return new ServerError(afterLimit(words.limits, said));
}
