// What the server spent per transaction in a wall-clock cell, the figures Mark Callaghan's
// sysbench reports give per operation: CPU, context switches, reads from disk, KB read and KB
// written. One definition for the run's summary and the report, with each cell's spread over its
// repetitions so that a reader sees what is noise. Pure.
import { median } from '../stats/descriptive.js';
import type { CellResult, Repetition } from './results-schema.js';

export const RESOURCE_FIGURES = ['cpuUs', 'contextSwitches', 'reads', 'kbRead', 'kbWritten'] as const;
export type ResourceFigure = (typeof RESOURCE_FIGURES)[number];

/** The counter whose increments are the reads from disk: pages InnoDB had to read into its pool. */
export const DISK_READS_COUNTER = 'Innodb_buffer_pool_reads';

export interface FigureInfo {
  /** A table's column header. */
  readonly header: string;
  /** What it is and where it comes from, for the legend under a table. */
  readonly meaning: string;
}

export const RESOURCE_FIGURE_INFO: Readonly<Record<ResourceFigure, FigureInfo>> = {
  cpuUs: { header: 'CPU µs', meaning: 'server CPU time, user + system, every thread (/proc)' },
  contextSwitches: {
    header: 'ctx switches',
    meaning: "voluntary and involuntary context switches of the server's threads (/proc)",
  },
  reads: {
    header: 'reads',
    meaning: `pages read from disk into InnoDB's buffer pool (${DISK_READS_COUNTER})`,
  },
  kbRead: {
    header: 'KB read',
    meaning: 'KB the storage read for the server process (/proc/<pid>/io read_bytes)',
  },
  kbWritten: {
    header: 'KB written',
    meaning: 'KB the server process wrote towards the storage (/proc/<pid>/io write_bytes)',
  },
};

const KB = 1024;

function amount(figure: ResourceFigure, repetition: Repetition): number | undefined {
  const { cost, work } = repetition;
  switch (figure) {
    case 'cpuUs':
      return cost?.cpu === undefined ? undefined : (cost.cpu.userSeconds + cost.cpu.systemSeconds) * 1e6;
    case 'contextSwitches':
      return cost?.contextSwitches === undefined
        ? undefined
        : cost.contextSwitches.voluntary + cost.contextSwitches.involuntary;
    case 'reads':
      // A counter that did not move over the window is not in `work`: none.
      return work === undefined ? undefined : (work[DISK_READS_COUNTER] ?? 0);
    case 'kbRead':
      return cost?.io === undefined ? undefined : cost.io.readBytes / KB;
    case 'kbWritten':
      return cost?.io === undefined ? undefined : cost.io.writeBytes / KB;
  }
}

/** One repetition's figure per transaction; undefined when it was not measured. */
export function figureValue(figure: ResourceFigure, repetition: Repetition): number | undefined {
  const transactions = repetition.report.transactions;
  const value = amount(figure, repetition);
  return value === undefined || transactions <= 0 ? undefined : value / transactions;
}

/** A figure over a cell's repetitions: the median, the lowest and the highest. */
export interface FigureSpread {
  readonly median: number;
  readonly low: number;
  readonly high: number;
}

/** The figure over the repetitions that measured it; undefined when none did. */
export function cellFigure(
  cell: Pick<CellResult, 'repetitions'>,
  figure: ResourceFigure,
): FigureSpread | undefined {
  const values = cell.repetitions.flatMap((repetition) => figureValue(figure, repetition) ?? []);
  if (values.length === 0) return undefined;
  return { median: median(values), low: Math.min(...values), high: Math.max(...values) };
}

export type CellFigures = Partial<Record<ResourceFigure, FigureSpread>>;

/** Every figure the cell's repetitions measured. */
export function cellFigures(cell: Pick<CellResult, 'repetitions'>): CellFigures {
  const figures: Partial<Record<ResourceFigure, FigureSpread>> = {};
  for (const figure of RESOURCE_FIGURES) {
    const spread = cellFigure(cell, figure);
    if (spread !== undefined) figures[figure] = spread;
  }
  return figures;
}

/**
 * Half the range as a share of the median, "±x%" beside a figure: how far the repetitions
 * strayed from the middle. Undefined for a median of 0 (a figure that is 0 has no share).
 */
export function relativeSpread(spread: FigureSpread): number | undefined {
  return spread.median > 0 ? (spread.high - spread.low) / 2 / spread.median : undefined;
}

/**
 * Whether the medians of two sides differ by more than both ranges together: the same rule as
 * the status counters' (compare/work-changes.ts), so that an A/A run does not call its noise a change.
 */
export function beyondSpread(base: FigureSpread, head: FigureSpread): boolean {
  return Math.abs(head.median - base.median) > base.high - base.low + (head.high - head.low);
}
