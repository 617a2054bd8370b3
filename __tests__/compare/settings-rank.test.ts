// The settings that differ, ranked: known to change the work first (in the curated order), then
// those whose counters moved, then the rest, with what a follower follows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { KNOWN_SETTINGS, knownSetting, SETTING_AREAS } from '../../src/results/settings-catalog.js';
import { movedGroups, rankConfigDiff, rankSetting } from '../../src/compare/settings-rank.js';
import type { CounterChange, WorkSection } from '../../src/compare/verdict-schema.js';

const differs = (name: string) => ({ name, base: 'a', head: 'b' });

function workWith(changes: Partial<CounterChange>[]): WorkSection {
  return {
    status: 'compared',
    summary: 'different-work',
    sentence: 'x',
    thresholds: { relative: 0.05, relativeBackground: 0.1, absolute: 0.01 },
    cellsCompared: 1,
    cellsSkipped: 0,
    oneSidedCounters: 0,
    cells: [
      {
        workload: 'oltp_write_only',
        threads: 1,
        changes: changes.map((change) => ({
          name: 'Innodb_data_fsyncs',
          group: 'durability',
          base: 0,
          head: 1,
          baseRange: [0, 0],
          headRange: [1, 1],
          followsThroughput: false,
          ...change,
        })),
      },
    ],
  };
}

describe('the curated table', () => {
  it('names each setting once, in lower case, with an area and a line that ends without a full stop', () => {
    const names = KNOWN_SETTINGS.map((setting) => setting.name);
    expect(new Set(names).size).toBe(names.length);
    for (const setting of KNOWN_SETTINGS) {
      expect(setting.name).toMatch(/^[a-z][a-z0-9_]+$/);
      expect(SETTING_AREAS).toContain(setting.area);
      expect(setting.changes.length).toBeGreaterThan(20);
      expect(setting.changes).not.toMatch(/\.$/);
    }
  });

  it('puts the binary log and durability first, then performance_schema, then capacity', () => {
    expect(KNOWN_SETTINGS.slice(0, 5).map((setting) => setting.name)).toEqual([
      'log_bin',
      'sync_binlog',
      'innodb_flush_log_at_trx_commit',
      'performance_schema',
      'innodb_buffer_pool_size',
    ]);
    const rank = (name: string) => knownSetting(name)!.rank;
    expect(rank('performance_schema')).toBeLessThan(rank('binlog_format'));
    expect(rank('innodb_redo_log_capacity')).toBeLessThan(rank('innodb_io_capacity'));
    expect(knownSetting('PERFORMANCE_SCHEMA')?.setting.area).toBe('instrumentation');
    expect(knownSetting('max_connections')).toBeUndefined();
  });

  it('marks what distorts a comparison of versions: durability, redo capacity, the buffer pool', () => {
    const distorting = KNOWN_SETTINGS.filter((setting) => setting.distorts).map((setting) => setting.name);
    expect(distorting).toEqual(
      expect.arrayContaining([
        'log_bin',
        'sync_binlog',
        'innodb_flush_log_at_trx_commit',
        'innodb_buffer_pool_size',
        'innodb_redo_log_capacity',
        'innodb_log_file_size',
      ]),
    );
    expect(distorting).not.toContain('performance_schema');
  });
});

describe('docs/settings.md', () => {
  it('prints the curated table as it is, rank by rank', () => {
    const page = readFileSync(join(import.meta.dirname, '../../docs/settings.md'), 'utf8');
    const rows = page
      .split('\n')
      .filter((line) => /^\| *\d+ *\|/.test(line))
      .map((line) =>
        line
          .slice(1, -1)
          .split(/(?<!\\)\|/)
          .map((cell) => cell.trim().replaceAll('\\|', '|')),
      );
    expect(rows).toEqual(
      KNOWN_SETTINGS.map((setting, index) => [
        String(index + 1),
        `\`${setting.name}\``,
        setting.area,
        setting.changes,
        setting.distorts ? 'yes' : '',
      ]),
    );
  });
});

