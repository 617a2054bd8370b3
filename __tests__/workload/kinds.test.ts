import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { suiteHash } from '../../src/suite/suite-hash.js';
import { InputError } from '../../src/errors.js';
import { METRIC_NAMES } from '../../src/metric-names.js';
import { planSteps, plannedSeconds } from '../../src/run/plan.js';
import { parseSuite } from '../../src/suite/parse-suite.js';
import { Suite, type SuiteInput } from '../../src/suite/suite-schema.js';
import {
  dataChangeNotes,
  dataResetAfter,
  kindOf,
  resetMode,
  resetSeconds,
  RESTORE_FIXED_SECONDS,
  RESTORE_SHARE_OF_PREPARE,
  restoresData,
  suiteDataSets,
  WORKLOAD_KINDS,
  workloadKindIssues,
  workloadKindNames,
} from '../../src/workload/kinds.js';
import type { ResetMode, WorkloadKind } from '../../src/workload/workload-kind.js';
import { thrownBy } from '../helpers/errors.js';

const ROOT = join(import.meta.dirname, '../..');
const GROWING = '/opt/bench/growing_rows.lua';

function suite(overrides: Partial<SuiteInput> = {}): Suite {
  return Suite.parse({
    name: 'kinds',
    threads: [1],
    durationSeconds: 5,
    repetitions: 2,
    tables: 2,
    tableSize: 1000,
    workloads: [{ name: 'oltp_point_select' }],
    ...overrides,
  });
}

