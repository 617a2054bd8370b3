// The TPC-C-like cells' mix of transactions on both sides, checked against the standard mix
// (workload/tpcc-mix.ts), and the warnings of a cell whose mix is off: its throughput and New-Order
// rate were measured on other work than the standard's. Pure.
import { formatPercent } from '../format.js';
import type { CellResult } from '../results/results-schema.js';
import { cellTitle, variantOf } from '../suite/suite-schema.js';
import {
  isStandardMix,
  largestDeviation,
  MIX_TOLERANCE,
  pooledMix,
  STANDARD_MIX,
  TRANSACTION_LABELS,
} from '../workload/tpcc-mix.js';
import type { CellMix, SideMix } from './verdict-schema.js';

function sideMix(cell: CellResult): SideMix | null {
  return pooledMix(cell.repetitions.map((repetition) => repetition.report.mix)) ?? null;
}

/** Every paired cell where either side reported a mix, in the cells' order. */
export function mixSection(pairs: readonly (readonly [CellResult, CellResult])[]): CellMix[] {
  return pairs.flatMap(([baseCell, headCell]): CellMix[] => {
    const base = sideMix(baseCell);
    const head = sideMix(headCell);
    if (base === null && head === null) return [];
    const sides = [base, head].filter((side): side is SideMix => side !== null);
    const offBy = Math.max(...sides.map((side) => largestDeviation(side.shares).offBy));
    return [
      {
        workload: headCell.workload,
        threads: headCell.threads,
        ...variantOf(headCell),
        base,
        head,
        offBy: Math.min(1, offBy),
        standard: base !== null && head !== null && sides.every((side) => isStandardMix(side.shares)),
      },
    ];
  });
}

function points(fraction: number): string {
  return formatPercent(fraction, 1);
}

/** Why a side's mix is off: its type furthest from the standard. */
function offSentence(side: SideMix): string {
  const { type } = largestDeviation(side.shares);
  return `${TRANSACTION_LABELS[type]} ${points(side.shares[type])} of ${side.transactions} transactions (standard ${points(STANDARD_MIX[type])})`;
}

/** One warning per cell whose mix is off the standard's, or reported by one side only. */
export function mixWarnings(mix: readonly CellMix[]): string[] {
  return mix
    .filter((cell) => !cell.standard)
    .map((cell) => {
      const at = cellTitle(cell);
      if (cell.base === null || cell.head === null) {
        return `${at}: only the ${cell.base === null ? 'head' : 'base'} reported its mix of TPC-C-like transactions; the other side's is unknown`;
      }
      const off = (['base', 'head'] as const)
        .filter((name) => {
          const side = cell[name];
          return side !== null && !isStandardMix(side.shares);
        })
        .map((name) => {
          const side = cell[name];
          return side === null ? '' : `the ${name}'s ${offSentence(side)}`;
        });
      return (
        `${at}: the mix of TPC-C-like transactions is off the standard by more than ${(MIX_TOLERANCE * 100).toFixed(0)} percentage points (${off.join('; ')}): ` +
        'its throughput and New-Order rate were measured on other work than the standard mix'
      );
    });
}
