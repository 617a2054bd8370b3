// The stage times as a markdown table, for the action's job summary.
import { pickCells } from '../../document/cells.js';
import { formatSeconds, type StageRow, stageTimesOf } from '../../document/stages.js';
import { escapeTableCell, tableRow } from '../../markdown.js';
import { markdownCells, tableLead } from './format.js';

export function stageMarkdown(rows: readonly StageRow[]): string {
  const { table, totalSeconds } = stageTimesOf(rows);
  return [
    tableLead(table.columns),
    ...table.rows.map((row) => {
      const [, time = '', detail = ''] = pickCells(row, ['stage', 'time', 'detail']).flatMap(markdownCells);
      // A stage within another is marked with an arrow: markdown would drop the indent.
      return tableRow([escapeTableCell(row.within ? `↳ ${row.stage.trim()}` : row.stage), time, detail]);
    }),
    tableRow(['**total**', `**${formatSeconds(totalSeconds)}**`, '']),
  ].join('\n');
}
