// The settings known to change the work a server does per transaction, in MySQL, Percona Server and
// MariaDB: a curated table, most consequential first, each with a line on what it changes. Half of
// the seeds' "regressions" were one of these (sync_binlog 0 → 1 in MySQL 5.7.7, performance_schema
// ON by default in 5.6), so a difference in one of them is listed before any other. Pure data and
// lookups; docs/settings.md prints the table.
import { durability, flushing, instrumentation, memory } from './settings-io.js';

/** What part of the server's work a setting decides. */
export const SETTING_AREAS = [
  'durability',
  'binary log',
  'instrumentation',
  'memory and redo',
  'flushing',
  'concurrency',
  'transactions',
  'strings',
  'optimizer',
  'caches',
] as const;
export type SettingArea = (typeof SETTING_AREAS)[number];

export interface KnownSetting {
  /** The variable as SHOW GLOBAL VARIABLES names it (lower case). */
  readonly name: string;
  readonly area: SettingArea;
  /** One line on what it changes, for a reader deciding whether it explains a change. */
  readonly changes: string;
  /**
   * Known to distort a comparison of two versions or flavors when it differs (durability, redo
   * capacity, the buffer pool): the fairness check names it before measuring.
   */
  readonly distorts?: true;
}

const concurrency: readonly KnownSetting[] = [
  {
    name: 'thread_handling',
    area: 'concurrency',
    changes: 'a thread per connection, or a pool of threads serving every connection',
  },
  {
    name: 'thread_pool_size',
    area: 'concurrency',
    changes: 'thread groups of the pool: statements running at once',
  },
  {
    name: 'innodb_thread_concurrency',
    area: 'concurrency',
    changes: 'at most this many threads inside InnoDB at once (0: no limit): queueing under concurrency',
  },
  {
    name: 'innodb_spin_wait_delay',
    area: 'concurrency',
    changes: 'CPU spent spinning on a busy latch before sleeping',
  },
  {
    name: 'innodb_sync_spin_loops',
    area: 'concurrency',
    changes: 'spins on a busy latch before the thread sleeps',
  },
  {
    name: 'innodb_adaptive_hash_index',
    area: 'concurrency',
    changes:
      'a hash index over hot B-tree pages: fewer page visits per lookup, a contended latch under writes',
  },
  {
    name: 'innodb_deadlock_detect',
    area: 'concurrency',
    changes: 'a deadlock search at every lock wait: costly with many waiting transactions',
  },
  {
    name: 'innodb_autoinc_lock_mode',
    area: 'concurrency',
    changes: 'how inserts take AUTO_INCREMENT values: table lock or a latch',
  },
];

const transactions: readonly KnownSetting[] = [
  {
    name: 'transaction_isolation',
    area: 'transactions',
    changes:
      'REPEATABLE-READ keeps a read view per transaction and takes gap locks, READ-COMMITTED a view per statement',
  },
  {
    name: 'tx_isolation',
    area: 'transactions',
    changes: 'the isolation level (its name before MySQL 8.0 and MariaDB 11.1)',
  },
  {
    name: 'autocommit',
    area: 'transactions',
    changes: 'a commit after every statement outside an explicit transaction',
  },
  {
    name: 'innodb_snapshot_isolation',
    area: 'transactions',
    changes: 'a write to a row changed since the read view began fails instead of proceeding (MariaDB 11.6+)',
  },
];

const strings: readonly KnownSetting[] = [
  {
    name: 'character_set_server',
    area: 'strings',
    changes:
      'the default character set of new tables: utf8mb4 stores and compares up to 4 bytes per character',
  },
  {
    name: 'collation_server',
    area: 'strings',
    changes:
      'the default collation: UCA collations cost more per comparison and sort than binary or latin1 ones',
  },
  {
    name: 'character_set_connection',
    area: 'strings',
    changes: 'the character set literals arrive in and are compared as',
  },
  { name: 'collation_connection', area: 'strings', changes: 'the collation string literals compare with' },
];

const optimizer: readonly KnownSetting[] = [
  {
    name: 'optimizer_switch',
    area: 'optimizer',
    changes: 'which plans and strategies the optimizer may choose',
  },
  {
    name: 'optimizer_search_depth',
    area: 'optimizer',
    changes: 'how many join orders the optimizer explores',
  },
  {
    name: 'eq_range_index_dive_limit',
    area: 'optimizer',
    changes: 'index dives to estimate IN() lists before statistics are used',
  },
  {
    name: 'innodb_stats_persistent',
    area: 'optimizer',
    changes: 'table statistics stored, or sampled again: plans can change',
  },
  { name: 'sql_mode', area: 'optimizer', changes: 'checks done on every statement and value' },
  {
    name: 'sort_buffer_size',
    area: 'optimizer',
    changes: 'memory per sort: a smaller one sorts in passes through temporary files',
  },
  { name: 'join_buffer_size', area: 'optimizer', changes: 'memory per join without an index' },
  {
    name: 'tmp_table_size',
    area: 'optimizer',
    changes: 'the largest in-memory temporary table: larger ones go to disk',
  },
  {
    name: 'max_heap_table_size',
    area: 'optimizer',
    changes: 'the largest MEMORY table, and with tmp_table_size of an in-memory temporary one',
  },
  {
    name: 'internal_tmp_mem_storage_engine',
    area: 'optimizer',
    changes: 'the engine of in-memory temporary tables, TempTable or MEMORY (MySQL, Percona)',
  },
  { name: 'big_tables', area: 'optimizer', changes: 'every temporary table on disk' },
];

