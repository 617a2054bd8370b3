// One step of a build (configure, build, install) run with its output teed into a log file in the
// build directory. The log survives failure and interruption: it is the evidence of what went wrong.
// It keeps the step's first and last LOG_CAP.headBytes and .tailBytes (32 MiB each): an untrusted
// tree's build can print without end, and what lies between is dropped and said so in the log.
import type { WriteStream } from 'node:fs';

import { formatMiB } from '../format.js';
import type { CleanupScope } from '../shell/cleanup.js';
import type { ExecResult } from '../shell/exec.js';
import type { Logger } from '../shell/logger.js';
import { freshWriteStream } from '../shell/no-follow.js';

export interface LoggedStep {
  readonly result: ExecResult;
  /** What the log kept of the step's output, stdout and stderr as they came. */
  readonly text: string;
  readonly seconds: number;
  /** Bytes of output dropped from the middle of the log (0 when it kept everything). */
  readonly droppedBytes: number;
}

/** How much of a step's output its log keeps: its head and its tail, in bytes. */
export interface LogCap {
  readonly headBytes: number;
  readonly tailBytes: number;
}

/** A MariaDB build's log is a few MiB; one with every warning, a few tens. */
export const LOG_CAP: LogCap = { headBytes: 32 * 2 ** 20, tailBytes: 32 * 2 ** 20 };

/** The line that stands in the log for what was dropped. */
export function droppedLine(dropped: number, cap: LogCap): string {
  return `\n[… ${formatMiB(dropped)} (${dropped} bytes) of output dropped here: this log keeps the first ${formatMiB(cap.headBytes)} and the last ${formatMiB(cap.tailBytes)} of what the step printed …]\n`;
}

/** The head written as it comes, the tail held until the step ends, the middle counted. */
class CappedOutput {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private kept: string | undefined;
  dropped = 0;
  total = 0;

  constructor(
    private readonly stream: WriteStream,
    private readonly cap: LogCap,
  ) {}

  feed(chunk: string): void {
    let bytes = Buffer.from(chunk, 'utf8');
    this.total += bytes.length;
    if (this.headBytes < this.cap.headBytes) {
      const taken = bytes.subarray(0, this.cap.headBytes - this.headBytes);
      this.stream.write(taken);
      this.head.push(taken);
      this.headBytes += taken.length;
      bytes = bytes.subarray(taken.length);
    }
    if (bytes.length === 0) return;
    this.tail.push(bytes);
    this.tailBytes += bytes.length;
    for (
      let first = this.tail[0];
      first !== undefined && this.tailBytes - first.length >= this.cap.tailBytes;
      first = this.tail[0]
    ) {
      this.tail.shift();
      this.tailBytes -= first.length;
      this.dropped += first.length;
    }
  }

  /** Writes the tail (after the line for what was dropped, if anything was); the text kept. */
  finish(): string {
    if (this.kept !== undefined) return this.kept;
    let tail = Buffer.concat(this.tail);
    if (tail.length > this.cap.tailBytes) {
      this.dropped += tail.length - this.cap.tailBytes;
      tail = tail.subarray(tail.length - this.cap.tailBytes);
    }
    this.tail = [];
    const marker = this.dropped > 0 ? droppedLine(this.dropped, this.cap) : '';
    if (marker !== '') this.stream.write(marker);
    if (tail.length > 0) this.stream.write(tail);
    this.kept = `${Buffer.concat(this.head).toString('utf8')}${marker}${tail.toString('utf8')}`;
    return this.kept;
  }
}

/** Runs `run` with a sink for its output, which goes to `path` and into the returned text. */
export async function logged(
  path: string,
  scope: CleanupScope,
  logger: Logger,
  step: string,
  run: (sink: (chunk: string) => void) => Promise<ExecResult>,
  cap: LogCap = LOG_CAP,
): Promise<LoggedStep> {
  scope.throwIfInterrupted();
  // Fresh, never through a link: the build directory is the tree's to write when it is untrusted.
  const stream: WriteStream = await freshWriteStream(path);
  const output = new CappedOutput(stream, cap);
  logger.info(`${step}…`);
  const start = performance.now();
  try {
    const result = await run((chunk) => {
      output.feed(chunk);
    });
    const text = output.finish();
    return { result, text, seconds: (performance.now() - start) / 1000, droppedBytes: output.dropped };
  } finally {
    output.finish();
    await new Promise<void>((done) => stream.end(done));
    if (output.dropped > 0) {
      logger.info(
        `${step} printed ${formatMiB(output.total)}; ${path} keeps its first ${formatMiB(cap.headBytes)} and last ${formatMiB(cap.tailBytes)} (${formatMiB(output.dropped)} dropped between)`,
      );
    }
    if (scope.interrupted) logger.info(`${step} interrupted; its output so far is in ${path}`);
  }
}
