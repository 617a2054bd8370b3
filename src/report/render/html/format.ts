// Cells, tables and sections of the HTML page. Everything quoted is escaped for where it goes;
// numbers follow format.ts's rules for the comment and the page (typographic minus, thousands).
import { verdictLabel } from '../../../compare/verdict-schema.js';
import { formatCount, formatFigure, formatPValue } from '../../../format.js';
import { pickCells } from '../../document/cells.js';
import type { Cell, Column, PValueCell, Table, VerdictCell } from '../../document/model.js';
import { escapeHtml } from '../../markdown.js';
import { changeText, figureText, intervalText, transitionText } from '../figures.js';
import { cellTitle } from '../../../suite/suite-schema.js';

export const text = escapeHtml;

function pValueHtml(cell: PValueCell): string {
  if (cell.value === null) return 'counts';
  const unadjusted = cell.unadjusted === null ? '' : formatPValue(cell.unadjusted);
  return `<span title="before the adjustment: ${text(unadjusted)}">${text(formatPValue(cell.value))}</span>`;
}

function verdictHtml(cell: VerdictCell): string {
  const label = cell.gating ? verdictLabel(cell.verdict) : `${verdictLabel(cell.verdict)} (not gating)`;
  return `<span class="verdict ${cell.verdict}${cell.gating ? ' gating' : ''}">${text(label)}</span>`;
}

/** A cell as table cells (escaped): a value with its qualifier takes two, everything else one. */
export function htmlCells(cell: Cell): string[] {
  switch (cell.kind) {
    case 'text':
      return [cell.strong === true ? `<strong>${text(cell.text)}</strong>` : text(cell.text)];
    case 'code':
      return [cell.text === null ? '<em>(absent)</em>' : `<code>${text(cell.text)}</code>`];
    case 'number':
      return [text(figureText(cell))];
    case 'range':
      return [text(`${formatFigure(cell.low)}–${formatFigure(cell.high)}`)];
    case 'change':
      return [text(changeText(cell.value)), text(intervalText(cell))];
    case 'transition':
      return [text(transitionText(cell.base, cell.head))];
    case 'p-value':
      return [pValueHtml(cell)];
    case 'ks':
      return [
        text(cell.distance.toFixed(3)),
        text(
          `${formatPValue(cell.pValue)}${cell.permutations === null ? '' : ` (${formatCount(cell.permutations)} random splits)`}`,
        ),
      ];
    case 'verdict':
      return [verdictHtml(cell)];
    case 'cell':
      return [text(cellTitle(cell))];
    case 'link':
      return [cell.url === null ? text(cell.text) : `<a href="${text(cell.url)}">${text(cell.text)}</a>`];
    case 'empty':
      return [''];
  }
}

function tags(tag: 'td' | 'th', values: readonly string[], classes: readonly string[]): string {
  return values
    .map((value, index) => {
      const name = classes[index];
      return name === undefined || name === ''
        ? `<${tag}>${value}</${tag}>`
        : `<${tag} class="${name}">${value}</${tag}>`;
    })
    .join('');
}

/** The columns a column spans here: a qualified value's two, else one. */
function spans(column: Column): { header: string; align: Column['align']; prose: boolean }[] {
  if (column.split?.kind === 'qualified')
    return column.split.parts.map((part) => ({ ...part, prose: false }));
  const header = column.quoted === undefined ? column.header : `${column.header} ${column.quoted}`;
  return [{ header, align: column.align, prose: column.prose === true }];
}

/** A table of cells already in HTML, under `columns`: their headers, numbers right-aligned. */
export function columnsTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  const all = columns.flatMap(spans);
  return rawTable(
    all.map((span) => text(span.header)),
    rows,
    all.map((span) => (span.align === 'right' ? 'num' : '')),
  );
}

/** A table of the document's cells under `columns`. */
export function htmlTable(columns: readonly Column[], rows: readonly (readonly Cell[])[]): string {
  const all = columns.flatMap(spans);
  // A block with a minimum width for prose: the table is wider than the screen anyway (it scrolls
  // in its box), and without one a reason shrinks to a word a line, rows a screen tall.
  const cellsOf = (row: readonly Cell[]): string[] =>
    row
      .flatMap(htmlCells)
      .map((html, index) => (all[index]?.prose ? `<span class="reason">${html}</span>` : html));
  return columnsTable(columns, rows.map(cellsOf));
}

/** Every row of a table, every column. */
export function wholeTable<K extends string>(table: Table<K>): string {
  const keys = table.columns.map((column) => column.key);
  return htmlTable(
    table.columns,
    table.rows.map((row) => pickCells(row, keys)),
  );
}

/**
 * A table from already-escaped cells. It sits in a box of its own that scrolls sideways: the
 * results table is wider than a laptop's screen, and the page itself should not scroll sideways
 * for it.
 */
export function rawTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  classes: readonly string[] = [],
): string {
  return (
    `<div class="table-scroll">\n<table>\n<thead><tr>${tags('th', header, classes)}</tr></thead>\n<tbody>\n` +
    rows.map((row) => `<tr>${tags('td', row, classes)}</tr>`).join('\n') +
    '\n</tbody>\n</table>\n</div>'
  );
}

export function section(title: string, body: string): string {
  return `<section>\n<h2>${text(title)}</h2>\n${body}\n</section>`;
}
