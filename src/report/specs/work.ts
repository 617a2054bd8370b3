// Work per transaction, one small chart per group of status counters that changed: each counter
// a row on its own scale (fsyncs and bytes written differ by orders of magnitude), each cell a
// pair of bars, base and head, with the repetitions' range. Pure.
import type { TopLevelSpec } from 'vega-lite';

import type { CounterChange, WorkSection } from '../../compare/verdict-schema.js';
import { byRank, WORK_GROUP_TITLES } from '../../compare/work-changes.js';
import type { WorkGroup } from '../../results/status-counters.js';
import { CHART_CONFIG, cellLabel, SIDE_SCALE, sideLegend, VEGA_LITE_SCHEMA } from './common.js';
import { perUnit, perUnits } from '../../results/operation-units.js';
import { counterLabel, pseudoCounter } from '../../results/status-counters.js';

/** Counters drawn per group; the table lists every one. */
export const WORK_CHART_COUNTERS = 4;

/** "Work per transaction: I/O and durability", or "Work per transaction or per recovery: …". */
function titleOf(per: string, group: WorkGroup): string {
  return `Work ${per}: ${WORK_GROUP_TITLES[group]}`;
}

/** The group's chart title, in the units of the cells it draws. */
export function workTitle(work: Compared, group: WorkGroup): string {
  return titleOf(rows(work, group).per, group);
}

type Compared = Extract<WorkSection, { status: 'compared' }>;

/** The groups with a changed counter (one that does more than follow the throughput), largest first. */
export function changedGroups(work: Compared): WorkGroup[] {
  const changes = work.cells
    .flatMap((cell) => cell.changes.filter((change) => !change.followsThroughput))
    .sort(byRank);
  return [...new Set(changes.map((change) => change.group))];
}

function rows(work: Compared, group: WorkGroup) {
  const changes = work.cells.flatMap((cell) =>
    cell.changes
      .filter((change) => change.group === group && !change.followsThroughput)
      // An operational cell's counters are per its unit: its label says which.
      .map((change) => ({
        cell:
          cell.operation === undefined
            ? cellLabel(cell)
            : `${cellLabel(cell)}, ${perUnit(cell.operation.per)}`,
        per: cell.operation?.per,
        change,
      })),
  );
  // What an operation was given to do (a recovery's redo) first: it explains the rest.
  const given = (change: CounterChange): boolean => pseudoCounter(change.name)?.input === true;
  const counters = [
    ...new Set(
      [
        ...changes.filter((entry) => given(entry.change)),
        ...changes.filter((entry) => !given(entry.change)),
      ].map((entry) => counterLabel(entry.change.name)),
    ),
  ].slice(0, WORK_CHART_COUNTERS);
  const drawn = changes.filter((entry) => counters.includes(counterLabel(entry.change.name)));
  const values = drawn.flatMap(({ cell, change }) =>
    (['base', 'head'] as const).map((side) => sideRow(cell, change, side)),
  );
  // Each drawn cell's unit once: "per transaction", or "per transaction or per recovery".
  return { counters, values, per: perUnits(drawn.map((entry) => entry.per)) };
}

function sideRow(cell: string, change: CounterChange, side: 'base' | 'head') {
  const [low, high] = side === 'base' ? change.baseRange : change.headRange;
  return { counter: counterLabel(change.name), cell, side, value: change[side], low, high };
}

/** Null when nothing in `group` changed. `sides` names the sides in the legend (sideLegend). */
export function workSpec(
  work: Compared,
  group: WorkGroup,
  sides: ReturnType<typeof sideLegend> = { title: 'side' },
): TopLevelSpec | null {
  const { counters, values, per } = rows(work, group);
  if (values.length === 0) return null;
  const y = { field: 'cell', type: 'nominal', title: null } as const;
  const yOffset = { field: 'side', type: 'nominal', scale: { domain: SIDE_SCALE.domain } } as const;
  const x = { type: 'quantitative', title: per, axis: { format: '~s' } } as const;
  return {
    $schema: VEGA_LITE_SCHEMA,
    title: {
      text: titleOf(per, group),
      subtitle: 'status counters that changed; bar: median of the repetitions, line: their range',
    },
    config: CHART_CONFIG,
    data: { values },
    facet: {
      row: {
        field: 'counter',
        type: 'nominal',
        sort: counters,
        title: null,
        header: { labelAngle: 0, labelOrient: 'top', labelAnchor: 'start', labelFontWeight: 'bold' },
      },
    },
    resolve: { scale: { x: 'independent', y: 'independent' } },
    spacing: 6,
    spec: {
      width: 360,
      height: { step: 24 },
      layer: [
        {
          mark: { type: 'bar', opacity: 0.85 },
          encoding: {
            y,
            yOffset,
            x: { ...x, field: 'value' },
            color: { field: 'side', type: 'nominal', scale: SIDE_SCALE, ...sides },
            tooltip: [
              { field: 'counter', type: 'nominal' },
              { field: 'cell', type: 'nominal' },
              { field: 'side', type: 'nominal' },
              { field: 'value', type: 'quantitative', format: ',.4~f', title: per },
            ],
          },
        },
        {
          mark: { type: 'rule', color: '#222222' },
          encoding: { y, yOffset, x: { ...x, field: 'low' }, x2: { field: 'high' } },
        },
      ],
    },
  };
}
