// The one way this project runs a process to completion: {exitCode, stdout, stderr}, or a typed
// error carrying the last lines of stderr. Long-lived processes (servers) use spawnServer instead.
import { spawn } from 'node:child_process';

import { DeadlineError, DependencyError, GateError, tailLines } from '../errors.js';
import { childEnv } from './child-env.js';
import { type Deadline, deadlineMessage, stopChild } from './deadline.js';

export type { Deadline } from './deadline.js';

export interface ExecResult {
  readonly exitCode: number;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ExecOptions {
  /**
   * The environment to start from (this process's by default); the child gets only its
   * allow-listed part (child-env.ts), never the action's inputs or tokens.
   */
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly input?: string;
  readonly signal?: AbortSignal;
  /** What the process is sent when `signal` aborts. Default SIGTERM. */
  readonly killSignal?: NodeJS.Signals;
  /** Called with each chunk of stdout as it arrives (progress, live logs). */
  readonly onStdout?: (chunk: string) => void;
  /** Called with each chunk of stderr as it arrives. */
  readonly onStderr?: (chunk: string) => void;
  /** When false, a non-zero exit is returned instead of thrown. Default true. */
  readonly check?: boolean;
  /** Hint appended to the "not found" error, e.g. how to install the tool. */
  readonly installHint?: string;
  /**
   * Keep only the last this many characters of stdout and of stderr in the result (all of it
   * still goes to onStdout and onStderr): for a child whose output is logged as it comes and may
   * be flooded. Default: all of it.
   */
  readonly keepChars?: number;
  /**
   * How long the child may take (and may stay silent): past it, the child is stopped (SIGTERM
   * and SIGCONT, for a stopped one, then SIGKILL) and exec throws DeadlineError naming it.
   */
  readonly deadline: Deadline;
}

export class ExecError extends GateError {
  constructor(
    readonly command: string,
    readonly result: ExecResult,
  ) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with status ${result.exitCode}`;
    const tail = tailLines(result.stderr || result.stdout, 20);
    super(`${command} ${how}${tail ? `:\n${tail}` : ''}`);
  }
}

/** What exec throws when its `signal` stopped the child: the signal's reason as the cause. */
function abortedError(command: string, signal: AbortSignal): GateError {
  const reason: unknown = signal.reason;
  return new GateError(`${command} was stopped: ${reason instanceof Error ? reason.message : 'aborted'}`, {
    cause: reason,
  });
}

/** A child's output as it comes, of which the last `limit` characters are kept (all without one). */
function kept(limit: number | undefined): { push(chunk: string): void; text(): string } {
  const parts: string[] = [];
  let length = 0;
  return {
    push(chunk) {
      parts.push(chunk);
      length += chunk.length;
      while (limit !== undefined && parts.length > 1 && length - (parts[0]?.length ?? 0) >= limit) {
        length -= parts.shift()?.length ?? 0;
      }
    },
    text() {
      const all = parts.join('');
      return limit === undefined ? all : all.slice(-limit);
    },
  };
}

export async function exec(file: string, args: readonly string[], options: ExecOptions): Promise<ExecResult> {
  const command = [file, ...args].join(' ');
  const deadline = options.deadline;
  return new Promise<ExecResult>((resolve, reject) => {
    const child = spawn(file, args, {
      env: childEnv(options.env ?? process.env),
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Not spawn's own `signal`: its kill leaves a stopped child (SIGSTOP) waiting for ever.
    const aborted = (): void => {
      stopChild(child, options.killSignal ?? 'SIGTERM');
    };
    if (options.signal?.aborted) aborted();
    options.signal?.addEventListener('abort', aborted, { once: true });
    const stdout = kept(options.keepChars);
    const stderr = kept(options.keepChars);
    let expired: 'total' | 'idle' | undefined;
    const expire = (why: 'total' | 'idle'): void => {
      expired ??= why;
      stopChild(child, 'SIGTERM');
    };
    const total = setTimeout(() => {
      expire('total');
    }, deadline.seconds * 1000);
    let idle: NodeJS.Timeout | undefined;
    const heard = (): void => {
      if (deadline.idleSeconds === undefined) return;
      clearTimeout(idle);
      idle = setTimeout(() => {
        expire('idle');
      }, deadline.idleSeconds * 1000);
    };
    heard();
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout.push(chunk);
      heard();
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      heard();
      options.onStderr?.(chunk);
    });
    const settle = (): void => {
      clearTimeout(total);
      clearTimeout(idle);
      options.signal?.removeEventListener('abort', aborted);
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle();
      if (error.code === 'ENOENT') {
        reject(
          new DependencyError(
            `${file} was not found${options.installHint ? `; ${options.installHint}` : ''}`,
          ),
        );
      } else {
        reject(new GateError(`could not run ${command}: ${error.message}`, { cause: error }));
      }
    });
    child.on('close', (code, signal) => {
      settle();
      const result: ExecResult = {
        exitCode: code ?? -1,
        signal,
        stdout: stdout.text(),
        stderr: stderr.text(),
      };
      if (expired !== undefined) reject(new DeadlineError(deadlineMessage(deadline, expired), result));
      else if (options.signal?.aborted) reject(abortedError(command, options.signal));
      else if (options.check !== false && (code !== 0 || signal !== null))
        reject(new ExecError(command, result));
      else resolve(result);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
