// Creating a comment or an issue, repeated after a 5xx or a lost answer, must still leave one:
// GitHub may have made it before the answer was lost. So the create goes out without the retry
// plugin's blind repeats, and before each new attempt `find` looks for what the last one may have
// made (by its marker).
import { httpStatus } from './github-errors.js';

/** Whether a failed request may have been done by GitHub and may succeed when repeated. */
export function isTransient(error: unknown): boolean {
  const status = httpStatus(error);
  return status === undefined || status >= 500;
}

/** What the create call is given: its own request options, retries off. */
export const NO_RETRY = { retries: 0 } as const;

export interface CreateOnceOptions {
  readonly attempts?: number;
  /** Milliseconds a second lasts: attempt n waits n² of them, as the retry plugin does. */
  readonly secondMs?: number;
}

/**
 * `create()`, and after a transient failure `find()` then `create()` again, up to `attempts`
 * times: the thing found wins over another create. A refusal (4xx) is thrown at once.
 */
export async function createOnce<T>(
  find: () => Promise<T | undefined>,
  create: () => Promise<T>,
  options: CreateOnceOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  const secondMs = options.secondMs ?? 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      return await create();
    } catch (error) {
      if (!isTransient(error) || attempt >= attempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, attempt * attempt * secondMs));
    const found = await find().catch(() => undefined);
    if (found !== undefined) return found;
  }
}
