// The config diff between two flavors (or across an upgrade that adds many variables): shared
// variables one row each, variables only one side has grouped, and the warning that the sides are
// different servers. Rendered in the summary, the comment and the HTML report.
import {
  crossFlavorWarning,
  groupConfigDiff,
  ONE_SIDED_INLINE_MAX,
  oneSidedHeadline,
} from '../../src/compare/config-groups.js';
import type { ConfigDifference } from '../../src/compare/verdict-schema.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { commentMarker, renderComment } from '../../src/report/comment.js';
import { renderHtmlReport } from '../../src/report/html.js';
import type { ReportInput } from '../../src/report/report-input.js';
import { abReportInput, fixtureResults } from '../helpers/report-input.js';
import { rankConfigDiff } from '../../src/compare/settings-rank.js';

const instructions = abReportInput(fixtureResults('instructions-performance-schema.json'), 'r.json');

function only(side: 'base' | 'head', names: readonly string[]): ConfigDifference[] {
  return names.map((name) =>
    side === 'base' ? { name, base: `b-${name}`, head: null } : { name, base: null, head: `h-${name}` },
  );
}

const SHARED: ConfigDifference[] = [
  { name: 'innodb_buffer_pool_size', base: '134217728', head: '268435456' },
];
const MYSQL_ONLY = only('head', ['group_replication_consistency', 'innodb_redo_log_capacity', 'mysqlx_port']);
const MARIADB_ONLY = only('base', ['aria_pagecache_buffer_size', 'wsrep_on']);

/** The instructions fixture's verdict with the head made MySQL 9.7.2 (or kept) and this config diff. */
function crossed(configDiff: ConfigDifference[], headFlavor: 'mysql' | 'mariadb' = 'mysql'): ReportInput {
  const { verdict } = instructions;
  const head = {
    ...verdict.sides.head,
    flavor: headFlavor,
    version: headFlavor === 'mysql' ? '9.7.2' : '10.11.19',
  };
  const sides = { ...verdict.sides, head };
  const warning = crossFlavorWarning(sides);
  return {
    ...instructions,
    verdict: {
      ...verdict,
      sides,
      configDiff: rankConfigDiff(configDiff, undefined),
      warnings: [...(warning === undefined ? [] : [warning]), ...verdict.warnings],
    },
  };
}

describe('groupConfigDiff', () => {
  it('groups every one-sided variable when the flavors differ, and keeps the shared ones as rows', () => {
    const { rows, groups } = groupConfigDiff(crossed([...SHARED, ...MARIADB_ONLY, ...MYSQL_ONLY]).verdict);
    // A one-sided variable known to change the work (MySQL's redo capacity) stays a row.
    expect(rows.map((row) => [row.name, row.tier, row.base, row.head])).toEqual([
      ['innodb_buffer_pool_size', 1, '134217728', '268435456'],
      ['innodb_redo_log_capacity', 1, null, 'h-innodb_redo_log_capacity'],
    ]);
    expect(groups.map((group) => [group.side, group.label, group.entries.length])).toEqual([
      ['head', 'MySQL 9.7.2', 2],
      ['base', 'MariaDB 10.11.19', 2],
    ]);
    expect(groups.map(oneSidedHeadline)).toEqual([
      '2 variables exist only in MySQL 9.7.2',
      '2 variables exist only in MariaDB 10.11.19',
    ]);
  });

  it('lists a few one-sided variables of one flavor as rows, and groups more than the limit', () => {
    const few = only('head', ['a_new_variable']);
    const listed = groupConfigDiff(crossed([...SHARED, ...few], 'mariadb').verdict);
    expect(listed.rows.map((row) => row.name)).toEqual(['innodb_buffer_pool_size', 'a_new_variable']);
    expect(listed.groups).toEqual([]);
    const many = only(
      'head',
      Array.from({ length: ONE_SIDED_INLINE_MAX + 1 }, (_, index) => `new_${index}`),
    );
    const { rows, groups } = groupConfigDiff(crossed([...SHARED, ...many], 'mariadb').verdict);
    expect(rows.map((row) => row.name)).toEqual(['innodb_buffer_pool_size']);
    expect(groups.map(oneSidedHeadline)).toEqual(['9 variables exist only in the head (MariaDB 10.11.19)']);
  });
});

describe('crossFlavorWarning', () => {
  it('names both servers when the flavors differ, and nothing otherwise', () => {
    const verdict = crossed([]).verdict;
    expect(crossFlavorWarning(verdict.sides)).toMatch(
      /^the sides are different servers, MariaDB 10\.11\.19 \(base\) and MySQL 9\.7\.2 \(head\): .*compares two products/,
    );
    expect(crossFlavorWarning(instructions.verdict.sides)).toBeUndefined();
  });
});

