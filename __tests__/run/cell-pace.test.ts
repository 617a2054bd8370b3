// The pace a cell's next step's deadline is taken from.
import { CellPace } from '../../src/run/cell-pace.js';
import type { Step } from '../../src/run/plan.js';

const warmup = { kind: 'warmup', side: 'head', workload: 'tpcc', threads: 1 } as Step & { kind: 'warmup' };
const measure = { kind: 'measure', side: 'head', workload: 'tpcc', threads: 1, repetition: 1 } as Step & {
  kind: 'measure';
};

describe('CellPace', () => {
  it("does not take a callgrind warm-up's pace (uninstrumented) for the measured steps' deadline", () => {
    const pace = new CellPace();
    // 100 events in 6 s with the instrumentation off, as a TPC-C-like warm-up ran here.
    pace.record(warmup, 6, 100);
    expect(pace.secondsPerEvent(warmup)).toBe(0.06);
    expect(pace.secondsPerEvent(measure)).toBeUndefined();
    const first = pace.deadline(measure, { events: 400 }, 'sysbench', 0.3);
    expect(first.seconds).toBe(400 * 3 + 120);
    // Once a measured step has run, its own pace decides.
    pace.record(measure, 140, 400);
    expect(pace.deadline(measure, { events: 400 }, 'sysbench', 0.3).seconds).toBe(Math.ceil(140 * 3 + 120));
  });
});
