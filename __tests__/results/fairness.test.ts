// The fairness check: two versions or flavors whose settings known to distort a comparison differ,
// with the options that align them.
import { redoCapacity } from '../../src/results/align-settings.js';
import { fairnessWarning, unfairSettings, type FairnessSide } from '../../src/results/fairness.js';
import { fixtureResults } from '../helpers/report-input.js';

const mariadb: FairnessSide = {
  flavor: 'mariadb',
  version: '10.11.19',
  optionsLabel: '--base-set',
  variables: {
    log_bin: 'OFF',
    sync_binlog: '0',
    innodb_flush_log_at_trx_commit: '1',
    innodb_buffer_pool_size: '1073741824',
    innodb_log_file_size: '100663296',
    innodb_doublewrite: 'ON',
    performance_schema: 'OFF',
  },
};

const mysql: FairnessSide = {
  flavor: 'mysql',
  version: '9.7.2',
  optionsLabel: '--head-set',
  variables: {
    log_bin: 'ON',
    sync_binlog: '1',
    innodb_flush_log_at_trx_commit: '1',
    innodb_buffer_pool_size: '1073741824.000000',
    innodb_redo_log_capacity: '104857600',
    innodb_log_file_size: '50331648',
    innodb_log_files_in_group: '2',
    innodb_doublewrite: 'ON',
    performance_schema: 'ON',
  },
};

describe('redoCapacity', () => {
  it.each([
    ['MySQL 8.0.30+: innodb_redo_log_capacity, whatever the old variables say', mysql, 104857600n],
    ['MariaDB: its one log file', mariadb, 100663296n],
    [
      'MySQL 5.7: size times files',
      { flavor: 'mysql', variables: { innodb_log_file_size: '50331648', innodb_log_files_in_group: '2' } },
      100663296n,
    ],
    [
      'Percona Server 5.7: as MySQL, size times files',
      { flavor: 'percona', variables: { innodb_log_file_size: '50331648', innodb_log_files_in_group: '2' } },
      100663296n,
    ],
    [
      'MariaDB: one file, whatever a leftover innodb_log_files_in_group says',
      { flavor: 'mariadb', variables: { innodb_log_file_size: '50331648', innodb_log_files_in_group: '2' } },
      50331648n,
    ],
    ['nothing known', { flavor: 'mysql', variables: { innodb_log_file_size: 'big' } }, undefined],
  ] as const)('%s', (_, server, bytes) => {
    expect(redoCapacity(server)).toBe(bytes);
  });
});

describe('unfairSettings', () => {
  it('names the binary log, its sync and the redo capacity, not performance_schema or equal values', () => {
    const unfair = unfairSettings(mariadb, mysql);
    expect(unfair).toEqual([
      {
        setting: 'log_bin',
        base: 'OFF',
        head: 'ON',
        align: ['--base-set log_bin=mysql-bin', '--head-set skip_log_bin=ON'],
      },
      {
        setting: 'sync_binlog',
        base: '0',
        head: '1',
        align: ['--head-set sync_binlog=0', '--base-set sync_binlog=1'],
      },
      {
        setting: 'redo capacity',
        base: '96 MiB',
        head: '100 MiB',
        align: ['--head-set innodb_redo_log_capacity=100663296', '--base-set innodb_log_file_size=104857600'],
      },
    ]);
  });

  it('says nothing for one server with changed settings: that is what the run compares', () => {
    expect(
      unfairSettings(mariadb, { ...mariadb, variables: { ...mariadb.variables, sync_binlog: '1' } }),
    ).toEqual([]);
  });

  it('checks two versions of one flavor, and the redo files of an old MySQL', () => {
    const old = {
      ...mysql,
      version: '5.7.44',
      variables: { innodb_log_file_size: '50331648', innodb_log_files_in_group: '2' },
    };
    const newer = {
      ...mysql,
      optionsLabel: 'input "head-set"',
      variables: { innodb_redo_log_capacity: '209715200' },
    };
    expect(unfairSettings({ ...old, optionsLabel: 'input "base-set"' }, newer)).toEqual([
      {
        setting: 'redo capacity',
        base: '96 MiB',
        head: '200 MiB',
        align: [
          'input "head-set" innodb_redo_log_capacity=100663296',
          'input "base-set" innodb_log_file_size=104857600',
        ],
      },
    ]);
  });
});

describe('fairnessWarning', () => {
  it('is one line naming both servers and every setting with its options', () => {
    expect(fairnessWarning(mariadb, mysql)).toBe(
      'base and head are different servers (MariaDB 10.11.19, MySQL 9.7.2) and differ in settings known to ' +
        'distort such a comparison: log_bin OFF → ON (align: --base-set log_bin=mysql-bin or --head-set skip_log_bin=ON); sync_binlog 0 → 1 ' +
        '(align: --head-set sync_binlog=0 or --base-set sync_binlog=1); redo capacity 96 MiB → 100 MiB ' +
        '(align: --head-set innodb_redo_log_capacity=100663296 or --base-set innodb_log_file_size=104857600)',
    );
    expect(fairnessWarning(mariadb, mariadb)).toBeUndefined();
  });

  it('warns on the real MariaDB 10.11 against MySQL 9.7.2 run', () => {
    const results = fixtureResults('instructions-mariadb-mysql-9.7.json');
    const side = (name: 'base' | 'head'): FairnessSide => {
      const facts = results.sides[name]!;
      return {
        flavor: facts.flavor,
        version: facts.version,
        variables: facts.variables,
        optionsLabel: `--${name}-set`,
      };
    };
    const warning = fairnessWarning(side('base'), side('head'));
    expect(warning).toMatch(/^base and head are different servers \(MariaDB 10\.11\.19, MySQL 9\.7\.2\)/);
    expect(warning).toContain(
      'log_bin OFF → ON (align: --base-set log_bin=mysql-bin or --head-set skip_log_bin=ON)',
    );
    expect(warning).toContain('sync_binlog 0 → 1');
    expect(warning).toContain('redo capacity 96 MiB → 100 MiB');
  });
});
