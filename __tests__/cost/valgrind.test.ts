import { callgrindLaunch, callgrindPaths, valgrindServerOptions } from '../../src/cost/valgrind.js';
import { InputError } from '../../src/errors.js';
import { thrownBy } from '../helpers/errors.js';

describe('valgrindServerOptions', () => {
  it('turns native AIO off and reserves only the configured buffer pool on MariaDB', () => {
    expect(valgrindServerOptions('mariadb', { innodb_buffer_pool_size: '256M' }, true)).toEqual({
      innodb_use_native_aio: 'OFF',
      innodb_buffer_pool_size_max: '256M',
    });
    expect(valgrindServerOptions('mariadb', {}, true).innodb_buffer_pool_size_max).toBe('128M');
  });

  it('leaves innodb_buffer_pool_size_max out where the server lacks it (MySQL, older MariaDB)', () => {
    expect(valgrindServerOptions('mysql', { innodb_buffer_pool_size: '1G' }, false)).toEqual({
      innodb_use_native_aio: 'OFF',
    });
    expect(valgrindServerOptions('mariadb', {}, false)).toEqual({ innodb_use_native_aio: 'OFF' });
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
  });
});
