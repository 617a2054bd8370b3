// SHOW GLOBAL STATUS as work per transaction: which variables are counters that only grow (and
// so divide by the transactions of a window), which group they belong to, and the deltas of a
// window with the snapshots' own statements taken out. Gauges (threads, open files, memory, pages
// in the pool, uptime) and text values are left out. MariaDB and MySQL names are kept raw. Pure.

export const WORK_GROUPS = ['statements', 'rows', 'sorting', 'caches', 'durability', 'other'] as const;
export type WorkGroup = (typeof WORK_GROUPS)[number];

/** Values that are not totals since start-up: states, sizes, and clocks. */
const GAUGES: readonly RegExp[] = [
  /^Threads_/,
  /^Open_/,
  /^Uptime/,
  /^Memory_used/,
  /^Max_used_/,
  /^Max_statement_time_exceeded$/i,
  /^Qcache_(free_|queries_in_cache|total_blocks)/,
  /^Innodb_buffer_pool_(pages_(data|dirty|free|misc|old|total)$|bytes_|load_|dump_|resize_|size)/,
  /^Innodb_(page_size|num_open_files|history_list_length|have_|mem_|available_undo_logs)/,
  /^Innodb_(undo_tablespaces_|encryption_num_key_requests|onlineddl_)/,
  /_current$|_current_|^Current_/i,
  /^(Rpl|Slave|Slaves|Master|Wsrep|wsrep|Ssl|Performance_schema|Feature|Acl)_/i,
  /^(Delayed_insert_threads|Not_flushed_delayed_rows|Resource_group_)/,
  /^Tc_log_max_pages_used$|^Tc_log_page_size$/,
  /^Key_blocks_(not_flushed|unused|used)$/,
  /^(Compression|Last_query_cost|Connection_errors_)/,
  // Positions and sizes that go up and down, and clocks: not amounts of work.
  /^Innodb_(checkpoint_(age|max_age)|ibuf_(size|free_list|segment_size)|lsn_|max_trx_id$)/,
  /^Innodb_redo_log_(?!(writes|fsyncs|bytes_written)$)/,
  /^Innodb_row_lock_(time|current_waits)/,
  /_pending_|^Innodb_pending|^Innodb_os_log_pending/,
  /^Innodb_(master_thread_|background_log_sync)/,
  /^Aria_pagecache_blocks_/,
  /^(Busy_time|Cpu_time|Query_time|Global_connection_memory|Error_log_|Tls_|Mysqlx_|Replica_|Telemetry_)/,
  /^(Caching_sha2_password_|Ongoing_anonymous_|Secondary_engine_|Resource_limits_)/,
  /^(Binlog_snapshot_|Table_open_cache_active_instances$|Prepared_stmt_count$|Threadpool_|Stack_usage$|Key_blocks_warm$|wsrep$)/i,
  /^Innodb_encryption_rotation_estimated_iops$/,
  /_timestamp$|^Acl_cache_items_count$/,
];

const GROUPS: readonly [WorkGroup, RegExp][] = [
  ['statements', /^(Com_|Questions$|Queries$)/],
  ['rows', /^(Handler_|Innodb_rows_|Innodb_system_rows_|Rows_|Select_|Table_locks_)/],
  ['sorting', /^(Sort_|Created_tmp_|Filesort_)/],
  [
    'caches',
    /^(Qcache_|Key_read|Key_write|Table_open_cache_|Innodb_buffer_pool_read|Innodb_buffer_pool_wait|Innodb_buffer_pool_write_requests|Innodb_adaptive_hash_|Opened_)/,
  ],
  [
    'durability',
    /^(Innodb_(data_|os_log_|log_|redo_log_|dblwr_|pages_(written|read|created)|buffer_pool_pages_(flushed|lru_))|Binlog_|Syncs$|Tc_)/,
  ],
];

