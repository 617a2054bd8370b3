// The CLI as a process of its own, run from src/ rather than dist/: for tests that need its pid
// or must kill it (-9 included), on the code as it is now rather than as last bundled.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { ROOT } from './real-run.js';

/** `node` and its arguments to run `mysql-perf-gate ARGS…` from the sources. */
export function sourceCli(...args: string[]): [string, string[]] {
  return [
    process.execPath,
    [
      // Type stripping alone cannot run constructor parameter properties (errors.ts has some).
      '--experimental-transform-types',
      '--disable-warning=ExperimentalWarning',
      '--import',
      join(ROOT, '__tests__/helpers/ts-source-hooks.ts'),
      join(ROOT, 'src/cli/index.ts'),
      ...args,
    ],
  ];
}

/** Runs `mysql-perf-gate ARGS…` from the sources to its end: its exit code and stdout and stderr together. */
export function runSourceCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; output: string }> {
  const [node, argv] = sourceCli(...args);
  const child = spawn(node, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      resolve({ code, output });
    });
  });
}
