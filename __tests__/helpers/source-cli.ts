// The CLI as a process of its own, run from src/ rather than dist/: for tests that need its pid
// or must kill it (-9 included), on the code as it is now rather than as last bundled.
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
