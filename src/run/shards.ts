// Splitting a suite's cells across N identical machines: shard K of N measures a deterministic
// subset, every cell lands in exactly one shard, and the shards are balanced by the time each
// cell is planned to take (its warm-up, repetitions and restarts), not by how many cells each
// has. Pure.
import { InputError } from '../errors.js';
import type { SideName } from '../results/results-schema.js';
import { cellName, selectCells } from '../suite/select-cells.js';
import { type Cell, suiteCells, type Suite } from '../suite/suite-schema.js';
import { plannedTotalSeconds, planSteps } from './plan.js';

/** Shard `index` (1-based) of `count`. */
export interface ShardSpec {
  readonly index: number;
  readonly count: number;
}

/** More shards than this is a typo, not a fleet. */
export const MAX_SHARDS = 64;

/** "2/3". */
export function shardLabel(spec: ShardSpec): string {
  return `${spec.index}/${spec.count}`;
}

/** "K/N" → the shard; `label` (--shard, input "shard") names the flag in errors. */
export function parseShard(text: string, label: string): ShardSpec {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index < 1 || count < 1 || index > count || count > MAX_SHARDS) {
    throw new InputError(
      `${label} ${text}: expected K/N, shard K of N with 1 ≤ K ≤ N ≤ ${MAX_SHARDS} (e.g. 2/3)`,
    );
  }
  return { index, count };
}

/** Planned seconds of one cell on `sides`: its warm-ups, repetitions and restarts. */
export function cellSeconds(suite: Suite, sides: readonly SideName[], cell: Cell): number {
  const one = selectCells(suite, [cell]);
  return plannedTotalSeconds(planSteps(one, sides), one);
}

/**
 * Every shard's cells, in suite order within each: the longest cells first, each to the shard
 * with the least planned time so far (the lowest-numbered on a tie). The same suite and sides
 * give the same split on any machine. A suite with fewer cells than shards is refused: a shard
 * with nothing to measure is a mistake in the matrix.
 */
export function splitCells(suite: Suite, sides: readonly SideName[], count: number): Cell[][] {
  const cells = suiteCells(suite);
  if (cells.length < count) {
    throw new InputError(
      `suite ${suite.name} has ${cells.length} cell(s), too few for ${count} shards: use at most ${cells.length}`,
    );
  }
  const order = cells
    .map((cell, position) => ({ cell, position, seconds: cellSeconds(suite, sides, cell) }))
    .sort((a, b) => b.seconds - a.seconds || a.position - b.position);
  const loads = Array.from({ length: count }, () => ({ seconds: 0, positions: [] as number[] }));
  for (const { position, seconds } of order) {
    let lightest = 0;
    for (let shard = 1; shard < count; shard++) {
      if ((loads[shard]?.seconds ?? 0) < (loads[lightest]?.seconds ?? 0)) lightest = shard;
    }
    const load = loads[lightest];
    if (!load) throw new Error('unreachable: a shard index out of range');
    load.seconds += seconds;
    load.positions.push(position);
  }
  return loads.map((load) => load.positions.sort((a, b) => a - b).map((position) => cells[position] as Cell));
}

/** The cells shard `spec` measures. */
export function shardCells(suite: Suite, sides: readonly SideName[], spec: ShardSpec): Cell[] {
  const cells = splitCells(suite, sides, spec.count)[spec.index - 1];
  if (!cells) throw new Error(`unreachable: no shard ${shardLabel(spec)}`);
  return cells;
}

/** The names ("workload@threads") of the cells shard `spec` measures. */
export function shardCellNames(suite: Suite, sides: readonly SideName[], spec: ShardSpec): string[] {
  return shardCells(suite, sides, spec).map(cellName);
}
