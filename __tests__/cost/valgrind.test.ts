import { callgrindLaunch, callgrindPaths, withOneArena } from '../../src/cost/valgrind.js';
import { valgrindServerOptions } from '../../src/cost/valgrind-options.js';
import { InputError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

describe('valgrindServerOptions', () => {
  it('turns native AIO off and reserves only the configured buffer pool on MariaDB', () => {
    expect(valgrindServerOptions('mariadb', { innodb_buffer_pool_size: '256M' }, true)).toEqual({
      innodb_use_native_aio: 'OFF',
      innodb_buffer_pool_size_max: '256M',
      thread_cache_size: '0',
    });
    expect(valgrindServerOptions('mariadb', {}, true).innodb_buffer_pool_size_max).toBe('128M');
  });

  it('leaves innodb_buffer_pool_size_max out where the server lacks it (MySQL, older MariaDB)', () => {
    expect(valgrindServerOptions('mysql', { innodb_buffer_pool_size: '1G' }, false)).toEqual({
      innodb_use_native_aio: 'OFF',
      thread_cache_size: '0',
    });
    expect(valgrindServerOptions('mariadb', {}, false)).toEqual({
      innodb_use_native_aio: 'OFF',
      thread_cache_size: '0',
    });
  });

  it('turns the thread cache off unless the user set it, in either spelling', () => {
    expect(valgrindServerOptions('mariadb', { 'thread-cache-size': '8' }, false)).toEqual({
      innodb_use_native_aio: 'OFF',
    });
    expect(
      valgrindServerOptions('mysql', { thread_cache_size: '16' }, false).thread_cache_size,
    ).toBeUndefined();
  });

  it('refuses a user option that would hang the server under valgrind', () => {
    const error = thrownBy(InputError, () =>
      valgrindServerOptions('mariadb', { innodb_use_native_aio: 'ON' }, true),
    );
    expect(error.message).toMatch(/innodb_use_native_aio=ON cannot be used with metric: instructions/);
    expect(valgrindServerOptions('mariadb', { innodb_use_native_aio: '0' }, true).innodb_use_native_aio).toBe(
      'OFF',
    );
  });
});

describe('withOneArena', () => {
  it.each([
    [undefined, 'glibc.malloc.arena_max=1'],
    ['', 'glibc.malloc.arena_max=1'],
    ['glibc.malloc.tcache_count=0', 'glibc.malloc.tcache_count=0:glibc.malloc.arena_max=1'],
    ['glibc.malloc.arena_max=4', 'glibc.malloc.arena_max=4'],
    ['glibc.pthread.rseq=0:glibc.malloc.arena_max=2', 'glibc.pthread.rseq=0:glibc.malloc.arena_max=2'],
  ])('%j → %j', (given, expected) => {
    expect(withOneArena(given)).toBe(expected);
  });
});

describe('callgrindLaunch', () => {
  it('starts uninstrumented, with vgdb FIFOs and dumps in the side directory', () => {
    const paths = callgrindPaths('/run/base/callgrind');
    const launch = callgrindLaunch(
      paths,
      '/usr/sbin/mariadbd',
      ['--defaults-file=/run/base/my.cnf'],
      '/run/base/tmp',
    );
    expect(launch.command).toBe('valgrind');
    expect(launch.args).toEqual([
      '--tool=callgrind',
      '--instr-atstart=no',
      '--vgdb=yes',
      '--vgdb-prefix=/run/base/callgrind/vgdb',
      '--callgrind-out-file=/run/base/callgrind/callgrind.out.%p',
      '/usr/sbin/mariadbd',
      '--defaults-file=/run/base/my.cnf',
    ]);
    expect(launch.env.TMPDIR).toBe('/run/base/tmp');
    expect(launch.env.GLIBC_TUNABLES).toMatch(/(^|:)glibc\.malloc\.arena_max=/);
  });
});
