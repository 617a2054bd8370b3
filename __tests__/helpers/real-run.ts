// Shared set-up of the tests that run the real tool end to end: where the package and the tiny
// suite are, whether a server and sysbench are there, and a fresh temp directory per test.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { requireCommand } from './requirements.js';

export const ROOT = join(import.meta.dirname, '../..');
/** Two workloads, two thread counts, 2 × 3 s per cell: small enough for CI. */
export const TINY_SUITE = join(ROOT, '__fixtures__/suites/tiny.yml');

/** describe, or describe.skip with a message (a failure under CI=true) without mariadbd and sysbench. */
export function describeWithServer(): jest.Describe {
  return requireCommand('mariadbd') && requireCommand('sysbench') ? describe : describe.skip;
}

/** A temp directory made before and removed after every test; read `.path` inside a test. */
export function useTempDir(prefix: string): { readonly path: string } {
  const state = { path: '' };
  beforeEach(() => {
    state.path = mkdtempSync(join(os.tmpdir(), prefix));
  });
  afterEach(() => {
    rmSync(state.path, { recursive: true, force: true });
  });
  return state;
}