describe('rankConfigDiff', () => {
  it("ranks a new version's defaults above harmless settings and what only follows them", () => {
    const diff = [
      'back_log',
      'connect_timeout',
      'div_precision_increment',
      'key_buffer_size',
      'log_bin',
      'max_connections',
      'performance_schema',
      'sync_binlog',
      'version',
      'wait_timeout',
    ].map(differs);
    const ranked = rankConfigDiff(diff, undefined);
    expect(ranked.map((entry) => entry.name)).toEqual([
      'log_bin',
      'sync_binlog',
      'performance_schema',
      'back_log',
      'connect_timeout',
      'div_precision_increment',
      'key_buffer_size',
      'max_connections',
      'version',
      'wait_timeout',
    ]);
    expect(ranked.map((entry) => entry.tier)).toEqual([1, 1, 1, 3, 3, 3, 3, 3, 3, 3]);
    expect(ranked[0]?.changes).toMatch(/two-phase commit/);
    expect(ranked.find((entry) => entry.name === 'back_log')?.follows).toMatch(/max_connections/);
    expect(ranked.find((entry) => entry.name === 'connect_timeout')).toEqual({
      ...differs('connect_timeout'),
      tier: 3,
    });
  });

  it('lifts an uncurated setting to tier 2 when counters of its kind moved, not when they only kept pace', () => {
    const diff = ['innodb_log_write_ahead_size', 'key_buffer_size', 'wait_timeout'].map(differs);
    const moved = rankConfigDiff(diff, workWith([{}]));
    expect(moved.map((entry) => [entry.name, entry.tier, entry.counters])).toEqual([
      ['innodb_log_write_ahead_size', 2, ['durability']],
      ['key_buffer_size', 3, undefined],
      ['wait_timeout', 3, undefined],
    ]);
    const paced = rankConfigDiff(diff, workWith([{ followsThroughput: true }]));
    expect(paced.map((entry) => entry.tier)).toEqual([3, 3, 3]);
    const caches = rankConfigDiff(diff, workWith([{ name: 'Key_reads', group: 'caches' }]));
    expect(caches.map((entry) => [entry.name, entry.tier])).toEqual([
      ['key_buffer_size', 2],
      ['innodb_log_write_ahead_size', 3],
      ['wait_timeout', 3],
    ]);
  });

  it('lists a setting both sides have before one only one side has, within a tier', () => {
    const ranked = rankConfigDiff(
      [
        { name: 'gtid_mode', base: null, head: 'ON' },
        { name: 'innodb_redo_log_capacity', base: null, head: '104857600' },
        differs('binlog_format'),
        differs('log_bin'),
      ],
      undefined,
    );
    expect(ranked.map((entry) => entry.name)).toEqual([
      'log_bin',
      'binlog_format',
      'innodb_redo_log_capacity',
      'gtid_mode',
    ]);
  });

  it('keeps a one-sided variable and both values as they were', () => {
    const ranked = rankConfigDiff(
      [{ name: 'innodb_redo_log_capacity', base: null, head: '104857600' }],
      undefined,
    );
    expect(ranked).toEqual([
      {
        name: 'innodb_redo_log_capacity',
        base: null,
        head: '104857600',
        tier: 1,
        changes: knownSetting('innodb_redo_log_capacity')!.setting.changes,
      },
    ]);
  });
});

describe('movedGroups and rankSetting', () => {
  it('finds no moved group without a compared work section', () => {
    expect(movedGroups(undefined)).toEqual(new Set());
    expect(movedGroups({ status: 'unavailable', reason: 'x' })).toEqual(new Set());
    expect(movedGroups(workWith([{}, { name: 'Sort_rows', group: 'sorting' }]))).toEqual(
      new Set(['durability', 'sorting']),
    );
  });

  it('never ranks a follower above tier 3, even when it is curated or its counters moved', () => {
    expect(rankSetting('version', new Set(['durability'])).setting.tier).toBe(3);
    expect(rankSetting('log_bin_basename', new Set(['durability'])).setting.tier).toBe(3);
    expect(rankSetting('tmp_table_size', new Set()).setting.tier).toBe(1);
    expect(rankSetting('max_sort_length', new Set(['sorting'])).setting.tier).toBe(2);
  });
});

describe('a verdict with operational cells (recovery, cold start, replica apply)', () => {
  const names = [
    'performance_schema',
    'log_bin',
    'binlog_row_image',
    'slave_parallel_threads',
    'binlog_format',
    'log_slave_updates',
    'sync_binlog',
    'innodb_flush_log_at_trx_commit',
    'innodb_log_file_size',
    'innodb_buffer_pool_size',
    'wait_timeout',
  ];
  const ranked = (operations: boolean) =>
    rankConfigDiff(names.map(differs), undefined, { operations }).map((entry) => [entry.name, entry.tier]);

  it("ranks the redo log, durability and a replica's logging, format and appliers first", () => {
    expect(ranked(true)).toEqual([
      ['innodb_log_file_size', 1],
      ['innodb_flush_log_at_trx_commit', 1],
      ['sync_binlog', 1],
      ['log_slave_updates', 1],
      ['binlog_format', 1],
      ['slave_parallel_threads', 1],
      ['binlog_row_image', 1],
      ['log_bin', 1],
      ['performance_schema', 1],
      ['innodb_buffer_pool_size', 1],
      ['wait_timeout', 3],
    ]);
    expect(knownSetting('replica_parallel_workers', { operations: true })?.setting.area).toBe('concurrency');
  });

  it("keeps today's ranking without them: a replica's settings are not curated there", () => {
    expect(ranked(false)).toEqual([
      ['log_bin', 1],
      ['sync_binlog', 1],
      ['innodb_flush_log_at_trx_commit', 1],
      ['performance_schema', 1],
      ['innodb_buffer_pool_size', 1],
      ['innodb_log_file_size', 1],
      ['binlog_format', 1],
      ['binlog_row_image', 1],
      ['log_slave_updates', 3],
      ['slave_parallel_threads', 3],
      ['wait_timeout', 3],
    ]);
  });
});
