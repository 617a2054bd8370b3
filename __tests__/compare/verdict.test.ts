// The verdict from real results (the quick suite against Debian's mariadbd) whose figures are
// set per test: A/A, a 15% slower head, a changed default, noise.
import {
  buildVerdict,
  DEFAULT_COMPARE_OPTIONS,
  verdictExitCode,
  type SideData,
} from '../../src/compare/verdict.js';
import { renderVerdictSummary } from '../../src/report/render/terminal.js';
import { Verdict } from '../../src/compare/verdict-schema.js';
import { InputError } from '../../src/errors.js';
import type { CellResult } from '../../src/results/results-schema.js';
import { thrownBy } from '../helpers/errors.js';
import { noisy, real, side } from '../helpers/verdict-sides.js';

const source = { kind: 'ab' as const, path: 'ab.json', savedAt: null };

describe('buildVerdict', () => {
  it('A/A: the same server twice with ±2% noise passes, every throughput cell unchanged', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const verdict = Verdict.parse(
        buildVerdict(side(noisy(seed)), side(noisy(seed + 100)), real.suite, source, DEFAULT_COMPARE_OPTIONS),
      );
      expect(verdict.verdict).toBe('pass');
      expect(verdict.counts.regression).toBe(0);
      expect(verdict.configDiff).toEqual([]);
      expect(verdictExitCode(verdict)).toBe(0);
    }
  });

  it('a head 15% slower everywhere fails, every throughput cell a regression, exit 1', () => {
    const base = side(noisy(7));
    const head = side((cell, index) => noisy(8)(cell, index) * 0.85);
    const verdict = buildVerdict(base, head, real.suite, source, DEFAULT_COMPARE_OPTIONS);
    const tps = verdict.cells.filter((cell) => cell.metric === 'tps');
    expect(tps).toHaveLength(6);
    for (const cell of tps) {
      expect(cell.verdict).toBe('regression');
      expect(cell.change).toBeCloseTo(-0.15, 1);
      expect(cell.changeInterval.low).toBeLessThan(cell.change);
      expect(cell.changeInterval.high).toBeLessThan(0);
    }
    expect(verdict.verdict).toBe('fail');
    expect(verdictExitCode(verdict)).toBe(1);
    expect(renderVerdictSummary(verdict)).toMatch(/^verdict: FAIL — 6 regression\(s\)/);
  });

  it('does not call a change within the tolerance a regression, however significant: it passes', () => {
    // 3% slower in 2% noise: significant, but the interval still allows more than the 5% tolerance,
    // so it is not shown to be within it either.
    const verdict = buildVerdict(
      side(noisy(1)),
      side((cell, index) => noisy(1)(cell, index) * 0.97),
      real.suite,
      source,
      DEFAULT_COMPARE_OPTIONS,
    );
    const tps = verdict.cells.filter((cell) => cell.metric === 'tps');
    expect(tps.map((cell) => cell.verdict)).toEqual(new Array(6).fill('unchanged'));
    expect(tps.every((cell) => cell.changeInterval.low < -0.05)).toBe(true);
    expect(verdict.verdict).toBe('pass');
    expect(verdict.counts).toMatchObject({ regression: 0, withinTolerance: 0, unchanged: 6 });
  });

  it('calls a too-noisy cell inconclusive and says how many repetitions would resolve it', () => {
    const wild = (cell: CellResult, index: number): number =>
      (cell.repetitions[0]?.report.tps ?? 1) * [1, 0.7, 1.3, 0.85, 1.15][index % 5]!;
    const verdict = buildVerdict(side(wild), side(wild), real.suite, source, DEFAULT_COMPARE_OPTIONS);
    expect(verdict.verdict).toBe('inconclusive');
    const cell = verdict.cells.find((c) => c.metric === 'tps');
    expect(cell?.verdict).toBe('inconclusive');
    expect(cell?.repetitionsNeeded).toBeGreaterThan(5);
    // The field and the sentence give the same number.
    for (const c of verdict.cells.filter((x) => x.verdict === 'inconclusive')) {
      expect(c.reason).toContain(`${c.repetitionsNeeded ?? -1} repetitions per side`);
    }
    expect(cell?.reason).toMatch(
      /noise .* with 5 repetitions can only resolve changes of .*; \d+ repetitions per side would resolve it/,
    );
    expect(verdictExitCode(verdict)).toBe(0);
    expect(
      verdictExitCode({ ...verdict, settings: { ...verdict.settings, inconclusivePolicy: 'fail' } }),
    ).toBe(1);
  });

  it('three repetitions cannot show a regression: the cells say more are needed instead of guessing', () => {
    const verdict = buildVerdict(
      side(noisy(1), 3),
      side((cell, index) => noisy(2)(cell, index) * 0.85, 3),
      real.suite,
      source,
      DEFAULT_COMPARE_OPTIONS,
    );
    expect(verdict.counts.regression).toBe(0);
  });

  it('puts a changed default next to the numbers: performance_schema OFF → ON', () => {
    const base = side(noisy(1));
    const head: SideData = {
      ...side(noisy(2)),
      facts: {
        ...real.sides.head,
        variables: { ...real.sides.head.variables, performance_schema: 'ON', port: '1' },
      },
    };
    const verdict = buildVerdict(base, head, real.suite, source, DEFAULT_COMPARE_OPTIONS);
    expect(verdict.configDiff).toEqual([
      {
        name: 'performance_schema',
        base: 'OFF',
        head: 'ON',
        tier: 1,
        changes: expect.stringMatching(/instrumented/) as string,
      },
    ]);
    expect(renderVerdictSummary(verdict)).toContain('performance_schema: OFF → ON');
  });

  it('warns first when the sides are different flavors, and groups what only one side has', () => {
    const head: SideData = {
      ...side(noisy(2)),
      facts: {
        ...real.sides.head,
        flavor: 'mysql',
        version: '9.7.2',
        variables: {
          ...real.sides.head.variables,
          group_replication_consistency: 'EVENTUAL',
          innodb_redo_log_capacity: '104857600',
        },
      },
    };
    const verdict = buildVerdict(side(noisy(1)), head, real.suite, source, DEFAULT_COMPARE_OPTIONS);
    expect(verdict.warnings[0]).toMatch(
      /^the sides are different servers, MariaDB 10\.11\.\d+ \(base\) and MySQL 9\.7\.2 \(head\)/,
    );
    expect(renderVerdictSummary(verdict)).toContain(
      '1 variable exists only in MySQL 9.7.2: group_replication_consistency',
    );
    // A one-sided variable known to change the work is a row of its own, not in the group.
    expect(renderVerdictSummary(verdict)).toContain(
      'innodb_redo_log_capacity: (absent) → 104857600 — redo capacity (MySQL 8.0.30+)',
    );
    const same = buildVerdict(side(noisy(1)), side(noisy(2)), real.suite, source, DEFAULT_COMPARE_OPTIONS);
    expect(same.warnings.filter((warning) => warning.includes('different servers'))).toEqual([]);
  });

  it('refuses sides measured on different cells', () => {
    const head: SideData = { ...side(noisy(1)), cells: side(noisy(1)).cells.slice(1) };
    const message = thrownBy(InputError, () =>
      buildVerdict(side(noisy(1)), head, real.suite, source, DEFAULT_COMPARE_OPTIONS),
    ).message;
    expect(message).toBe(
      'base and head were not measured on the same cells: only the base has oltp_point_select@1',
    );
  });

  it('lets latency gate when asked, and only then', () => {
    const slowerTail = side((cell, index) => noisy(2)(cell, index) * 0.8);
    const options = { ...DEFAULT_COMPARE_OPTIONS, gateMetrics: ['latencyMs' as const] };
    const verdict = buildVerdict(side(noisy(1)), slowerTail, real.suite, source, options);
    expect(verdict.cells.filter((cell) => cell.gating).every((cell) => cell.metric === 'latencyMs')).toBe(
      true,
    );
    expect(
      verdict.counts.regression +
        verdict.counts.unchanged +
        verdict.counts.inconclusive +
        verdict.counts.improvement,
    ).toBe(6);
  });
});
