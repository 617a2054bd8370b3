// How long each stage of a build, a run and a compare took: the rows, from build.json and
// results.json (the compare command adds its own clock's). The document's stage times
// (document/stages.ts) are rendered as a table for the terminal and one for the job summary.
import { plural } from '../format.js';
import type { BuildInfo, Results } from '../results/results-schema.js';
import type { StageRow } from './document/stages.js';

export type { StageRow } from './document/stages.js';
export { stageMarkdown } from './render/markdown/stages.js';
export { stageTable } from './render/terminal/stages.js';

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
