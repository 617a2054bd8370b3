// The one way this project runs a process to completion: {exitCode, stdout, stderr}, or a typed
// error carrying the last lines of stderr. Long-lived processes (servers) use spawnServer instead.
import { spawn } from 'node:child_process';

import { DependencyError, GateError, tailLines } from '../errors.js';
import { childEnv } from './child-env.js';

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

export async function exec(
  file: string,
  args: readonly string[],
  options: ExecOptions = {},
): Promise<ExecResult> {
  const command = [file, ...args].join(' ');
  return new Promise<ExecResult>((resolve, reject) => {
    const child = spawn(file, args, {
      env: childEnv(options.env ?? process.env),
      cwd: options.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: options.signal,
      killSignal: options.killSignal ?? 'SIGTERM',
    });
    const stdout: string[] = [];
    const stderr: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout.push(chunk);
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr.push(chunk);
      options.onStderr?.(chunk);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
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
      const result: ExecResult = {
        exitCode: code ?? -1,
        signal,
        stdout: stdout.join(''),
        stderr: stderr.join(''),
      };
      if (options.check !== false && (code !== 0 || signal !== null)) reject(new ExecError(command, result));
      else resolve(result);
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
