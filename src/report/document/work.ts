// Work per transaction: whether the sides did the same work (one sentence), and each status
// counter that changed per cell. Pure.
import type { CellWork, CounterChange, Verdict } from '../../compare/verdict-schema.js';
import { describeChange, WORK_GROUP_TITLES } from '../../compare/work-changes.js';
import { formatChangePercent, formatCount, formatPercent } from '../../format.js';
import { CELL_SPLIT, code, column, EMPTY, number, text } from './cells.js';
import type { Work, WorkKey, WorkRow } from './model.js';
import { variantOf } from '../../suite/suite-schema.js';
import { perUnit } from '../../results/operation-units.js';
import { counterLabel, pseudoCounter } from '../../results/status-counters.js';

/** "+100.0%", "×2,198" from ten times on, or "new" / "gone" when a side did none of it. */
export function counterChangeLabel(change: Pick<CounterChange, 'base' | 'head'>): string {
  if (change.base === 0) return 'new';
  if (change.head === 0) return 'gone';
  const ratio = change.head / change.base;
  return ratio >= 10 ? `×${formatCount(ratio)}` : formatChangePercent(ratio - 1);
}

/** What counts as changed, in words. */
export function workRule(thresholds: {
  relative: number;
  relativeBackground: number;
  absolute: number;
}): string {
  return (
    'SHOW GLOBAL STATUS counters per transaction, the median of the repetitions (base → head). Listed when ' +
    `the medians differ by ${formatPercent(thresholds.relative, 0)} or more (${formatPercent(thresholds.relativeBackground, 0)} for caches, I/O and other counters), by ${String(thresholds.absolute)} ` +
    'per transaction or more, and by more than both sides\' repetitions spread; "follows throughput": a counter ' +
    'that background threads also move, whose pace per second held while the throughput changed (not counted as ' +
    'different work).'
  );
}

/** What an operational cell's counters count, after the rule. */
const OPERATIONAL_WORK =
  "An operational cell's counters are per its unit (per recovery, per start, per applied transaction): " +
  'since the server started, for a recovery or a cold start; over the apply, for a replica.';

const WORK_COLUMNS = [
  column<WorkKey>('cell', 'cell', 'left', { split: CELL_SPLIT }),
  column<WorkKey>('group', 'group', 'left'),
  column<WorkKey>('counter', 'counter', 'left'),
  column<WorkKey>('base', 'base', 'right'),
  column<WorkKey>('head', 'head', 'right'),
  column<WorkKey>('change', 'change', 'right'),
];

function changeRow(cell: CellWork, change: CounterChange): WorkRow {
  const group = WORK_GROUP_TITLES[change.group];
  return {
    workload: cell.workload,
    threads: cell.threads,
    ...variantOf(cell),
    kind: 'change',
    group,
    described: describeChange(change),
    per: perUnit(cell.operation?.per),
    followsThroughput: change.followsThroughput,
    more: 0,
    cells: {
      cell: { kind: 'cell', workload: cell.workload, threads: cell.threads, ...variantOf(cell) },
      group: text(group),
      counter: pseudoCounter(change.name) === undefined ? code(change.name) : text(counterLabel(change.name)),
      base: number(change.base, 'figure'),
      head: number(change.head, 'figure'),
      change: text(counterChangeLabel(change) + (change.followsThroughput ? ' (follows throughput)' : '')),
    },
  };
}

/** The note that verdict.json has `more` changed counters of the cell than the table. */
function moreRow(cell: CellWork, more: number): WorkRow {
  return {
    workload: cell.workload,
    threads: cell.threads,
    ...variantOf(cell),
    kind: 'more',
    group: '',
    described: '',
    per: perUnit(cell.operation?.per),
    followsThroughput: false,
    more,
    cells: {
      cell: { kind: 'cell', workload: cell.workload, threads: cell.threads, ...variantOf(cell) },
      group: EMPTY,
      counter: text(`${more} more in verdict.json`),
      base: EMPTY,
      head: EMPTY,
      change: EMPTY,
    },
  };
}

export function workOf(verdict: Verdict): Work | null {
  const { work } = verdict;
  if (work === undefined) return null;
  if (work.status === 'unavailable') return work;
  const rows = work.cells.flatMap((cell) => [
    ...cell.changes.map((change) => changeRow(cell, change)),
    ...(cell.more === undefined ? [] : [moreRow(cell, cell.more)]),
  ]);
  return {
    status: 'compared',
    sentence: work.sentence,
    rule:
      workRule(work.thresholds) +
      (work.cells.some((cell) => cell.operation !== undefined) ? ` ${OPERATIONAL_WORK}` : ''),
    gates: verdict.settings.gateWork === true,
    table: { columns: WORK_COLUMNS, rows },
  };
}
