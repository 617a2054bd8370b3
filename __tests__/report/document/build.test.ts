// The report document from real verdicts: which sections each has and which rows, computed once
// for every renderer.
import { readFileSync } from 'node:fs';

import { newestEntry } from '../../../src/baseline/entry.js';
import { parseBaselineFile } from '../../../src/baseline/parse-baseline.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../../src/compare/verdict.js';
import { buildReportDocument, buildVerdictDocument } from '../../../src/report/document/build.js';
import type { Cell, ReportDocument } from '../../../src/report/document/model.js';
import type { ReportInput } from '../../../src/report/report-input.js';
import { everySection } from '../../helpers/report-document.js';
import { abReportInput, fixtureResults } from '../../helpers/report-input.js';

function input(name: string, options: Partial<typeof DEFAULT_COMPARE_OPTIONS> = {}): ReportInput {
  return abReportInput(fixtureResults(name), 'r.json', { ...DEFAULT_COMPARE_OPTIONS, ...options });
}

/** The document in short: its sections' rows as "role:name" and counts, for a table of cases. */
function outline(document: ReportDocument) {
  const { headline, differences, results, work, latency, functions, warnings } = document;
  return {
    title: headline.title,
    gatingMetrics: headline.gatingMetrics,
    failedOn: headline.failedOn,
    settings: differences.settings.rows
      .filter((row) => row.role !== 'follower')
      .map((row) => `${row.role}:${row.name}${row.followers > 0 ? ` +${row.followers}` : ''}`)
      .slice(0, 4),
    followers: differences.settings.rows.filter((row) => row.role === 'follower').length,
    oneSided: differences.oneSided.map((list) => list.headline),
    results: {
      gating: results.rows.filter((row) => row.gating).length,
      reported: results.rows.filter((row) => !row.gating).length,
      fromHistogram: results.rows.filter((row) => row.fromHistogram).length,
    },
    work: work === null || work.status === 'unavailable' ? work?.status : work.table.rows.length,
    latency: latency.table.rows.map((row) => (row.tailMoved ? 'moved' : 'held')),
    tailGates: latency.tailGates,
    functions: functions.cells.map(
      (cell) => `${cell.workload}@${cell.threads}:${cell.functions.rows.length}`,
    ),
    inlining: functions.inlining !== undefined,
    noise: warnings.noise?.lead ?? null,
  };
}

const CASES: [string, () => ReportInput, Partial<ReturnType<typeof outline>>][] = [
  [
    'performance_schema OFF → ON, instructions: the variable with the ten that follow it',
    () => input('instructions-performance-schema.json'),
    {
      title: '❌ Performance: fail — 4 regressions',
      gatingMetrics: ['instructions/txn'],
      settings: ['variable:performance_schema +10'],
      followers: 10,
      oneSided: [],
      results: { gating: 4, reported: 4, fromHistogram: 0 },
      work: 'unavailable',
      latency: [],
      functions: [
        'oltp_point_select@1:15',
        'oltp_read_only@1:15',
        'oltp_read_write@1:15',
        'oltp_write_only@1:15',
      ],
      inlining: false,
      noise: null,
    },
  ],
  [
    'MariaDB against MySQL: server rows first, the one-sided variables grouped, the inlining note',
    () => input('instructions-mariadb-mysql-9.7.json'),
    {
      settings: ['server:flavor', 'server:version', 'server:compiler', 'server:version_compile_os'],
      oneSided: ['215 variables exist only in MySQL 9.7.2', '263 variables exist only in MariaDB 10.11.19'],
      inlining: true,
    },
  ],
  [
    'a noisy A/B run: inconclusive, with the noise warning',
    () => input('quick-ab-performance-schema.json'),
    {
      title: '⚠️ Performance: inconclusive — 6 cells too noisy to decide',
      gatingMetrics: ['throughput (tps)'],
      results: { gating: 6, reported: 18, fromHistogram: 12 },
      noise: '6 of 6 gating cells are inconclusive:',
    },
  ],
  [
    'a stalling head: the percentiles reported beside throughput, the tail moved',
    () => input('tail-latency-stall.json'),
    {
      title: '✅ Performance: pass — no regression found',
      results: { gating: 1, reported: 7, fromHistogram: 5 },
      latency: ['moved'],
      tailGates: false,
    },
  ],
  [
    'the same with p99 gating',
    () => input('tail-latency-stall.json', { gateMetrics: ['tps', 'p99Ms'] }),
    {
      title: '❌ Performance: fail — 1 regression',
      gatingMetrics: ['throughput (tps)', 'latency p99, all events (ms)'],
      results: { gating: 2, reported: 6, fromHistogram: 5 },
      tailGates: true,
    },
  ],
  [
    'durability changed under --gate-work: what failed it, every changed counter',
    () => input('quick-durability.json', { gateMetrics: ['instructions'], gateWork: true }),
    {
      title: '❌ Performance: fail — the work per transaction changed',
      gatingMetrics: [],
      failedOn: 'the work per transaction changed (--gate-work, input "gate-work")',
      settings: [
        'server:version',
        'variable:log_bin',
        'variable:sync_binlog',
        'variable:innodb_flush_log_at_trx_commit',
      ],
      work: 21,
      latency: ['held', 'held', 'held', 'held', 'moved', 'moved'],
    },
  ],
];

