// How the publishing half refuses an artifact: one line saying why, never a quoted payload.
import { GateError } from '../errors.js';
import { foldLines } from '../format.js';

/** Longest refusal printed: enough for the reason, not for a quoted payload. */
const MAX_REASON = 400;

/** The artifact is refused; the message is one line saying why. */
export class ArtifactError extends GateError {}

/** Folds a multi-line message (a schema's list of issues) into one line of at most MAX_REASON. */
export function oneLine(message: string): string {
  return foldLines(message, MAX_REASON);
}

export function refuse(reason: string, cause?: unknown): ArtifactError {
  return new ArtifactError(
    `artifact refused: ${oneLine(reason)}`,
    cause === undefined ? undefined : { cause },
  );
}
