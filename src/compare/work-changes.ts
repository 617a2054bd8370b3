// "Why it changed", first half: the server's work per transaction on each side, from the status
// counters every repetition recorded (SHOW GLOBAL STATUS before and after its window), and which
// of them moved. The answer tells a costlier code path (same statements, same work) from a
// changed plan, cache or durability setting (same statements, different work), and warns when
// the sides did not even run the same statements. Pure.
import { formatFigure, plural } from '../format.js';
import type { CellResult, ServerFacts } from '../results/results-schema.js';
import { perUnit, perUnits } from '../results/operation-units.js';
import { counterGroup, counterLabel, pseudoCounter, type WorkGroup } from '../results/status-counters.js';
import { median } from '../stats/descriptive.js';
import type {
  CellComparison,
  CellOperation,
  CellWork,
  CounterChange,
  WorkSection,
  WorkSummary,
} from './verdict-schema.js';
import { cellTitle, sameCell, variantOf } from '../suite/suite-schema.js';

/**
 * When a counter's work per transaction counts as changed: its medians differ by at least
 * `relative` of the larger (`relativeBackground` in the groups background threads also move:
 * caches, I/O and durability, other) and by at least `absolute` per transaction, and by more than
 * the spread (max − min) of both sides' repetitions together, so that a counter that wanders with
 * timing (background flushing, buffer-pool requests under concurrency) has to move well beyond
 * its own wandering. See docs/work.md for the A/A runs that set these.
 */
export const WORK_THRESHOLDS = { relative: 0.05, relativeBackground: 0.1, absolute: 0.01 } as const;

/** Changes listed per cell in verdict.json, the largest first. */
export const WORK_CHANGE_LIMIT = 40;

/**
 * Groups whose counters background threads also move (page flushing, log writes, purge's reads):
 * when their pace per second stayed and only the throughput changed, a change per transaction is
 * the throughput's, not new work. Statements, rows and sorts happen only for the client.
 */
const PACED_GROUPS: ReadonlySet<WorkGroup> = new Set(['caches', 'durability', 'other']);

export const WORK_GROUP_TITLES: Readonly<Record<WorkGroup, string>> = {
  statements: 'statements',
  rows: 'rows and index access',
  sorting: 'sorting and temporary tables',
  caches: 'caches',
  durability: 'I/O and durability',
  other: 'other counters',
};

interface SideWork {
  /** Per counter, each repetition's increments per transaction. */
  readonly perTransaction: (name: string) => number[];
  /** Median transactions per second over the repetitions that recorded work. */
  readonly tps: number;
  readonly counters: ReadonlySet<string>;
}

/** What decides a cell's work: its operation (absent: a client workload's cell). */
export type OperationOfCell = (workload: string) => CellOperation | undefined;

/** The side's repetitions that recorded work; undefined when none did. */
function sideWork(cell: CellResult, facts: ServerFacts): SideWork | undefined {
  const counted = cell.repetitions.filter(
    (repetition) => repetition.work !== undefined && repetition.report.transactions > 0,
  );
  if (counted.length === 0 || facts.statusCounters === undefined) return undefined;
  // A pseudo counter (a recovery's redo bytes) is not a server's variable: any repetition's has it.
  const pseudo = counted.flatMap((repetition) =>
    Object.keys(repetition.work ?? {}).filter((name) => pseudoCounter(name) !== undefined),
  );
  return {
    perTransaction: (name) =>
      counted.map((repetition) => (repetition.work?.[name] ?? 0) / repetition.report.transactions),
    tps: median(counted.map((repetition) => repetition.report.tps)),
    counters: new Set([...facts.statusCounters, ...pseudo]),
  };
}

const spread = (values: readonly number[]): number => Math.max(...values) - Math.min(...values);

/** Whether a moved counter kept its pace per second while the throughput alone changed. */
function followsThroughput(base: number, head: number, baseTps: number, headTps: number): boolean {
  const floor = WORK_THRESHOLDS.absolute;
  if (base < floor || head < floor || !(baseTps > 0 && headTps > 0)) return false;
  const perTransaction = Math.log(head / base);
  const perSecond = perTransaction + Math.log(headTps / baseTps);
  return Math.abs(perSecond) < Math.abs(perTransaction) / 2;
}

/**
 * One counter's comparison in one cell, when it moved beyond the thresholds. An operational cell's
 * counters never "follow throughput": its units per second are not a client's pace.
 */
