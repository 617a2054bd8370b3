import { existsSync } from 'node:fs';

import { describe, expect, it } from '@jest/globals';

import { DependencyError } from '../../src/errors.js';
import {
  dropPrivileges,
  enterSandbox,
  SANDBOX_PATH,
  sandboxProgram,
  seccompFilter,
  withSeccomp,
} from '../../src/shell/sandbox-entry.js';
import { ROOT } from '../helpers/real-run.js';

/** Where this machine's system has `name`: the first of the sandbox's PATH. */
function systemPath(name: string): string | undefined {
  return SANDBOX_PATH.split(':')
    .map((dir) => `${dir}/${name}`)
    .find((file) => existsSync(file));
}

describe('sandboxProgram', () => {
  it("finds a bare name in the system's directories, whatever this process's PATH", () => {
    const saved = process.env.PATH;
    process.env.PATH = '/tmp/planted:/usr/bin';
    try {
      expect(sandboxProgram('sh')).toBe(systemPath('sh'));
    } finally {
      process.env.PATH = saved;
    }
  });

  it('keeps a path, made absolute, and a name found nowhere as it is', () => {
    expect(sandboxProgram('/opt/server/bin/mariadbd')).toBe('/opt/server/bin/mariadbd');
    expect(sandboxProgram('bin/mariadbd')).toBe(`${process.cwd()}/bin/mariadbd`);
    expect(sandboxProgram('no-such-program-anywhere')).toBe('no-such-program-anywhere');
  });
});

describe('seccompFilter', () => {
  it("is this package's asset for x86_64 and aarch64", () => {
    expect(seccompFilter('x64', ROOT)).toBe(`${ROOT}/assets/seccomp/x86_64.bpf`);
    expect(seccompFilter('arm64', ROOT)).toBe(`${ROOT}/assets/seccomp/aarch64.bpf`);
    expect(existsSync(seccompFilter('x64', ROOT))).toBe(true);
  });

  it('refuses another machine, and a missing file, in one line', () => {
    expect(() => seccompFilter('riscv64', ROOT)).toThrow(DependencyError);
    expect(() => seccompFilter('riscv64', ROOT)).toThrow(
      "the sandbox's seccomp filter is built for x86_64 and aarch64 only, not riscv64: untrusted code is not run on this machine",
    );
    expect(() => seccompFilter('x64', '/nonexistent')).toThrow(
      "the sandbox's seccomp filter /nonexistent/assets/seccomp/x86_64.bpf is missing from this installation; reinstall it",
    );
  });
});

describe('withSeccomp', () => {
  it('opens the filter on descriptor 9 in a shell that becomes bwrap', () => {
    expect(withSeccomp('/pkg/f.bpf', '/usr/bin/bwrap', ['--unshare-user', '--', '/usr/bin/true'])).toEqual({
      file: '/bin/sh',
      args: [
        '-c',
        'f=$1; shift; exec "$@" 9<"$f"',
        'sh',
        '/pkg/f.bpf',
        '/usr/bin/bwrap',
        '--seccomp',
        '9',
        '--unshare-user',
        '--',
        '/usr/bin/true',
      ],
    });
  });
});

describe('dropPrivileges', () => {
  it('empties the bounding set only for uid 0, who may', () => {
    expect(dropPrivileges(0)).toEqual([
      '--no-new-privs',
      '--inh-caps=-all',
      '--ambient-caps=-all',
      '--bounding-set=-all',
    ]);
    expect(dropPrivileges(1001)).toEqual(['--no-new-privs', '--inh-caps=-all', '--ambient-caps=-all']);
  });
});

describe('enterSandbox', () => {
  const available = ['nsenter', 'setpriv', 'sh'].every((name) => systemPath(name) !== undefined);

  (available ? it : it.skip)(
    'enters with nsenter, drops privileges with setpriv, runs the absolute program',
    () => {
      const entry = enterSandbox(4242, 'sh', ['-c', 'true'], 'hint');
      expect(entry.file).toBe(systemPath('nsenter'));
      const [enter, rest] = [
        entry.args.slice(0, entry.args.indexOf('--')),
        entry.args.slice(entry.args.indexOf('--') + 1),
      ];
      expect(enter).toEqual([
        '--target',
        '4242',
        '--user',
        '--mount',
        '--pid',
        '--uts',
        '--net',
        '--ipc',
        '--preserve-credentials',
      ]);
      expect(rest[0]).toBe(systemPath('setpriv'));
      expect(rest.slice(-4)).toEqual(['--', systemPath('sh'), '-c', 'true']);
      expect(rest).toContain('--no-new-privs');
      expect(entry.env).toEqual({ PATH: SANDBOX_PATH });
    },
  );

  it("refuses a program the system's directories do not have, naming the hint", () => {
    expect(() => enterSandbox(4242, 'no-such-helper', [], 'install it')).toThrow(
      /no-such-helper was not found in .*; install it$/,
    );
  });
});
