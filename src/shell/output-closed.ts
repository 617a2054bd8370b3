// A reader that goes away (`run … | head`, a closed terminal or ssh session) closes the pipe the
// output goes to. Node ignores SIGPIPE and reports EPIPE as an 'error' event on process.stdout or
// process.stderr instead; unhandled, that ends the process at once, before any cleanup, leaving
// its servers running. Watched here, it interrupts the run as SIGPIPE would have, and later
// writes to the closed stream are dropped.

type Listener = () => void;

const listeners = new Set<Listener>();
const watched = new WeakSet<NodeJS.WritableStream>();
let closed = false;

function onError(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
  if (closed) return;
  closed = true;
  for (const listener of [...listeners]) listener();
}

/** Watches the streams (stdout and stderr by default) for a closed reader. Safe to call twice. */
export function watchOutputs(
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    if (watched.has(stream)) continue;
    watched.add(stream);
    stream.on('error', onError);
  }
}

/** Whether a watched stream's reader has gone away. */
export function outputClosed(): boolean {
  return closed;
}

/** Calls `listener` once a watched stream's reader goes away (at once if it has); returns the unsubscribe. */
export function onOutputClosed(listener: Listener): () => void {
  if (closed) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