function counterChange(
  name: string,
  sides: { readonly base: SideWork; readonly head: SideWork },
  operational: boolean,
): CounterChange | undefined {
  const { base, head } = sides;
  const group = counterGroup(name);
  if (group === undefined) return undefined;
  const baseValues = base.perTransaction(name);
  const headValues = head.perTransaction(name);
  const [b, h] = [median(baseValues), median(headValues)];
  const difference = Math.abs(h - b);
  const beyond =
    difference >= WORK_THRESHOLDS.absolute &&
    difference >=
      (PACED_GROUPS.has(group) ? WORK_THRESHOLDS.relativeBackground : WORK_THRESHOLDS.relative) *
        Math.max(b, h) &&
    difference > spread(baseValues) + spread(headValues);
  if (!beyond) return undefined;
  return {
    name,
    group,
    base: b,
    head: h,
    baseRange: [Math.min(...baseValues), Math.max(...baseValues)],
    headRange: [Math.min(...headValues), Math.max(...headValues)],
    followsThroughput: !operational && PACED_GROUPS.has(group) && followsThroughput(b, h, base.tps, head.tps),
  };
}

/** How far a change goes, for ranking: 1 from or to zero, else the share of the larger value. */
export function changeSize(change: Pick<CounterChange, 'base' | 'head'>): number {
  const larger = Math.max(change.base, change.head);
  return larger > 0 ? Math.abs(change.head - change.base) / larger : 0;
}

/** Counters of bytes: ranked after counts of events, which say more in a sentence. */
const BYTES = /bytes|_written$|^Innodb_data_read$/i;

/**
 * Among changes of about the same size, the counters a reader knows first: what an fsync per
 * commit, a full scan or a sort on disk shows as.
 */
const WELL_KNOWN = [
  'Innodb_data_fsyncs',
  'Innodb_os_log_fsyncs',
  'Binlog_commits',
  'Innodb_log_writes',
  'Handler_read_rnd_next',
  'Select_scan',
  'Select_full_join',
  'Created_tmp_disk_tables',
  'Sort_merge_passes',
  'Innodb_buffer_pool_reads',
  'Handler_read_next',
  'Handler_read_key',
];

const knownRank = (name: string): number => {
  const index = WELL_KNOWN.indexOf(name);
  return index === -1 ? WELL_KNOWN.length : index;
};

/** A pseudo counter of what an operation was given to do (a recovery's redo): it explains the rest. */
const isInput = (change: Pick<CounterChange, 'name'>): boolean => pseudoCounter(change.name)?.input === true;

/**
 * Real changes first, then what an operation was given to do (the redo a recovery applied), the
 * largest (to two decimals), well-known counters, events before bytes.
 */
export function byRank(a: CounterChange, b: CounterChange): number {
  const size = (change: CounterChange): number => Math.round(changeSize(change) * 100);
  return (
    Number(a.followsThroughput) - Number(b.followsThroughput) ||
    Number(isInput(b)) - Number(isInput(a)) ||
    size(b) - size(a) ||
    knownRank(a.name) - knownRank(b.name) ||
    Number(BYTES.test(a.name)) - Number(BYTES.test(b.name)) ||
    a.name.localeCompare(b.name)
  );
}

function cellWork(
  base: CellResult,
  head: CellResult,
  facts: { base: ServerFacts; head: ServerFacts },
  operation: CellOperation | undefined,
) {
  const baseWork = sideWork(base, facts.base);
  const headWork = sideWork(head, facts.head);
  if (!baseWork || !headWork) return undefined;
  const shared = [...headWork.counters].filter((name) => baseWork.counters.has(name)).sort();
  const sides = { base: baseWork, head: headWork };
  const changes = shared
    .flatMap((name) => counterChange(name, sides, operation !== undefined) ?? [])
    .sort(byRank);
  return {
    workload: head.workload,
    threads: head.threads,
    ...variantOf(head),
    ...(operation === undefined ? {} : { operation }),
    changes: changes.slice(0, WORK_CHANGE_LIMIT),
    ...(changes.length > WORK_CHANGE_LIMIT ? { more: changes.length - WORK_CHANGE_LIMIT } : {}),
  };
}

/** Why work per transaction cannot be compared: which side lacks it. */
function unavailable(
  pairs: readonly (readonly [CellResult, CellResult])[],
  facts: { base: ServerFacts; head: ServerFacts },
): string {
  const lacks = (side: 'base' | 'head'): boolean =>
    facts[side].statusCounters === undefined ||
    pairs.every((pair) => pair[side === 'base' ? 0 : 1].repetitions.every((rep) => rep.work === undefined));
  const sides = (['base', 'head'] as const).filter(lacks);
  if (sides.length === 0) return 'not compared: no cell has status counters on both sides';
  const which = sides.length === 2 ? 'neither side' : `the ${sides[0] ?? 'base'}`;
  return (
    `not compared: ${which} recorded the server's status counters ` +
    `(results or a baseline from before they were counted, or snapshots that failed; the run's log says which)`
  );
}

