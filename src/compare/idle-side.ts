// An idle side that worked while the other side was measured (sides measured in turn; results'
// `idleSide` of each repetition, run/idle-side.ts). Its CPU time was taken from the measured side,
// whose figures are then not its own alone: a busy idle head makes the base look slower and itself
// faster, and hides its own regression. Its cells are inconclusive, whatever their figures say,
// and the verdict names the idle side. Pure.
import { formatPercentFine as percent, plural } from '../format.js';
import { bothSpellings } from '../option-names.js';
import type { CellResult, IdleSideFigure, SideName } from '../results/results-schema.js';
import { cellName, cellTitle, variantOf } from '../suite/suite-schema.js';
import type { Variant } from '../suite/variants.js';
import type { CellComparison } from './verdict-schema.js';

/**
 * The most CPU an idle side may use over a repetition of the other, as a share of that
 * repetition's time, where it was frozen by a cgroup freezer or left running: a frozen server
 * uses none, and a server left running (--freeze-idle-side off) with nothing to do a few
 * hundredths of a percent for its timers. A side stopped by signals may use none at all: any CPU
 * there is a process that left the server's process tree and escaped them.
 */
export const IDLE_CPU_SHARE = 0.01;

/** Whether the idle side used more CPU over one repetition than it may (IDLE_CPU_SHARE). */
export function idleSideWorked(figure: IdleSideFigure): boolean {
  if (figure.held === 'signals') return figure.cpuSeconds > 0;
  return figure.cpuSeconds > IDLE_CPU_SHARE * figure.seconds;
}

/** A cell one of whose sides was measured while the other side's server worked. */
export interface IdleDisturbance {
  readonly workload: string;
  readonly threads: number;
  readonly variant?: Variant;
  /** The side measured meanwhile. */
  readonly measured: SideName;
  /** The side whose server worked while idle. */
  readonly idle: SideName;
  /** The measured side's repetitions (indices) over which it worked. */
  readonly repetitions: readonly number[];
  /** The largest share of one of those repetitions' time it used (1: a whole CPU). */
  readonly share: number;
  /** How it was held: the least held of those repetitions. */
  readonly held: IdleSideFigure['held'];
}

const OTHER: Record<SideName, SideName> = { base: 'head', head: 'base' };

/** The disturbances of one side's cell, if its idle side worked in any repetition. */
function disturbance(cell: CellResult, measured: SideName): IdleDisturbance | undefined {
  const worked = cell.repetitions.flatMap((repetition) =>
    repetition.idleSide !== undefined && idleSideWorked(repetition.idleSide)
      ? [{ index: repetition.index, figure: repetition.idleSide }]
      : [],
  );
  if (worked.length === 0) return undefined;
  const held = worked.some(({ figure }) => figure.held === 'running')
    ? 'running'
    : worked.some(({ figure }) => figure.held === 'signals')
      ? 'signals'
      : 'freezer';
  return {
    workload: cell.workload,
    threads: cell.threads,
    ...variantOf(cell),
    measured,
    idle: OTHER[measured],
    repetitions: worked.map(({ index }) => index),
    share: Math.max(...worked.map(({ figure }) => figure.cpuSeconds / figure.seconds)),
    held,
  };
}

/** Every cell, on either side, measured while the other side's server worked. */
export function idleDisturbances(pairs: readonly (readonly [CellResult, CellResult])[]): IdleDisturbance[] {
  return pairs.flatMap(([base, head]) =>
    [disturbance(base, 'base'), disturbance(head, 'head')].filter(
      (found): found is IdleDisturbance => found !== undefined,
    ),
  );
}

/** "while idle beside base repetitions 1 and 3, the head's server used up to 45% of a CPU". */
function disturbanceText(found: IdleDisturbance): string {
  const list = found.repetitions;
  const indices =
    list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${String(list.at(-1))}` : String(list[0]);
  return (
    `while idle beside ${found.measured} repetition${list.length > 1 ? 's' : ''} ${indices}, ` +
    `the ${found.idle}'s server used up to ${percent(found.share)} of a CPU`
  );
}

/**
 * The cells measured while the other side worked, inconclusive: their figures hold the idle side's
 * work as well as their own, so no verdict is drawn from them, nor do more repetitions help.
 */
export function withIdleSide(
  cells: readonly CellComparison[],
  disturbances: readonly IdleDisturbance[],
): CellComparison[] {
  if (disturbances.length === 0) return [...cells];
  return cells.map((cell) => {
    const found = disturbances.filter((candidate) => cellName(candidate) === cellName(cell));
    if (found.length === 0) return cell;
    return {
      ...cell,
      verdict: 'inconclusive',
      repetitionsNeeded: null,
      reason:
        `${found.map(disturbanceText).join('; ')}: its CPU was taken from the measured side, so this cell ` +
        `cannot be judged on its figures (they said: ${cell.reason})`,
    };
  });
}

/** How an idle side was held, for its warning. */
const HELD_TEXT: Record<IdleSideFigure['held'], string> = {
  freezer: 'though it was frozen by the cgroup freezer',
  signals:
    "though it was stopped with SIGSTOP: something it started left the server's process tree and escaped the signals",
  running: `as it was not frozen (${bothSpellings('freeze-idle-side')} off)`,
};

/** One warning per idle side that worked, naming it, how much, how it was held and its cells. */
export function idleSideWarnings(disturbances: readonly IdleDisturbance[]): string[] {
  const sides = [...new Set(disturbances.map((found) => found.idle))];
  return sides.map((idle) => {
    const found = disturbances.filter((candidate) => candidate.idle === idle);
    const share = Math.max(...found.map((candidate) => candidate.share));
    const repetitions = found.reduce((sum, candidate) => sum + candidate.repetitions.length, 0);
    const held = found.some((candidate) => candidate.held === 'running')
      ? 'running'
      : found.some((candidate) => candidate.held === 'signals')
        ? 'signals'
        : 'freezer';
    const cells = [...new Set(found.map((candidate) => cellTitle(candidate)))];
    return (
      `the ${idle}'s server worked while the ${found[0]?.measured ?? OTHER[idle]} was measured, ${HELD_TEXT[held]}: ` +
      `up to ${percent(share)} of a CPU over ${plural(repetitions, 'repetition', 'repetitions')} ` +
      `(more than ${percent(IDLE_CPU_SHARE)} of a repetition's time${held === 'signals' ? ', or any at all once stopped' : ''}); ` +
      `${plural(cells.length, 'cell is', 'cells are')} inconclusive for it: ${cells.join(', ')}`
    );
  });
}
