// Who hears of a server's unexpected exit: listeners added and removed by a run's steps, each told
// the error once; one that throws is logged and the others are still told.
import { errorMessage, type ServerError } from '../errors.js';

export class ExitListeners {
  private readonly listeners = new Set<(error: ServerError) => void>();

  constructor(private readonly log?: (line: string) => void) {}

  /** Adds a listener; returns what removes it. */
  add(listener: (error: ServerError) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  tell(error: ServerError): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(error);
      } catch (listenerError) {
        this.log?.(`an unexpected-exit listener failed: ${errorMessage(listenerError)}`);
      }
    }
  }
}
