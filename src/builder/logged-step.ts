// One step of a build (configure, build, install) run with its output teed into a log file in the
// build directory. The log survives failure and interruption: it is the evidence of what went wrong.
import type { WriteStream } from 'node:fs';

import type { CleanupScope } from '../shell/cleanup.js';
import type { ExecResult } from '../shell/exec.js';
import type { Logger } from '../shell/logger.js';
import { freshWriteStream } from '../shell/no-follow.js';

export interface LoggedStep {
  readonly result: ExecResult;
  /** Everything the step printed, stdout and stderr as they came. */
  readonly text: string;
  readonly seconds: number;
}

/** Runs `run` with a sink for its output, which goes to `path` and into the returned text. */
export async function logged(
  path: string,
  scope: CleanupScope,
  logger: Logger,
  step: string,
  run: (sink: (chunk: string) => void) => Promise<ExecResult>,
): Promise<LoggedStep> {
  scope.throwIfInterrupted();
  // Fresh, never through a link: the build directory is the tree's to write when it is untrusted.
  const stream: WriteStream = await freshWriteStream(path);
  const chunks: string[] = [];
  const sink = (chunk: string): void => {
    chunks.push(chunk);
    stream.write(chunk);
  };
  logger.info(`${step}…`);
  const start = performance.now();
  try {
    const result = await run(sink);
    return { result, text: chunks.join(''), seconds: (performance.now() - start) / 1000 };
  } finally {
    await new Promise<void>((done) => stream.end(done));
    if (scope.interrupted) logger.info(`${step} interrupted; its output so far is in ${path}`);
  }
}
