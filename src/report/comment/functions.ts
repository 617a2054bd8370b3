// Where the instructions went: per instruction cell, the functions whose self cost changed most.
import { unnamedNote } from '../../compare/function-deltas.js';
import { type CellFunctionDeltas, verdictLabel } from '../../compare/verdict-schema.js';
import { formatCount, formatSignedCount } from '../../format.js';
import { threadsLabel } from '../labels.js';
import { escapeMarkdown, escapeTableCell, tableDelimiter, tableRow } from '../markdown.js';
import { type Block, details } from './blocks.js';

/** Functions listed per cell (verdict.json has up to 15). */
const COMMENT_FUNCTIONS = 10;

const FUNCTION_LEAD = `${tableRow(['change', 'base', 'head', 'function', 'object'])}\n${tableDelimiter([
  'r',
  'r',
  'r',
  'l',
  'l',
])}`;

/** A folded table of one cell's largest changes; `inlining` says why some functions vanished. */
export function functionBlock(cell: CellFunctionDeltas, inlining: string | undefined): Block {
  const shown = cell.functions.slice(0, COMMENT_FUNCTIONS);
  const rows = shown.map((fn) =>
    tableRow([
      formatSignedCount(fn.delta),
      formatCount(fn.base),
      formatCount(fn.head),
      escapeTableCell(fn.name),
      escapeTableCell(fn.object.slice(fn.object.lastIndexOf('/') + 1)),
    ]),
  );
  const note = unnamedNote(shown);
  const unnamed = note === undefined ? '' : `\n\n${escapeMarkdown(note)}.`;
  const total = formatSignedCount(cell.headTotal - cell.baseTotal);
  return {
    kind: 'details',
    what: 'where the instructions went',
    text: details(
      `Where the instructions went: ${cell.workload} @ ${threadsLabel(cell.threads)}` +
        `${cell.verdict === null ? '' : ` (${verdictLabel(cell.verdict)})`}: ${total} instructions per transaction, all threads ` +
        `(${formatCount(cell.baseTotal)} → ${formatCount(cell.headTotal)})`,
      `Self instructions per transaction, largest changes first.\n\n${[FUNCTION_LEAD, ...rows].join('\n')}${unnamed}` +
        (inlining ? `\n\n${escapeMarkdown(inlining)}` : ''),
    ),
  };
}
