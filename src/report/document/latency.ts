// Latency distributions: every event of every repetition pooled per side, its percentiles on both
// sides, and the KS test between them. Pure.
import type { LatencyDistribution, Verdict } from '../../compare/verdict-schema.js';
import { CELL_SPLIT, column, qualified, EMPTY, number, text } from './cells.js';
import type { Latency, LatencyKey, LatencyRow } from './model.js';
import { variantOf } from '../../suite/suite-schema.js';

const LATENCY_COLUMNS = [
  column<LatencyKey>('cell', 'cell', 'left', { split: CELL_SPLIT }),
  column<LatencyKey>('baseEvents', 'base events', 'right'),
  column<LatencyKey>('headEvents', 'head events', 'right'),
  column<LatencyKey>('p50', 'p50 (ms)', 'right'),
  column<LatencyKey>('p95', 'p95 (ms)', 'right'),
  column<LatencyKey>('p99', 'p99 (ms)', 'right'),
  column<LatencyKey>('ks', 'KS distance (p)', 'right', {
    split: qualified('KS distance', 'KS p'),
  }),
  column<LatencyKey>('tail', 'tail', 'left'),
];

function latencyRow(cell: LatencyDistribution): LatencyRow {
  const { base, head, ks } = cell;
  return {
    tailMoved: cell.tailMoved,
    cells: {
      cell: { kind: 'cell', workload: cell.workload, threads: cell.threads, ...variantOf(cell) },
      baseEvents: number(base.events, 'count'),
      headEvents: number(head.events, 'count'),
      p50: { kind: 'transition', base: base.p50, head: head.p50 },
      p95: { kind: 'transition', base: base.p95, head: head.p95 },
      p99: { kind: 'transition', base: base.p99, head: head.p99 },
      ks: {
        kind: 'ks',
        distance: ks.statistic,
        pValue: ks.pValue,
        permutations: ks.exact ? null : ks.permutations,
      },
      tail: cell.tailMoved ? text('moved', true) : EMPTY,
    },
  };
}

export function latencyOf(verdict: Verdict): Latency {
  return {
    tailGates: verdict.settings.gateMetrics.some((metric) => metric === 'p95Ms' || metric === 'p99Ms'),
    table: { columns: LATENCY_COLUMNS, rows: verdict.latency.map(latencyRow) },
  };
}
