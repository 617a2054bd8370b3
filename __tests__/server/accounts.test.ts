import {
  accountRows,
  accountsInitSql,
  adminAccountIssue,
  dropAccountsStatement,
  newAccounts,
  sysbenchPasswordFile,
  unwantedAccounts,
} from '../../src/server/accounts.js';

const row = (user: string, host: string, plugin = 'mysql_native_password') => ({ user, host, plugin });

describe('newAccounts', () => {
  it('makes two different random passwords with nothing to quote, new each time', () => {
    const first = newAccounts();
    const second = newAccounts();
    for (const password of [first.admin, first.workload, second.admin])
      expect(password).toMatch(/^[\w-]{32}$/);
    expect(first.admin).not.toBe(first.workload);
    expect(second.admin).not.toBe(first.admin);
  });
});

describe('accountsInitSql', () => {
  const sql = accountsInitSql({ admin: 'ADMINpw', workload: 'WORKpw' });
  const lines = sql.trimEnd().split('\n');

  it('writes one statement a line and no comments (MySQL reads an init file so)', () => {
    for (const line of lines) {
      expect(line).toMatch(/^[A-Z].*;$/);
      expect(line).not.toMatch(/--|#|\/\*/);
    }
  });

  it("gives root@localhost the tool's password and the workload's account its database only", () => {
    expect(lines).toEqual([
      "ALTER USER 'root'@'localhost' IDENTIFIED BY 'ADMINpw';",
      'CREATE DATABASE IF NOT EXISTS `sbtest`;',
      "CREATE USER IF NOT EXISTS 'sbtest'@'localhost' IDENTIFIED BY 'WORKpw';",
      "GRANT ALL PRIVILEGES ON `sbtest`.* TO 'sbtest'@'localhost';",
      "CREATE USER IF NOT EXISTS 'sbtest'@'127.0.0.1' IDENTIFIED BY 'WORKpw';",
      "GRANT ALL PRIVILEGES ON `sbtest`.* TO 'sbtest'@'127.0.0.1';",
    ]);
    // Nothing global: ALL on a database holds no FILE, SUPER, PROCESS, SHUTDOWN nor GRANT OPTION.
    expect(sql).not.toMatch(/ON \*\.\*|GRANT OPTION|mysql\./);
  });

  it('refuses a password that would need quoting', () => {
    expect(() => accountsInitSql({ admin: "x'; DROP USER root; --", workload: 'w' })).toThrow('base64url');
  });
});

describe('unwantedAccounts', () => {
  it.each([
    ['root over TCP, by address or name', row('root', '127.0.0.1'), true],
    ['root on ::1', row('root', '::1'), true],
    ['root anywhere', row('root', '%'), true],
    ['an anonymous account', row('', 'localhost'), true],
    ['an anonymous account on a host name', row('', 'vm'), true],
    ['a unix user entering by its name (MariaDB)', row('runner', 'localhost', 'unix_socket'), true],
    ['a unix user entering by its name (MySQL)', row('runner', 'localhost', 'auth_socket'), true],
    ["the tool's own", row('root', 'localhost'), false],
    ["the workload's", row('sbtest', '127.0.0.1'), false],
    ["MariaDB's system account", row('mariadb.sys', 'localhost'), false],
    ["MySQL's system accounts", row('mysql.session', 'localhost', 'caching_sha2_password'), false],
  ])('%s: %s', (_what, account, unwanted) => {
    expect(unwantedAccounts([account])).toEqual(unwanted ? [account] : []);
  });
});

describe('adminAccountIssue', () => {
  it("says when the tool's account is missing or still enters by the unix user", () => {
    expect(adminAccountIssue([row('root', 'localhost')])).toBeUndefined();
    expect(adminAccountIssue([row('sbtest', 'localhost')])).toBe("it has no account 'root'@'localhost'");
    expect(adminAccountIssue([row('root', 'localhost', 'unix_socket')])).toBe(
      "'root'@'localhost' still logs in by unix_socket",
    );
  });
});

describe('dropAccountsStatement', () => {
  it('names every account, quoted as a literal', () => {
    expect(dropAccountsStatement([row('root', '127.0.0.1'), row('', "o'brien\\x")])).toBe(
      "DROP USER 'root'@'127.0.0.1', ''@'o''brien\\\\x'",
    );
  });
});

describe('accountRows', () => {
  it('reads names given as text or bytes, and nothing from what is no list', () => {
    expect(accountRows([{ user: Buffer.from('root'), host: 'localhost', plugin: null }])).toEqual([
      row('root', 'localhost', ''),
    ]);
    expect(accountRows(undefined)).toEqual([]);
  });
});

describe('sysbenchPasswordFile', () => {
  it("is sysbench's option file with the password", () => {
    expect(sysbenchPasswordFile('pw')).toBe('mysql-password=pw\n');
  });
});
