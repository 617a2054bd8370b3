// The stalls of one run, as a table: interval throughputs in, the median, the lowest second's
// fraction of it, and which seconds fell below half of it.
import { runStalls } from '../../src/sysbench/stalls.js';
import type { IntervalReport } from '../../src/sysbench/report-schema.js';

/** Interval reports of these throughputs, `every` seconds apart. */
function intervals(tps: readonly number[], every = 1): IntervalReport[] {
  return tps.map((value, index) => ({
    timeS: (index + 1) * every,
    threads: 1,
    tps: value,
    qps: value,
    readQps: value,
    writeQps: 0,
    otherQps: 0,
    latencyPercentileMs: 0.1,
    errorsPerS: 0,
    reconnectsPerS: 0,
  }));
}

describe('runStalls', () => {
  it.each([
    [
      'steady: no stall',
      [100, 102, 98, 101, 99],
      1,
      { medianTps: 100, lowestRatio: 0.98, stalledAtS: [], stallSeconds: 0 },
    ],
    [
      'a dip to exactly half is not a stall',
      [100, 100, 50, 100],
      1,
      { medianTps: 100, lowestRatio: 0.5, stalledAtS: [], stallSeconds: 0 },
    ],
    [
      'one second at 31%',
      [100, 100, 31, 100, 100],
      1,
      { medianTps: 100, lowestRatio: 0.31, stalledAtS: [3], stallSeconds: 1 },
    ],
    [
      'a full stop over two seconds',
      [100, 0, 0, 100, 100, 100],
      1,
      { medianTps: 100, lowestRatio: 0, stalledAtS: [2, 3], stallSeconds: 2 },
    ],
    [
      'periodic stalls',
      [50, 50, 20, 50, 50, 20, 50, 50, 20],
      1,
      { medianTps: 50, lowestRatio: 0.4, stalledAtS: [3, 6, 9], stallSeconds: 3 },
    ],
    [
      'two-second intervals count two seconds each',
      [100, 10, 100, 100],
      2,
      { medianTps: 100, lowestRatio: 0.1, stalledAtS: [4], stallSeconds: 2 },
    ],
  ])('%s', (_name, tps, every, expected) => {
    const stalls = runStalls(intervals(tps, every));
    const { lowestRatio, ...rest } = expected;
    expect(stalls).toMatchObject(rest);
    expect(stalls?.lowestRatio).toBeCloseTo(lowestRatio, 10);
  });

  it.each([
    ['no interval (--report-interval 0)', []],
    ['two intervals: no median worth the name', [100, 10]],
    ['nothing ran', [0, 0, 0, 5]],
  ])('none for %s', (_name, tps) => {
    expect(runStalls(intervals(tps))).toBeUndefined();
  });
});
