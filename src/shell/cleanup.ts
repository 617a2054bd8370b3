// Cleanup that must happen whether a run passes, fails or is interrupted (Ctrl-C, SIGTERM from a
// cancelled workflow). Resources register an async undo action; run scopes release them in reverse.
import { errorMessage, InterruptedError } from '../errors.js';
import type { Logger } from './logger.js';
import { onOutputClosed } from './output-closed.js';

type Undo = () => Promise<void>;

export class CleanupScope {
  private readonly undos: { label: string; undo: Undo }[] = [];
  private readonly abortController = new AbortController();
  private interruptedBy: NodeJS.Signals | null = null;

  /** Aborted when the scope is interrupted: pass it to long-running work so it stops at once. */
  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  get interrupted(): NodeJS.Signals | null {
    return this.interruptedBy;
  }

  /** Registers an undo action; returns a function that runs it early and unregisters it. */
  add(label: string, undo: Undo): () => Promise<void> {
    const entry = { label, undo };
    this.undos.push(entry);
    return async () => {
      const index = this.undos.indexOf(entry);
      if (index === -1) return;
      this.undos.splice(index, 1);
      await undo();
    };
  }

  /** Runs every undo action, newest first. Errors are collected, not thrown, so all of them run. */
  async release(): Promise<string[]> {
    const failures: string[] = [];
    while (this.undos.length > 0) {
      const entry = this.undos.pop();
      if (!entry) break;
      try {
        await entry.undo();
      } catch (error) {
        failures.push(`${entry.label}: ${errorMessage(error)}`);
      }
    }
    return failures;
  }

  /** Marks the scope interrupted and aborts its signal; the run then unwinds through release(). */
  interrupt(signal: NodeJS.Signals): void {
    if (this.interruptedBy) return;
    this.interruptedBy = signal;
    this.abortController.abort(new InterruptedError(signal));
  }

  /** Throws InterruptedError if the scope was interrupted. Call between steps. */
  throwIfInterrupted(): void {
    if (this.interruptedBy) throw new InterruptedError(this.interruptedBy);
  }
}

/**
 * Runs `fn` in a cleanup scope: SIGINT/SIGTERM/SIGHUP interrupt it, and so does a reader of its
 * output going away (as SIGPIPE: `output-closed.ts`), and the scope is always
 * released before this returns or throws. A second signal while cleaning up is ignored so the
 * cleanup itself is not cut short.
 */
export async function withCleanupScope<T>(
  fn: (scope: CleanupScope) => Promise<T>,
  /** Told what could not be cleaned up (e.g. a datadir that could not be removed). */
  onCleanupFailures: (failures: string[]) => void,
): Promise<T> {
  const scope = new CleanupScope();
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const onSignal = (signal: NodeJS.Signals): void => {
    scope.interrupt(signal);
  };
  for (const signal of signals) process.on(signal, onSignal);
  const stopWatching = onOutputClosed(() => {
    scope.interrupt('SIGPIPE');
  });
  try {
    const result = await fn(scope);
    scope.throwIfInterrupted();
    return result;
  } catch (error) {
    if (scope.interrupted) throw new InterruptedError(scope.interrupted);
    throw error;
  } finally {
    const failures = await scope.release();
    for (const signal of signals) process.off(signal, onSignal);
    stopWatching();
    if (failures.length > 0) onCleanupFailures(failures);
  }
}

/**
 * withCleanupScope, with what could not be cleaned up reported as a warning through `logger`. Given
 * a caller's `scope`, runs in it instead: the caller releases it.
 */
export async function inCleanupScope<T>(
  logger: Pick<Logger, 'warning'>,
  fn: (scope: CleanupScope) => Promise<T>,
  scope?: CleanupScope,
): Promise<T> {
  if (scope) return fn(scope);
  return withCleanupScope(fn, (failures) => {
    logger.warning(`could not clean up everything:\n${failures.join('\n')}`);
  });
}
