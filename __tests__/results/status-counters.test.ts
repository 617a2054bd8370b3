// Counter classification against MariaDB 10.11.19's own SHOW GLOBAL STATUS, and window deltas.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  counterGroup,
  counterNames,
  statusSnapshot,
  snapshotCost,
  statusDeltas,
} from '../../src/results/status-counters.js';
import { ROOT } from '../helpers/real-run.js';

/** A server's SHOW GLOBAL STATUS, captured from a real one. */
const captured = (file: string): Record<string, string> =>
  Object.fromEntries(
    readFileSync(join(ROOT, '__fixtures__', 'status', file), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => line.split('\t') as [string, string]),
  );
const MARIADB = captured('mariadb-10.11.19.tsv');
const MYSQL = captured('mysql-9.7.2.tsv');

describe('counterGroup', () => {
  it.each([
    ['Com_insert', 'statements'],
    ['Handler_read_next', 'rows'],
    ['Innodb_rows_read', 'rows'],
    ['Sort_rows', 'sorting'],
    ['Created_tmp_tables', 'sorting'],
    ['Innodb_data_fsyncs', 'durability'],
    ['Innodb_log_writes', 'durability'],
    ['Binlog_bytes_written', 'durability'],
    ['Innodb_buffer_pool_read_requests', 'caches'],
    ['Table_open_cache_hits', 'caches'],
  ])('%s is a counter of %s', (name, group) => {
    expect(counterGroup(name)).toBe(group);
  });

  it.each([
    'Threads_running',
    'Open_tables',
    'Uptime',
    'Memory_used',
    'Innodb_buffer_pool_pages_free',
    'Innodb_history_list_length',
    'Max_used_connections',
    'Ssl_cipher',
    'Rpl_status',
  ])('%s is not work', (name) => {
    expect(counterGroup(name)).toBeUndefined();
  });

  it('covers every variable MariaDB 10.11 reports, and knows the names it should', () => {
    const names = Object.keys(MARIADB);
    expect(names.length).toBeGreaterThan(500);
    for (const name of [
      'Com_insert',
      'Handler_commit',
      'Innodb_data_fsyncs',
      'Binlog_commits',
      'Sort_rows',
    ]) {
      expect(names).toContain(name);
    }
  });
});

describe('statusDeltas', () => {
  const before = {
    Com_select: '10',
    Threads_running: '3',
    Innodb_data_fsyncs: '5',
    Ssl_version: '',
    Handler_write: '7',
  };
  const after = {
    Com_select: '24',
    Threads_running: '9',
    Innodb_data_fsyncs: '6',
    Ssl_version: 'TLSv1.3',
    Handler_write: '3',
  };

  it('keeps counters that grew, without gauges, text, or a reset', () => {
    expect(statusDeltas(before, after)).toEqual({ Com_select: 14, Innodb_data_fsyncs: 1 });
  });

  it("takes the snapshot's own statements out", () => {
    const cost = snapshotCost({ Com_select: '1', Rows_sent: '100' }, { Com_select: '2', Rows_sent: '662' });
    expect(cost).toEqual({ Com_select: 1, Rows_sent: 562 });
    expect(statusDeltas(before, after, cost)).toEqual({ Com_select: 13, Innodb_data_fsyncs: 1 });
  });
});

describe('statusSnapshot and counterNames', () => {
  it('keeps plain names with text or number values, and drops anything a server should not send', () => {
    const rows = [
      { Variable_name: 'Com_select', Value: '12' },
      { Variable_name: 'Innodb_data_fsyncs', Value: 3 },
      { Variable_name: 'Threads_running', Value: '2' },
      { Variable_name: 'Ssl_version', Value: '' },
      { Variable_name: '<img src=x>', Value: '1' },
      { Variable_name: 'Com_x|y', Value: '1' },
      { Variable_name: `A${'b'.repeat(100)}`, Value: '1' },
      { Variable_name: 'Handler_write', Value: null },
      'not a row',
      null,
    ];
    const snapshot = statusSnapshot(rows);
    expect(snapshot).toEqual({
      Com_select: '12',
      Innodb_data_fsyncs: '3',
      Threads_running: '2',
      Ssl_version: '',
    });
    expect(counterNames(snapshot)).toEqual(['Com_select', 'Innodb_data_fsyncs']);
    expect(statusSnapshot('nonsense')).toEqual({});
  });

  it("lists MariaDB 10.11's counters: the statements, rows, sorts, caches and durability, no gauge", () => {
    const names = counterNames(MARIADB);
    expect(names.length).toBeGreaterThan(250);
    expect(names).toEqual(expect.arrayContaining(['Com_select', 'Handler_read_next', 'Innodb_data_fsyncs']));
    for (const gauge of ['Uptime', 'Threads_connected', 'Innodb_lsn_current', 'Memory_used', 'Open_tables']) {
      expect(names).not.toContain(gauge);
    }
  });
});

describe("MySQL 9.7's status counters", () => {
  it('groups the same kinds of work under their MySQL names, and leaves out its gauges', () => {
    const names = counterNames(
      statusSnapshot(Object.entries(MYSQL).map(([n, v]) => ({ Variable_name: n, Value: v }))),
    );
    expect(names.length).toBeGreaterThan(200);
    expect(counterGroup('Innodb_rows_read')).toBe('rows');
    expect(counterGroup('Innodb_os_log_fsyncs')).toBe('durability');
    for (const gauge of [
      'Innodb_redo_log_current_lsn',
      'Innodb_redo_log_logical_size',
      'Global_connection_memory',
      'Error_log_latest_write',
      'Deprecated_use_i_s_processlist_last_timestamp',
      'Innodb_buffer_pool_resize_status_progress',
      'Acl_cache_items_count',
    ]) {
      expect(MYSQL[gauge]).toBeDefined();
      expect(names).not.toContain(gauge);
    }
    // Names with spaces and colons (option_tracker_usage:Binary Log) are not kept.
    expect(Object.keys(MYSQL).some((name) => name.includes(' '))).toBe(true);
    expect(names.every((name) => /^\w+$/.test(name))).toBe(true);
  });
});
