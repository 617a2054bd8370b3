// The TPC-C-like workload's mix of transactions: the standard one, the one a cell measured, and how
// far apart they are. Pure.
//
// The TPC-C specification (clause 5.2.3) sets minimums: at least 43% Payment and at least 4% each
// of Order-Status, Delivery and Stock-Level, New-Order taking the rest, which is what its
// throughput counts. Drivers run 45/43/4/4/4, and so does assets/sysbench/tpcc.lua: a deck of 100
// cards per thread, dealt in shuffled order. The check here is two-sided, the measured share of
// every type within MIX_TOLERANCE of the standard mix's: a deck dealt to its end meets the
// minimums exactly, and a partial last deck (a run ends where it ends) may leave Payment a few
// tenths of a point under 43% without anything being wrong, while a mix off by more than 2 points
// means the transactions did not run as dealt (one type failing, say), and a New-Order rate
// measured on it is not comparable.
import {
  completedTransactions,
  type SysbenchReport,
  TRANSACTION_TYPES,
  type TransactionMix,
  type TransactionType,
} from '../sysbench/report-schema.js';

/** Each type's share of the transactions in the standard mix. */
export const STANDARD_MIX: Readonly<Record<TransactionType, number>> = {
  newOrder: 0.45,
  payment: 0.43,
  orderStatus: 0.04,
  delivery: 0.04,
  stockLevel: 0.04,
};

/** How far a measured share may be from the standard's: 2 percentage points. */
export const MIX_TOLERANCE = 0.02;

/** Each type as the specification names it. */
export const TRANSACTION_LABELS: Readonly<Record<TransactionType, string>> = {
  newOrder: 'New-Order',
  payment: 'Payment',
  orderStatus: 'Order-Status',
  delivery: 'Delivery',
  stockLevel: 'Stock-Level',
};

/**
 * New-Order transactions committed per minute of the run (NOTPM): the 1% rolled back on purpose
 * left out. Undefined for a run without a mix (any other workload).
 */
export function newOrdersPerMinute(report: Pick<SysbenchReport, 'mix' | 'totalTimeS'>): number | undefined {
  const { mix, totalTimeS } = report;
  return mix === undefined || totalTimeS <= 0 ? undefined : (mix.newOrder.committed / totalTimeS) * 60;
}

/** A mix as shares of the completed transactions (committed or rolled back on purpose). */
export interface MeasuredMix {
  readonly transactions: number;
  readonly shares: Readonly<Record<TransactionType, number>>;
}

/** The mix of several repetitions pooled; undefined when none has one, or none completed anything. */
export function pooledMix(mixes: readonly (TransactionMix | undefined)[]): MeasuredMix | undefined {
  const present = mixes.filter((mix): mix is TransactionMix => mix !== undefined);
  const transactions = present.reduce((sum, mix) => sum + completedTransactions(mix), 0);
  if (present.length === 0 || transactions === 0) return undefined;
  const share = (type: TransactionType): number =>
    present.reduce((sum, mix) => sum + mix[type].committed + mix[type].rolledBack, 0) / transactions;
  return {
    transactions,
    shares: {
      newOrder: share('newOrder'),
      payment: share('payment'),
      orderStatus: share('orderStatus'),
      delivery: share('delivery'),
      stockLevel: share('stockLevel'),
    },
  };
}

/** The type whose share is furthest from the standard's, and how far (a fraction: 0.02 is 2 points). */
export function largestDeviation(shares: Readonly<Record<TransactionType, number>>): {
  readonly type: TransactionType;
  readonly offBy: number;
} {
  let worst: { type: TransactionType; offBy: number } = { type: 'newOrder', offBy: 0 };
  for (const type of TRANSACTION_TYPES) {
    const offBy = Math.abs(shares[type] - STANDARD_MIX[type]);
    if (offBy > worst.offBy) worst = { type, offBy };
  }
  return worst;
}

/** Whether every share is within MIX_TOLERANCE of the standard's (a hair of rounding allowed). */
export function isStandardMix(shares: Readonly<Record<TransactionType, number>>): boolean {
  return largestDeviation(shares).offBy <= MIX_TOLERANCE + 1e-9;
}
