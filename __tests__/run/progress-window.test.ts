// The line printed after each repetition: throughput for a client workload, and for an
// operational cell its native seconds and its figures per its own unit, never "per transaction".
import { describeWindow } from '../../src/run/progress.js';
import type { WindowCost } from '../../src/run/cost-probe.js';

const counted = (foreground: number, total: number): WindowCost =>
  ({ cost: { callgrind: { foreground, total } } }) as unknown as WindowCost;
const timed = (userSeconds: number, systemSeconds: number): WindowCost => ({
  cost: { cpu: { userSeconds, systemSeconds } },
});

describe('describeWindow', () => {
  it('gives a client workload its throughput and CPU per transaction', () => {
    expect(describeWindow({ tps: 1234.56, transactions: 1000 }, timed(0.3, 0.1))).toBe(
      '1234.6 tps, server CPU 400 µs/transaction',
    );
  });

  it('gives a client workload under callgrind its instructions per transaction', () => {
    expect(describeWindow({ tps: 10, transactions: 100 }, counted(5_000_000, 6_000_000))).toBe(
      '50,000 instructions/transaction in statements (60,000 with background threads)',
    );
  });

  it('gives a recovery its seconds and its instructions per recovery', () => {
    const line = describeWindow({ tps: 0, transactions: 1 }, counted(144_000_000, 328_000_000), {
      per: 'recovery',
      seconds: 0.237,
    });
    expect(line).toBe(
      '0.24 s natively, 144,000,000 instructions/recovery in statements (328,000,000 with background threads)',
    );
  });

  it('gives a timed replica apply its seconds and CPU per applied transaction, not a throughput', () => {
    const line = describeWindow({ tps: 1100, transactions: 2000 }, timed(1.5, 0.5), {
      per: 'applied transaction',
      seconds: 1.81,
    });
    expect(line).toBe('1.81 s natively, server CPU 1000 µs/applied transaction');
    expect(line).not.toMatch(/tps|\/transaction/);
  });

  it('gives a timed start without CPU figures its seconds alone', () => {
    expect(describeWindow({ tps: 0, transactions: 1 }, undefined, { per: 'start', seconds: 0.2 })).toBe(
      '0.20 s natively',
    );
  });
});