describe('buildReportDocument', () => {
  it.each(CASES)('%s', (_, make, expected) => {
    expect(outline(buildReportDocument(make()))).toMatchObject(expected);
  });

  it('says where a stored baseline came from, with its newest entry’s commit, and lists the entries', () => {
    const path = new URL('../../../__fixtures__/baseline/quick-mariadb-10.11.baseline.json', import.meta.url)
      .pathname;
    const stored = newestEntry(parseBaselineFile(readFileSync(path, 'utf8'), path));
    const made = input('quick-ab-performance-schema.json');
    const document = buildReportDocument({
      ...made,
      verdict: { ...made.verdict, baseSource: { kind: 'baseline', path: 'b.json', savedAt: stored.savedAt } },
      history: [stored],
    });
    expect(document.headline.origin).toEqual({
      kind: 'baseline',
      path: 'b.json',
      savedAt: stored.savedAt,
      commit: stored.commit ?? null,
    });
    expect(stored.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(document.history.rows.map((row) => row.cells.commit)).toEqual([
      { kind: 'code', text: stored.commit },
    ]);
  });

  it('keeps each setting’s values, absent as null', () => {
    const { settings } = buildReportDocument(input('instructions-performance-schema.json')).differences;
    expect(settings.rows[0]?.cells).toEqual({
      setting: { kind: 'code', text: 'performance_schema' },
      base: { kind: 'code', text: 'OFF' },
      head: { kind: 'code', text: 'ON' },
      changes: {
        kind: 'text',
        text: expect.stringMatching(/^statements, waits, stages and memory instrumented/) as string,
      },
    });
    // Under their headings: the one tier-1 variable and its followers, then nothing else.
    const { groups } = buildReportDocument(input('instructions-performance-schema.json')).differences;
    expect(groups.map((group) => [group.title, group.tier, group.rows.length])).toEqual([
      ['Known to change the work per transaction', 1, 11],
    ]);
    const mixed = buildReportDocument(input('instructions-mariadb-mysql-9.7.json')).differences.oneSided[0];
    expect(mixed?.table.rows[0]?.cells.value).toEqual({ kind: 'code', text: expect.any(String) as string });
    expect(mixed?.table.columns[1]).toMatchObject({ header: 'value in', quoted: 'MySQL 9.7.2' });
  });

  it('types a result row’s cells: the change with its interval, p or counts, the verdict with whether it gates', () => {
    const [row] = buildReportDocument(input('instructions-performance-schema.json')).results.rows;
    const cells: Partial<Record<string, Cell>> = row?.cells ?? {};
    expect(cells.workload).toEqual({ kind: 'text', text: 'oltp_point_select' });
    expect(cells.metric).toEqual({ kind: 'text', text: 'instructions/txn', short: 'instructions' });
    expect(cells.baseMedian).toMatchObject({ kind: 'number', format: 'figure' });
    expect(cells.change).toMatchObject({ kind: 'change', value: expect.closeTo(0.0836, 3) as number });
    expect(cells.p).toEqual({ kind: 'p-value', value: null, unadjusted: null });
    expect(cells.verdict).toEqual({ kind: 'verdict', verdict: 'regression', gating: true });
    expect(cells.reps).toEqual({ kind: 'text', text: '3' });
  });

  it('writes the repetitions as one figure when both sides have as many, else base/head', () => {
    const made = input('instructions-performance-schema.json');
    const [first, ...rest] = made.verdict.cells;
    if (first === undefined) throw new Error('no cell');
    const uneven = { ...first, head: { ...first.head, values: [...first.head.values, 1, 2] } };
    const rows = buildReportDocument({ ...made, verdict: { ...made.verdict, cells: [uneven, ...rest] } })
      .results.rows;
    expect(rows.slice(0, 2).map((row) => row.cells.reps)).toEqual([
      { kind: 'text', text: '3/5' },
      { kind: 'text', text: '3' },
    ]);
  });

  it('marks the hunks shown where space is short: those that cost anything, costliest first, linked', () => {
    const { lines } = buildReportDocument(everySection());
    if (lines?.status !== 'mapped') throw new Error('no lines');
    expect(lines.range).toBe('aaaaaaaaaaaa..bbbbbbbbbbbb');
    const rows = lines.cells[0]?.hunks.rows ?? [];
    expect(rows.map((row) => [row.label, row.shown])).toEqual([
      ['sql/sql_parse.cc:1627–1634 (+8 lines)', true],
      ['sql/sql_select.cc:400–402 (3 lines for 2)', true],
      ['sql/comment.cc:1 (+1 line)', false],
    ]);
    expect(rows[0]?.cells.lines).toEqual({
      kind: 'link',
      text: 'sql/sql_parse.cc:1627–1634 (+8 lines)',
      url: `https://github.com/MariaDB/server/blob/${'b'.repeat(40)}/sql/sql_parse.cc#L1627-L1634`,
    });
    expect(rows[1]?.cells.change).toEqual({ kind: 'number', value: -600, format: 'signed-count' });
  });

  it('ends a cell’s changed counters with how many more verdict.json has', () => {
    const { work } = buildReportDocument(everySection());
    if (work?.status !== 'compared') throw new Error('no work');
    expect(work.table.rows.map((row) => row.kind)).toEqual(['change', 'change', 'change', 'more']);
    expect(work.table.rows[3]?.cells.counter).toEqual({ kind: 'text', text: '7 more in verdict.json' });
    expect(work.table.rows[0]?.cells.counter).toEqual({ kind: 'code', text: 'Innodb_data_fsyncs' });
  });
});

describe('buildVerdictDocument', () => {
  it('has no machine and no history, and names metrics as the verdict does', () => {
    const document = buildVerdictDocument(
      input('tail-latency-stall.json', { gateMetrics: ['tps', 'p99Ms'] }).verdict,
    );
    expect(document.machine).toBeNull();
    expect(document.history.rows).toEqual([]);
    expect(document.headline.gatingMetrics).toEqual(['tps', 'p99Ms']);
    expect(document.results.rows.map((row) => row.metricLabel)).toContain('latencyMs');
  });
});