describe('a cross-flavor verdict as rendered', () => {
  const input = crossed([...SHARED, ...MARIADB_ONLY, ...MYSQL_ONLY]);

  it('summary: the shared variable, then each group with its first names', () => {
    const text = renderVerdictSummary(input.verdict);
    expect(text).toMatch(
      /\n {2}Known to change the work per transaction:\n {4}innodb_buffer_pool_size: 134217728 → 268435456 — how much data stays in memory/,
    );
    expect(text).toContain(
      '    innodb_redo_log_capacity: (absent) → h-innodb_redo_log_capacity — redo capacity',
    );
    expect(text).toContain(
      '  2 variables exist only in MySQL 9.7.2: group_replication_consistency, mysqlx_port',
    );
    expect(text).not.toContain('mysqlx_port: (absent)');
    expect(text).toMatch(/Warnings:\n {2}- the sides are different servers, MariaDB/);
  });

  it('comment: one row per group in the table, the variables with their values in a folded list', () => {
    const markdown = renderComment(input, {
      charts: [],
      marker: commentMarker('instructions'),
      artifactNote: '',
    });
    expect(markdown).toContain('| *2 variables exist only in MySQL 9.7.2* (listed below) |  |  |  |');
    expect(markdown).toContain(
      '**Known to change the work per transaction**\n\n| setting | base | head | what it changes |',
    );
    expect(markdown).toContain(
      '| innodb\\_buffer\\_pool\\_size | 134217728 | 268435456 | how much data stays in memory: data larger than it is read from disk |',
    );
    expect(markdown).toMatch(
      /<details><summary>2 variables exist only in MySQL 9\.7\.2<\/summary>\n\n\| variable \| value in MySQL 9\.7\.2 \|\n[^\n]*\n\| group\\_replication\\_consistency \| h-group\\_replication\\_consistency \|/,
    );
    expect(markdown).not.toContain('| wsrep\\_on | b-wsrep\\_on | *(absent)* |');
    expect(markdown).toMatch(
      /- the sides are different servers, MariaDB 10\.11\.19 \(base\) and MySQL 9\.7\.2 \(head\)/,
    );
  });

  it('HTML report: the groups as folded tables after the shared settings', () => {
    const page = renderHtmlReport(input, [], { vega: '', vegaLite: '', vegaEmbed: '' });
    expect(page).toContain(
      '<details class="one-sided"><summary>2 variables exist only in MariaDB 10.11.19</summary>',
    );
    expect(page).toContain('<td><code>wsrep_on</code></td><td><code>b-wsrep_on</code></td>');
    expect(page).toContain('<td><code>innodb_buffer_pool_size</code></td>');
  });
});

describe('MariaDB 10.11 (Debian) against MySQL 9.7.2 (built here), instructions suite, as measured', () => {
  const real = abReportInput(fixtureResults('instructions-mariadb-mysql-9.7.json'), 'cross.json');

  it('warns first, and compares the settings both servers have', () => {
    const { verdict } = real;
    expect(verdict.warnings[0]).toMatch(
      /^the sides are different servers, MariaDB 10\.11\.19 \(base\) and MySQL 9\.7\.2 \(head\)/,
    );
    const { rows, groups } = groupConfigDiff(verdict);
    // The one-sided variables known to change the work are rows of the table, not in the groups.
    expect(groups.map(oneSidedHeadline)).toEqual([
      '215 variables exist only in MySQL 9.7.2',
      '263 variables exist only in MariaDB 10.11.19',
    ]);
    // The defaults that explain much of the difference come first: the binary log, its sync and
    // the instrumentation, with what each changes.
    expect(rows.slice(0, 4).map((row) => [row.name, row.base, row.head, row.tier])).toEqual([
      ['log_bin', 'OFF', 'ON', 1],
      ['sync_binlog', '0', '1', 1],
      ['performance_schema', 'OFF', 'ON', 1],
      ['binlog_format', 'MIXED', 'ROW', 1],
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'character_set_server', base: 'latin1', head: 'utf8mb4', tier: 1 }),
        expect.objectContaining({ name: 'innodb_redo_log_capacity', base: null, head: '104857600', tier: 1 }),
        expect.objectContaining({
          name: 'back_log',
          tier: 3,
          follows: expect.stringMatching(/max_connections/) as string,
        }),
      ]),
    );
    // Shared settings of tier 1, then its one-sided ones, then the other tiers.
    const order = rows.map((row) => row.tier * 2 + (row.base === null || row.head === null ? 1 : 0));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // Written differently, the same: not differences.
    const names = rows.map((row) => row.name);
    expect(names).not.toContain('innodb_adaptive_flushing_lwm');
    expect(names).not.toContain('myisam_stats_method');
    expect(rows.every((row) => row.tier === 1 || (row.base !== null && row.head !== null))).toBe(true);
  });

  it('comment: the servers in a table of three columns, the first tier with what each changes', () => {
    const markdown = renderComment(real, {
      charts: [],
      marker: commentMarker('instructions'),
      artifactNote: '',
    });
    expect(markdown).toContain(
      '**The servers**\n\n| setting | base | head |\n|:---|:---|:---|\n| **server flavor** | mariadb | mysql |\n',
    );
    expect(markdown).toMatch(
      /\*\*Known to change the work per transaction\*\*\n\n\| setting \| base \| head \| what it changes \|\n\|:---\|:---\|:---\|:---\|\n\| log\\_bin \| OFF \| ON \| the binary log/,
    );
  });

  it('still judges every cell, each a regression of a third or more for MySQL', () => {
    const changes = real.verdict.cells
      .filter((cell) => cell.metric === 'instructions')
      .map((cell) => [cell.workload, cell.verdict, Math.round(cell.change * 100)]);
    expect(changes).toEqual([
      ['oltp_point_select', 'regression', 35],
      ['oltp_read_only', 'regression', 34],
      ['oltp_read_write', 'regression', 40],
      ['oltp_write_only', 'regression', 93],
    ]);
  });
});
