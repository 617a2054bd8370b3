// Numbers as the comment and the HTML page write them: the typographic minus, grouped thousands
// (format.ts's rules for both). The terminal has rules of its own (terminal/format.ts).
import {
  formatChangePercent,
  formatCount,
  formatFigure,
  formatPercent,
  formatSignedCount,
  formatTolerance,
} from '../../format.js';
import type { ChangeCell, NumberCell } from '../document/model.js';
import { formatSeconds } from '../document/stages.js';

export function figureText(cell: NumberCell): string {
  switch (cell.format) {
    case 'integer':
      return String(cell.value);
    case 'figure':
      return formatFigure(cell.value);
    case 'count':
      return formatCount(cell.value);
    case 'signed-count':
      return formatSignedCount(cell.value);
    case 'percent':
      return formatPercent(cell.value);
    case 'tolerance':
      return formatTolerance(cell.value);
    case 'seconds':
      return formatSeconds(cell.value);
  }
}

/** "[−26.4%, −1.9%]": a change's interval. */
export function intervalText(cell: ChangeCell): string {
  return `[${formatChangePercent(cell.low)}, ${formatChangePercent(cell.high)}]`;
}

/** "0.088 → 0.176 (+100.0%)": one percentile, base → head, and how much it moved. */
export function transitionText(base: number, head: number): string {
  const change = base > 0 ? ` (${formatChangePercent(head / base - 1)})` : '';
  return `${formatFigure(base)} → ${formatFigure(head)}${change}`;
}