/** A counter the run records beside SHOW GLOBAL STATUS's, read from elsewhere. */
export interface PseudoCounter {
  readonly group: WorkGroup;
  /** How a sentence or a table names it: "redo bytes recovered". */
  readonly label: string;
  /**
   * What the operation was given to do rather than what it did: when it grew, it is named as the
   * reason a regressed operational cell did more (compare/work-changes.ts).
   */
  readonly input: boolean;
}

/**
 * The pseudo counters: `Innodb_redo_bytes_recovered`, the redo a crash recovery applied (from its
 * checkpoint to the end of the log, read from the error log), per recovery.
 */
export const PSEUDO_COUNTERS: Readonly<Record<string, PseudoCounter>> = {
  Innodb_redo_bytes_recovered: { group: 'durability', label: 'redo bytes recovered', input: true },
};

export function pseudoCounter(name: string): PseudoCounter | undefined {
  return Object.hasOwn(PSEUDO_COUNTERS, name) ? PSEUDO_COUNTERS[name] : undefined;
}

/** A counter as a sentence names it: a pseudo counter's words, else its name. */
export function counterLabel(name: string): string {
  return pseudoCounter(name)?.label ?? name;
}

/** The group of a counter that grows with work; undefined for gauges and the like. */
export function counterGroup(name: string): WorkGroup | undefined {
  const pseudo = pseudoCounter(name);
  if (pseudo !== undefined) return pseudo.group;
  if (GAUGES.some((pattern) => pattern.test(name))) return undefined;
  return GROUPS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
}

export type StatusSnapshot = Readonly<Record<string, string>>;

/**
 * Counter increments over a window, less what the snapshot statements themselves added
 * (`selfCost`: the increments between two snapshots taken back to back on one connection).
 * Non-numeric values, gauges and counters that went down (a reset) are left out.
 */
export function statusDeltas(
  before: StatusSnapshot,
  after: StatusSnapshot,
  selfCost: Readonly<Record<string, number>> = {},
): Record<string, number> {
  const deltas: Record<string, number> = {};
  for (const [name, text] of Object.entries(after)) {
    if (counterGroup(name) === undefined) continue;
    const was = Number(before[name]);
    const now = Number(text);
    if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(was) || now < was) continue;
    const delta = Math.max(0, now - was - (selfCost[name] ?? 0));
    if (delta > 0) deltas[name] = delta;
  }
  return deltas;
}

/** What one snapshot costs: increments between two taken back to back (at least 0 each). */
export function snapshotCost(first: StatusSnapshot, second: StatusSnapshot): Record<string, number> {
  return statusDeltas(first, second);
}

/** Names a status counter may have: anything else from a server is dropped, never stored or shown. */
export const STATUS_NAME = /^[A-Za-z][A-Za-z0-9_]{0,79}$/;

/** At most this many counters are kept per snapshot (MariaDB 10.11 reports about 560 variables). */
export const MAX_STATUS_COUNTERS = 3000;

/**
 * SHOW GLOBAL STATUS rows as a snapshot: the counters' text values by name. Rows come from the
 * server, so anything that is not a plain name with a value is left out.
 */
export function statusSnapshot(rows: unknown): Record<string, string> {
  const snapshot: Record<string, string> = {};
  if (!Array.isArray(rows)) return snapshot;
  for (const row of rows.slice(0, MAX_STATUS_COUNTERS * 2) as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const { Variable_name: name, Value: value } = row as Record<string, unknown>;
    if (typeof name !== 'string' || !STATUS_NAME.test(name)) continue;
    if (typeof value === 'string' || typeof value === 'number') snapshot[name] = String(value);
  }
  return snapshot;
}

/** The counters among a snapshot's variables: numeric values of names that are not gauges. */
export function counterNames(snapshot: StatusSnapshot): string[] {
  return Object.entries(snapshot)
    .filter(([name, value]) => counterGroup(name) !== undefined && /^\d+(\.\d+)?$/.test(value))
    .map(([name]) => name)
    .slice(0, MAX_STATUS_COUNTERS);
}
