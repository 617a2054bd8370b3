// withFileLockAsync: one holder at a time, waiting without blocking the event loop, and failing
// with the lock's name once the wait is over.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { withFileLockAsync } from '../../src/shell/file-lock.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'gate-lock-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const options = (waitMs: number) => ({
  what: 'test',
  waitMs,
  makeError: (message: string) => new Error(message),
});

describe('withFileLockAsync', () => {
  it('lets a second holder in only after the first is done, and removes the lock', async () => {
    const path = join(dir, 'store');
    const order: string[] = [];
    let release = (): void => undefined;
    const first = withFileLockAsync(
      path,
      () =>
        new Promise<void>((resolve) => {
          order.push('first in');
          release = () => {
            order.push('first out');
            resolve();
          };
        }),
      options(0),
    );
    const second = withFileLockAsync(
      path,
      () => {
        order.push('second in');
        return Promise.resolve();
      },
      options(5000),
    );
    // The event loop still runs while the second waits: the first can finish.
    setTimeout(() => {
      release();
    }, 200);
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
    expect(existsSync(`${path}.lock`)).toBe(false);
  });

  it('fails after its wait when a live holder keeps the lock', async () => {
    const path = join(dir, 'store');
    writeFileSync(
      `${path}.lock`,
      JSON.stringify({ pid: process.pid, hostname: os.hostname(), createdAt: new Date().toISOString() }),
    );
    await expect(withFileLockAsync(path, () => Promise.resolve(1), options(100))).rejects.toThrow(
      `another test is writing ${path} (lock file ${path}.lock exists, waited for 0 s)`,
    );
  });

  it('takes over the lock of a holder that died, and releases it when the work throws', async () => {
    const path = join(dir, 'store');
    writeFileSync(
      `${path}.lock`,
      JSON.stringify({ pid: 999_999_999, hostname: os.hostname(), createdAt: '' }),
    );
    await expect(
      withFileLockAsync(path, () => Promise.reject(new Error('boom')), options(0)),
    ).rejects.toThrow('boom');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
