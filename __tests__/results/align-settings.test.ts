// The head with the base's first-tier settings: which options align it, which settings cannot be
// aligned and why.
import {
  alignmentOf,
  binaryLogOptions,
  redoOptions,
  type AlignedServer,
} from '../../src/results/align-settings.js';
import { fixtureResults } from '../helpers/report-input.js';

const base: AlignedServer = {
  flavor: 'mariadb',
  version: '10.11.19',
  variables: {
    log_bin: 'OFF',
    sync_binlog: '0',
    performance_schema: 'OFF',
    innodb_flush_log_at_trx_commit: '1',
    innodb_buffer_pool_size: '1073741824.000000',
    innodb_log_file_size: '100663296',
    query_cache_type: 'OFF',
    wait_timeout: '28800',
  },
};

describe('alignmentOf', () => {
  it("sets the binary log, its sync and performance_schema back to the base's, and nothing harmless", () => {
    const head: AlignedServer = {
      ...base,
      variables: {
        ...base.variables,
        log_bin: 'ON',
        sync_binlog: '1',
        performance_schema: 'ON',
        wait_timeout: '600',
        back_log: '500',
      },
    };
    const alignment = alignmentOf(base, head);
    expect(alignment.options).toEqual({ skip_log_bin: 'ON', sync_binlog: '0', performance_schema: 'OFF' });
    expect(alignment.aligned.map((setting) => [setting.setting, setting.head, setting.base])).toEqual([
      ['log_bin', 'ON', 'OFF'],
      ['sync_binlog', '1', '0'],
      ['performance_schema', 'ON', 'OFF'],
    ]);
    expect(alignment.skipped).toEqual([]);
  });

  it('turns the binary log on with a base name, and writes sizes as integers', () => {
    const head: AlignedServer = {
      ...base,
      variables: { ...base.variables, innodb_buffer_pool_size: '134217728.000000' },
    };
    const logging = { ...base, variables: { ...base.variables, log_bin: 'ON' } };
    expect(alignmentOf(logging, head).options).toEqual({
      log_bin: 'mysql-bin',
      innodb_buffer_pool_size: '1073741824',
    });
  });

  it('aligns the redo capacity across the variables each flavor has, and names what the head lacks', () => {
    const mysql: AlignedServer = {
      flavor: 'mysql',
      version: '9.7.2',
      variables: {
        log_bin: 'ON',
        sync_binlog: '1',
        performance_schema: 'ON',
        innodb_flush_log_at_trx_commit: '1',
        innodb_buffer_pool_size: '1073741824',
        innodb_redo_log_capacity: '104857600',
        innodb_log_file_size: '50331648',
        gtid_mode: 'OFF',
      },
    };
    const alignment = alignmentOf(base, mysql);
    expect(alignment.options).toEqual({
      skip_log_bin: 'ON',
      sync_binlog: '0',
      performance_schema: 'OFF',
      innodb_redo_log_capacity: '100663296',
    });
    expect(alignment.skipped).toEqual([
      {
        setting: 'gtid_mode',
        why: 'the base (MariaDB 10.11.19) has no such variable: no value to set it to',
      },
      { setting: 'query_cache_type', why: 'the head (MySQL 9.7.2) has no such variable' },
    ]);
  });

  it('aligns nothing between two identical servers', () => {
    expect(alignmentOf(base, base)).toEqual({ options: {}, aligned: [], skipped: [] });
  });

  it('on the real MariaDB 10.11 against MySQL 9.7.2 run: the defaults that change the work first', () => {
    const results = fixtureResults('instructions-mariadb-mysql-9.7.json');
    const facts = (name: 'base' | 'head'): AlignedServer => results.sides[name]!;
    const alignment = alignmentOf(facts('base'), facts('head'));
    expect(Object.entries(alignment.options).slice(0, 3)).toEqual([
      ['skip_log_bin', 'ON'],
      ['sync_binlog', '0'],
      ['performance_schema', 'OFF'],
    ]);
    expect(alignment.options.character_set_server).toBe('latin1');
    expect(alignment.options.innodb_redo_log_capacity).toBe('100663296');
    expect(alignment.skipped.map((skip) => skip.setting)).toEqual(
      expect.arrayContaining(['query_cache_type', 'innodb_use_fdatasync']),
    );
  });
});

describe('the options themselves', () => {
  it('turn the binary log on and off, and size the redo log by the variables the server has', () => {
    expect(binaryLogOptions(true)).toEqual({ log_bin: 'mysql-bin' });
    expect(binaryLogOptions(false)).toEqual({ skip_log_bin: 'ON' });
    expect(redoOptions({ innodb_log_file_size: '1', innodb_log_files_in_group: '2' }, 200n)).toEqual({
      innodb_log_file_size: '100',
    });
    expect(redoOptions({ innodb_redo_log_capacity: '1' }, 200n)).toEqual({ innodb_redo_log_capacity: '200' });
  });
});
