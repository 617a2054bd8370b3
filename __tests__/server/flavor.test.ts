import { ServerError } from '../../src/errors.js';
import { parseVersionOutput } from '../../src/server/flavor.js';

// Real `--version` lines: the installed Debian mariadbd, and lines published by users and
// other projects' test tables for the flavors not installed here.
const cases = [
  {
    line: '/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)',
    flavor: 'mariadb',
    version: '10.11.19',
  },
  {
    line: 'mysqld  Ver 10.3.39-MariaDB-0+deb10u1 for debian-linux-gnu on x86_64 (Debian 10)',
    flavor: 'mariadb',
    version: '10.3.39',
  },
  {
    line: 'mysqld  Ver 10.0.38-MariaDB for Linux on x86_64 (MariaDB Server)',
    flavor: 'mariadb',
    version: '10.0.38',
  },
  {
    line: 'mariadbd  Ver 11.4.2-MariaDB for Linux on x86_64 (MariaDB Server)',
    flavor: 'mariadb',
    version: '11.4.2',
  },
  {
    line: '/usr/sbin/mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)',
    flavor: 'mysql',
    version: '8.0.36',
  },
  {
    line: '/opt/mysql/bin/mysqld  Ver 8.4.3 for Linux on x86_64 (Source distribution)',
    flavor: 'mysql',
    version: '8.4.3',
  },
  {
    line: 'mysqld  Ver 9.1.0 for Linux on x86_64 (MySQL Community Server - GPL)',
    flavor: 'mysql',
    version: '9.1.0',
  },
  {
    line: 'mysqld  Ver 5.7.26 for linux-glibc2.12 on x86_64 (MySQL Community Server (GPL))',
    flavor: 'mysql',
    version: '5.7.26',
  },
  {
    line: 'mysqld  Ver 5.7.27-0ubuntu0.19.04.1 for Linux on x86_64 ((Ubuntu))',
    flavor: 'mysql',
    version: '5.7.27',
  },
  {
    line: "/usr/sbin/mysqld  Ver 8.0.35-27 for Linux on x86_64 (Percona Server (GPL), Release '27', Revision '2f8eeab2'$)",
    flavor: 'percona',
    version: '8.0.35-27',
  },
  {
    line: 'mysqld  Ver 5.7.26-29 for Linux on x86_64 (Percona Server (GPL), Release 29, Revision 11ad961)',
    flavor: 'percona',
    version: '5.7.26-29',
  },
  {
    line: 'mysqld  Ver 5.6.44-86.0 for Linux on x86_64 (Percona Server (GPL), Release 86.0, Revision eba1b3f)',
    flavor: 'percona',
    version: '5.6.44-86.0',
  },
] as const;

describe('parseVersionOutput', () => {
  it.each(cases)('$flavor $version from "$line"', ({ line, flavor, version }) => {
    expect(parseVersionOutput(`${line}\n`, 'mysqld')).toEqual({ flavor, version, versionLine: line });
  });

  it('skips warnings printed before the version line', () => {
    const output =
      "mysqld: Deprecated program name. It will be removed in a future release, use '/usr/sbin/mariadbd' instead\n" +
      'mysqld  Ver 11.4.2-MariaDB for Linux on x86_64 (MariaDB Server)\n';
    expect(parseVersionOutput(output, '/usr/sbin/mysqld')).toMatchObject({
      flavor: 'mariadb',
      version: '11.4.2',
    });
  });

  it.each([
    ['another program', 'ls (GNU coreutils) 9.1\n'],
    [
      'a client, not a server',
      'mariadb  Ver 15.1 Distrib 10.11.19-MariaDB, for debian-linux-gnu (x86_64) using  EditLine wrapper\n',
    ],
    ['nothing', ''],
  ])('rejects %s with a ServerError quoting the output', (_name, output) => {
    expect(() => parseVersionOutput(output, '/opt/x/bin/mysqld')).toThrow(ServerError);
    expect(() => parseVersionOutput(output, '/opt/x/bin/mysqld')).toThrow(
      output.trim() === '' ? '(nothing)' : output.trim(),
    );
  });
});
