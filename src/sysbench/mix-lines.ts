// The TPC-C-like workload's mix lines (assets/sysbench/tpcc.lua): one per client thread as it
// ends, with what that thread completed per type of transaction. Read strictly, as the rest of the
// output: a line that starts like one must be one, no longer than a real one can be, each thread
// once and every thread there. Pure.
import { outputFailure } from './output-text.js';
import { type TransactionCounts, type TransactionMix, TRANSACTION_TYPES } from './report-schema.js';

const MIX_START = 'tpcc-mix';

/** A real line is under 200 characters (13-digit counts): anything longer is not one. */
const MAX_MIX_LINE = 300;

/** Each type as the script names it, in the order it prints them. */
const SCRIPT_NAMES: Readonly<Record<(typeof TRANSACTION_TYPES)[number], string>> = {
  newOrder: 'new_order',
  payment: 'payment',
  orderStatus: 'order_status',
  delivery: 'delivery',
  stockLevel: 'stock_level',
};

const COUNTS = String.raw`(\d{1,13})/(\d{1,13})/(\d{1,13})`;

// "tpcc-mix thread=0 new_order=450/5/0 payment=430/0/1 order_status=40/0/0 delivery=40/0/0 stock_level=40/0/0"
const MIX_LINE = new RegExp(
  `^${MIX_START} thread=(\\d{1,4})` +
    TRANSACTION_TYPES.map((type) => ` ${SCRIPT_NAMES[type]}=${COUNTS}`).join('') +
    '$',
);

function emptyCounts(): TransactionCounts {
  return { committed: 0, rolledBack: 0, retried: 0 };
}

/** One thread's line: its thread id and counts, or null when the line is not well formed. */
function readMixLine(line: string): { thread: number; counts: TransactionCounts[] } | null {
  if (line.length > MAX_MIX_LINE) return null;
  const match = MIX_LINE.exec(line);
  if (!match) return null;
  // Every group is 1 to 13 digits: exact as a number.
  const [thread = 0, ...rest] = match.slice(1).map(Number);
  const counts = TRANSACTION_TYPES.map((_, index) => ({
    committed: rest[index * 3] ?? 0,
    rolledBack: rest[index * 3 + 1] ?? 0,
    retried: rest[index * 3 + 2] ?? 0,
  }));
  return { thread, counts };
}

/**
 * The mix every thread of a run of `threads` reported, summed; undefined when no line is a mix
 * line (any other script). Throws (quoting `output`) for a malformed or oversized line, a thread
 * reported twice or out of range, or a thread missing.
 */
export function readMix(
  lines: readonly string[],
  threads: number,
  cell: string,
  output: string,
): TransactionMix | undefined {
  const mix: TransactionMix = {
    newOrder: emptyCounts(),
    payment: emptyCounts(),
    orderStatus: emptyCounts(),
    delivery: emptyCounts(),
    stockLevel: emptyCounts(),
  };
  const seen = new Set<number>();
  for (const raw of lines) {
    const line = raw.trim();
    if (!line.startsWith(MIX_START)) continue;
    const read = readMixLine(line);
    if (read === null) {
      const shown = line.length > 120 ? `${line.slice(0, 120)}… (${line.length} characters)` : line;
      throw outputFailure(cell, `has a malformed transaction mix line: "${shown}"`, output);
    }
    if (read.thread >= threads || seen.has(read.thread)) {
      throw outputFailure(
        cell,
        `reports the transaction mix of thread ${read.thread} ${seen.has(read.thread) ? 'twice' : `of a run of ${threads} threads`}`,
        output,
      );
    }
    seen.add(read.thread);
    TRANSACTION_TYPES.forEach((type, index) => {
      const counts = read.counts[index] ?? emptyCounts();
      mix[type] = {
        committed: mix[type].committed + counts.committed,
        rolledBack: mix[type].rolledBack + counts.rolledBack,
        retried: mix[type].retried + counts.retried,
      };
    });
  }
  if (seen.size === 0) return undefined;
  if (seen.size !== threads) {
    throw outputFailure(
      cell,
      `reports the transaction mix of ${seen.size} of its ${threads} threads; every thread prints one`,
      output,
    );
  }
  return mix;
}
