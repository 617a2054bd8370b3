import { InputError } from '../../src/errors.js';
import {
  managedOptionOf,
  mergeOptions,
  normalizeOptionName,
  parseOptionAssignment,
  parseOptionAssignments,
} from '../../src/server/options.js';

describe('mergeOptions', () => {
  it('lets later layers win and treats - and _ alike', () => {
    const merged = mergeOptions([
      { source: 'suite fast', options: { 'innodb-buffer-pool-size': '128M', performance_schema: 'OFF' } },
      { source: '--set', options: { innodb_buffer_pool_size: '1G', 'sync-binlog': '1' } },
      { source: '--head-set', options: { performance_schema: 'ON' } },
    ]);
    expect(merged).toEqual({ innodb_buffer_pool_size: '1G', performance_schema: 'ON', sync_binlog: '1' });
  });

  it('returns an empty map for no layers', () => {
    expect(mergeOptions([])).toEqual({});
  });

  it.each([
    ['datadir', '/var/lib/mysql', 'datadir'],
    ['socket', '/tmp/x.sock', 'socket'],
    ['port', '3306', 'port'],
    ['pid-file', '/tmp/x.pid', 'pid_file'],
    ['log_error', '/tmp/err', 'log_error'],
    ['basedir', '/usr', 'basedir'],
    ['bind-address', '0.0.0.0', 'bind_address'],
    ['skip-networking', 'ON', 'skip_networking'],
    ['user', 'mysql', 'user'],
    ['loose-datadir', '/x', 'datadir'],
    ['DATADIR', '/x', 'datadir'],
    ['enable-skip-networking', '1', 'skip_networking'],
    ['mysqlx-port', '33060', 'mysqlx_port'],
    // Who may do what on the server, and where SQL may write: the accounts' and the tool's.
    ['secure-file-priv', '', 'secure_file_priv'],
    ['general_log_file', '/home/runner/.bashrc', 'general_log_file'],
    ['slow-query-log-file', '/x', 'slow_query_log_file'],
    ['log_slow_query_file', '/x', 'log_slow_query_file'],
    ['init-file', '/x.sql', 'init_file'],
    ['skip-grant-tables', 'ON', 'skip_grant_tables'],
  ])('rejects the managed option %s, naming it and its layer', (name, value, managed) => {
    const merge = (): unknown =>
      mergeOptions([
        { source: 'suite fast', options: {} },
        { source: '--base-set', options: { [name]: value } },
      ]);
    expect(merge).toThrow(InputError);
    expect(merge).toThrow(
      `server option ${name} from --base-set cannot be set: mysql-perf-gate sets ${managed}`,
    );
  });

  it.each([['1abc'], ['name with space'], ['a;b'], ['']])('rejects the non-option name %j', (name) => {
    expect(() => mergeOptions([{ source: 'suite s', options: { [name]: '1' } }])).toThrow(
      /from suite s is not an option name/,
    );
  });

  it('rejects a value with a line break (it would inject lines into the option file)', () => {
    expect(() => mergeOptions([{ source: '--set', options: { init_connect: 'x\n[client]' } }])).toThrow(
      InputError,
    );
  });
});

describe('normalizeOptionName / managedOptionOf', () => {
  it.each([
    ['innodb-buffer-pool-size', 'innodb_buffer_pool_size'],
    [' sync_binlog ', 'sync_binlog'],
  ])('%j → %j', (raw, normalized) => {
    expect(normalizeOptionName(raw)).toBe(normalized);
  });

  it.each([
    ['pid_file', 'pid_file'],
    ['loose_port', 'port'],
    ['skip_networking', 'skip_networking'],
    ['innodb_buffer_pool_size', undefined],
    ['skip_name_resolve', undefined],
    ['performance_schema', undefined],
  ])('%s is managed as %s', (name, managed) => {
    expect(managedOptionOf(name)).toBe(managed);
  });
});

describe('parseOptionAssignment', () => {
  it.each([
    ['innodb_buffer_pool_size=1G', ['innodb_buffer_pool_size', '1G']],
    ['innodb-flush-log-at-trx-commit=2', ['innodb_flush_log_at_trx_commit', '2']],
    ['init_connect=SET @a=1', ['init_connect', 'SET @a=1']],
    ['sql_mode=', ['sql_mode', '']],
  ])('%s', (text, expected) => {
    expect(parseOptionAssignment(text, '--set')).toEqual(expected);
  });

  it.each([
    ['skip_name_resolve', 'expected NAME=VALUE'],
    ['=1', "the option name before '=' is empty"],
    ['  =1', "the option name before '=' is empty"],
  ])('rejects %j', (text, message) => {
    expect(() => parseOptionAssignment(text, '--head-set')).toThrow(InputError);
    expect(() => parseOptionAssignment(text, '--head-set')).toThrow(message);
    expect(() => parseOptionAssignment(text, '--head-set')).toThrow('--head-set');
  });

  it('collects repeated flags, the last one winning', () => {
    expect(parseOptionAssignments(['a=1', 'b=2', 'a=3'], '--set')).toEqual({ a: '3', b: '2' });
  });
});
