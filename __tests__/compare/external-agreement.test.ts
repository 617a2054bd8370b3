// External agreement: the statistics of the verdict `compare` writes, from real results files,
// against an independent implementation in Python (__fixtures__/stats/verdict_reference.py:
// numpy, scipy.stats.mannwhitneyu, statsmodels multipletests 'fdr_bh', scipy.stats.binom), which
// reads the results JSON itself. Per cell and metric: both sides' values, the medians, the change,
// the one-sided Mann-Whitney p-value before and after Benjamini-Hochberg, to 1e-9; the bootstrap
// interval within Monte Carlo error of the exact bootstrap distribution.
//
// The files: quick-aa-5reps.json (wall-clock A/A, 5 repetitions: throughput, latency, stalls),
// quick-durability.json (a real change, with latency histograms and CPU time: p50/p95/p99 and
// cpuTimeUs), tpcc-aa.json (3 repetitions of the TPC-C-like workload: notpm, and the pooled
// percentiles where sysbench's nearest rank differs from counting to n·p/100) and
// instructions-performance-schema.json (callgrind counts, 3 repetitions run in lockstep: the
// median of the paired ratios).
import { join } from 'node:path';

import { judge } from '../../src/compare/judge.js';
import { DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import type { CellComparison, Verdict } from '../../src/compare/verdict-schema.js';
import { readResults } from '../../src/results/results-file.js';
import { describeWithStatsReference, runStatsReference } from '../helpers/stats-reference.js';
import { expectRelativelyClose } from '../stats/expect-close.js';

const RESULTS = join(import.meta.dirname, '../../__fixtures__/results');
const FILES = [
  'quick-aa-5reps.json',
  'quick-durability.json',
  'tpcc-aa.json',
  'instructions-performance-schema.json',
];

interface ReferenceCell {
  readonly workload: string;
  readonly threads: number;
  readonly metric: string;
  readonly base: readonly number[];
  readonly head: readonly number[];
  readonly baseMedian: number;
  readonly headMedian: number;
  readonly change: number;
  readonly pairedRatios: boolean;
  readonly pWorseRaw: number;
  readonly pWorse: number;
  /** The exact bootstrap distribution of the change: [change, probability], increasing. */
  readonly changeDistribution: readonly (readonly [number, number])[];
}

interface PooledLatency {
  readonly events: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

interface ReferenceFile {
  readonly kind: string;
  readonly cells: readonly ReferenceCell[];
  /** Per throughput cell with histograms: each side's events pooled over its repetitions. */
  readonly latency: readonly {
    readonly workload: string;
    readonly threads: number;
    readonly base: PooledLatency;
    readonly head: PooledLatency;
  }[];
}

interface Reference {
  readonly files: Readonly<Record<string, ReferenceFile>>;
}

const key = (cell: {
  readonly workload: string;
  readonly threads: number;
  readonly metric: string;
}): string => `${cell.workload}@${cell.threads} ${cell.metric}`;

const { confidence, resamples } = DEFAULT_COMPARE_OPTIONS;
const TAIL = (1 - confidence) / 2;
// With B resamples, the share of resampled changes below a fixed point is a binomial share around
// the exact probability there, standard deviation √(p(1 − p)/B): 0.0016 at p = 2.5% and B =
// 10,000. The interval's end is the type-7 quantile of the B changes, which adds up to 1/B. Five
// standard deviations: a correct, seeded implementation lands outside (one-sided) with
// probability 3e-7 per end, so about 1e-4 over the cells' ends here; a wrong tail (a 90%
// interval's 5%) is 16 of them away.
const MONTE_CARLO_TOLERANCE = 5 * Math.sqrt((TAIL * (1 - TAIL)) / resamples) + 1 / resamples;

describeWithStatsReference('the verdict against numpy, scipy and statsmodels', () => {
  const paths = FILES.map((name) => join(RESULTS, name));
  const reference = runStatsReference('verdict_reference.py', paths) as Reference;

  const verdicts = new Map(FILES.map((name) => [name, judgeFile(name)]));

  describe.each(FILES)('%s', (name) => {
    const path = join(RESULTS, name);
    const verdict = verdicts.get(name) ?? judgeFile(name);
    const ours = new Map(verdict.cells.map((cell) => [key(cell), cell]));
    const theirs = reference.files[path]?.cells ?? [];
    const ourCell = (cell: ReferenceCell): CellComparison => {
      const found = ours.get(key(cell));
      if (found === undefined) throw new Error(`the verdict has no cell ${key(cell)}`);
      return found;
    };

    it('judges the same cells on the same metrics', () => {
      expect(theirs.length).toBeGreaterThan(0);
      expect([...ours.keys()].sort()).toEqual(theirs.map(key).sort());
    });

    it.each(theirs.map((cell) => [key(cell), cell] as const))(
      '%s: values, medians, change and p-values to 1e-9',
      (label, cell) => {
        const judged = ourCell(cell);
        const close = (actual: number, expected: number, what: string): void => {
          expectRelativelyClose(actual, expected, 1e-9, `${label} ${what}`);
        };
        judged.base.values.forEach((value, i) => {
          close(value, cell.base[i] ?? NaN, `base[${i}]`);
        });
        judged.head.values.forEach((value, i) => {
          close(value, cell.head[i] ?? NaN, `head[${i}]`);
        });
        expect([judged.base.values.length, judged.head.values.length]).toEqual([
          cell.base.length,
          cell.head.length,
        ]);
        close(judged.base.median, cell.baseMedian, 'base median');
        close(judged.head.median, cell.headMedian, 'head median');
        // Absolute: a change near 0 has few significant digits, whoever computes it.
        expect(Math.abs(judged.change - cell.change)).toBeLessThanOrEqual(1e-12);
        close(judged.pValueRaw, cell.pWorseRaw, 'Mann-Whitney p');
        close(judged.pValue, cell.pWorse, 'Benjamini-Hochberg p');
      },
    );

    it.each(theirs.map((cell) => [key(cell), cell] as const))(
      '%s: the interval cuts the exact bootstrap distribution where it should, within Monte Carlo error',
      (_label, cell) => {
        const { low, high, confidence: level } = ourCell(cell).changeInterval;
        expect(level).toBe(confidence);
        const mass = (inside: (change: number) => boolean): number =>
          cell.changeDistribution.reduce((sum, [change, p]) => (inside(change) ? sum + p : sum), 0);
        // The distribution is lumpy (at most 25 atoms for 5 + 5), so each end is held on both
        // sides: strictly beyond it at most the tail, up to and including it at least the tail.
        expect(mass((change) => change < low)).toBeLessThanOrEqual(TAIL + MONTE_CARLO_TOLERANCE);
        expect(mass((change) => change <= low)).toBeGreaterThanOrEqual(TAIL - MONTE_CARLO_TOLERANCE);
        expect(mass((change) => change > high)).toBeLessThanOrEqual(TAIL + MONTE_CARLO_TOLERANCE);
        expect(mass((change) => change >= high)).toBeGreaterThanOrEqual(TAIL - MONTE_CARLO_TOLERANCE);
      },
    );
  });

  it.each(FILES)("%s: each side's pooled events and their p50, p95, p99 by sysbench's rule", (name) => {
    const verdict = verdicts.get(name) ?? judgeFile(name);
    const pick = ({ events, p50, p95, p99 }: PooledLatency): PooledLatency => ({ events, p50, p95, p99 });
    expect(
      verdict.latency.map(({ workload, threads, base, head }) => ({
        workload,
        threads,
        base: pick(base),
        head: pick(head),
      })),
    ).toEqual(reference.files[join(RESULTS, name)]?.latency);
  });

  it('covers histogram percentiles and paired counts', () => {
    const metrics = new Set(
      Object.values(reference.files).flatMap((file) => file.cells.map((c) => c.metric)),
    );
    expect([...metrics].sort()).toEqual(
      expect.arrayContaining([
        'tps',
        'latencyMs',
        'p95Ms',
        'p99Ms',
        'stallSeconds',
        'cpuTimeUs',
        'instructions',
        'notpm',
      ]),
    );
    const paired = Object.values(reference.files).flatMap((file) => file.cells.filter((c) => c.pairedRatios));
    expect(paired.length).toBeGreaterThan(0);
    expect(Object.values(reference.files).some((file) => file.latency.length > 0)).toBe(true);
  });
});

/** The verdict `compare` gives an A/B results file of __fixtures__/results with its defaults. */
function judgeFile(name: string): Verdict {
  return judge({
    results: readResults(join(RESULTS, name)),
    resultsPath: name,
    base: { kind: 'ab' },
    options: DEFAULT_COMPARE_OPTIONS,
  }).verdict;
}
