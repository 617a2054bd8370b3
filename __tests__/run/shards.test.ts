import { InputError } from '../../src/errors.js';
import {
  cellSeconds,
  MAX_SHARDS,
  parseShard,
  shardCellNames,
  shardLabel,
  splitCells,
} from '../../src/run/shards.js';
import { cellName } from '../../src/suite/select-cells.js';
import { suiteCells, Suite } from '../../src/suite/suite-schema.js';
import { thrownBy } from '../helpers/errors.js';

const AB = ['base', 'head'] as const;

/** The built-in quick suite's shape: 3 workloads × 2 thread counts, all cells alike. */
const quick = Suite.parse({
  name: 'quick',
  threads: [1, 4],
  durationSeconds: 8,
  warmupSeconds: 5,
  repetitions: 5,
  tables: 4,
  tableSize: 10000,
  workloads: [{ name: 'oltp_point_select' }, { name: 'oltp_read_only' }, { name: 'oltp_write_only' }],
});

/** Cells of very different lengths: an instruction suite (events × seconds per event). */
const uneven = Suite.parse({
  name: 'uneven',
  metric: 'instructions',
  threads: [1],
  repetitions: 3,
  tables: 4,
  tableSize: 10000,
  randSeed: 42,
  workloads: [
    { name: 'oltp_point_select', events: 5000, warmupEvents: 100 },
    { name: 'oltp_read_only', events: 400, warmupEvents: 100 },
    { name: 'oltp_read_write', events: 500, warmupEvents: 200 },
    { name: 'oltp_write_only', events: 500, warmupEvents: 500 },
    { name: 'ro2', script: 'oltp_read_only', events: 100 },
  ],
});

describe('parseShard', () => {
  it.each([
    ['1/1', 1, 1],
    ['2/3', 2, 3],
    [' 3/3 ', 3, 3],
    [`${MAX_SHARDS}/${MAX_SHARDS}`, MAX_SHARDS, MAX_SHARDS],
  ])('reads %s', (text, index, count) => {
    expect(parseShard(text, '--shard')).toEqual({ index, count });
    expect(shardLabel({ index, count })).toBe(`${index}/${count}`);
  });

  it.each(['0/3', '4/3', '1/0', '2', '2/3/4', 'a/b', '-1/3', '1.5/3', '', `1/${MAX_SHARDS + 1}`])(
    'refuses %j, naming the flag',
    (text) => {
      const error = thrownBy(InputError, () => parseShard(text, 'input "shard"'));
      expect(error.message).toMatch(/^input "shard" .*: expected K\/N, shard K of N with 1 ≤ K ≤ N ≤ 64/);
    },
  );
});

describe('splitCells', () => {
  it.each([1, 2, 3, 4, 6])('puts every cell of quick in exactly one of %d shards', (count) => {
    const shards = splitCells(quick, AB, count);
    expect(shards).toHaveLength(count);
    const all = shards.flat().map(cellName);
    expect([...all].sort()).toEqual(suiteCells(quick).map(cellName).sort());
    for (const shard of shards) expect(shard.length).toBeGreaterThan(0);
  });

  it('deals cells of equal length round the shards, keeps suite order within each, and repeats', () => {
    const shards = splitCells(quick, AB, 3);
    expect(shards.map((shard) => shard.map(cellName))).toEqual([
      ['oltp_point_select@1', 'oltp_read_only@4'],
      ['oltp_point_select@4', 'oltp_write_only@1'],
      ['oltp_read_only@1', 'oltp_write_only@4'],
    ]);
    expect(splitCells(quick, AB, 3)).toEqual(shards);
    expect(shardCellNames(quick, AB, { index: 2, count: 3 })).toEqual([
      'oltp_point_select@4',
      'oltp_write_only@1',
    ]);
  });

  it('balances by planned time, not by count: the longest cell may be a shard of its own', () => {
    const seconds = (cells: ReturnType<typeof splitCells>[number]) =>
      cells.reduce((sum, cell) => sum + cellSeconds(uneven, AB, cell), 0);
    const shards = splitCells(uneven, AB, 2);
    const times = shards.map(seconds);
    const total = times.reduce((a, b) => a + b, 0);
    const longest = Math.max(...suiteCells(uneven).map((cell) => cellSeconds(uneven, AB, cell)));
    // read_write (500 events at 0.04 s) outweighs the other four together, so it runs alone.
    expect(shards.map((shard) => shard.map(cellName))).toEqual([
      ['oltp_read_write@1'],
      ['oltp_point_select@1', 'oltp_read_only@1', 'oltp_write_only@1', 'ro2@1'],
    ]);
    // Greedy longest-first is within 4/3 of the best split; here the heaviest shard is the longest cell.
    expect(Math.max(...times)).toBe(Math.max(longest, total - longest));
  });

  it('estimates a cell from its warm-up, repetitions and sides', () => {
    const cell = { workload: 'oltp_point_select', threads: 1 };
    // (5 s warm-up + 5 × 8 s) per side.
    expect(cellSeconds(quick, AB, cell)).toBe(2 * (5 + 5 * 8));
    expect(cellSeconds(quick, ['head'], cell)).toBe(5 + 5 * 8);
  });

  it('refuses more shards than the suite has cells', () => {
    const error = thrownBy(InputError, () => splitCells(quick, AB, 7));
    expect(error.message).toBe('suite quick has 6 cell(s), too few for 7 shards: use at most 6');
  });
});
