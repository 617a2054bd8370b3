// Server variables whose values differ between two otherwise identical servers for reasons that
// cannot affect performance: where the server's files are, which ports and ids it got, and when
// it started. Comparisons leave them out; everything else that differs is evidence. Pure.
//
// Kept as an explicit list (not a suffix pattern) because look-alike names carry real settings:
// innodb_data_file_path sizes the system tablespace, innodb_file_per_table changes I/O.

export const VOLATILE_VARIABLES: readonly string[] = [
  // Where the server's files are: differ per datadir or install prefix.
  'aria_log_dir_path',
  'basedir',
  'character_sets_dir',
  'datadir',
  'general_log_file',
  'innodb_data_home_dir',
  'innodb_log_group_home_dir',
  'innodb_tmpdir',
  'innodb_undo_directory',
  'init_file',
  'lc_messages_dir',
  'log_bin_basename',
  'log_bin_index',
  'log_error',
  'log_slow_query_file',
  'pid_file',
  'plugin_dir',
  'relay_log_basename',
  'relay_log_index',
  'relay_log_info_file',
  'replica_load_tmpdir',
  'secure_file_priv',
  'slave_load_tmpdir',
  'slow_query_log_file',
  'tmpdir',
  'wsrep_data_home_dir',
  // How clients reach it: a socket path and port per server.
  'mysqlx_port',
  'mysqlx_socket',
  'port',
  'report_port',
  'socket',
  // Identity and clock.
  'hostname',
  'server_id',
  'server_uid',
  'server_uuid',
  'timestamp',
  // Replication position state, not configuration.
  'gtid_binlog_pos',
  'gtid_binlog_state',
  'gtid_current_pos',
  'gtid_executed',
  'gtid_purged',
  'gtid_slave_pos',
];

const volatile = new Set(VOLATILE_VARIABLES);

export function volatileVariable(name: string): boolean {
  return volatile.has(name.toLowerCase());
}
