// A spawned process whose stdout and stderr are collected as they come, so a test can wait for a
// line (a server ready, a build step) before it kills or signals the process.
import type { ChildProcess } from 'node:child_process';

export interface WatchedChild {
  readonly child: ChildProcess;
  /** stdout and stderr so far, interleaved as they came. */
  readonly output: () => string;
  /** Resolves once the output contains `text`; rejects if the process exits first. */
  readonly waitFor: (text: string) => Promise<void>;
  /** The exit status, or the signal that ended it. */
  readonly exit: Promise<number | NodeJS.Signals | null>;
}

/** Watches a child spawned with piped stdout and stderr; `name` labels it in failures. */
export function watchChild(child: ChildProcess, name: string): WatchedChild {
  let output = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: string): void => {
    output += chunk;
    for (const waiter of waiters.filter((candidate) => output.includes(candidate.text))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };
  child.stdout?.setEncoding('utf8').on('data', onData);
  child.stderr?.setEncoding('utf8').on('data', onData);
  const exit = new Promise<number | NodeJS.Signals | null>((done) => {
    child.on('close', (code, signal) => {
      done(code ?? signal);
    });
  });
  const waitFor = (text: string): Promise<void> =>
    new Promise<void>((done, fail) => {
      if (output.includes(text)) {
        done();
        return;
      }
      waiters.push({ text, resolve: done });
      void exit.then((status) => {
        fail(new Error(`${name} exited (${String(status)}) before printing "${text}":\n${output}`));
      });
    });
  return { child, output: () => output, waitFor, exit };
}
