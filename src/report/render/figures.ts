// Numbers as each medium writes them, in format.ts's two families of rules: the comment and the
// HTML page take the typographic minus and grouped thousands; the terminal takes ASCII signs and
// narrow figures. One table, so that a format cannot be added to one family and not the other.
import {
  formatChangePercent,
  formatChangePercentPlain,
  formatCount,
  formatCountPlain,
  formatFigure,
  formatFigurePlain,
  formatPercent,
  formatSignedCount,
  formatSignedCountPlain,
  formatSpread,
  formatTolerance,
  formatToleranceWhole,
} from '../../format.js';
import type { ChangeCell, NumberCell, NumberFormat, ShiftCell, SpreadCell } from '../document/model.js';
import { formatSeconds } from '../document/stages.js';

export type Family = 'typographic' | 'plain';

type Writer = (value: number) => string;

const NUMBER_RULES: Readonly<Record<NumberFormat, Readonly<Record<Family, Writer>>>> = {
  integer: { typographic: String, plain: String },
  figure: { typographic: formatFigure, plain: formatFigurePlain },
  count: { typographic: formatCount, plain: formatCountPlain },
  'signed-count': { typographic: formatSignedCount, plain: formatSignedCountPlain },
  percent: { typographic: (value) => formatPercent(value), plain: (value) => formatPercent(value) },
  tolerance: { typographic: formatTolerance, plain: formatToleranceWhole },
  seconds: { typographic: formatSeconds, plain: formatSeconds },
};

const CHANGE_RULES: Readonly<Record<Family, Writer>> = {
  typographic: formatChangePercent,
  plain: formatChangePercentPlain,
};

export function figureText(cell: NumberCell, family: Family = 'typographic'): string {
  return NUMBER_RULES[cell.format][family](cell.value);
}

/** "+8.4%": a change. */
export function changeText(value: number, family: Family = 'typographic'): string {
  return CHANGE_RULES[family](value);
}

/** "[−26.4%, −1.9%]": a change's interval. */
export function intervalText(cell: ChangeCell, family: Family = 'typographic'): string {
  return `[${changeText(cell.low, family)}, ${changeText(cell.high, family)}]`;
}

/** "0.088 → 0.176 (+100.0%)": one percentile, base → head, and how much it moved. */
export function transitionText(base: number, head: number): string {
  const change = base > 0 ? ` (${formatChangePercent(head / base - 1)})` : '';
  return `${formatFigure(base)} → ${formatFigure(head)}${change}`;
}

const FIGURE_RULES: Readonly<Record<Family, Writer>> = {
  typographic: formatFigure,
  plain: formatFigurePlain,
};

/** "49.82 ±1.2%": a median and how far its repetitions strayed; a median of 0 alone. */
export function spreadText(cell: SpreadCell, family: Family = 'typographic'): string {
  const figure = FIGURE_RULES[family](cell.value);
  return cell.value > 0 ? `${figure} ${formatSpread((cell.high - cell.low) / 2 / cell.value)}` : figure;
}

/** "+12.0%", or "new" from a base of 0. */
export function shiftText(cell: ShiftCell, family: Family = 'typographic'): string {
  return cell.value === null ? 'new' : changeText(cell.value, family);
}
