// A suite that says `expect: io-bound` means to measure a server that reads from disk: its data
// at least five times InnoDB's buffer pool (checked once the data is prepared, before anything is
// measured), and cells that do read. Pure: the checks and their sentences.
import { formatCount, formatFigure, plural } from '../format.js';
import type { Suite } from '../suite/suite-schema.js';
import { cellFigure, DISK_READS_COUNTER } from './resource-figures.js';
import type { CellResult, ServerFacts } from './results-schema.js';

export const IO_BOUND = {
  /** The prepared data over innodb_buffer_pool_size, at least. */
  dataToPool: 5,
  /**
   * Buffer pool reads per transaction a cell must reach to count as reading from disk. Below 1:
   * a point select looks up one row, so with every lookup missing the pool it reads one page per
   * transaction at most (0.94 here with the data 7× the pool); half of that is a cell whose
   * lookups mostly hit the pool.
   */
  readsPerTransaction: 0.5,
} as const;

const MB = 2 ** 20;

/** "473 MB". */
export function formatMegabytes(bytes: number): string {
  return `${formatCount(bytes / MB)} MB`;
}

/** The data and the buffer pool a server had, when both are known. */
export interface DataAndPool {
  readonly dataBytes: number;
  readonly poolBytes: number;
  /** dataBytes ÷ poolBytes. */
  readonly ratio: number;
}

export function dataAndPool(facts: Pick<ServerFacts, 'dataBytes' | 'variables'>): DataAndPool | undefined {
  const poolBytes = Number(facts.variables.innodb_buffer_pool_size);
  if (facts.dataBytes === undefined || !Number.isFinite(poolBytes) || poolBytes <= 0) return undefined;
  return { dataBytes: facts.dataBytes, poolBytes, ratio: facts.dataBytes / poolBytes };
}

/** "473 MB, 7.4× the 64 MB buffer pool". */
export function describeDataAndPool(sizes: DataAndPool): string {
  return `${formatMegabytes(sizes.dataBytes)}, ${sizes.ratio.toFixed(1)}× the ${formatMegabytes(sizes.poolBytes)} buffer pool`;
}

/**
 * Why a side's prepared data cannot be measured as the suite expects: one line, or undefined when
 * it can (or the suite expects nothing). `who` names the side ("head").
 */
export function ioBoundDataIssue(
  suite: Pick<Suite, 'name' | 'expect'>,
  who: string,
  facts: Pick<ServerFacts, 'dataBytes' | 'variables'>,
): string | undefined {
  if (suite.expect !== 'io-bound') return undefined;
  const sizes = dataAndPool(facts);
  if (sizes === undefined) {
    return (
      `suite ${suite.name} expects to be IO-bound, but the ${who}'s server did not say the size of its data ` +
      'or of its buffer pool (information_schema.TABLES, innodb_buffer_pool_size)'
    );
  }
  if (sizes.ratio >= IO_BOUND.dataToPool) return undefined;
  return (
    `suite ${suite.name} expects to be IO-bound (data at least ${IO_BOUND.dataToPool}× the buffer pool), but the ${who}'s ` +
    `prepared data is ${describeDataAndPool(sizes)}: raise tables or tableSize, or lower innodb_buffer_pool_size`
  );
}

/** A cell that read from disk less than an IO-bound cell does. */
export interface ShallowCell {
  readonly workload: string;
  readonly threads: number;
  readonly side: string;
  /** Median buffer pool reads per transaction. */
  readonly reads: number;
}

/** How an IO-bound suite's cells read: the range of their reads per transaction, and those short of it. */
export interface ReadsCheck {
  readonly low: number;
  readonly high: number;
  readonly shallow: readonly ShallowCell[];
  /** Cells whose repetitions had no status counters: nothing to say. */
  readonly unknown: number;
}

export function readsCheck(cells: readonly CellResult[]): ReadsCheck | undefined {
  const measured = cells.flatMap((cell) => {
    const reads = cellFigure(cell, 'reads');
    return reads === undefined ? [] : [{ cell, reads: reads.median }];
  });
  if (measured.length === 0) return undefined;
  const values = measured.map((entry) => entry.reads);
  return {
    low: Math.min(...values),
    high: Math.max(...values),
    shallow: measured
      .filter((entry) => entry.reads < IO_BOUND.readsPerTransaction)
      .map(({ cell, reads }) => ({ workload: cell.workload, threads: cell.threads, side: cell.side, reads })),
    unknown: cells.length - measured.length,
  };
}

/**
 * The sentence an IO-bound suite's report says of its reads: that every cell reads from disk, or
 * which do not; undefined when nothing was counted.
 */
export function readsSentence(check: ReadsCheck | undefined): string | undefined {
  if (check === undefined) return undefined;
  const range =
    check.low === check.high
      ? formatFigure(check.low)
      : `${formatFigure(check.low)} to ${formatFigure(check.high)}`;
  if (check.shallow.length === 0) {
    return `reads from disk as the suite expects (io-bound): ${range} buffer pool reads per transaction (${DISK_READS_COUNTER})`;
  }
  const named = check.shallow
    .slice(0, 4)
    .map((cell) => `${cell.workload} @ ${cell.threads} (${cell.side}) ${formatFigure(cell.reads)}`)
    .join(', ');
  const more = check.shallow.length > 4 ? ` and ${check.shallow.length - 4} more` : '';
  return (
    `not IO-bound as the suite expects: ${plural(check.shallow.length, 'cell reads', 'cells read')} fewer than ` +
    `${IO_BOUND.readsPerTransaction} pages from disk per transaction (${DISK_READS_COUNTER}): ${named}${more}; ` +
    'their data mostly fits in the buffer pool'
  );
}
