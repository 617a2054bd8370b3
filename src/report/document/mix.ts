// The TPC-C-like cells' mix of transactions: each side's share of every type against the standard
// mix, from the verdict. Pure.
import type { CellMix, SideMix } from '../../compare/verdict-schema.js';
import { variantOf } from '../../suite/suite-schema.js';
import { TRANSACTION_TYPES } from '../../sysbench/report-schema.js';
import { isStandardMix, MIX_TOLERANCE, STANDARD_MIX, TRANSACTION_LABELS } from '../../workload/tpcc-mix.js';
import { CELL_SPLIT, column, number, text } from './cells.js';
import type { Mix, MixKey, MixRow } from './model.js';

const MIX_COLUMNS = [
  column<MixKey>('cell', 'cell', 'left', { split: CELL_SPLIT }),
  column<MixKey>('side', 'side', 'left'),
  column<MixKey>('transactions', 'transactions', 'right'),
  ...TRANSACTION_TYPES.map((type) =>
    column<MixKey>(type, `${TRANSACTION_LABELS[type]} (${Math.round(STANDARD_MIX[type] * 100)}%)`, 'right'),
  ),
  column<MixKey>('mix', 'mix', 'left'),
];

function mixRow(cell: CellMix, name: 'base' | 'head', side: SideMix, standard: boolean): MixRow {
  return {
    standard,
    cells: {
      cell: { kind: 'cell', workload: cell.workload, threads: cell.threads, ...variantOf(cell) },
      side: text(name),
      transactions: number(side.transactions, 'count'),
      newOrder: number(side.shares.newOrder, 'percent'),
      payment: number(side.shares.payment, 'percent'),
      orderStatus: number(side.shares.orderStatus, 'percent'),
      delivery: number(side.shares.delivery, 'percent'),
      stockLevel: number(side.shares.stockLevel, 'percent'),
      mix: standard ? text('standard') : text('off', true),
    },
  };
}

/** One row per cell and side that reported its mix; no rows when no cell is TPC-C-like. */
export function mixOf(mix: readonly CellMix[] | undefined): Mix {
  const rows = (mix ?? []).flatMap((cell) =>
    (['base', 'head'] as const).flatMap((name): MixRow[] => {
      const side = cell[name];
      return side === null ? [] : [mixRow(cell, name, side, isStandardMix(side.shares))];
    }),
  );
  return { tolerance: MIX_TOLERANCE, table: { columns: MIX_COLUMNS, rows } };
}

/** What the mix table shows, in a sentence every medium leads it with. */
export function mixLead(mix: Mix): string {
  return (
    'Each type of transaction as a share of those completed (committed, or rolled back on purpose), ' +
    `every repetition pooled, against the standard mix in the headers; a share more than ` +
    `${Math.round(mix.tolerance * 100)} percentage points from the standard's puts the mix off, and the cell's ` +
    'throughput and New-Order rate were then measured on other work.'
  );
}
