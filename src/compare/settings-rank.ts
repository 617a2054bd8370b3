// The settings that differ between the sides, ranked for a reader who wants to know which of them
// may explain a change: first those known to change the work per transaction (the curated table of
// results/settings-catalog.ts), then those of the kind whose work counters moved (fsyncs moved: the
// flushing and logging settings), then the rest. A setting that only follows another (`version`'s
// "-log", `back_log` sized from max_connections) says so and stays in the last tier. Pure.
import type { WorkGroup } from '../results/status-counters.js';
import { FOLLOWERS, knownSetting } from '../results/settings-catalog.js';
import type { ConfigDifference, Verdict, WorkSection } from './verdict-schema.js';

/** 1: known to change the work; 2: of a kind whose counters moved; 3: the rest. */
export type SettingTier = 1 | 2 | 3;

/** The settings each group of status counters answers to, when that group's counters move. */
const GROUP_SETTINGS: Readonly<Partial<Record<WorkGroup, RegExp>>> = {
  durability:
    /^(innodb_(flush|log|doublewrite|io_|fsync|use_fdatasync|write_io|page_cleaner|max_dirty|adaptive_flushing|lru|redo|purge)|sync_|binlog|log_bin|max_binlog|relay_log|log_slave|log_replica)/,
  caches: /(cache|buffer_pool|adaptive_hash|key_buffer)/,
  sorting: /^(sort_|tmp_|max_heap|max_sort|max_length_for_sort|internal_tmp|big_tables|temptable|optimizer)/,
  rows: /^(optimizer|join_|eq_range|range_|innodb_(stats|lock|autoinc|ft_)|transaction_|tx_|read_rnd|read_buffer)/,
  statements: /^(sql_mode|autocommit|completion_type|query_|max_execution_time|max_statement_time)/,
};

/** The groups of counters whose work per transaction changed in some cell (not only its pace). */
export function movedGroups(work: WorkSection | undefined): Set<WorkGroup> {
  if (work?.status !== 'compared') return new Set();
  return new Set(
    work.cells.flatMap((cell) =>
      cell.changes.filter((change) => !change.followsThroughput).map((c) => c.group),
    ),
  );
}

export interface RankedSetting {
  readonly tier: SettingTier;
  /** Tier 1: what the setting changes. */
  readonly changes?: string;
  /** Tier 2: the groups of counters that moved and answer to it. */
  readonly counters?: WorkGroup[];
  /** What the setting's value follows from, when it is only a consequence of others. */
  readonly follows?: string;
}

/** Where one differing setting ranks, given the groups of counters that moved, and its order in its tier. */
export function rankSetting(
  name: string,
  moved: ReadonlySet<WorkGroup>,
  options: { readonly operations?: boolean } = {},
): { readonly setting: RankedSetting; readonly order: number } {
  const follows = FOLLOWERS[name.toLowerCase()];
  if (follows !== undefined) return { setting: { tier: 3, follows }, order: 0 };
  const known = knownSetting(name, options);
  if (known !== undefined) return { setting: { tier: 1, changes: known.setting.changes }, order: known.rank };
  const counters = [...moved].filter((group) => GROUP_SETTINGS[group]?.test(name.toLowerCase()));
  if (counters.length > 0) return { setting: { tier: 2, counters }, order: 0 };
  return { setting: { tier: 3 }, order: 0 };
}

function oneSided(entry: ConfigDifference): number {
  return entry.base === null || entry.head === null ? 1 : 0;
}

/** Whether a verdict judged operational cells (recovery, cold start, replica apply). */
export function hasOperations(verdict: Pick<Verdict, 'cells' | 'unjudged'>): boolean {
  return [...verdict.cells, ...verdict.unjudged].some((cell) => cell.operation !== undefined);
}

/**
 * The config diff in the order a reader should see it: tier 1 in the curated table's order (the
 * binary log and durability first; with operational cells, the redo log, durability and a
 * replica's settings first: OPERATION_FIRST), then tier 2 and tier 3 by name, each tier's settings
 * both sides have before those only one has; each entry with its tier.
 */
export function rankConfigDiff(
  diff: readonly ConfigDifference[],
  work: WorkSection | undefined,
  options: { readonly operations?: boolean } = {},
): (ConfigDifference & RankedSetting)[] {
  const moved = movedGroups(work);
  return (
    diff
      .map((entry) => ({ entry, rank: rankSetting(entry.name, moved, options) }))
      // Within a tier, a setting both sides have before one only one side has (a renamed variable,
      // a feature the other lacks): only a value that differs says the two ran otherwise.
      .sort(
        (a, b) =>
          a.rank.setting.tier - b.rank.setting.tier ||
          oneSided(a.entry) - oneSided(b.entry) ||
          a.rank.order - b.rank.order ||
          a.entry.name.localeCompare(b.entry.name),
      )
      .map(({ entry, rank }) => ({ ...entry, ...rank.setting }))
  );
}
