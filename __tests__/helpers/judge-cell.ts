// One cell judged as compare judges it among the four cells of the instructions suite: the tests
// of the statistics rules call it with the repetitions of each side.
import { cellTests, compareCell, type CellInput } from '../../src/compare/cell.js';
import { type Metric, METRICS } from '../../src/compare/metrics.js';

const SETTINGS = { alpha: 0.05, confidence: 0.95, power: 0.8, resamples: 2000 };

export function judgeCell(
  base: number[],
  head: number[],
  {
    metric = METRICS.instructions,
    threshold,
    workload,
    paired = false,
  }: { metric?: Metric; threshold: number; workload: string; paired?: boolean },
) {
  const input: CellInput = {
    workload,
    threads: 1,
    metric,
    base,
    head,
    threshold,
    ...(paired ? { paired } : {}),
  };
  const tests = cellTests(input);
  // As if adjusted across the four cells of the instructions suite (Bonferroni's bound).
  const adjusted = (p: number): number => Math.min(1, p * 4);
  return compareCell(
    input,
    { pWorse: adjusted(tests.pWorse), pBetter: adjusted(tests.pBetter), pWorseRaw: tests.pWorse },
    SETTINGS,
    4,
  );
}
