// The results in the comment: one table per workload of the gating cells, with why each cell that
// is not unchanged came out so (a change within the tolerance too: how it was shown to be real),
// and a folded table of the metrics reported beside them.
import { plural } from '../../../format.js';
import { pickCells, pickColumns, withVariant } from '../../document/cells.js';
import type { Method, ResultKey, ResultRow, Table } from '../../document/model.js';
import { threadsLabel } from '../../labels.js';
import { escapeMarkdown } from '../../markdown.js';
import { variantLabel } from '../../../suite/variants.js';
import { type Block, details } from './blocks.js';
import { markdownRow, tableLead } from './format.js';

const KEYS: readonly ResultKey[] = [
  'threads',
  'metric',
  'baseMedian',
  'headMedian',
  'change',
  'reps',
  'verdict',
  'tolerance',
];
const WITH_WORKLOAD: readonly ResultKey[] = ['workload', ...KEYS];

function inOrder<T>(items: readonly T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return [...groups];
}

/** The reasons for a workload's cells that are not unchanged; the metric only where there are several. */
function reasonRows(rows: readonly ResultRow[]): string[] {
  const oneMetric = new Set(rows.map((row) => row.metric)).size === 1;
  return rows
    .filter((row) => row.verdict !== 'unchanged')
    .map(
      (row) =>
        `- ${threadsLabel(row.threads)}${row.variant === undefined ? '' : `, ${escapeMarkdown(variantLabel(row.variant))}`}` +
        `${oneMetric ? '' : `, ${row.metricLabel}`}: ${escapeMarkdown(row.reason)}`,
    );
}

/** One table per workload of the gating cells, with why each undecided or changed cell is so. */
export function resultBlocks(results: Table<ResultKey, ResultRow>, confidence: number): Block[] {
  const gating = results.rows.filter((row) => row.gating);
  const blocks: Block[] = [
    {
      kind: 'text',
      text:
        gating.length === 0
          ? '### Results\n\nNo cell was judged on a gating metric (see the warnings).'
          : `### Results\n\nMedians of each side's repetitions; change = head ÷ base − 1, with its ${confidence}% interval.`,
    },
  ];
  const keys = withVariant(KEYS, results);
  const lead = tableLead(pickColumns(results.columns, keys));
  for (const [workload, rows] of inOrder(gating, (row) => row.workload)) {
    const name = escapeMarkdown(workload);
    blocks.push({
      kind: 'rows',
      what: `the results of ${name}`,
      lead: `#### ${name}\n\n${lead}`,
      rows: rows.map((row) => markdownRow(pickCells(row, keys))),
    });
    const reasons = reasonRows(rows);
    if (reasons.length > 0)
      blocks.push({ kind: 'rows', what: `the reasons for ${name}`, lead: '', rows: reasons });
  }
  return blocks;
}

/** What the operational cells' figures mean, once: whether their seconds gate, a cold start's page cache. */
export function noteBlocks(method: Pick<Method, 'notes'>): Block[] {
  return method.notes.map((note) => ({ kind: 'text' as const, text: escapeMarkdown(note) }));
}

/** Metrics reported beside the gating ones (latency, CPU time, all-thread instructions). */
export function otherMetricsBlock(results: Table<ResultKey, ResultRow>): Block[] {
  const rows = results.rows.filter((row) => !row.gating);
  if (rows.length === 0) return [];
  const metrics = [...new Set(rows.map((row) => row.metricLabel))];
  const count = (kind: ResultRow['verdict']): number => rows.filter((row) => row.verdict === kind).length;
  const notable = [
    plural(count('regression'), 'regression', 'regressions'),
    plural(count('improvement'), 'improvement', 'improvements'),
    `${count('within-tolerance')} within tolerance`,
    `${count('inconclusive')} inconclusive`,
  ].filter((text) => !text.startsWith('0 '));
  const keys = withVariant(WITH_WORKLOAD, results);
  const table = [
    tableLead(pickColumns(results.columns, keys)),
    ...rows.map((row) => markdownRow(pickCells(row, keys))),
  ];
  return [
    {
      kind: 'details',
      what: 'other metrics',
      text: details(
        `Other metrics, reported but not gating: ${metrics.join(', ')} (${plural(rows.length, 'cell', 'cells')}` +
          `${notable.length > 0 ? `: ${notable.join(', ')}` : ', all unchanged'})`,
        table.join('\n'),
      ),
    },
  ];
}
