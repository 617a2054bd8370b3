import { describe, expect, it } from '@jest/globals';

import { type PathKind, sandbox, sandboxArgs } from '../../src/shell/sandbox.js';
import { sysBinds } from '../../src/shell/sandbox-sys.js';

const MERGED_USR = (path: string): PathKind => {
  if (path === '/usr') return { kind: 'dir' };
  if (['/bin', '/sbin', '/lib', '/lib64'].includes(path)) return { kind: 'link', target: `usr${path}` };
  return { kind: 'none' };
};

/** The index of `flag path path` in args, or -1. */
function bindAt(args: readonly string[], flag: string, path: string): number {
  return args.findIndex((arg, index) => arg === flag && args[index + 1] === path && args[index + 2] === path);
}

describe('sandboxArgs', () => {
  const args = sandboxArgs({ writable: ['/work/build', '/work/src'], readable: ['/work'] }, MERGED_USR);

  it('unshares every namespace, dies with its parent, has a session and no capabilities of its own', () => {
    for (const flag of [
      '--unshare-user',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--unshare-net',
      '--die-with-parent',
      '--new-session',
      '--disable-userns',
    ]) {
      expect(args).toContain(flag);
    }
    expect(args.join(' ')).toContain('--cap-drop ALL');
  });

  it('shows the system read-only, linking what is a link, and nothing of a missing directory', () => {
    expect(bindAt(args, '--ro-bind', '/usr')).toBeGreaterThanOrEqual(0);
    expect(args.join(' ')).toContain('--symlink usr/bin /bin');
    expect(args).not.toContain('/lib32');
    expect(args.join(' ')).toContain('--tmpfs /tmp');
  });

  it('binds the readable directories before the writable ones, and makes the rest read-only last', () => {
    const readable = bindAt(args, '--ro-bind', '/work');
    const writable = bindAt(args, '--bind', '/work/build');
    expect(readable).toBeGreaterThanOrEqual(0);
    expect(writable).toBeGreaterThan(readable);
    expect(bindAt(args, '--bind', '/work/src')).toBeGreaterThan(readable);
    expect(args.slice(-2)).toEqual(['--remount-ro', '/']);
  });

  it('shows of /sys the CPUs, NUMA nodes, huge pages and block devices, not the whole of it', () => {
    expect(bindAt(args, '--ro-bind-try', '/sys')).toBe(-1);
    for (const path of [
      '/sys/devices/system/cpu',
      '/sys/devices/system/node',
      '/sys/kernel/mm/hugepages',
      '/sys/block',
    ]) {
      expect(bindAt(args, '--ro-bind-try', path)).toBeGreaterThanOrEqual(0);
    }
    expect(args.filter((arg) => /^\/sys\/(class|fs|firmware|module)/.test(arg))).toEqual([]);
  });

  it('binds no home directory, /etc or /root unless asked', () => {
    expect(args).not.toContain('/etc');
    expect(args).not.toContain('/root');
    expect(args).not.toContain('/home');
    expect(
      args.filter((arg) => arg.startsWith('/etc/')).every((arg) => !/shadow|ssh|sudoers/.test(arg)),
    ).toBe(true);
  });
});

describe('sandbox', () => {
  const confined = sandbox({ writable: ['/w'] });

  it("runs the system's program, found before entering, after the options, under the seccomp filter", () => {
    const command = confined.wrap('sh', ['-c', 'true']);
    expect(command.file).toBe('/bin/sh');
    const bwrap = command.args.findIndex((arg) => arg.endsWith('/bwrap'));
    expect(command.args.slice(bwrap + 1, bwrap + 3)).toEqual(['--seccomp', '9']);
    expect(command.args[bwrap - 1]).toMatch(/\/assets\/seccomp\/(x86_64|aarch64)\.bpf$/);
    expect(command.args.slice(-4)).toEqual([
      '--',
      expect.stringMatching(/^\/(usr\/)?bin\/sh$/),
      '-c',
      'true',
    ]);
  });

  it('fixes PATH inside to the system directories', () => {
    expect(sandboxArgs({ writable: [] }, MERGED_USR).join(' ')).toContain(
      '--setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    );
  });

  it('gives the allow-listed environment with HOME and TMPDIR inside the sandbox', () => {
    const env = confined.env({
      PATH: '/usr/bin',
      HOME: '/root',
      'INPUT_GITHUB-TOKEN': 'x',
      CCACHE_DIR: '/w/c',
      CCACHE_REMOTE_STORAGE: 'redis://user:pass@cache',
      https_proxy: 'http://user:pass@proxy:3128',
    });
    expect(env).toEqual({ PATH: '/usr/bin', HOME: '/tmp', TMPDIR: '/tmp', CCACHE_DIR: '/w/c' });
  });
});

describe('sysBinds', () => {
  it("binds each block device's own directory, where /sys/block's links point", () => {
    const args = sysBinds(() => ['/sys/devices/pci0000:00/virtio1/block/vda']);
    expect(args.join(' ')).toContain(
      '--ro-bind-try /sys/devices/pci0000:00/virtio1/block/vda /sys/devices/pci0000:00/virtio1/block/vda',
    );
    expect(args.join(' ')).toContain('--ro-bind-try /sys/dev/block /sys/dev/block');
  });
});
