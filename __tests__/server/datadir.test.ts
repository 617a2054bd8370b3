import {
  installScriptCandidates,
  mariadbInstallArgs,
  mysqlInitializeArgs,
} from '../../src/server/datadir.js';

const request = { datadir: '/w/head/datadir', basedir: '/usr', user: undefined, tmpdir: '/w/head/tmp' };

describe('mariadbInstallArgs', () => {
  const help1011 =
    "  --auth-root-authentication-method=normal|socket\n  --skip-test-db       Don't install a test database.\n";

  it('puts --no-defaults first and asks for a password-less root reachable over TCP', () => {
    expect(mariadbInstallArgs(request, help1011)).toEqual([
      '--no-defaults',
      '--datadir=/w/head/datadir',
      '--basedir=/usr',
      '--auth-root-authentication-method=normal',
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
    expect(installScriptCandidates('/opt/mariadb', ['/usr/bin'])).toEqual([
      '/opt/mariadb/scripts/mariadb-install-db',
      '/opt/mariadb/scripts/mysql_install_db',
      '/opt/mariadb/bin/mariadb-install-db',
      '/opt/mariadb/bin/mysql_install_db',
      '/usr/bin/mariadb-install-db',
      '/usr/bin/mysql_install_db',
    ]);
  });
});
