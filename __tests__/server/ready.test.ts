import type { ExitStatus } from '../../src/server/process.js';
import { waitUntilReady } from '../../src/server/ready.js';

const never = new Promise<ExitStatus>(() => undefined);

describe('waitUntilReady', () => {
  it('polls until the probe succeeds', async () => {
    let attempts = 0;
    const probe = (): Promise<void> =>
      ++attempts < 3 ? Promise.reject(new Error('ECONNREFUSED')) : Promise.resolve();
    const outcome = await waitUntilReady({
      probe,
      exited: never,
      timeoutMs: 5_000,
      intervalMs: 10,
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ kind: 'ready' });
    expect(attempts).toBe(3);
  });

  it('gives up as soon as the process exits', async () => {
    const status: ExitStatus = { code: 1, signal: null };
    const started = Date.now();
    const outcome = await waitUntilReady({
      probe: () => Promise.reject(new Error('ENOENT')),
      exited: new Promise((resolve) =>
        setTimeout(() => {
          resolve(status);
        }, 50),
      ),
      timeoutMs: 60_000,
      intervalMs: 10_000,
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ kind: 'exited', status });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out with the last error', async () => {
    const outcome = await waitUntilReady({
      probe: () => Promise.reject(new Error('connect ENOENT /w/mysqld.sock')),
      exited: never,
      timeoutMs: 100,
      intervalMs: 10,
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ kind: 'timeout', lastError: 'connect ENOENT /w/mysqld.sock' });
  });

  it('stops at once when the run is interrupted', async () => {
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort();
    }, 50);
    const outcome = await waitUntilReady({
      probe: () => Promise.reject(new Error('ENOENT')),
      exited: never,
      timeoutMs: 60_000,
      intervalMs: 10_000,
      signal: controller.signal,
    });
    expect(outcome).toEqual({ kind: 'aborted' });
  });

  it('is aborted, not ready, when the run was interrupted while a probe was connecting', async () => {
    const controller = new AbortController();
    const outcome = await waitUntilReady({
      // The server answers, but only after the interrupt came.
      probe: async () => {
        controller.abort();
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
      exited: never,
      timeoutMs: 60_000,
      signal: controller.signal,
    });
    expect(outcome).toEqual({ kind: 'aborted' });
  });
});
