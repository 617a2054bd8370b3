import { cmakeArgs, type CmakeArgsInput, CONFIGURED_PREFIX } from '../../src/builder/cmake-args.js';
import { InputError } from '../../src/errors.js';
import { ACTION_NAMES, CLI_NAMES } from '../helpers/option-names.js';

const base = { cc: '/usr/bin/gcc-12', cxx: '/usr/bin/g++-12', extra: [], names: CLI_NAMES };

const COMMON = [
  '-DCMAKE_BUILD_TYPE=RelWithDebInfo',
  `-DCMAKE_INSTALL_PREFIX=${CONFIGURED_PREFIX}`,
  '-DCMAKE_C_COMPILER=/usr/bin/gcc-12',
  '-DCMAKE_CXX_COMPILER=/usr/bin/g++-12',
  '-DCMAKE_C_FLAGS=-gdwarf-4',
  '-DCMAKE_CXX_FLAGS=-gdwarf-4',
];

const MYSQL = [
  '-DDOWNLOAD_BOOST=OFF',
  '-DWITH_UNIT_TESTS=OFF',
  '-DWITH_ROUTER=OFF',
  '-DWITH_NDB=OFF',
  '-DWITH_NDBCLUSTER_STORAGE_ENGINE=OFF',
  '-DWITH_SSL=system',
  '-DWITH_ZLIB=bundled',
  '-DWITH_ZSTD=bundled',
  '-DWITH_LZ4=bundled',
  '-DWITH_PROTOBUF=bundled',
  '-DWITH_ICU=bundled',
  '-DWITH_EDITLINE=bundled',
  '-DWITH_FIDO=bundled',
  '-DWITH_CURL=none',
  '-DWITH_AUTHENTICATION_LDAP=OFF',
  '-DWITH_AUTHENTICATION_KERBEROS=OFF',
  '-DWITH_AUTHENTICATION_FIDO=OFF',
];

describe('cmakeArgs', () => {
  it('builds MariaDB as NOTES.md did', () => {
    expect(cmakeArgs({ ...base, flavor: 'mariadb', version: '10.11.18', ccache: true })).toEqual([
      ...COMMON,
      '-DCMAKE_C_COMPILER_LAUNCHER=ccache',
      '-DCMAKE_CXX_COMPILER_LAUNCHER=ccache',
      '-DWITH_LIBFMT=system',
      '-DWITH_PCRE=system',
      '-DWITH_SSL=system',
      '-DWITH_ZLIB=system',
      '-DWITH_UNIT_TESTS=OFF',
      '-DWITH_WSREP=OFF',
      '-DWITH_EMBEDDED_SERVER=OFF',
      '-DWITH_MARIABACKUP=OFF',
      '-DPLUGIN_TOKUDB=NO',
      '-DPLUGIN_ROCKSDB=NO',
      '-DPLUGIN_MROONGA=NO',
      '-DPLUGIN_SPIDER=NO',
      '-DPLUGIN_CONNECT=NO',
      '-DPLUGIN_S3=NO',
      '-DPLUGIN_COLUMNSTORE=NO',
      '-DPLUGIN_OQGRAPH=NO',
      '-DPLUGIN_SPHINX=NO',
      '-DPLUGIN_AWS_KEY_MANAGEMENT=NO',
    ]);
  });

  it('builds MySQL 8.0 with a bundled Boost and no download', () => {
    expect(cmakeArgs({ ...base, flavor: 'mysql', version: '8.0.36', boostDir: '/src/boost' })).toEqual([
      ...COMMON,
      '-DDOWNLOAD_BOOST=OFF',
      '-DWITH_BOOST=/src/boost',
      ...MYSQL.slice(1),
    ]);
  });

  it('builds MySQL 8.4 without a Boost directory', () => {
    expect(cmakeArgs({ ...base, flavor: 'mysql', version: '8.4.3', buildType: 'Debug' })).toEqual([
      '-DCMAKE_BUILD_TYPE=Debug',
      ...COMMON.slice(1),
      ...MYSQL,
    ]);
  });

  it('builds Percona 8.0.35 without RocksDB', () => {
    expect(cmakeArgs({ ...base, flavor: 'percona', version: '8.0.35-27' })).toEqual([
      ...COMMON,
      ...MYSQL,
      '-DWITH_ROCKSDB=OFF',
    ]);
  });

  it.each(['8.0.27-18', '5.7.39-42'])('also turns TokuDB off for Percona %s', (version) => {
    expect(cmakeArgs({ ...base, flavor: 'percona', version })).toEqual([
      ...COMMON,
      ...MYSQL,
      '-DWITH_ROCKSDB=OFF',
      '-DWITH_TOKUDB=OFF',
    ]);
  });

  it('puts the user extra options last so that they win', () => {
    const args = cmakeArgs({
      ...base,
      flavor: 'mariadb',
      version: '10.11.18',
      extra: ['-DPLUGIN_ROCKSDB=YES', '-G', 'Ninja'],
    });
    expect(args.slice(-3)).toEqual(['-DPLUGIN_ROCKSDB=YES', '-G', 'Ninja']);
    expect(args.lastIndexOf('-DPLUGIN_ROCKSDB=YES')).toBeGreaterThan(args.indexOf('-DPLUGIN_ROCKSDB=NO'));
  });

  it.each([
    [['-DCMAKE_INSTALL_PREFIX=/x'], '--prefix'],
    [['-DCMAKE_INSTALL_PREFIX:PATH=/x'], '--prefix'],
    [['-D', 'CMAKE_INSTALL_PREFIX=/x'], '--prefix'],
    [['-DCMAKE_BUILD_TYPE=Debug'], '--build-type'],
  ])('refuses %j and points at %s', (extra, flag) => {
    const input: CmakeArgsInput = { ...base, flavor: 'mysql', version: '8.0.36', extra };
    expect(() => cmakeArgs(input)).toThrow(InputError);
    expect(() => cmakeArgs(input)).toThrow(`use ${flag} instead`);
  });

  it('names the option as the front end does', () => {
    const input: CmakeArgsInput = {
      ...base,
      names: ACTION_NAMES,
      flavor: 'mysql',
      version: '8.0.36',
      extra: ['-DCMAKE_BUILD_TYPE=Debug'],
    };
    expect(() => cmakeArgs(input)).toThrow('use input "build-type" instead');
  });
});
