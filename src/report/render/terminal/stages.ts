// The stage times as an aligned table, with the total under a rule.
import { EMPTY, number, pickCells, text } from '../../document/cells.js';
import { type StageRow, stageTimesOf } from '../../document/stages.js';
import { terminalTable } from './format.js';

export function stageTable(rows: readonly StageRow[]): string {
  const { table, totalSeconds } = stageTimesOf(rows);
  const keys = table.columns.map((entry) => entry.key);
  // The total is laid out as a row, so that its width counts too.
  const total = [text('total'), number(totalSeconds, 'seconds'), EMPTY];
  const { lines, rule } = terminalTable(table.columns, [
    ...table.rows.map((row) => pickCells(row, keys)),
    total,
  ]);
  return [...lines.slice(0, -1), rule, ...lines.slice(-1)].join('\n');
}
