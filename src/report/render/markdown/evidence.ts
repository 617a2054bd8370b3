// The evidence after the results in the comment: the stalls, work per transaction, the latency
// tail, the mix of TPC-C-like transactions, and the cost of the changed lines.
import { formatSignedCount, plural } from '../../../format.js';
import { pickCells, pickColumns } from '../../document/cells.js';
import { explainedLabel } from '../../document/lines.js';
import { mixLead } from '../../document/mix.js';
import type {
  LatencyKey,
  Latency,
  Lines,
  Mix,
  Resources,
  Split,
  Stalls,
  Work,
} from '../../document/model.js';
import { SPLIT_LEAD } from '../../document/split.js';
import { threadsLabel } from '../../labels.js';
import { codeSpan, escapeMarkdown, escapeTableCell, tableDelimiter, tableRow } from '../../markdown.js';
import type { Block } from './blocks.js';
import { markdownCells, markdownRow, tableLead } from './format.js';
import { cellTitle } from '../../../suite/suite-schema.js';
import { perUnits } from '../../../results/operation-units.js';

/** The cells whose stall seconds regressed, a line each; or why no stall was judged. */
export function stallBlocks(stalls: Stalls | null): Block[] {
  if (stalls === null) return [];
  if (stalls.unavailable !== null) {
    return [{ kind: 'text', text: `**Stalls:** ${escapeMarkdown(stalls.unavailable)}.` }];
  }
  if (stalls.sentences.length === 0) return [];
  const gate = stalls.gates
    ? 'They decide the verdict here (the stall gate).'
    : "Reported, not gating: the suite's `stallGate`, or `stallSeconds` in the gate, lets them decide.";
  return [
    {
      kind: 'rows',
      what: 'the stalls',
      lead:
        '### Stalls\n\n' +
        `Seconds whose throughput fell below half the repetition's median second, in each side's repetition with the most of them. ${gate}\n`,
      rows: stalls.sentences.map((sentence) => `- ${escapeMarkdown(sentence)}`),
    },
  ];
}

/** Settings against code: what was aligned, then each gating cell's change in its two parts. */
export function splitBlocks(split: Split | null): Block[] {
  if (split === null) return [];
  const aligned =
    split.aligned.length === 0
      ? "The first-tier settings were the same on both sides: the whole change is the code's."
      : `${SPLIT_LEAD} (${split.aligned.map(codeSpan).join(', ')}): ` +
        'settings is the head against it, code is it against the base.';
  const notes = split.notes.map((note) => `- ${escapeMarkdown(note)}`);
  return [
    {
      kind: 'rows',
      what: 'the split of each cell into settings and code',
      lead: `### Settings against code\n\n${aligned}\n${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}`,
      rows: split.sentences.map((sentence) => `- ${escapeMarkdown(sentence)}`),
    },
  ];
}

export function workBlocks(work: Work | null): Block[] {
  if (work === null) return [];
  if (work.status === 'unavailable') {
    return [{ kind: 'text', text: `**Work per transaction:** ${escapeMarkdown(work.reason)}.` }];
  }
  const { table } = work;
  if (table.rows.length === 0) {
    return [{ kind: 'text', text: `**Work per transaction:** ${escapeMarkdown(work.sentence)}` }];
  }
  const keys = table.columns.map((column) => column.key);
  const gate = work.gates ? ' It decides the verdict here (`gate-work`).' : '';
  return [
    {
      kind: 'rows',
      what: 'the work per transaction',
      lead: `### Work per transaction\n\n${escapeMarkdown(work.sentence)}${gate}\n\n${escapeMarkdown(work.rule)}\n\n${tableLead(table.columns)}`,
      rows: table.rows.map((row) => markdownRow(pickCells(row, keys))),
    },
  ];
}

/** CPU, context switches and I/O per transaction: what moved, an IO-bound suite's reads, the table. */
export function resourceBlocks(resources: Resources | null): Block[] {
  if (resources === null) return [];
  const { table } = resources;
  const keys = table.columns.map((column) => column.key);
  const bound = resources.ioBound;
  const lines = [
    '### CPU, context switches and I/O per transaction',
    escapeMarkdown(resources.sentence),
    ...(bound === null
      ? []
      : [bound.reading ? escapeMarkdown(bound.sentence) : `⚠️ **${escapeMarkdown(bound.sentence)}**`]),
    ...resources.notes.map((note) => escapeMarkdown(note)),
    escapeMarkdown(resources.legend),
    tableLead(table.columns),
  ];
  return [
    {
      kind: 'rows',
      what: 'the CPU, context switches and I/O per transaction',
      lead: lines.join('\n\n'),
      rows: table.rows.map((row) => markdownRow(pickCells(row, keys))),
    },
  ];
}

