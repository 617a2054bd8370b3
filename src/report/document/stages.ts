// How long each stage of a build, a run and a compare took: a table of its own, shown under the
// summary in a terminal and in the job summary. Pure.
import { column, number, text } from './cells.js';
import type { Row, Table } from './model.js';

export interface StageRow {
  readonly stage: string;
  readonly seconds: number;
  /** What the stage did ("11 steps, 5 compiled"); empty when nothing to add. */
  readonly detail: string;
  /** Part of a stage above it (each side's share of measuring at once): left out of the total. */
  readonly within?: boolean;
}

/** "12.3 s": a stage's time, the same in every medium. */
export function formatSeconds(value: number): string {
  return `${(Math.round(value * 10) / 10).toFixed(1)} s`;
}

export type StageKey = 'stage' | 'time' | 'detail';

export interface StageTimeRow extends Row<StageKey> {
  readonly stage: string;
  readonly within: boolean;
}

export interface StageTimes {
  readonly table: Table<StageKey, StageTimeRow>;
  /** The stages' seconds, those within another left out. */
  readonly totalSeconds: number;
}

export function stageTimesOf(rows: readonly StageRow[]): StageTimes {
  return {
    table: {
      columns: [
        column<StageKey>('stage', 'stage', 'left'),
        column<StageKey>('time', 'time', 'right'),
        column<StageKey>('detail', '', 'left'),
      ],
      rows: rows.map((row) => ({
        stage: row.stage,
        within: row.within === true,
        cells: { stage: text(row.stage), time: number(row.seconds, 'seconds'), detail: text(row.detail) },
      })),
    },
    totalSeconds: rows.filter((row) => row.within !== true).reduce((sum, row) => sum + row.seconds, 0),
  };
}
