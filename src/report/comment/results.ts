// The results tables: one per workload of the gating cells, with why each cell that is not
// unchanged came out so (a change within the tolerance too: how it was shown to be real), and a
// folded table of the metrics reported beside them.
import { type CellComparison, verdictLabel } from '../../compare/verdict-schema.js';
import { repetitionsLabel } from '../../compare/verdict-summary.js';
import { formatChangePercent, formatFigure, formatTolerance, plural } from '../../format.js';
import { metricLabel, threadsLabel } from '../labels.js';
import { escapeMarkdown, escapeTableCell, tableDelimiter, tableRow } from '../markdown.js';
import type { ReportInput } from '../report-input.js';
import { type Block, details } from './blocks.js';

function verdictText(cell: CellComparison): string {
  if (!cell.gating) return verdictLabel(cell.verdict);
  switch (cell.verdict) {
    case 'regression':
      return '**❌ regression**';
    case 'improvement':
      return '✅ improvement';
    case 'within-tolerance':
      return 'within tolerance';
    case 'unchanged':
      return 'unchanged';
    case 'inconclusive':
      return '⚠️ inconclusive';
  }
}

/** The change with its confidence interval: "−15.0% [−26.4%, −1.9%]". */
function changeWithInterval(cell: CellComparison): string {
  const { low, high } = cell.changeInterval;
  return `${formatChangePercent(cell.change)} [${formatChangePercent(low)}, ${formatChangePercent(high)}]`;
}

function inOrder<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return [...groups];
}

/** Header of a results table: threads, metric, both medians, change, verdict, tolerance. */
function resultLead(withWorkload: boolean): string {
  const columns: [string, 'l' | 'r'][] = [
    ...(withWorkload ? [['workload', 'l'] as [string, 'l']] : []),
    ['threads', 'r'],
    ['metric', 'l'],
    ['base median', 'r'],
    ['head median', 'r'],
    ['change [interval]', 'r'],
    ['reps', 'r'],
    ['verdict', 'l'],
    ['tolerance', 'r'],
  ];
  return `${tableRow(columns.map(([name]) => name))}\n${tableDelimiter(columns.map(([, align]) => align))}`;
}

const RESULT_LEAD = resultLead(false);

/** One row of a results table (see resultLead). */
function resultRow(cell: CellComparison, percentile: number, withWorkload: boolean): string {
  return tableRow([
    ...(withWorkload ? [escapeTableCell(cell.workload)] : []),
    String(cell.threads),
    metricLabel(cell.metric, percentile),
    formatFigure(cell.base.median),
    formatFigure(cell.head.median),
    changeWithInterval(cell),
    repetitionsLabel(cell),
    verdictText(cell),
    formatTolerance(cell.threshold),
  ]);
}

/** One table per workload of the gating cells, with why each undecided or changed cell is so. */
export function resultBlocks(input: ReportInput): Block[] {
  const { verdict } = input;
  const { percentile } = input.suite;
  const gating = verdict.cells.filter((cell) => cell.gating);
  const confidence = Math.round(verdict.settings.confidence * 100);
  const blocks: Block[] = [
    {
      kind: 'text',
      text:
        gating.length === 0
          ? '### Results\n\nNo cell was judged on a gating metric (see the warnings).'
          : `### Results\n\nMedians of each side's repetitions; change = head ÷ base − 1, with its ${confidence}% interval.`,
    },
  ];
  for (const [workload, cells] of inOrder(gating, (cell) => cell.workload)) {
    const name = escapeMarkdown(workload);
    blocks.push({
      kind: 'rows',
      what: `the results of ${name}`,
      lead: `#### ${name}\n\n${RESULT_LEAD}`,
      rows: cells.map((cell) => resultRow(cell, percentile, false)),
    });
    const explained = cells.filter((cell) => cell.verdict !== 'unchanged');
    // The metric only where the table has several.
    const oneMetric = new Set(cells.map((cell) => cell.metric)).size === 1;
    if (explained.length > 0) {
      blocks.push({
        kind: 'rows',
        what: `the reasons for ${name}`,
        lead: '',
        rows: explained.map(
          (cell) =>
            `- ${threadsLabel(cell.threads)}` +
            `${oneMetric ? '' : `, ${metricLabel(cell.metric, percentile)}`}: ` +
            escapeMarkdown(cell.reason),
        ),
      });
    }
  }
  return blocks;
}

/** Metrics reported beside the gating ones (latency, CPU time, all-thread instructions). */
export function otherMetricsBlock(input: ReportInput): Block[] {
  const { percentile } = input.suite;
  const cells = input.verdict.cells.filter((cell) => !cell.gating);
  if (cells.length === 0) return [];
  const metrics = [...new Set(cells.map((cell) => metricLabel(cell.metric, percentile)))];
  const count = (kind: CellComparison['verdict']): number =>
    cells.filter((cell) => cell.verdict === kind).length;
  const notable = [
    plural(count('regression'), 'regression', 'regressions'),
    plural(count('improvement'), 'improvement', 'improvements'),
    `${count('within-tolerance')} within tolerance`,
    `${count('inconclusive')} inconclusive`,
  ].filter((text) => !text.startsWith('0 '));
  const rows = cells.map((cell) => resultRow(cell, percentile, true));
  return [
    {
      kind: 'details',
      what: 'other metrics',
      text: details(
        `Other metrics, reported but not gating: ${metrics.join(', ')} (${plural(cells.length, 'cell', 'cells')}` +
          `${notable.length > 0 ? `: ${notable.join(', ')}` : ', all unchanged'})`,
        [resultLead(true), ...rows].join('\n'),
      ),
    },
  ];
}
