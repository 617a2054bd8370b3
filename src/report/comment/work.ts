// Work per transaction: the one sentence that says whether the sides did the same work, and,
// when a status counter changed, the table of what changed per cell.
import type { CounterChange, Verdict } from '../../compare/verdict-schema.js';
import { WORK_GROUP_TITLES } from '../../compare/work-changes.js';
import { formatChangePercent, formatCount, formatFigure, formatPercent } from '../../format.js';
import { threadsLabel } from '../labels.js';
import { escapeMarkdown, escapeTableCell, tableDelimiter, tableRow } from '../markdown.js';
import type { Block } from './blocks.js';

const LEAD = `${tableRow(['workload', 'threads', 'group', 'counter', 'base', 'head', 'change'])}\n${tableDelimiter(
  ['l', 'r', 'l', 'l', 'r', 'r', 'r'],
)}`;

/** "+100.0%", "×2,198" from ten times on, or "new" / "gone" when a side did none of it. */
export function counterChangeLabel(change: Pick<CounterChange, 'base' | 'head'>): string {
  if (change.base === 0) return 'new';
  if (change.head === 0) return 'gone';
  const ratio = change.head / change.base;
  return ratio >= 10 ? `×${formatCount(ratio)}` : formatChangePercent(ratio - 1);
}

function row(cell: { workload: string; threads: number }, change: CounterChange): string {
  return tableRow([
    escapeTableCell(cell.workload),
    threadsLabel(cell.threads),
    WORK_GROUP_TITLES[change.group],
    escapeTableCell(change.name),
    formatFigure(change.base),
    formatFigure(change.head),
    counterChangeLabel(change) + (change.followsThroughput ? ' (follows throughput)' : ''),
  ]);
}

/** What counts as changed, in words, for the table's lead. */
export function workRule(thresholds: {
  relative: number;
  relativeBackground: number;
  absolute: number;
}): string {
  return (
    'SHOW GLOBAL STATUS counters per transaction, the median of the repetitions (base → head). Listed when ' +
    `the medians differ by ${formatPercent(thresholds.relative, 0)} or more (${formatPercent(thresholds.relativeBackground, 0)} for caches, I/O and other counters), by ${String(thresholds.absolute)} ` +
    'per transaction or more, and by more than both sides\' repetitions spread; "follows throughput": a counter ' +
    'that background threads also move, whose pace per second held while the throughput changed (not counted as ' +
    'different work).'
  );
}

export function workBlocks(verdict: Verdict): Block[] {
  const { work } = verdict;
  if (work === undefined) return [];
  if (work.status === 'unavailable') {
    return [{ kind: 'text', text: `**Work per transaction:** ${escapeMarkdown(work.reason)}.` }];
  }
  const rows = work.cells.flatMap((cell) => [
    ...cell.changes.map((change) => row(cell, change)),
    ...(cell.more === undefined
      ? []
      : [
          tableRow([
            escapeTableCell(cell.workload),
            threadsLabel(cell.threads),
            '',
            `${cell.more} more in verdict.json`,
            '',
            '',
            '',
          ]),
        ]),
  ]);
  if (rows.length === 0) {
    return [{ kind: 'text', text: `**Work per transaction:** ${escapeMarkdown(work.sentence)}` }];
  }
  const gate = verdict.settings.gateWork ? ' It decides the verdict here (`gate-work`).' : '';
  return [
    {
      kind: 'rows',
      what: 'the work per transaction',
      lead: `### Work per transaction\n\n${escapeMarkdown(work.sentence)}${gate}\n\n${escapeMarkdown(workRule(work.thresholds))}\n\n${LEAD}`,
      rows,
    },
  ];
}
