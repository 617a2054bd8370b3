// How long each stage of a build, a run and a compare took: the rows, from build.json and
// results.json (the compare command adds its own clock's). The document's stage times
// (document/stages.ts) are rendered as a table for the terminal and one for the job summary.
import { formatCountPlain, formatMiB, plural } from '../format.js';
import type { BuildInfo, Results } from '../results/results-schema.js';
import type { StageRow } from './document/stages.js';

export type { StageRow } from './document/stages.js';
export { stageMarkdown } from './render/markdown/stages.js';
export { stageTable } from './render/terminal/stages.js';

/** configure, compile and install of one build. */
export function buildStages(info: BuildInfo, label = ''): StageRow[] {
  const prefix = label === '' ? '' : `${label} `;
  const from = info.startedFrom;
  const of =
    from === undefined ? '' : ` of ${formatCountPlain(from.totalSteps)}${from.full ? ': a whole build' : ''}`;
  const compiled = info.ninja
    ? `${formatCountPlain(info.ninja.steps)} ${info.ninja.steps === 1 ? 'step' : 'steps'}${of}, ${formatCountPlain(info.ninja.compiledCount)} compiled`
    : '';
  const copy: StageRow[] =
    from === undefined
      ? []
      : [
          {
            stage: `${prefix}copy of the base's build`,
            seconds: from.seconds,
            detail: `${plural(from.changedFiles, 'file', 'files')} of the tree changed`,
          },
        ];
  return [
    ...copy,
    { stage: `${prefix}configure`, seconds: info.seconds.configure, detail: '' },
    { stage: `${prefix}compile`, seconds: info.seconds.build, detail: compiled },
    { stage: `${prefix}install`, seconds: info.seconds.install, detail: '' },
  ];
}

type SideStages = NonNullable<NonNullable<Results['stages']>['sides']['head']>;

/** The resets within a side's measuring (re-prepares, restores): how many, how long. */
function resetRows(name: string, side: SideStages): StageRow[] {
  const rows: StageRow[] = [];
  const { restore, rePrepare } = side.resets ?? {};
  if (rePrepare) {
    const detail = plural(rePrepare.count, 're-prepare', 're-prepares');
    rows.push({ stage: `  data re-prepare (${name})`, seconds: rePrepare.seconds, detail, within: true });
  }
  if (restore) {
    const detail = plural(restore.count, 'restore', 'restores');
    rows.push({ stage: `  datadir restore (${name})`, seconds: restore.seconds, detail, within: true });
  }
  return rows;
}

/**
 * Each side's server start, data prepare and datadir copy, then measuring (with the data resets
 * it holds): one row per side when they ran in turn, or the wall time with each side's share
 * beneath it when they ran at once.
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
    ...sides.flatMap(({ name, datadirCopy: copy }) =>
      copy
        ? [
            {
              stage: `datadir copy (${name})`,
              seconds: copy.seconds,
              detail: `${copy.method}, ${formatMiB(copy.bytes)}`,
            },
          ]
        : [],
    ),
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
      rows.push(...resetRows(side.name, side));
    }
  } else {
    for (const side of sides) {
      rows.push({ stage: `measure (${side.name})`, seconds: side.measure, detail: repetitions(side.name) });
      rows.push(...resetRows(side.name, side));
    }
  }
  return rows;
}
