import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';

import { serverConfinement } from '../../src/server/server-sandbox.js';

let dir = '';
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(os.tmpdir(), 'server-sandbox-')));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The paths the sandbox binds read-only and read-write. */
function binds(args: readonly string[]): { readonly: string[]; writable: string[] } {
  const at = (flag: string): string[] =>
    args.flatMap((arg, index) => (arg === flag ? [args[index + 1] ?? ''] : []));
  return { readonly: at('--ro-bind').filter((path) => path.startsWith(dir)), writable: at('--bind') };
}

describe('serverConfinement', () => {
  it("shows the install and the side's directories", () => {
    const prefix = join(dir, 'prefix');
    mkdirSync(join(prefix, 'bin'), { recursive: true });
    const confined = serverConfinement(
      true,
      { binary: join(prefix, 'bin/mariadbd'), basedir: prefix },
      {
        dir: join(dir, 'side'),
        socketPath: join(dir, 'side/mysqld.sock'),
      },
    );
    const { args } = confined.wrap('mariadbd', []);
    expect(binds(args)).toEqual({ readonly: [prefix, join(prefix, 'bin')], writable: [join(dir, 'side')] });
  });

  it('does not show what a link the untrusted install made points to outside it', () => {
    const prefix = join(dir, 'prefix');
    const home = join(dir, 'home');
    mkdirSync(prefix, { recursive: true });
    mkdirSync(home);
    symlinkSync(home, join(prefix, 'bin'));
    symlinkSync(home, join(prefix, 'share'));
    const confined = serverConfinement(
      true,
      {
        binary: join(prefix, 'bin/mariadbd'),
        basedir: prefix,
        layout: { lc_messages_dir: join(prefix, 'share') },
      },
      { dir: join(dir, 'side'), socketPath: join(dir, 'side/mysqld.sock') },
    );
    expect(binds(confined.wrap('mariadbd', []).args).readonly).toEqual([prefix]);
  });

  it('runs a trusted server as it is', () => {
    const confined = serverConfinement(
      false,
      { binary: '/usr/sbin/mariadbd', basedir: '/usr' },
      {
        dir: '/tmp/side',
        socketPath: '/tmp/side/mysqld.sock',
      },
    );
    expect(confined.wrap('/usr/sbin/mariadbd', ['--version'])).toEqual({
      file: '/usr/sbin/mariadbd',
      args: ['--version'],
    });
  });
});
