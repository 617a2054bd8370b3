// Cells and tables for a terminal: ASCII signs, narrow figures (format.ts's terminal rules) and
// columns aligned with spaces. Text goes out as it is: a terminal renders no markup.
import { verdictLabel } from '../../../compare/verdict-schema.js';
import { formatFigurePlain, formatPValue } from '../../../format.js';
import type { Cell, Column, VerdictCell } from '../../document/model.js';
import { changeText, figureText, intervalText } from '../figures.js';
import { cellTitle } from '../../../suite/suite-schema.js';

/** A gating change in capitals, so that it stands out in a column of lower-case verdicts. */
function verdictText(cell: VerdictCell): string {
  if (!cell.gating) return `${verdictLabel(cell.verdict)} (not gating)`;
  return cell.verdict === 'unchanged' || cell.verdict === 'within-tolerance'
    ? verdictLabel(cell.verdict)
    : cell.verdict.toUpperCase();
}

/** A cell as one or, for a value with its qualifier (a change and its interval), two columns. */
export function terminalCells(cell: Cell): string[] {
  switch (cell.kind) {
    case 'text':
      return [cell.short ?? cell.text];
    case 'code':
      return [cell.text ?? '(absent)'];
    case 'number':
      return [figureText(cell, 'plain')];
    case 'range':
      return [`${formatFigurePlain(cell.low)}–${formatFigurePlain(cell.high)}`];
    case 'change':
      return [changeText(cell.value, 'plain'), intervalText(cell, 'plain')];
    case 'transition':
      return [`${formatFigurePlain(cell.base)} → ${formatFigurePlain(cell.head)}`];
    case 'p-value':
      return [cell.value === null ? 'counts' : formatPValue(cell.value)];
    case 'ks':
      return [cell.distance.toFixed(3), formatPValue(cell.pValue)];
    case 'verdict':
      return [verdictText(cell)];
    case 'cell':
      return [cellTitle(cell)];
    case 'link':
      return [cell.text];
    case 'empty':
      return [''];
  }
}

/** One cell's text: both parts of a two-part cell, space-separated. */
export function terminalText(cell: Cell): string {
  return terminalCells(cell).join(' ');
}

/** The columns a column spans here: a qualified value's two, else one under its narrow header. */
function spans(column: Column): { header: string; align: Column['align'] }[] {
  return column.split?.kind === 'qualified'
    ? [...column.split.parts]
    : [
        {
          header:
            column.short ??
            (column.quoted === undefined ? column.header : `${column.header} ${column.quoted}`),
          align: column.align,
        },
      ];
}

export interface TerminalTable {
  /** The header, a rule under it, then the rows, each trimmed at the end. */
  readonly lines: readonly string[];
  /** The rule under the header, for another under the last row. */
  readonly rule: string;
}

/** Columns two spaces apart, numbers right-aligned, each as wide as its widest cell. */
export function terminalTable(columns: readonly Column[], rows: readonly (readonly Cell[])[]): TerminalTable {
  const header = columns.flatMap(spans).map((span) => span.header);
  const align = columns.flatMap(spans).map((span) => span.align);
  const texts = rows.map((row) => row.flatMap(terminalCells));
  const widths = header.map((title, index) =>
    Math.max(title.length, ...texts.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((value, index) =>
        align[index] === 'right' ? value.padStart(widths[index] ?? 0) : value.padEnd(widths[index] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const rule = line(widths.map((width) => '-'.repeat(width)));
  return { lines: [line(header), rule, ...texts.map(line)], rule };
}