const caches: readonly KnownSetting[] = [
  {
    name: 'query_cache_type',
    area: 'caches',
    changes:
      'a cache of result sets: a hit skips the statement, every write to a table invalidates its entries',
  },
  { name: 'query_cache_size', area: 'caches', changes: 'memory for the query cache (0: none)' },
  {
    name: 'table_open_cache',
    area: 'caches',
    changes: 'tables kept open: fewer than the workload uses means reopening them',
  },
  {
    name: 'table_open_cache_instances',
    area: 'caches',
    changes: 'partitions of the open-table cache: contention on its mutex',
  },
];

/**
 * The settings that change every transaction's work most, first: durability and the binary log
 * (writes), the instrumentation (every statement), then what decides reads from disk and flushing.
 */
const FIRST = [
  'log_bin',
  'sync_binlog',
  'innodb_flush_log_at_trx_commit',
  'performance_schema',
  'innodb_buffer_pool_size',
  'innodb_redo_log_capacity',
  'innodb_log_file_size',
  'innodb_log_files_in_group',
  'innodb_doublewrite',
  'innodb_flush_method',
];

const ALL = [
  ...durability,
  ...instrumentation,
  ...memory,
  ...flushing,
  ...concurrency,
  ...transactions,
  ...strings,
  ...optimizer,
  ...caches,
];

/** The curated table, most consequential first: a difference earlier in it is listed earlier. */
export const KNOWN_SETTINGS: readonly KnownSetting[] = [
  ...FIRST.map((name) => ALL.find((setting) => setting.name === name)).filter(
    (setting) => setting !== undefined,
  ),
  ...ALL.filter((setting) => !FIRST.includes(setting.name)),
];

/**
 * A replica's logging and applier: they change what a replica apply does per transaction (a
 * binary log of its own, one applier thread or several), known in a verdict with operational cells
 * only, where they rank first (OPERATION_FIRST).
 */
export const REPLICA_SETTINGS: readonly KnownSetting[] = [
  {
    name: 'log_slave_updates',
    area: 'binary log',
    changes: 'a replica writes every transaction it applies to a binary log of its own',
  },
  {
    name: 'log_replica_updates',
    area: 'binary log',
    changes: 'a replica writes every transaction it applies to a binary log of its own (MySQL 8.0.26 on)',
  },
  {
    name: 'slave_parallel_threads',
    area: 'concurrency',
    changes: 'threads a MariaDB replica applies its relay log with (0: the SQL thread alone)',
  },
  {
    name: 'replica_parallel_workers',
    area: 'concurrency',
    changes: 'threads a MySQL replica applies its relay log with (MySQL 8.0.26 on; 0 or 1: one)',
  },
  {
    name: 'slave_parallel_workers',
    area: 'concurrency',
    changes: 'threads a MySQL replica applies its relay log with (before MySQL 8.0.26; 0: one)',
  },
];

/**
 * What an operational cell (a recovery, a cold start, a replica apply) answers to first: the redo
 * log's size (how much a recovery replays, how often a checkpoint comes), durability, and a
 * replica's logging, binary log format and applier threads. A verdict with such cells lists a
 * difference in one of these before any other.
 */
export const OPERATION_FIRST = [
  'innodb_log_file_size',
  'innodb_redo_log_capacity',
  'innodb_flush_log_at_trx_commit',
  'sync_binlog',
  'log_slave_updates',
  'log_replica_updates',
  'binlog_format',
  'slave_parallel_threads',
  'replica_parallel_workers',
  'slave_parallel_workers',
  'binlog_row_image',
];

const byName = new Map(KNOWN_SETTINGS.map((setting, rank) => [setting.name, { setting, rank }]));

const OPERATION_TABLE: readonly KnownSetting[] = [
  ...OPERATION_FIRST.flatMap(
    (name) => [...KNOWN_SETTINGS, ...REPLICA_SETTINGS].find((setting) => setting.name === name) ?? [],
  ),
  ...KNOWN_SETTINGS.filter((setting) => !OPERATION_FIRST.includes(setting.name)),
];
const byNameOperations = new Map(OPERATION_TABLE.map((setting, rank) => [setting.name, { setting, rank }]));

/**
 * The setting's entry in the curated table and its rank there (0 first), or undefined. With
 * `operations` (a verdict with operational cells), OPERATION_FIRST's settings rank first, and a
 * replica's settings are known too.
 */
export function knownSetting(
  name: string,
  options: { readonly operations?: boolean } = {},
): { readonly setting: KnownSetting; readonly rank: number } | undefined {
  return (options.operations === true ? byNameOperations : byName).get(name.toLowerCase());
}

/**
 * Variables whose value only follows from others (a default sized from another setting, a name
 * that carries a suffix): listed with the rest, saying what they follow, never ranked above it.
 */
export const FOLLOWERS: Readonly<Record<string, string>> = {
  version: 'the binary, general or slow log being on (MySQL and MariaDB append "-log")',
  back_log: 'max_connections (its default is sized from it)',
  open_files_limit: 'max_connections and table_open_cache (sized from them)',
  table_definition_cache: 'table_open_cache (MySQL sizes its default from it)',
  host_cache_size: 'max_connections (MySQL sizes its default from it)',
  thread_cache_size: 'max_connections (sized from it; it matters only when clients connect)',
  log_bin_basename: 'log_bin',
  log_bin_index: 'log_bin',
  character_set_database: 'character_set_server',
  collation_database: 'collation_server',
};
