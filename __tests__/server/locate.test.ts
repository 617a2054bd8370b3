import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { InputError } from '../../src/errors.js';
import { basedirOf, locateServer } from '../../src/server/locate.js';

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'gate-locate-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function fakeBinary(relative: string, mode = 0o755): string {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, '#!/bin/sh\n');
  chmodSync(file, mode);
  return file;
}

describe('locateServer', () => {
  it.each([
    ['bin/mysqld', '.'],
    ['sbin/mariadbd', '.'],
    ['libexec/mysqld', '.'],
    ['usr/sbin/mariadbd', 'usr'],
  ])('finds %s in a prefix; basedir %s', async (relative, basedir) => {
    const binary = fakeBinary(relative);
    expect(await locateServer(root)).toEqual({ binary, basedir: path.resolve(root, basedir) });
  });

  it('prefers mariadbd to the mysqld symlink MariaDB installs beside it', async () => {
    const binary = fakeBinary('bin/mariadbd');
    symlinkSync(binary, path.join(root, 'bin/mysqld'));
    expect(await locateServer(root)).toEqual({ binary, basedir: root });
  });

  it('accepts the bin directory itself', async () => {
    const binary = fakeBinary('bin/mysqld');
    expect(await locateServer(path.join(root, 'bin'))).toEqual({ binary, basedir: root });
  });

  it('accepts the binary, relative paths resolved', async () => {
    const binary = fakeBinary('sbin/mariadbd');
    const relative = path.relative(process.cwd(), binary);
    expect(await locateServer(relative)).toEqual({ binary, basedir: root });
  });

  it('refuses a path that does not exist, naming the input', async () => {
    const missing = path.join(root, 'nope');
    await expect(locateServer(missing, '--base')).rejects.toThrow(InputError);
    await expect(locateServer(missing, '--base')).rejects.toThrow(
      `--base ${missing}: no such file or directory`,
    );
  });

  it('refuses a prefix without a server, listing where it looked', async () => {
    mkdirSync(path.join(root, 'bin'));
    const error = await locateServer(root).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toContain('holds no server binary');
    expect((error as Error).message).toContain(path.join(root, 'bin', 'mariadbd'));
    expect((error as Error).message).toContain(path.join(root, 'usr', 'sbin', 'mysqld'));
  });

  it('refuses a file that is not executable', async () => {
    const binary = fakeBinary('bin/mysqld', 0o644);
    if (process.getuid?.() === 0) return; // root may execute anything access() is asked about
    await expect(locateServer(binary)).rejects.toThrow('is not executable');
  });
});

describe('basedirOf', () => {
  it.each([
    ['/usr/sbin/mariadbd', '/usr'],
    ['/opt/mysql-8.4/bin/mysqld', '/opt/mysql-8.4'],
    ['/opt/mysql/libexec/mysqld', '/opt/mysql'],
    ['/home/me/build/sql/mariadbd', '/home/me/build/sql'],
  ])('%s → %s', (binary, basedir) => {
    expect(basedirOf(binary)).toBe(basedir);
  });
});
