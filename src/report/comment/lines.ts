// The cost of the changed lines: per instruction cell, the diff's hunks that cost the most, each
// linking to its lines at the head commit when the repository's address is known.
import { explainedLabel, hunkUrl, shownHunks, transactionShare } from '../../compare/line-costs.js';
import type { HunkCost, LineSection, Verdict } from '../../compare/verdict-schema.js';
import { formatSignedCount, plural } from '../../format.js';
import { threadsLabel } from '../labels.js';
import { escapeMarkdown, escapeTableCell, markdownUrl, tableDelimiter, tableRow } from '../markdown.js';
import type { Block } from './blocks.js';

type Mapped = Extract<LineSection, { status: 'mapped' }>;

const LEAD = `${tableRow(['workload', 'threads', 'lines', 'instructions per transaction', 'share'])}\n${tableDelimiter(
  ['l', 'r', 'l', 'r', 'r'],
)}`;

/** The hunk's lines at the head commit on the repository's site, or its label alone. */
export function hunkLink(lines: Mapped, hunk: HunkCost): string {
  const label = escapeTableCell(hunk.label);
  if (lines.sourceUrl === null) return label;
  return `[${label}](${markdownUrl(hunkUrl(lines.sourceUrl, lines.headCommit, hunk))})`;
}

function rows(lines: Mapped): string[] {
  return lines.cells.flatMap((cell) =>
    shownHunks(cell).map((hunk) =>
      tableRow([
        escapeTableCell(cell.workload),
        threadsLabel(cell.threads),
        hunkLink(lines, hunk) +
          (hunk.inlinedInto.length > 0
            ? ` (inlined into ${escapeTableCell(hunk.inlinedInto.join(', '))})`
            : ''),
        formatSignedCount(hunk.delta),
        escapeTableCell(transactionShare(hunk)),
      ]),
    ),
  );
}

export function lineBlocks(verdict: Verdict): Block[] {
  const { lines } = verdict;
  if (lines === undefined) return [];
  if (lines.status === 'unavailable') {
    return [{ kind: 'text', text: `**Cost of the changed lines:** ${escapeMarkdown(lines.reason)}.` }];
  }
  const explained = lines.cells
    .map(
      (cell) =>
        `${escapeMarkdown(`${cell.workload} @ ${cell.threads}`)}: ${escapeMarkdown(explainedLabel(cell, formatSignedCount))}`,
    )
    .join('; ');
  const costless = Math.max(0, ...lines.cells.map((cell) => cell.costlessHunks));
  return [
    {
      kind: 'rows',
      what: 'the cost of the changed lines',
      lead:
        '### Cost of the changed lines\n\n' +
        `Instructions per transaction on the head's added and changed lines less the base's removed ones ` +
        `(${plural(lines.hunks, 'hunk', 'hunks')}, ${lines.baseCommit.slice(0, 12)}..${lines.headCommit.slice(0, 12)}, inlined code counted on its own lines). ` +
        `The diff's lines explain ${explained}.` +
        (costless > 0
          ? ` ${plural(costless, 'hunk costs', 'hunks cost')} nothing on either side (comments, or code not run).`
          : '') +
        `\n\n${LEAD}`,
      rows: rows(lines),
    },
  ];
}
