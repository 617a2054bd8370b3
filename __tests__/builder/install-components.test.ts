// The files of a CMake install component, read from cmake_install.cmake as CMake writes it (an
// excerpt of a real MySQL 9.7.2 build directory), and the ninja targets among them.
import { readFileSync } from 'node:fs';

import { installScope } from '../../src/builder/build-plan.js';
import {
  componentFiles,
  componentTargets,
  includedScripts,
  parseNinjaTargets,
} from '../../src/builder/install-components.js';
import { InputError } from '../../src/errors.js';
import { mysql } from '../../src/flavor/mysql.js';
import { CLI_NAMES } from '../helpers/option-names.js';

/** The components a MySQL server needs in its prefix, as its description names them. */
const SERVER_COMPONENTS = mysql.build.installComponents;

const SCRIPT = readFileSync('__fixtures__/cmake-install/mysql-9.7.cmake', 'utf8');

describe('componentFiles', () => {
  it('lists the files of the Server rules only, without the OPTIONAL debug variants', () => {
    expect(componentFiles(SCRIPT, ['Server'])).toEqual([
      '/b/runtime_output_directory/mysqld',
      '/b/plugin_output_directory/locking_service.so',
    ]);
  });

  it('takes every component asked for, and shared libraries', () => {
    expect(componentFiles(SCRIPT, SERVER_COMPONENTS)).toEqual([
      '/b/runtime_output_directory/mysqld',
      '/b/plugin_output_directory/locking_service.so',
      '/b/library_output_directory/libprotobuf-lite.so.24.4.0',
    ]);
    expect(componentFiles(SCRIPT, ['Test'])).toEqual(['/b/plugin_output_directory/udf_example.so']);
  });

  it('reads every file of a rule that names several, one per line as CMake writes them', () => {
    const script = readFileSync('__fixtures__/cmake-install/mysql-9.7-libmysql.cmake', 'utf8');
    expect(componentFiles(script, ['SharedLibraries'])).toEqual([
      '/b/library_output_directory/libmysqlclient.so.24.1.2',
      '/b/library_output_directory/libmysqlclient.so.24',
    ]);
  });

  it('reads the blocks CMake before 3.24 wrote: if("x${CMAKE_INSTALL_COMPONENT}x" STREQUAL "xServerx" …)', () => {
    const older = SCRIPT.replace(
      /^if\(CMAKE_INSTALL_COMPONENT STREQUAL "([^"]+)" OR NOT CMAKE_INSTALL_COMPONENT\)$/gm,
      'if("x${CMAKE_INSTALL_COMPONENT}x" STREQUAL "x$1x" OR NOT CMAKE_INSTALL_COMPONENT)',
    );
    expect(older).not.toBe(SCRIPT);
    expect(componentFiles(older, SERVER_COMPONENTS)).toEqual(componentFiles(SCRIPT, SERVER_COMPONENTS));
    expect(componentFiles(older, ['Server'])).toHaveLength(2);
  });

  it('finds nothing for a component the script does not have', () => {
    expect(componentFiles(SCRIPT, ['Router'])).toEqual([]);
  });
});

describe('includedScripts', () => {
  it('follows the include() lines of a directory script to its subdirectories', () => {
    const top = [
      'if(NOT CMAKE_INSTALL_LOCAL_ONLY)',
      '  # Include the install script for the subdirectory.',
      '  include("/b/extra/zlib/cmake_install.cmake")',
      'endif()',
      'if(NOT CMAKE_INSTALL_LOCAL_ONLY)',
      '  include("/b/sql/cmake_install.cmake")',
      'endif()',
      'include("/b/CPackConfig.cmake")',
    ].join('\n');
    expect(includedScripts(top)).toEqual(['/b/extra/zlib/cmake_install.cmake', '/b/sql/cmake_install.cmake']);
  });
});

describe('componentTargets', () => {
  const outputs = parseNinjaTargets(
    [
      'all: phony',
      'runtime_output_directory/mysqld: CXX_EXECUTABLE_LINKER__mysqld_RelWithDebInfo',
      'plugin_output_directory/locking_service.so: CXX_MODULE_LIBRARY_LINKER__locking_service_RelWithDebInfo',
      'library_output_directory/libprotobuf-lite.so.24.4.0: CXX_SHARED_LIBRARY_LINKER__libprotobuf-lite_RelWithDebInfo',
      '',
    ].join('\n'),
  );

  it('keeps the files ninja builds, relative to the build directory, once each and sorted', () => {
    const files = [...componentFiles(SCRIPT, SERVER_COMPONENTS), '/b/runtime_output_directory/mysqld'];
    expect(componentTargets(files, '/b', outputs)).toEqual([
      'library_output_directory/libprotobuf-lite.so.24.4.0',
      'plugin_output_directory/locking_service.so',
      'runtime_output_directory/mysqld',
    ]);
  });

  it('leaves out files outside the build directory and files no rule of ninja makes', () => {
    const files = [
      '/src/share/charsets/Index.xml',
      '/b/scripts/mysqld_safe',
      '/bb/runtime_output_directory/mysqld',
    ];
    expect(componentTargets(files, '/b/', outputs)).toEqual([]);
  });
});

describe('installScope', () => {
  it('installs the server components of MySQL and Percona, everything of MariaDB', () => {
    expect(installScope('mysql', [], false, CLI_NAMES)).toEqual({
      components: ['Server', 'SharedLibraries'],
    });
    expect(installScope('percona', [], false, CLI_NAMES)).toEqual({
      components: ['Server', 'SharedLibraries'],
    });
    expect(installScope('mariadb', [], false, CLI_NAMES)).toBe('all');
  });

  it('installs everything with --full-install, and nothing when targets are named', () => {
    expect(installScope('mysql', [], true, CLI_NAMES)).toBe('all');
    expect(installScope('mysql', ['mysqld'], false, CLI_NAMES)).toBe('none');
    expect(() => installScope('mysql', ['mysqld'], true, CLI_NAMES)).toThrow(InputError);
  });
});
