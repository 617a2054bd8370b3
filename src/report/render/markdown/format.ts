// Cells and tables for GitHub-flavoured markdown: the typographic minus and grouped thousands
// (format.ts's rules for the comment), and everything quoted escaped so that a cell stays a cell.
import { verdictLabel } from '../../../compare/verdict-schema.js';
import { formatFigure, formatPValue } from '../../../format.js';
import type { Cell, Column, VerdictCell } from '../../document/model.js';
import { threadsLabel } from '../../labels.js';
import { escapeTableCell, markdownUrl, tableDelimiter, tableRow } from '../../markdown.js';
import { changeText, figureText, intervalText, transitionText } from '../figures.js';
import { variantLabel } from '../../../suite/variants.js';

/** A gating cell's verdict, marked so that a change stands out; the others as they are. */
function verdictText(cell: VerdictCell): string {
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

/** A cell as table cells: a measured cell takes two (workload, threads), everything else one. */
export function markdownCells(cell: Cell): string[] {
  switch (cell.kind) {
    case 'text':
      return [cell.strong === true ? `**${escapeTableCell(cell.text)}**` : escapeTableCell(cell.text)];
    case 'code':
      return [cell.text === null ? '*(absent)*' : escapeTableCell(cell.text)];
    case 'number':
      return [figureText(cell)];
    case 'range':
      return [`${formatFigure(cell.low)}–${formatFigure(cell.high)}`];
    case 'change':
      return [`${changeText(cell.value)} ${intervalText(cell)}`];
    case 'transition':
      return [transitionText(cell.base, cell.head)];
    case 'p-value':
      return [cell.value === null ? 'counts' : formatPValue(cell.value)];
    case 'ks':
      return [`${cell.distance.toFixed(3)} (${formatPValue(cell.pValue)})`];
    case 'verdict':
      return [verdictText(cell)];
    case 'cell':
      return [
        escapeTableCell(cell.workload),
        threadsLabel(cell.threads) +
          (cell.variant === undefined ? '' : `, ${escapeTableCell(variantLabel(cell.variant))}`),
      ];
    case 'link':
      return [
        cell.url === null
          ? escapeTableCell(cell.text)
          : `[${escapeTableCell(cell.text)}](${markdownUrl(cell.url)})`,
      ];
    case 'empty':
      return [''];
  }
}

/** A table's header and delimiter rows; a column of measured cells spans two. */
export function tableLead(columns: readonly Column[]): string {
  const spans = columns.flatMap((column) =>
    column.split?.kind === 'cell'
      ? [...column.split.parts]
      : [
          {
            header:
              column.quoted === undefined
                ? column.header
                : `${column.header} ${escapeTableCell(column.quoted)}`,
            align: column.align,
          },
        ],
  );
  return `${tableRow(spans.map((span) => span.header))}\n${tableDelimiter(
    spans.map((span) => (span.align === 'right' ? 'r' : 'l')),
  )}`;
}

/** One row of a table from its cells. */
export function markdownRow(cells: readonly Cell[]): string {
  return tableRow(cells.flatMap(markdownCells));
}