function workload(s: Suite, name: string) {
  const found = s.workloads.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no workload ${name}`);
  return found;
}

/** The suite as YAML-free input, minus the fields named: what a suite file would hold. */
function suiteInput(
  omit: readonly string[],
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const input: Record<string, unknown> = {
    name: 'kinds',
    threads: [1],
    durationSeconds: 5,
    repetitions: 2,
    tables: 2,
    tableSize: 1000,
    workloads: [{ name: 'oltp_point_select' }],
    ...overrides,
  };
  return Object.fromEntries(Object.entries(input).filter(([field]) => !omit.includes(field)));
}

/** parseSuite's error lines for a suite given as JSON (YAML's subset). */
function errorLines(input: Record<string, unknown>): string[] {
  const error = thrownBy(InputError, () => parseSuite(JSON.stringify(input), 'kinds.yml'));
  return error.message.split('\n').slice(1);
}

const script = (extra: Record<string, unknown> = {}) => ({
  name: 'growing',
  kind: 'sysbench-script',
  script: GROWING,
  ...extra,
});

describe('the registry', () => {
  it('names every kind once, and each yields only known metrics', () => {
    const names = WORKLOAD_KINDS.map((kind) => kind.name);
    expect(names).toEqual([
      'sysbench-oltp',
      'sysbench-script',
      'tpcc',
      'recovery',
      'cold-start',
      'replica-apply',
    ]);
    for (const kind of WORKLOAD_KINDS) {
      expect(kind.metrics.length).toBeGreaterThan(0);
      expect(kind.metrics.filter((metric) => !METRIC_NAMES.includes(metric))).toEqual([]);
    }
  });

  it('makes a workload without a kind a sysbench-oltp one', () => {
    const s = suite();
    expect(kindOf(workload(s, 'oltp_point_select')).name).toBe('sysbench-oltp');
    expect(() => kindOf({ kind: 'hammerdb' })).toThrow(/workload kind "hammerdb" is not registered/);
  });

  it('reads every stored suite back with the same baseline hash and no workload field added', () => {
    const dir = join(ROOT, '__fixtures__/results');
    const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const stored = (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { suite: Suite }).suite;
      const parsed = Suite.parse(stored);
      expect({ file, hash: suiteHash(parsed) }).toEqual({ file, hash: suiteHash(stored) });
      expect({ file, workloads: parsed.workloads }).toEqual({ file, workloads: stored.workloads });
    }
  });
});

describe('suite validation by kind', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'OLTP workloads without tables',
      suiteInput(['tables']),
      [
        '  - field tables: required by workloads of kind sysbench-oltp (oltp_point_select): how many sbtest tables to prepare, 1 to 1024',
      ],
    ],
    [
      'OLTP workloads without tables or tableSize',
      suiteInput(['tables', 'tableSize'], {
        workloads: [{ name: 'oltp_point_select' }, { name: 'ranges', script: '/opt/ranges.lua' }],
      }),
      [
        '  - field tables: required by workloads of kind sysbench-oltp (oltp_point_select, ranges): how many sbtest tables to prepare, 1 to 1024',
        '  - field tableSize: required by workloads of kind sysbench-oltp (oltp_point_select, ranges): rows per sbtest table, at least 1',
      ],
    ],
    [
      'an unknown kind',
      suiteInput([], { workloads: [{ name: 'hammerdb', kind: 'hammerdb' }] }),
      [
        `  - field workloads[0].kind: unknown workload kind "hammerdb"; kinds: ${workloadKindNames().join(', ')}`,
      ],
    ],
    [
      'a script workload without a script',
      suiteInput([], { workloads: [{ name: 'growing', kind: 'sysbench-script', resetData: 'none' }] }),
      [
        '  - field workloads[0].script: kind sysbench-script needs the path of a .lua script that defines its own prepare and cleanup commands',
      ],
    ],
    [
      'a script workload naming a bundled script',
      suiteInput([], { workloads: [script({ script: 'oltp_insert', resetData: 'none' })] }),
      [
        '  - field workloads[0].script: kind sysbench-script needs the path of a .lua script that defines its own prepare and cleanup commands, got "oltp_insert"',
      ],
    ],
    [
      'a script workload that does not say whether its data changes',
      suiteInput([], { workloads: [script()] }),
      [
        '  - field workloads[0].resetData: required for kind sysbench-script: "re-prepare" if the script\'s runs change its data (add or remove rows), "none" if they leave it as prepared',
      ],
    ],
    [
      'a tpcc workload without warehouses',
      suiteInput(['tables', 'tableSize'], { workloads: [{ name: 'tpcc', kind: 'tpcc' }] }),
      [
        '  - field warehouses: required by workloads of kind tpcc (tpcc): how many warehouses to prepare, 1 to 10000',
      ],
    ],
    [
      'a tpcc workload naming a script',
      suiteInput([], { warehouses: 1, workloads: [{ name: 'tpcc', kind: 'tpcc', script: '/opt/tpcc.lua' }] }),
      ['  - field workloads[0].script: kind tpcc runs mysql-perf-gate\'s own tpcc.lua; remove "script"'],
    ],
  ])('%s', (_what, input, expected) => {
    expect(errorLines(input)).toEqual(expected);
  });

  it('refuses a reset it does not know, naming the field', () => {
    const lines = errorLines(suiteInput([], { workloads: [{ name: 'oltp_insert', resetData: 'rebuild' }] }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^ {2}- field workloads\[0\]\.resetData: .*"none".*"re-prepare".*"restore"/);
  });

  it.each<[string, Record<string, unknown>]>([
    [
      'script workloads only, without tables',
      suiteInput(['tables', 'tableSize'], { workloads: [script({ resetData: 're-prepare' })] }),
    ],
    // A shard's cut of a mixed suite keeps the whole suite's tables with none of its OLTP workloads.
    ['script workloads only, with tables', suiteInput([], { workloads: [script({ resetData: 'none' })] })],
    [
      'both kinds',
      suiteInput([], { workloads: [{ name: 'oltp_point_select' }, script({ resetData: 're-prepare' })] }),
    ],
    [
      'tpcc workloads only, without tables',
      suiteInput(['tables', 'tableSize'], { warehouses: 2, workloads: [{ name: 'tpcc', kind: 'tpcc' }] }),
    ],
    [
      'tpcc beside OLTP workloads, each sized by its own fields',
      suiteInput([], {
        warehouses: 1,
        workloads: [{ name: 'oltp_point_select' }, { name: 'tpcc', kind: 'tpcc' }],
      }),
    ],
    [
      'a restore, in any kind',
      suiteInput([], {
        workloads: [{ name: 'oltp_insert', resetData: 'restore' }, script({ resetData: 'restore' })],
      }),
    ],
    [
      'an explicit default kind',
      suiteInput([], { workloads: [{ name: 'oltp_read_only', kind: 'sysbench-oltp' }] }),
    ],
  ])('accepts %s', (_what, input) => {
    expect(() => parseSuite(JSON.stringify(input), 'kinds.yml')).not.toThrow();
  });

  it("hands each kind its own workloads' indices", () => {
    const seen: Record<string, number[]> = {};
    const recording = (name: string): WorkloadKind => ({
      ...WORKLOAD_KINDS[0]!,
      name,
      validate: (_suite, workloads) => {
        seen[name] = [...workloads];
        return workloads.map((index) => ({ path: ['workloads', index], message: `${name} was here` }));
      },
    });
    // Kinds the registry does not know: built from a parsed suite rather than parsed.
    const base = suite();
    const named = (name: string, kind: string) => ({ ...workload(base, 'oltp_point_select'), name, kind });
    const mixed: Suite = {
      ...base,
      workloads: [named('a', 'one'), named('b', 'two'), named('c', 'one'), named('d', 'three')],
    };
    const issues = workloadKindIssues(mixed, [recording('one'), recording('two')]);
    expect(seen).toEqual({ one: [0, 2], two: [1] });
    expect(issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'workloads.3.kind: unknown workload kind "three"; kinds: one, two',
      'workloads.0: one was here',
      'workloads.2: one was here',
      'workloads.1: two was here',
    ]);
  });
});

describe('resetting the data between steps', () => {
  const mixed = suite({
    randSeed: 3,
    workloads: [
      { name: 'oltp_point_select' },
      { name: 'oltp_insert' },
      { name: 'inserts', script: 'oltp_insert', resetData: 're-prepare' },
      { name: 'ranges', script: '/opt/bench/ranges.lua' },
      script({ resetData: 're-prepare', options: { initial_rows: 100 } }),
      script({ name: 'steady', resetData: 'none', options: { initial_rows: 100 } }),
      script({ name: 'bigger', resetData: 're-prepare', options: { initial_rows: 500 } }),
      { name: 'tpcc', kind: 'tpcc' },
      { name: 'tpcc-kept', kind: 'tpcc', resetData: 'none' },
      { name: 'restored', script: 'oltp_delete', resetData: 'restore' },
    ],
    warehouses: 2,
  });

  it.each<[string, string, ResetMode, string | undefined]>([
    ['a bundled script that keeps its table size', 'oltp_point_select', 'none', undefined],
    // Kept as it always was: the suite asks for a reset when it wants one.
    ['oltp_insert, which grows its tables, left as it always was', 'oltp_insert', 'none', undefined],
    ['oltp_insert with resetData: re-prepare', 'inserts', 're-prepare', 'sysbench-oltp'],
    ['a custom script on the OLTP tables', 'ranges', 'none', undefined],
    [
      'a script that owns growing data',
      'growing',
      're-prepare',
      `sysbench-script ${GROWING} initial_rows=100`,
    ],
    ['a script whose suite says its data stays', 'steady', 'none', undefined],
    ['a tpcc workload, its prepared datadir put back by default', 'tpcc', 'restore', 'tpcc warehouses=2'],
    ['a tpcc workload whose suite keeps what it changed', 'tpcc-kept', 'none', undefined],
    ['oltp_delete with resetData: restore', 'restored', 'restore', 'sysbench-oltp'],
  ])('%s: %s', (_what, name, mode, dataSetKey) => {
    expect(resetMode(workload(mixed, name))).toBe(mode);
    const reset = dataResetAfter(mixed, name);
    expect(reset?.mode).toBe(mode === 'none' ? undefined : mode);
    expect(reset?.dataSet.key).toBe(dataSetKey);
  });

  it('re-prepares the OLTP tables with the seeded prepare, after their cleanup', () => {
    const reset = dataResetAfter(mixed, 'inserts');
    expect(reset?.dataSet.cleanup.map((command) => command.command)).toEqual(['cleanup']);
    expect(reset?.dataSet.prepare.map((command) => command.script)).toEqual([
      { asset: 'seeded_prepare.lua' },
    ]);
  });

  it("checksums the OLTP data set's own tables, and every table of a script's", () => {
    expect(dataResetAfter(mixed, 'restored')?.dataSet.tables).toEqual(['sbtest1', 'sbtest2']);
    expect(dataResetAfter(mixed, 'growing')?.dataSet.tables).toBeUndefined();
  });

  it('copies the datadir only for a suite with a workload that restores its data', () => {
    expect(restoresData(mixed)).toBe(true);
    const others = mixed.workloads.filter((w) => resetMode(w) !== 'restore');
    expect(others.length).toBeGreaterThan(0);
    expect(restoresData({ ...mixed, workloads: others })).toBe(false);
  });

  it('refuses a workload the suite does not have', () => {
    expect(() => dataResetAfter(mixed, 'missing')).toThrow(/suite kinds has no workload missing/);
  });

  it('prepares each data set once, in the order of its first workload', () => {
    expect(suiteDataSets(mixed).map((set) => set.key)).toEqual([
      'sysbench-oltp',
      `sysbench-script ${GROWING} initial_rows=100`,
      `sysbench-script ${GROWING} initial_rows=500`,
      'tpcc warehouses=2',
    ]);
    expect(suiteDataSets(mixed).map((set) => set.what)).toEqual([
      '2 table(s)',
      `the data of ${GROWING}`,
      `the data of ${GROWING}`,
      '2 TPC-C-like warehouse(s)',
    ]);
  });

  it('notes a bundled workload that changes its rows while the suite keeps them', () => {
    expect(dataChangeNotes(mixed)).toEqual([
      'workload oltp_insert changes how many rows its tables hold as it runs, and the suite keeps them between repetitions: ' +
        'each repetition starts from what the previous one left (resetData: re-prepare would start each from the prepared rows)',
    ]);
    expect(dataChangeNotes(suite({ workloads: [{ name: 'oltp_delete', resetData: 'none' }] }))).toEqual([]);
  });

  it('plans the reset into the steps it follows, and nothing for the others', () => {
    const s = suite({
      warmupSeconds: 2,
      workloads: [{ name: 'oltp_point_select' }, { name: 'oltp_insert', resetData: 're-prepare' }],
    });
    const seconds = planSteps(s, ['head']).map((step) =>
      step.kind === 'restart' ? '' : `${step.workload} ${step.kind} ${plannedSeconds(step, s).toFixed(2)}`,
    );
    // 2 tables of 1000 rows: 1 s + 2000 × 20 µs.
    expect(seconds).toEqual([
      'oltp_point_select warmup 2.00',
      'oltp_point_select measure 5.00',
      'oltp_point_select measure 5.00',
      'oltp_insert warmup 3.04',
      'oltp_insert measure 6.04',
      'oltp_insert measure 6.04',
    ]);
  });

  it('plans a restore as a restart and a share of a prepare', () => {
    const s = suite({
      warmupSeconds: 2,
      tableSize: 100_000,
      workloads: [
        { name: 'restored', script: 'oltp_insert', resetData: 'restore' },
        { name: 'prepared', script: 'oltp_insert', resetData: 're-prepare' },
      ],
    });
    const seconds = planSteps(s, ['head']).map((step) =>
      step.kind === 'restart' ? '' : `${step.workload} ${step.kind} ${plannedSeconds(step, s).toFixed(2)}`,
    );
    // A prepare of 2 tables of 100,000 rows: 1 s + 200,000 × 20 µs = 5 s; a restore 1 s + 0.15 × 5 s.
    expect(seconds).toEqual([
      'restored warmup 3.75',
      'restored measure 6.75',
      'restored measure 6.75',
      'prepared warmup 7.00',
      'prepared measure 10.00',
      'prepared measure 10.00',
    ]);
    expect(resetSeconds(s, workload(s, 'restored'))).toBe(
      RESTORE_FIXED_SECONDS + RESTORE_SHARE_OF_PREPARE * 5,
    );
  });
});
