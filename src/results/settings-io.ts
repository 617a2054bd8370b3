// The curated settings of settings-catalog.ts that decide what a transaction writes, logs and
// reads from disk: durability and the binary log, instrumentation, memory and redo capacity, and
// flushing. Pure data.
import type { KnownSetting } from './settings-catalog.js';

export const durability: readonly KnownSetting[] = [
  {
    name: 'log_bin',
    area: 'binary log',
    changes:
      'the binary log: every commit also writes its events there, and goes through two-phase commit with the storage engine',
    distorts: true,
  },
  {
    name: 'sync_binlog',
    area: 'binary log',
    changes: 'binary log fsyncs: 1 at every commit group, N every N groups, 0 left to the OS',
    distorts: true,
  },
  {
    name: 'innodb_flush_log_at_trx_commit',
    area: 'durability',
    changes: 'redo log at commit: 1 written and fsynced, 2 written (fsynced once a second), 0 neither',
    distorts: true,
  },
  {
    name: 'innodb_doublewrite',
    area: 'durability',
    changes: 'every flushed page written twice, to the doublewrite buffer first, against torn pages',
    distorts: true,
  },
  {
    name: 'innodb_flush_method',
    area: 'durability',
    changes:
      'how data files are written and flushed: O_DIRECT bypasses the OS page cache, fsync goes through it',
    distorts: true,
  },
  {
    name: 'innodb_use_fdatasync',
    area: 'durability',
    changes: 'fdatasync() instead of fsync(): metadata is not flushed with the data',
  },
  {
    name: 'binlog_format',
    area: 'binary log',
    changes: 'ROW logs every changed row, STATEMENT the statement, MIXED either: bytes logged per write',
  },
  {
    name: 'binlog_row_image',
    area: 'binary log',
    changes: 'FULL logs every column of a changed row, MINIMAL the key and the changed columns',
  },
  { name: 'binlog_checksum', area: 'binary log', changes: 'a checksum computed over every binary log event' },
  {
    name: 'gtid_mode',
    area: 'binary log',
    changes: 'a global transaction id assigned and logged with every transaction (MySQL, Percona)',
  },
  {
    name: 'binlog_group_commit_sync_delay',
    area: 'binary log',
    changes: 'microseconds a commit group waits for more commits before its fsync (MySQL, Percona)',
  },
  {
    name: 'binlog_commit_wait_usec',
    area: 'binary log',
    changes: 'microseconds a commit waits for others to group with (MariaDB)',
  },
  {
    name: 'innodb_flush_log_at_timeout',
    area: 'durability',
    changes: 'seconds between redo flushes when commits do not flush',
  },
];

export const instrumentation: readonly KnownSetting[] = [
  {
    name: 'performance_schema',
    area: 'instrumentation',
    changes:
      'statements, waits, stages and memory instrumented in every transaction: a few percent per transaction',
  },
  { name: 'general_log', area: 'instrumentation', changes: 'every statement written to the general log' },
  {
    name: 'slow_query_log',
    area: 'instrumentation',
    changes: 'statements slower than long_query_time written to a log',
  },
  {
    name: 'long_query_time',
    area: 'instrumentation',
    changes: 'which statements the slow log writes (0 writes every one)',
  },
  {
    name: 'log_slow_verbosity',
    area: 'instrumentation',
    changes: 'what the slow log gathers per statement (query plans, InnoDB figures)',
  },
  {
    name: 'userstat',
    area: 'instrumentation',
    changes: 'per-user, per-table and per-index statistics counted in every statement',
  },
  {
    name: 'innodb_monitor_enable',
    area: 'instrumentation',
    changes: 'InnoDB metrics counters updated as it works',
  },
];

export const memory: readonly KnownSetting[] = [
  {
    name: 'innodb_buffer_pool_size',
    area: 'memory and redo',
    changes: 'how much data stays in memory: data larger than it is read from disk',
    distorts: true,
  },
  {
    name: 'innodb_redo_log_capacity',
    area: 'memory and redo',
    changes: 'redo capacity (MySQL 8.0.30+): less checkpoints sooner and flushes more pages per write',
    distorts: true,
  },
  {
    name: 'innodb_log_file_size',
    area: 'memory and redo',
    changes:
      'redo capacity (MariaDB: the one redo file; MySQL before 8.0.30: per file): less flushes more pages per write',
    distorts: true,
  },
  {
    name: 'innodb_log_files_in_group',
    area: 'memory and redo',
    changes: 'redo files (MySQL before 8.0.30): capacity is their number times innodb_log_file_size',
    distorts: true,
  },
  {
    name: 'innodb_log_buffer_size',
    area: 'memory and redo',
    changes: 'redo buffered in memory before it must be written',
  },
  {
    name: 'innodb_buffer_pool_instances',
    area: 'memory and redo',
    changes: 'buffer pool partitions: contention on its mutexes under concurrency',
  },
  {
    name: 'innodb_page_size',
    area: 'memory and redo',
    changes: 'the page size: rows per page, bytes read and written per page',
  },
];

export const flushing: readonly KnownSetting[] = [
  { name: 'innodb_io_capacity', area: 'flushing', changes: 'the pace of background page flushing' },
  {
    name: 'innodb_io_capacity_max',
    area: 'flushing',
    changes: 'the most background flushing may write per second',
  },
  {
    name: 'innodb_max_dirty_pages_pct',
    area: 'flushing',
    changes: 'the share of dirty pages above which flushing turns aggressive',
  },
  {
    name: 'innodb_adaptive_flushing',
    area: 'flushing',
    changes: 'flushing paced by the rate of redo generation',
  },
  {
    name: 'innodb_flush_neighbors',
    area: 'flushing',
    changes: 'flushing a page also writes its dirty neighbours in the extent: more writes per flush',
  },
  {
    name: 'innodb_lru_scan_depth',
    area: 'flushing',
    changes: 'pages the page cleaner scans per pool instance each second',
  },
  {
    name: 'innodb_change_buffering',
    area: 'flushing',
    changes: 'secondary-index changes buffered and merged later instead of read and applied at once',
  },
  {
    name: 'innodb_checksum_algorithm',
    area: 'flushing',
    changes: 'the checksum computed on every page read and written',
  },
  {
    name: 'innodb_purge_threads',
    area: 'flushing',
    changes: 'threads removing old row versions and delete marks',
  },
];