const TAIL_KEYS: readonly LatencyKey[] = ['cell', 'p50', 'p95', 'p99', 'ks'];

/** The cells whose tail moved, with every event's percentiles on both sides. */
export function latencyTailBlocks(latency: Latency): Block[] {
  const rows = latency.table.rows.filter((row) => row.tailMoved);
  if (rows.length === 0) return [];
  const columns = pickColumns(latency.table.columns, TAIL_KEYS);
  return [
    {
      kind: 'rows',
      what: 'the latency tail',
      lead:
        '### Latency tail\n\n' +
        'Every event of every repetition, pooled per side (base → head). The tail percentiles were judged ' +
        `on each repetition's own value, like the other metrics${latency.tailGates ? '' : ' (reported, not gating: add p99Ms to the gate to let them decide)'}; ` +
        'KS: the largest gap between the two distributions, p from permuting whole repetitions between the sides.\n\n' +
        tableLead(columns),
      rows: rows.map((row) => markdownRow(pickCells(row, TAIL_KEYS))),
    },
  ];
}

/** The TPC-C-like cells' mix of transactions, a row per side. */
export function mixBlocks(mix: Mix): Block[] {
  const { columns, rows } = mix.table;
  if (rows.length === 0) return [];
  const keys = columns.map((column) => column.key);
  return [
    {
      kind: 'rows',
      what: 'the mix of transactions',
      lead: `### Mix of TPC-C-like transactions\n\n${escapeMarkdown(mixLead(mix))}\n\n${tableLead(columns)}`,
      rows: rows.map((row) => markdownRow(pickCells(row, keys))),
    },
  ];
}

/** The table's head; its instructions are per each cell's unit (a client's: per transaction). */
function linesLead(per: string): string {
  return `${tableRow(['workload', 'threads', 'lines', `instructions ${per}`, 'share'])}\n${tableDelimiter(['l', 'r', 'l', 'r', 'r'])}`;
}

/** Per instruction cell, the hunks that cost the most, each linking to its lines when it can. */
export function lineBlocks(lines: Lines | null): Block[] {
  if (lines === null) return [];
  if (lines.status === 'unavailable') {
    return [{ kind: 'text', text: `**Cost of the changed lines:** ${escapeMarkdown(lines.reason)}.` }];
  }
  const rows = lines.cells.flatMap((cell) =>
    cell.hunks.rows
      .filter((hunk) => hunk.shown)
      .map((hunk) => {
        const inlined =
          hunk.inlinedInto.length > 0
            ? ` (inlined into ${escapeTableCell(hunk.inlinedInto.join(', '))})`
            : '';
        const [link = ''] = markdownCells(hunk.cells.lines);
        return tableRow([
          escapeTableCell(cell.workload),
          threadsLabel(cell.threads),
          link + inlined,
          ...markdownCells(hunk.cells.change),
          ...markdownCells(hunk.cells.share),
        ]);
      }),
  );
  const explained = lines.cells
    .map(
      (cell) =>
        `${escapeMarkdown(cellTitle(cell))}: ${escapeMarkdown(explainedLabel(cell, formatSignedCount))}`,
    )
    .join('; ');
  const costless = Math.max(0, ...lines.cells.map((cell) => cell.costlessHunks));
  const per = perUnits(lines.cells.map((cell) => cell.operation?.per));
  return [
    {
      kind: 'rows',
      what: 'the cost of the changed lines',
      lead:
        '### Cost of the changed lines\n\n' +
        `Instructions ${per} on the head's added and changed lines less the base's removed ones ` +
        `(${plural(lines.hunks, 'hunk', 'hunks')}, ${lines.range}, inlined code counted on its own lines). ` +
        `The diff's lines explain ${explained}.` +
        (costless > 0
          ? ` ${plural(costless, 'hunk costs', 'hunks cost')} nothing on either side (comments, or code not run).`
          : '') +
        `\n\n${linesLead(per)}`,
      rows,
    },
  ];
}
