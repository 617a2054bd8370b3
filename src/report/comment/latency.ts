// The latency tail: shown when a cell's p95 or p99 was called a regression or an improvement, so
// a change in the slow events is seen even where throughput and the median held.
import type { LatencyDistribution } from '../../compare/verdict-schema.js';
import { formatChangePercent, formatFigure, formatPValue } from '../../format.js';
import { threadsLabel } from '../labels.js';
import { escapeTableCell, tableDelimiter, tableRow } from '../markdown.js';
import type { ReportInput } from '../report-input.js';
import type { Block } from './blocks.js';

const LEAD = `${tableRow(['workload', 'threads', 'p50 (ms)', 'p95 (ms)', 'p99 (ms)', 'KS distance (p)'])}\n${tableDelimiter(
  ['l', 'r', 'r', 'r', 'r', 'r'],
)}`;

/** "0.088 → 0.176 (+100.0%)". */
function moved(base: number, head: number): string {
  const change = base > 0 ? ` (${formatChangePercent(head / base - 1)})` : '';
  return `${formatFigure(base)} → ${formatFigure(head)}${change}`;
}

function row(cell: LatencyDistribution): string {
  return tableRow([
    escapeTableCell(cell.workload),
    threadsLabel(cell.threads),
    moved(cell.base.p50, cell.head.p50),
    moved(cell.base.p95, cell.head.p95),
    moved(cell.base.p99, cell.head.p99),
    `${cell.ks.statistic.toFixed(3)} (${formatPValue(cell.ks.pValue)})`,
  ]);
}

/** The cells whose tail moved, with every event's percentiles on both sides. */
export function latencyTailBlocks(input: ReportInput): Block[] {
  const cells = input.verdict.latency.filter((cell) => cell.tailMoved);
  if (cells.length === 0) return [];
  const gating = input.verdict.settings.gateMetrics.some(
    (metric) => metric === 'p95Ms' || metric === 'p99Ms',
  );
  return [
    {
      kind: 'rows',
      what: 'the latency tail',
      lead:
        '### Latency tail\n\n' +
        'Every event of every repetition, pooled per side (base → head). The tail percentiles were judged ' +
        `on each repetition's own value, like the other metrics${gating ? '' : ' (reported, not gating: add p99Ms to the gate to let them decide)'}; ` +
        'KS: the largest gap between the two distributions, p from permuting whole repetitions between the sides.\n\n' +
        LEAD,
      rows: cells.map(row),
    },
  ];
}
