import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

import {
  freshWriteStream,
  openAppending,
  readRegular,
  readRegularSync,
  readText,
  writeFresh,
} from '../../src/shell/no-follow.js';

let dir = '';
let target = '';
beforeEach(() => {
  dir = mkdtempSync(join(os.tmpdir(), 'no-follow-'));
  target = join(dir, 'credentials');
  writeFileSync(target, 'secret\n');
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('writing where untrusted code could have planted a link', () => {
  it('writeFresh replaces the link and leaves its target alone', async () => {
    symlinkSync(target, join(dir, 'build.json'));
    await writeFresh(join(dir, 'build.json'), '{}\n');
    expect(readFileSync(target, 'utf8')).toBe('secret\n');
    expect(readFileSync(join(dir, 'build.json'), 'utf8')).toBe('{}\n');
  });

  it('freshWriteStream does the same for a log', async () => {
    symlinkSync(target, join(dir, 'build.log'));
    const stream = await freshWriteStream(join(dir, 'build.log'));
    await new Promise<void>((done) => stream.end('log line\n', done));
    expect(readFileSync(target, 'utf8')).toBe('secret\n');
    expect(readFileSync(join(dir, 'build.log'), 'utf8')).toBe('log line\n');
  });

  it('openAppending refuses a link', async () => {
    symlinkSync(target, join(dir, 'error.log'));
    await expect(openAppending(join(dir, 'error.log'))).rejects.toThrow(/ELOOP/);
  });
});

describe('reading what untrusted code wrote', () => {
  it('reads a regular file up to the cap, or its tail', async () => {
    writeFileSync(join(dir, 'log'), '0123456789');
    expect((await readRegular(join(dir, 'log'), 4))?.toString()).toBe('0123');
    expect((await readRegular(join(dir, 'log'), 4, { tail: true }))?.toString()).toBe('6789');
    expect((await readRegular(join(dir, 'log'), 100, { from: 8, tail: true }))?.toString()).toBe('89');
    expect(readRegularSync(join(dir, 'log'), 3)?.toString()).toBe('789');
    await expect(readText(join(dir, 'log'), 100)).resolves.toBe('0123456789');
  });

  it('is undefined for a missing file', async () => {
    await expect(readRegular(join(dir, 'none'), 10)).resolves.toBeUndefined();
    expect(readRegularSync(join(dir, 'none'), 10)).toBeUndefined();
    await expect(readText(join(dir, 'none'), 10)).rejects.toThrow('is missing');
  });

  it('refuses a link and a FIFO instead of following or blocking', async () => {
    symlinkSync(target, join(dir, 'error.log'));
    await expect(readRegular(join(dir, 'error.log'), 100)).rejects.toThrow('is a symbolic link');
    expect(readRegularSync(join(dir, 'error.log'), 100)).toBeUndefined();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    await expect(readRegular(join(dir, 'fifo'), 100)).rejects.toThrow('is not a regular file');
    expect(readRegularSync(join(dir, 'fifo'), 100)).toBeUndefined();
  });
});
