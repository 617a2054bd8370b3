import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

import { mariadb } from '../../src/flavor/mariadb.js';
import { mysql } from '../../src/flavor/mysql.js';
import {
  type BuildTree,
  findBuildTree,
  installScriptArgs,
  installScriptCandidates,
  initTimeArgs,
  missingMessageFile,
  missingMessagesMessage,
  serverInitializeArgs,
} from '../../src/server/datadir.js';

/** MariaDB's bootstrap script and MySQL's own bootstrap, as their descriptions give them. */
function mariadbInstallArgs(
  request: Parameters<typeof installScriptArgs>[0],
  help: string,
  tree?: BuildTree,
): string[] {
  return installScriptArgs(request, mariadb.bootstrap, help, tree);
}
function mysqlInitializeArgs(request: Parameters<typeof serverInitializeArgs>[0]): string[] {
  return serverInitializeArgs(request, mysql.bootstrap.args);
}

const request = { datadir: '/w/head/datadir', basedir: '/usr', user: undefined, tmpdir: '/w/head/tmp' };

describe('mariadbInstallArgs', () => {
  const help1011 =
    '  --auth-root-authentication-method=normal|socket\n' +
    '  --auth-root-socket-user=user\n' +
    "  --skip-test-db       Don't install a test database.\n";

  it('puts --no-defaults first and asks for root@localhost alone, which no password lets in', () => {
    expect(mariadbInstallArgs(request, help1011)).toEqual([
      '--no-defaults',
      '--datadir=/w/head/datadir',
      '--basedir=/usr',
      '--auth-root-authentication-method=socket',
      '--auth-root-socket-user=root',
      '--skip-test-db',
    ]);
  });

  it('leaves out what an old script does not list in --help', () => {
    expect(mariadbInstallArgs({ ...request, user: 'root' }, '  --basedir=path\n')).toEqual([
      '--no-defaults',
      '--datadir=/w/head/datadir',
      '--basedir=/usr',
      '--user=root',
    ]);
  });

  it("points a server in a build tree at the tree's messages and plugins", () => {
    const layout = { lc_messages_dir: '/b/share', plugin_dir: '/b/plugin_output_directory' };
    expect(mysqlInitializeArgs({ ...request, basedir: '/b', layout })).toEqual([
      '--no-defaults',
      '--initialize-insecure',
      '--datadir=/w/head/datadir',
      '--basedir=/b',
      '--tmpdir=/w/head/tmp',
      '--lc-messages-dir=/b/share',
      '--plugin-dir=/b/plugin_output_directory',
    ]);
  });
});

describe('a server in a build tree', () => {
  it('bootstraps from the tree: --srcdir and --builddir instead of --basedir', () => {
    const tree = { build: '/src/build', source: '/src/mariadb' };
    expect(mariadbInstallArgs({ ...request, basedir: '/src/build/sql' }, '  --basedir=path\n', tree)).toEqual(
      ['--no-defaults', '--datadir=/w/head/datadir', '--srcdir=/src/mariadb', '--builddir=/src/build'],
    );
  });

  it('finds the tree from CMakeCache.txt beside the binary or one level up, and nothing elsewhere', async () => {
    const dir = mkdtempSync(join(os.tmpdir(), 'gate-tree-'));
    try {
      mkdirSync(join(dir, 'build', 'sql'), { recursive: true });
      writeFileSync(
        join(dir, 'build', 'CMakeCache.txt'),
        '# This is the CMakeCache file.\nCMAKE_BUILD_TYPE:STRING=RelWithDebInfo\nCMAKE_HOME_DIRECTORY:INTERNAL=/src/mariadb-10.11.18\n',
      );
      expect(await findBuildTree(join(dir, 'build', 'sql'))).toEqual({
        build: join(dir, 'build'),
        source: '/src/mariadb-10.11.18',
      });
      expect(await findBuildTree(join(dir, 'build'))).toEqual({
        build: join(dir, 'build'),
        source: '/src/mariadb-10.11.18',
      });
      expect(await findBuildTree(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('mysqlInitializeArgs', () => {
  it('initializes insecure (empty root password), --no-defaults first', () => {
    expect(mysqlInitializeArgs({ ...request, user: 'root' })).toEqual([
      '--no-defaults',
      '--initialize-insecure',
      '--datadir=/w/head/datadir',
      '--basedir=/usr',
      '--tmpdir=/w/head/tmp',
      '--user=root',
    ]);
  });
});

describe('installScriptCandidates', () => {
  it('looks in scripts/, then bin/, then PATH, the new name before the old', () => {
    expect(installScriptCandidates('/opt/mariadb', ['/usr/bin'], mariadb.bootstrap.scripts)).toEqual([
      '/opt/mariadb/scripts/mariadb-install-db',
      '/opt/mariadb/scripts/mysql_install_db',
      '/opt/mariadb/bin/mariadb-install-db',
      '/opt/mariadb/bin/mysql_install_db',
      '/usr/bin/mariadb-install-db',
      '/usr/bin/mysql_install_db',
    ]);
  });
});

describe('missingMessageFile', () => {
  it('finds the file in what MySQL 9.7.2 logged when copied away from its install', () => {
    const log =
      "2026-11-25T00:22:23.083793Z 0 [ERROR] [MY-010338] [Server] Can't find error-message file '/tmp/alone/share/english/errmsg.sys'. Check error-message file location and 'lc-messages-dir' configuration directive.\n" +
      '2026-11-25T00:22:24.207911Z 0 [Warning] [MY-013829] [Server] Missing data directory for ICU regular expressions: /tmp/alone/lib/private/.\n';
    expect(missingMessageFile(log)).toBe('/tmp/alone/share/english/errmsg.sys');
    expect(missingMessagesMessage('/tmp/alone/mysqld', '/tmp/alone/share/english/errmsg.sys')).toBe(
      "/tmp/alone/mysqld finds no message file (/tmp/alone/share/english/errmsg.sys): it is not in its install prefix or build tree, whose share/ it needs; pass the install prefix or the build tree's runtime_output_directory/mysqld",
    );
  });

  it('is undefined for a bootstrap that found its messages', () => {
    expect(
      missingMessageFile(
        '[System] [MY-013169] [Server] /b/mysqld (mysqld 9.7.2) initializing of server in progress',
      ),
    ).toBeUndefined();
  });
});

describe('initTimeArgs', () => {
  it('passes the options a datadir is created with to the bootstrap, and no others', () => {
    const options = { innodb_page_size: '8k', lower_case_table_names: '1', max_connections: '77' };
    expect(initTimeArgs(options)).toEqual(['--innodb_page_size=8k', '--lower_case_table_names=1']);
    expect(mysqlInitializeArgs({ ...request, options }).slice(-2)).toEqual([
      '--innodb_page_size=8k',
      '--lower_case_table_names=1',
    ]);
    expect(initTimeArgs(undefined)).toEqual([]);
  });
});
