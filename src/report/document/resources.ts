// What the server spent per transaction in each wall-clock cell: CPU, context switches, reads,
// KB read and written, base and head with their repetitions' spread and the change, and the
// figures that moved beyond that spread in one sentence. Pure.
import type { CellResources, Verdict } from '../../compare/verdict-schema.js';
import { formatChangePercent } from '../../format.js';
import {
  beyondSpread,
  type FigureSpread,
  RESOURCE_FIGURE_INFO,
  RESOURCE_FIGURES,
  type ResourceFigure,
} from '../../results/resource-figures.js';
import { cellTitle, variantOf } from '../../suite/suite-schema.js';
import { CELL_SPLIT, column, text } from './cells.js';
import type { Cell, Column, ResourceKey, ResourceRow, Resources } from './model.js';

const DASH = text('–');

function resourceColumns(figures: readonly ResourceFigure[]): Column<ResourceKey>[] {
  return [
    column<ResourceKey>('cell', 'cell', 'left', { split: CELL_SPLIT }),
    column<ResourceKey>('side', 'side', 'left'),
    ...figures.map((figure) => column<ResourceKey>(figure, RESOURCE_FIGURE_INFO[figure].header, 'right')),
  ];
}

function spreadCell(spread: FigureSpread | undefined): Cell {
  return spread === undefined
    ? DASH
    : { kind: 'spread', value: spread.median, low: spread.low, high: spread.high };
}

function shiftCell(base: FigureSpread | undefined, head: FigureSpread | undefined): Cell {
  if (base === undefined || head === undefined) return DASH;
  if (base.median === 0 && head.median === 0) return text('0');
  return {
    kind: 'shift',
    value: base.median === 0 ? null : head.median / base.median - 1,
    beyond: beyondSpread(base, head),
  };
}

function rows(cell: CellResources, figures: readonly ResourceFigure[]): ResourceRow[] {
  const row = (side: ResourceRow['side'], cells: (figure: ResourceFigure) => Cell): ResourceRow => ({
    workload: cell.workload,
    threads: cell.threads,
    ...variantOf(cell),
    side,
    cells: {
      cell: { kind: 'cell', workload: cell.workload, threads: cell.threads, ...variantOf(cell) },
      side: text(side),
      // Every figure a cell, though the table's columns show only those measured.
      ...(Object.fromEntries(
        RESOURCE_FIGURES.map((figure) => [figure, figures.includes(figure) ? cells(figure) : DASH]),
      ) as Record<ResourceFigure, Cell>),
    },
  });
  return [
    row('base', (figure) => spreadCell(cell.base[figure])),
    row('head', (figure) => spreadCell(cell.head[figure])),
    row('change', (figure) => shiftCell(cell.base[figure], cell.head[figure])),
  ];
}

/** "oltp_point_select @ 1: CPU µs +12.0%, reads +30.0%": the figures beyond the spread, per cell. */
function movedSentence(cells: readonly CellResources[], figures: readonly ResourceFigure[]): string {
  const moved = cells.flatMap((cell) => {
    const named = figures.flatMap((figure) => {
      const [base, head] = [cell.base[figure], cell.head[figure]];
      if (base === undefined || head === undefined || !beyondSpread(base, head)) return [];
      const change = base.median === 0 ? 'new' : formatChangePercent(head.median / base.median - 1);
      return [`${RESOURCE_FIGURE_INFO[figure].header} ${change}`];
    });
    return named.length === 0 ? [] : [`${cellTitle(cell)}: ${named.join(', ')}`];
  });
  if (moved.length === 0) {
    return "Every figure stayed within its repetitions' spread: the sides spent the same per transaction.";
  }
  return `Beyond the repetitions' spread (head against base): ${moved.join('; ')}.`;
}

/** What each figure is, and how to read the table. */
function legend(figures: readonly ResourceFigure[]): string {
  return (
    'Per transaction, the median of the repetitions and ±: half their range as a share of it; ' +
    'change: head ÷ base − 1 of the medians, ' +
    'marked where they differ by more than both ranges together. ' +
    figures
      .map((figure) => `${RESOURCE_FIGURE_INFO[figure].header}: ${RESOURCE_FIGURE_INFO[figure].meaning}`)
      .join('; ') +
    '.'
  );
}

export function resourcesOf(verdict: Verdict): Resources | null {
  const section = verdict.resources;
  if (section === undefined || section.cells.length === 0) return null;
  const figures = RESOURCE_FIGURES.filter((figure) =>
    section.cells.some((cell) => cell.base[figure] !== undefined || cell.head[figure] !== undefined),
  );
  // Results from before anything here was measured: nothing to show.
  if (figures.length === 0) return null;
  const bound = section.ioBound;
  return {
    sentence: movedSentence(section.cells, figures),
    legend: legend(figures),
    notes: [
      ...section.unavailable,
      ...(bound === undefined || bound.data.length === 0 ? [] : [`data: ${bound.data.join('; ')}`]),
    ],
    ioBound: bound === undefined ? null : { reading: bound.reading, sentence: bound.sentence },
    table: { columns: resourceColumns(figures), rows: section.cells.flatMap((cell) => rows(cell, figures)) },
  };
}
