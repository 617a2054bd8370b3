// Shared set-up of the tests that run the real tool end to end: where the package and the tiny
// suite are, whether a server and sysbench are there, and a fresh temp directory per test.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { jest as jestGlobals } from '@jest/globals';

import { requireCommand } from './requirements.js';

export const ROOT = join(import.meta.dirname, '../..');

// Runs take the machine lock, and record their servers, in the machine-state directory. Jest runs
// test files in parallel: sharing the machine's directory, their runs would wait for each other.
// So each test file that imports this gets a directory of its own (the code under test, and
// children spawned with `env: { ...process.env }`, see it; a child spawned without `env` gets
// Node's own environment, not Jest's copy, and so the machine's directory).
const privateStateDir = mkdtempSync(join(os.tmpdir(), 'gate-state-'));
const machineStateDir = process.env.MYSQL_PERF_GATE_STATE_DIR;
process.env.MYSQL_PERF_GATE_STATE_DIR = privateStateDir;
afterAll(() => {
  rmSync(privateStateDir, { recursive: true, force: true });
});

/** For a describe block whose runs must share the machine's own state directory (its real lock). */
export function useSharedMachineState(): void {
  beforeAll(() => {
    if (machineStateDir === undefined) delete process.env.MYSQL_PERF_GATE_STATE_DIR;
    else process.env.MYSQL_PERF_GATE_STATE_DIR = machineStateDir;
  });
  afterAll(() => {
    process.env.MYSQL_PERF_GATE_STATE_DIR = privateStateDir;
  });
}

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

/** Everything a test's command writes to stdout and stderr, in the order written, cleared per test. */
export function captureOutput(): { readonly text: string; clear(): void } {
  const chunks: string[] = [];
  const spies: { mockRestore(): void }[] = [];
  beforeEach(() => {
    chunks.length = 0;
    const capture = (chunk: string | Uint8Array): boolean => {
      chunks.push(String(chunk));
      return true;
    };
    spies.push(jestGlobals.spyOn(process.stdout, 'write').mockImplementation(capture));
    spies.push(jestGlobals.spyOn(process.stderr, 'write').mockImplementation(capture));
  });
  afterEach(() => {
    for (const spy of spies.splice(0)) spy.mockRestore();
  });
  return {
    get text() {
      return chunks.join('');
    },
    clear() {
      chunks.length = 0;
    },
  };
}

/** Captures what the code under test writes to one stream, per test; read `.text` inside a test. */
function captureStream(stream: NodeJS.WriteStream): { readonly text: string } {
  const chunks: string[] = [];
  let spy: { mockRestore(): void } | undefined;
  beforeEach(() => {
    chunks.length = 0;
    spy = jestGlobals.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      chunks.push(String(chunk));
      return true;
    });
  });
  afterEach(() => {
    spy?.mockRestore();
  });
  return {
    get text() {
      return chunks.join('');
    },
  };
}

/** Captures what the code under test writes to stderr, per test; read `.text` inside a test. */
export function captureStderr(): { readonly text: string } {
  return captureStream(process.stderr);
}

/** Captures what the code under test writes to stdout, per test; read `.text` inside a test. */
export function captureStdout(): { readonly text: string } {
  return captureStream(process.stdout);
}
