// The tpcc kind and its mix of transactions: the standard mix (the same in the script's deck and
// in the check), a measured mix pooled over repetitions, and how far it may stray.
import { readFileSync } from 'node:fs';

import { Suite } from '../../src/suite/suite-schema.js';
import { TRANSACTION_TYPES, type TransactionMix } from '../../src/sysbench/report-schema.js';
import { kindOf, resetSeconds } from '../../src/workload/kinds.js';
import { sysbenchOltp } from '../../src/workload/sysbench-oltp.js';
import { TPCC_SCRIPT, tpcc } from '../../src/workload/tpcc.js';
import {
  isStandardMix,
  largestDeviation,
  MIX_TOLERANCE,
  newOrdersPerMinute,
  pooledMix,
  STANDARD_MIX,
} from '../../src/workload/tpcc-mix.js';

const SCRIPT = new URL(`../../assets/sysbench/${TPCC_SCRIPT}`, import.meta.url);

function mix(counts: readonly number[], rolledBack = 0): TransactionMix {
  const [newOrder = 0, payment = 0, orderStatus = 0, delivery = 0, stockLevel = 0] = counts;
  const of = (committed: number) => ({ committed, rolledBack: 0, retried: 0 });
  return {
    newOrder: { committed: newOrder, rolledBack, retried: 1 },
    payment: of(payment),
    orderStatus: of(orderStatus),
    delivery: of(delivery),
    stockLevel: of(stockLevel),
  };
}

describe('the standard mix', () => {
  it('adds up to every transaction, New-Order taking what the minimums leave', () => {
    const total = TRANSACTION_TYPES.reduce((sum, type) => sum + STANDARD_MIX[type], 0);
    expect(total).toBeCloseTo(1, 12);
    expect(STANDARD_MIX.payment).toBeGreaterThanOrEqual(0.43);
    for (const type of ['orderStatus', 'delivery', 'stockLevel'] as const) {
      expect(STANDARD_MIX[type]).toBeGreaterThanOrEqual(0.04);
    }
  });

  it("is the script's deck of 100 cards", () => {
    const deck = /local DECK = \{([^}]*)\}/.exec(readFileSync(SCRIPT, 'utf8'))?.[1] ?? '';
    const cards = Object.fromEntries(
      [...deck.matchAll(/(\w+) = (\d+)/g)].map(([, name = '', count = '']) => [name, Number(count)]),
    );
    expect(cards).toEqual({
      new_order: STANDARD_MIX.newOrder * 100,
      payment: STANDARD_MIX.payment * 100,
      order_status: STANDARD_MIX.orderStatus * 100,
      delivery: STANDARD_MIX.delivery * 100,
      stock_level: STANDARD_MIX.stockLevel * 100,
    });
  });
});

describe('a measured mix', () => {
  it('pools the repetitions, counting New-Orders rolled back on purpose as completed', () => {
    const pooled = pooledMix([mix([440, 430, 40, 40, 40], 10), undefined, mix([450, 430, 40, 40, 40])]);
    expect(pooled?.transactions).toBe(2000);
    expect(pooled?.shares.newOrder).toBeCloseTo(0.45, 12);
    expect(pooled?.shares.payment).toBeCloseTo(0.43, 12);
    expect(pooled?.shares.stockLevel).toBeCloseTo(0.04, 12);
  });

  it('is absent without any mix or transaction', () => {
    expect(pooledMix([undefined, undefined])).toBeUndefined();
    expect(pooledMix([mix([0, 0, 0, 0, 0])])).toBeUndefined();
  });

  it.each<[string, number[], boolean, string, number]>([
    ['the standard mix itself', [45, 43, 4, 4, 4], true, 'newOrder', 0],
    ['2 points more New-Orders, at the tolerance', [47, 42, 4, 4, 3], true, 'newOrder', 0.02],
    ['Payment 2.5 points short', [475, 405, 40, 40, 40], false, 'newOrder', 0.025],
    ['no Delivery at all', [47, 43, 4, 0, 6], false, 'delivery', 0.04],
  ])('%s', (_what, counts, standard, type, offBy) => {
    const measured = pooledMix([mix(counts)]);
    if (measured === undefined) throw new Error('no mix');
    expect(isStandardMix(measured.shares)).toBe(standard);
    const worst = largestDeviation(measured.shares);
    expect(worst.offBy).toBeCloseTo(offBy, 12);
    if (offBy > 0) expect(worst.type).toBe(type);
  });

  it('allows 2 percentage points', () => {
    expect(MIX_TOLERANCE).toBe(0.02);
  });

  it('gives New-Orders committed per minute of the run, without those rolled back', () => {
    expect(newOrdersPerMinute({ mix: mix([450, 430, 40, 40, 40], 5), totalTimeS: 20 })).toBeCloseTo(1350, 9);
    expect(newOrdersPerMinute({ mix: undefined, totalTimeS: 20 })).toBeUndefined();
    expect(newOrdersPerMinute({ mix: mix([450]), totalTimeS: 0 })).toBeUndefined();
  });
});

describe('the tpcc kind', () => {
  const suite = Suite.parse({
    name: 'tpcc',
    threads: [4],
    durationSeconds: 20,
    repetitions: 2,
    warehouses: 2,
    workloads: [{ name: 'tpcc', kind: 'tpcc' }],
  });
  const workload = suite.workloads[0]!;

  it('is the kind of a workload that says so, and changes its data', () => {
    expect(kindOf(workload)).toBe(tpcc);
    expect(tpcc.changesData(workload)).toBe('changes');
    expect(tpcc.runScript(workload)).toEqual({ asset: 'tpcc.lua' });
  });

  it('plans a prepare by the warehouses (the items, then about 5 s a warehouse), and a restore as a share of it', () => {
    const prepared = { ...workload, resetData: 're-prepare' as const };
    expect(resetSeconds(suite, prepared)).toBe(12);
    expect(resetSeconds({ ...suite, warehouses: 10 }, prepared)).toBe(52);
    expect(resetSeconds(suite, workload)).toBeCloseTo(1 + 0.15 * 12);
  });

  it('yields New-Orders per minute, which sysbench-oltp cannot', () => {
    expect(tpcc.metrics).toContain('notpm');
    expect(sysbenchOltp.metrics).not.toContain('notpm');
  });
});
