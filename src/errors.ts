// Named errors. Every message says what went wrong and what to do about it.
import { printable } from './untrusted-text.js';

export class GateError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad CLI flag, action input or suite file. */
export class InputError extends GateError {}

/** A tool the run needs (sysbench, the server's bootstrap script…) is missing. */
export class DependencyError extends GateError {}

/** The server could not be set up, started or stopped, or it died. */
export class ServerError extends GateError {}

/** sysbench failed or printed something we cannot trust. */
export class BenchmarkError extends GateError {}

/**
 * A statistic was asked of values it cannot be computed from: too few, not finite, not positive,
 * a level outside its range. The message names the argument and says what would be valid.
 */
export class StatisticsError extends GateError {}

/** A results file is unreadable, corrupted or of an unknown schema. */
export class ResultsError extends GateError {}

export class BaselineError extends GateError {}

/** A history file is unreadable, invalid, or does not take this run (another suite, a duplicate). */
export class HistoryError extends GateError {}

/** Configuring, compiling or installing a server from source failed; the full log is kept. */
export class BuildError extends GateError {}

/** Another run held the machine lock longer than --lock-timeout allowed; names that run. */
export class LockTimeoutError extends GateError {
  constructor(
    message: string,
    /** Who held the lock all that time, in words: "the run of pid 1234 (suite quick, …)". */
    readonly holder: string,
  ) {
    super(message);
  }
}

/**
 * A child process (sysbench, a server's bootstrap, a compiler, git) ran past its deadline, or
 * stayed silent past it, and was stopped: the message names it and where it stopped.
 */
export class DeadlineError extends GateError {
  constructor(
    message: string,
    /** What the child printed before it was stopped. */
    readonly output: { readonly stdout: string; readonly stderr: string } = { stdout: '', stderr: '' },
  ) {
    super(message);
  }
}

/** A run was interrupted by a signal; cleanup has already happened when this is thrown. */
export class InterruptedError extends GateError {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}; servers stopped and temporary files removed`);
  }
}

/** Longest message quoted in an internal error's line. */
const MAX_INTERNAL_MESSAGE = 400;

/**
 * The one line for an error the tool did not expect (not a GateError): a bug, said as one, with
 * where to report it and how to see its stack (`stackHint`). The message is kept to one line.
 */
export function internalErrorLine(error: unknown, reportAt: string, stackHint: string): string {
  const message = errorMessage(error)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  const shown =
    message.length > MAX_INTERNAL_MESSAGE ? `${message.slice(0, MAX_INTERNAL_MESSAGE)}…` : message;
  return `internal error: ${shown || 'no message'} — please report it at ${reportAt}; ${stackHint}`;
}

/**
 * Last `count` non-empty lines of a text, for quoting logs in error messages: a child's output,
 * shown as `printable` shows it (its control characters visible).
 */
export function tailLines(text: string, count: number): string {
  const lines = printable(text)
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.slice(-count).join('\n');
}

/**
 * The message of any thrown value. Duck-typed rather than `instanceof Error`: errors from another
 * realm (Node's own errors inside Jest's VM modules) are not instances of this realm's Error.
 */
export function errorMessage(error: unknown): string {
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return String(error);
}
