// The head with the base's first-tier settings: which options align it, which settings cannot be
// aligned and why.
import {
  alignmentOf,
  binaryLogOptions,
  redoOptions,
  settingsNotTaken,
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

  it('checks the redo capacity the head took by the options that aligned it', () => {
    const older: AlignedServer = {
      flavor: 'percona',
      version: '5.7.39-42',
      variables: { innodb_log_file_size: '16777216', innodb_log_files_in_group: '2' },
    };
    const alignment = alignmentOf(base, older);
    // Percona Server 5.7 has two redo files, as MySQL does: each gets half the base's capacity.
    expect(alignment.options).toMatchObject({ innodb_log_file_size: '50331648' });
    const aligned = alignment.aligned.filter((setting) => setting.setting === 'redo capacity');
    expect(settingsNotTaken({ aligned, applied: { innodb_log_file_size: '50331648' } })).toEqual([]);
    expect(settingsNotTaken({ aligned, applied: { innodb_log_file_size: '8388608' } })).toEqual([
      "redo capacity: innodb_log_file_size 8388608, not the 50331648 that gives the base's 100663296 bytes",
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
    // Names one flavor's server would refuse at start are not given to the other.
    for (const name of ['sql_mode', 'collation_server', 'innodb_checksum_algorithm']) {
      expect(alignment.options).not.toHaveProperty(name);
      expect(alignment.skipped.find((skip) => skip.setting === name)?.why).toMatch(
        /MariaDB and MySQL do not share/,
      );
    }
    // optimizer_switch: only the flags both know that differ.
    expect(alignment.options.optimizer_switch).toBe(
      'engine_condition_pushdown=off,mrr=off,mrr_cost_based=off',
    );
  });

  it('sets optimizer_switch flag by flag, and never the page size', () => {
    const head: AlignedServer = {
      ...base,
      variables: {
        ...base.variables,
        optimizer_switch: 'index_merge=on,mrr=on,hash_join=on',
        innodb_page_size: '16384',
      },
    };
    const older: AlignedServer = {
      ...base,
      variables: {
        ...base.variables,
        optimizer_switch: 'index_merge=on,mrr=off,rowid_filter=on',
        innodb_page_size: '8192',
      },
    };
    const alignment = alignmentOf(older, head);
    expect(alignment.options).toEqual({ optimizer_switch: 'mrr=off' });
    expect(alignment.aligned[0]).toMatchObject({ head: 'mrr=on', base: 'mrr=off' });
    expect(alignment.skipped).toEqual([
      {
        setting: 'innodb_page_size',
        why: "it decides the datadir's layout: the head's tables were created with its own",
      },
    ]);
    // What the head then reports is its whole switch: the aligned flags are in it.
    const applied = { optimizer_switch: 'index_merge=on,mrr=off,hash_join=on' };
    expect(settingsNotTaken({ aligned: alignment.aligned, applied })).toEqual([]);
    expect(settingsNotTaken({ aligned: alignment.aligned, applied: { optimizer_switch: 'mrr=on' } })).toEqual(
      ["optimizer_switch: mrr=on, not the base's mrr=off"],
    );
  });
});

describe('the options themselves', () => {
  it('turn the binary log on and off, and size the redo log by the variables the server has', () => {
    expect(binaryLogOptions(true)).toEqual({ log_bin: 'mysql-bin' });
    expect(binaryLogOptions(false)).toEqual({ skip_log_bin: 'ON' });
    const old = { innodb_log_file_size: '1', innodb_log_files_in_group: '2' };
    expect(redoOptions({ flavor: 'mysql', variables: old }, 200n)).toEqual({ innodb_log_file_size: '100' });
    expect(redoOptions({ flavor: 'mysql', variables: { innodb_redo_log_capacity: '1' } }, 200n)).toEqual({
      innodb_redo_log_capacity: '200',
    });
    expect(redoOptions({ flavor: 'mariadb', variables: { innodb_log_file_size: '1' } }, 200n)).toEqual({
      innodb_log_file_size: '200',
    });
  });
});
