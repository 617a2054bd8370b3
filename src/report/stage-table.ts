// How long each stage of a build, a run and a compare took, as one table for the terminal and one
// for the job summary. Pure: the seconds come from build.json, results.json and the compare
// command's own clock.
import { plural } from '../format.js';
import type { BuildInfo, Results } from '../results/results-schema.js';
import { escapeTableCell, tableDelimiter, tableRow } from './markdown.js';

export interface StageRow {
  readonly stage: string;
  readonly seconds: number;
  /** What the stage did ("11 steps, 5 compiled"); empty when nothing to add. */
  readonly detail: string;
  /** Part of a stage above it (each side's share of measuring at once): left out of the total. */
  readonly within?: boolean;
}

/** configure, compile and install of one build. */
export function buildStages(info: BuildInfo, label = ''): StageRow[] {
  const prefix = label === '' ? '' : `${label} `;
  const compiled = info.ninja
    ? `${plural(info.ninja.steps, 'step', 'steps')}, ${info.ninja.compiledCount} compiled`
    : '';
  return [
    { stage: `${prefix}configure`, seconds: info.seconds.configure, detail: '' },
    { stage: `${prefix}compile`, seconds: info.seconds.build, detail: compiled },
    { stage: `${prefix}install`, seconds: info.seconds.install, detail: '' },
  ];
}

/**
 * Each side's server start and data prepare, then measuring: one row per side when they ran in
 * turn, or the wall time with each side's share beneath it when they ran at once.
 */
export function runStages(results: Results): StageRow[] {
  const { stages } = results;
  if (!stages) return [];
  const sides = (['base', 'head'] as const).flatMap((name) => {
    const side = stages.sides[name];
    return side ? [{ name, ...side }] : [];
  });
  const rows: StageRow[] = [
    ...sides.map((side) => ({ stage: `server start (${side.name})`, seconds: side.start, detail: '' })),
    ...sides.map((side) => ({ stage: `data prepare (${side.name})`, seconds: side.prepare, detail: '' })),
  ];
  const repetitions = (name: string): string =>
    plural(
      results.cells.filter((cell) => cell.side === name).reduce((n, c) => n + c.repetitions.length, 0),
      'repetition',
      'repetitions',
    );
  if (results.parallelSides) {
    rows.push({ stage: 'measure (both sides at once)', seconds: stages.measure, detail: '' });
    for (const side of sides) {
      rows.push({
        stage: `  ${side.name}`,
        seconds: side.measure,
        detail: repetitions(side.name),
        within: true,
      });
    }
  } else {
    for (const side of sides) {
      rows.push({ stage: `measure (${side.name})`, seconds: side.measure, detail: repetitions(side.name) });
    }
  }
  return rows;
}

function seconds(value: number): string {
  return `${(Math.round(value * 10) / 10).toFixed(1)} s`;
}

function total(rows: readonly StageRow[]): number {
  return rows.filter((row) => row.within !== true).reduce((sum, row) => sum + row.seconds, 0);
}

/** The stages as an aligned text table with a total line. */
export function stageTable(rows: readonly StageRow[]): string {
  const all = [
    ...rows.map((row) => [row.stage, seconds(row.seconds), row.detail]),
    ['total', seconds(total(rows)), ''],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...all.map((cells) => (cells[column] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    [(cells[0] ?? '').padEnd(widths[0] ?? 0), (cells[1] ?? '').padStart(widths[1] ?? 0), cells[2] ?? '']
      .join('  ')
      .trimEnd();
  const rule = line(widths.map((width) => '-'.repeat(width)));
  return [
    line(['stage', 'time', '']),
    rule,
    ...all.slice(0, -1).map(line),
    rule,
    line(all[all.length - 1] ?? []),
  ].join('\n');
}

/** The stages as a Markdown table, for the action's job summary. */
export function stageMarkdown(rows: readonly StageRow[]): string {
  return [
    tableRow(['stage', 'time', '']),
    tableDelimiter(['l', 'r', 'l']),
    ...rows.map((row) =>
      tableRow([
        escapeTableCell(row.within ? `↳ ${row.stage.trim()}` : row.stage),
        seconds(row.seconds),
        escapeTableCell(row.detail),
      ]),
    ),
    tableRow(['**total**', `**${seconds(total(rows))}**`, '']),
  ].join('\n');
}