export function workSection(
  pairs: readonly (readonly [CellResult, CellResult])[],
  facts: { base: ServerFacts; head: ServerFacts },
  operationOf: OperationOfCell = () => undefined,
): WorkSection {
  const cells = pairs.flatMap(
    ([base, head]) => cellWork(base, head, facts, operationOf(head.workload)) ?? [],
  );
  if (cells.length === 0) return { status: 'unavailable', reason: unavailable(pairs, facts) };
  const changed = cells.flatMap((cell) =>
    cell.changes.filter((change) => !change.followsThroughput).map((change) => ({ cell, change })),
  );
  const statements = changed.filter(({ change }) => change.group === 'statements');
  const summary =
    statements.length > 0 ? 'different-statements' : changed.length > 0 ? 'different-work' : 'same-work';
  const [baseNames, headNames] = [facts.base.statusCounters ?? [], facts.head.statusCounters ?? []];
  const oneSided = (names: readonly string[], other: readonly string[]): number => {
    const others = new Set(other);
    return names.filter((name) => !others.has(name)).length;
  };
  return {
    status: 'compared',
    summary,
    sentence: workSentence(summary, summary === 'different-statements' ? statements : changed, cells),
    thresholds: { ...WORK_THRESHOLDS },
    cellsCompared: cells.length,
    cellsSkipped: pairs.length - cells.length,
    oneSidedCounters: oneSided(baseNames, headNames) + oneSided(headNames, baseNames),
    cells: cells.filter((cell) => cell.changes.length > 0) satisfies CellWork[],
  };
}

/**
 * "Innodb_data_fsyncs 0.0010 → 1.00": a counter's work per transaction (or per an operational
 * cell's unit) on both sides; a pseudo counter by its words ("redo bytes recovered 1.05M → 2.10M").
 */
export function describeChange(change: Pick<CounterChange, 'name' | 'base' | 'head'>): string {
  return `${counterLabel(change.name)} ${formatFigure(change.base)} → ${formatFigure(change.head)}`;
}

/** "per transaction in oltp_insert@1", "per recovery in crash@1". */
function perCell(cell: CellWork): string {
  return `${perUnit(cell.operation?.per)} in ${cellTitle(cell)}`;
}

/**
 * The verdict's cells with the reason a regressed operational cell did more, named in its reason:
 * what the operation was given to do grew beyond the work thresholds ("the recovery had more to
 * do: redo bytes recovered 1.05M → 2.10M per recovery"). Other cells are returned as they are.
 */
export function withWorkCauses(cells: readonly CellComparison[], work: WorkSection): CellComparison[] {
  if (work.status !== 'compared') return [...cells];
  return cells.map((cell) => {
    if (cell.verdict !== 'regression' || cell.operation === undefined) return cell;
    const changes = work.cells.find((candidate) => sameCell(candidate, cell))?.changes ?? [];
    const grew = changes.filter((change) => isInput(change) && change.head > change.base);
    if (grew.length === 0) return cell;
    const described = grew.map((change) => `${describeChange(change)} ${perUnit(cell.operation?.per)}`);
    return {
      ...cell,
      reason: `${cell.reason}; the ${cell.operation.per} had more to do: ${described.join(', ')}`,
    };
  });
}

/** The section's opening sentence. */
function workSentence(
  summary: WorkSummary,
  changed: readonly { cell: CellWork; change: CounterChange }[],
  compared: readonly CellWork[],
): string {
  if (summary === 'same-work') {
    // Per each compared cell's unit: an operational cell's per recovery, start or applied transaction.
    const per = perUnits(compared.map((cell) => cell.operation?.per));
    return `Same statements, same work: every status counter did the same ${per} on both sides, so any cost difference is in the code path.`;
  }
  const ranked = [...changed].sort((a, b) => byRank(a.change, b.change));
  const top = ranked[0];
  if (!top) throw new Error('unreachable: a changed summary has a changed counter');
  const at = (entry: { cell: CellWork }): string => cellTitle(entry.cell);
  if (summary === 'different-statements') {
    const names = [...new Set(ranked.map((entry) => entry.change.name))];
    return (
      `Different statements: not a like-for-like comparison. The sides ran different statements ${perUnit(top.cell.operation?.per)} ` +
      `(${describeChange(top.change)} ${top.cell.operation === undefined ? `in ${at(top)}` : perCell(top.cell)}${names.length > 1 ? `; ${plural(names.length - 1, 'other statement counter', 'other statement counters')} too` : ''}).`
    );
  }
  const group = top.change.group;
  const inGroup = ranked.filter((entry) => entry.change.group === group);
  const named = inGroup
    .filter((entry, index) => inGroup.findIndex((other) => other.change.name === entry.change.name) === index)
    .slice(0, 2);
  const others = [...new Set(ranked.map((entry) => entry.change.group))].filter((other) => other !== group);
  return (
    `Same statements, different work: ${WORK_GROUP_TITLES[group]} changed most ` +
    `(${named.map((entry) => `${describeChange(entry.change)} ${perCell(entry.cell)}`).join('; ')})` +
    (others.length > 0 ? `; ${others.map((other) => WORK_GROUP_TITLES[other]).join(', ')} changed too.` : '.')
  );
}
