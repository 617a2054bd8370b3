import { runDeadline } from '../../src/sysbench/run-deadline.js';

describe('runDeadline', () => {
  it.each([
    // A timed run: its time and 30 s, or a quarter of it when that is more.
    [{ seconds: 5 }, undefined, 35, 'its 5s and a 30s margin'],
    [{ seconds: 300 }, undefined, 375, 'its 5m00s and a 1m15s margin'],
    // Under callgrind, before the cell's pace is known: 0.2 s an event and two minutes.
    [{ events: 5000 }, undefined, 1120, '5,000 events at 0.2 s each until the cell'],
    // Once known: three times what the pace gives, and two minutes.
    [{ events: 5000 }, 0.01, 270, '3 times the 50s its pace so far gives 5,000 events'],
  ] as const)('%j at pace %p: %p s', (limit, pace, seconds, basis) => {
    const deadline = runDeadline(limit, 'sysbench for x', pace);
    expect(deadline.seconds).toBe(seconds);
    expect(deadline.basis).toContain(basis);
    expect(deadline.what).toBe('sysbench for x');
  });

  it('never gives a timed run less than its own time', () => {
    for (const seconds of [1, 10, 60, 600, 3600]) {
      expect(runDeadline({ seconds }, 'x').seconds).toBeGreaterThan(seconds);
    }
  });
});

describe("runDeadline before a cell's pace is known", () => {
  it('gives a heavy kind ten times its own rough pace (a TPC-C-like event, 0.3 s, is 3 s)', () => {
    const deadline = runDeadline({ events: 400 }, 'sysbench for tpcc', undefined, 0.3);
    expect(deadline.seconds).toBe(400 * 3 + 120);
    expect(deadline.basis).toContain('400 events at 3 s each');
    // A light kind keeps the floor of 0.2 s an event.
    expect(runDeadline({ events: 400 }, 'x', undefined, 0.0007).seconds).toBe(400 * 0.2 + 120);
  });
});
