// Merging shards' results, with shards cut from a real A/B run of the quick suite (the same run,
// split as run --shard would have measured it): the merge gives back the whole run's cells, and
// every kind of mismatch is refused with one line.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { sideOf } from '../../src/compare/judge.js';
import { buildVerdict, DEFAULT_COMPARE_OPTIONS } from '../../src/compare/verdict.js';
import { InputError } from '../../src/errors.js';
import { parseResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import {
  checkWholeRun,
  machineGroups,
  machinesWarning,
  mergeShards,
  shardAloneWarning,
  type ShardInput,
} from '../../src/run/merge-shards.js';
import { shardCellNames } from '../../src/run/shards.js';
import { cellName, selectCells, suiteCellsNamed } from '../../src/suite/select-cells.js';
import { thrownBy } from '../helpers/errors.js';
import { ROOT } from '../helpers/real-run.js';

const FIXTURE = join(ROOT, '__fixtures__', 'results', 'quick-aa-5reps.json');
const whole = parseResults(readFileSync(FIXTURE, 'utf8'), FIXTURE);
const SIDES = ['base', 'head'] as const;
const BINARY = 'a'.repeat(64);

/** Shard `index` of `count` of the fixture, as run --shard K/N would have written it. */
function shardOf(index: number, count: number, results: Results = whole): Results {
  const names = shardCellNames(results.suite, SIDES, { index, count });
  const cells = suiteCellsNamed(results.suite, names, 'cell');
  return {
    ...results,
    suite: selectCells(results.suite, cells),
    cells: results.cells.filter((cell) => names.includes(cellName(cell))),
    shard: {
      index,
      count,
      suite: results.suite,
      cells: names,
      servers: { base: { binarySha256: BINARY, build: null }, head: { binarySha256: BINARY, build: null } },
    },
  };
}

function inputs(...shards: Results[]): ShardInput[] {
  return shards.map((results) => ({ path: `shard-${results.shard?.index ?? 0}.json`, results }));
}

function refusal(...shards: ShardInput[]): string {
  return thrownBy(InputError, () => mergeShards(shards, 'merged.raw')).message;
}

describe('mergeShards', () => {
  it('gives back every cell of the whole run, in suite order, with raw paths under shard-K/', () => {
    const { results, warnings } = mergeShards(
      inputs(shardOf(3, 3), shardOf(1, 3), shardOf(2, 3)),
      'merged.raw',
    );
    expect(warnings).toEqual([]);
    const key = (cell: Results['cells'][number]) => `${cellName(cell)} ${cell.side}`;
    expect(results.cells.map(key)).toEqual(whole.cells.map(key).sort((a, b) => order(a) - order(b)));
    expect(results.suite).toEqual(whole.suite);
    expect(results.rawDir).toBe('merged.raw');
    expect(results.shard).toBeUndefined();
    expect(results.merged?.shards.map((shard) => [shard.index, shard.cells])).toEqual([
      [1, shardOf(1, 3).shard?.cells],
      [2, shardOf(2, 3).shard?.cells],
      [3, shardOf(3, 3).shard?.cells],
    ]);
    const first = whole.cells[0]?.repetitions[0]?.rawOutput ?? '';
    const moved = results.cells.flatMap((cell) => cell.repetitions.map((repetition) => repetition.rawOutput));
    expect(moved.every((path) => /^shard-[123]\//.test(path))).toBe(true);
    expect(moved).toContain(`shard-1/${first}`);
    expect(results.sides.head.errorLog).toBe(`shard-1/${whole.sides.head.errorLog}`);
  });

  it('refuses a file that is not a shard, a lone 1/1, and nothing at all', () => {
    expect(refusal({ path: 'whole.json', results: whole }, ...inputs(shardOf(1, 2)))).toBe(
      "whole.json is not a shard's results (made by run --shard K/N): nothing to merge",
    );
    expect(refusal(...inputs(shardOf(1, 1)))).toBe(
      'shard-1.json is shard 1/1, the whole suite: compare it as it is',
    );
    expect(refusal()).toBe('merge needs the results of every shard; none given');
  });

  it('refuses a missing shard, naming it and what it got', () => {
    expect(refusal(...inputs(shardOf(1, 3), shardOf(3, 3)))).toBe(
      'shard 2/3 missing (got shard-1.json (shard 1/3), shard-3.json (shard 3/3)): merge needs every shard',
    );
  });

  it('refuses a shard given twice, and a cell measured by two shards', () => {
    const twice = [...inputs(shardOf(1, 2), shardOf(2, 2)), { path: 'again.json', results: shardOf(2, 2) }];
    expect(refusal(...twice)).toBe(
      'shard 2/2 is given twice (shard-2.json, again.json): its cells would be measured twice',
    );
    const second = shardOf(2, 2);
    const stolen = whole.cells.filter((cell) => cellName(cell) === shardOf(1, 2).shard?.cells[0]);
    const greedy: Results = {
      ...second,
      cells: [...second.cells, ...stolen],
      shard: { ...second.shard!, cells: [...second.shard!.cells, cellName(stolen[0]!)] },
    };
    expect(refusal(...inputs(shardOf(1, 2), greedy))).toBe(
      `cell ${cellName(stolen[0]!)} was measured twice: by shard-1.json (shard 1/2) and shard-2.json (shard 2/2)`,
    );
  });

  it('refuses a shard whose cells are not the ones it claims', () => {
    const second = shardOf(2, 2);
    const short: Results = { ...second, cells: second.cells.slice(2) };
    expect(refusal(...inputs(shardOf(1, 2), short))).toMatch(
      /^shard-2\.json \(shard 2\/2\) says it measured .* but holds /,
    );
  });

  it('refuses shards of different suites, suite options, splits and modes', () => {
    const other = { ...whole, suite: { ...whole.suite, name: 'standard' } };
    expect(refusal(...inputs(shardOf(1, 2), shardOf(2, 2, other)))).toBe(
      'shard-1.json (shard 1/2) and shard-2.json (shard 2/2) ran different suites (quick, standard): they are not shards of one run',
    );
    const longer = { ...whole, suite: { ...whole.suite, durationSeconds: 30 } };
    expect(refusal(...inputs(shardOf(1, 2), shardOf(2, 2, longer)))).toMatch(
      /ran suite quick differently \(durationSeconds 8 → 30\): they are not shards of one run$/,
    );
    expect(refusal(...inputs(shardOf(1, 2), shardOf(2, 3)))).toMatch(
      /split the suite into different numbers of shards: they are not shards of one run$/,
    );
  });

  it('refuses a side started with other options, or another build of a side', () => {
    const second = shardOf(2, 2);
    const options: Results = {
      ...second,
      sides: {
        ...second.sides,
        head: { ...second.sides.head, options: { ...second.sides.head.options, x: '1' } },
      },
    };
    expect(refusal(...inputs(shardOf(1, 2), options))).toMatch(
      /started the head server with different options \(x \(unset\) → 1\): they are not shards of one run$/,
    );
    const rebuilt: Results = {
      ...second,
      shard: {
        ...second.shard!,
        servers: { ...second.shard!.servers, base: { binarySha256: 'b'.repeat(64), build: 'c0ffee' } },
      },
    };
    expect(refusal(...inputs(shardOf(1, 2), rebuilt))).toBe(
      'shard-1.json (shard 1/2) and shard-2.json (shard 2/2) ran a different base server build (binary aaaaaaaaaaaa…, build no build.json; ' +
        'binary bbbbbbbbbbbb…, build c0ffee): they are not shards of one run',
    );
  });

  it('warns, naming the shards, when they ran on machines of different hardware', () => {
    const second = shardOf(2, 2);
    const elsewhere: Results = {
      ...second,
      environment: { ...second.environment, hostname: 'runner-2', fingerprint: 'f'.repeat(64) },
    };
    const { results, warnings } = mergeShards(inputs(shardOf(1, 2), elsewhere), 'm.raw');
    expect(warnings).toEqual([machinesWarning(machineGroups(results.merged?.shards ?? []), 'ab')]);
    expect(warnings[0]).toContain(`shard 2 on runner-2 (hardware ffffffffffff)`);
    expect(warnings[0]).toContain(`shard 1 on ${whole.environment.hostname}`);
    expect(warnings[0]).toMatch(/absolute figures of cells from different machines are not comparable$/);
    // compare carries it into the verdict (and so the comment), from the merged file alone.
    const verdict = buildVerdict(
      sideOf(results, 'base'),
      sideOf(results, 'head'),
      results.suite,
      { kind: 'ab', path: 'm.json', savedAt: null },
      DEFAULT_COMPARE_OPTIONS,
    );
    expect(verdict.warnings).toContain(warnings[0]);
    expect(verdict.cells.length).toBeGreaterThan(0);
    const same = mergeShards(inputs(shardOf(1, 2), shardOf(2, 2)), 'm.raw').results;
    const plain = buildVerdict(
      sideOf(same, 'base'),
      sideOf(same, 'head'),
      same.suite,
      { kind: 'ab', path: 'm.json', savedAt: null },
      DEFAULT_COMPARE_OPTIONS,
    );
    expect(plain.warnings.filter((warning) => warning.includes('shards ran on'))).toEqual([]);
  });
});

describe('what else reads merged and shard results', () => {
  it('baselines and histories refuse a shard, and a merge of machines of different hardware', () => {
    expect(
      thrownBy(InputError, () => {
        checkWholeRun(shardOf(1, 2), 's.json', 'a baseline');
      }).message,
    ).toBe(
      "s.json is shard 1/2 of a run: merge every shard's results first (mysql-perf-gate merge), then make a baseline of the merged file",
    );
    const second = shardOf(2, 2);
    const elsewhere = {
      ...second,
      environment: { ...second.environment, hostname: 'runner-2', fingerprint: 'f'.repeat(64) },
    };
    const mixed = mergeShards(inputs(shardOf(1, 2), elsewhere), 'm.raw').results;
    expect(
      thrownBy(InputError, () => {
        checkWholeRun(mixed, 'm.json', 'a history entry');
      }).message,
    ).toMatch(
      /^m\.json was merged from shards on 2 machines with different hardware \(.*, runner-2\); a history entry keeps the figures of one machine$/,
    );
    const same = mergeShards(inputs(shardOf(1, 2), shardOf(2, 2)), 'm.raw').results;
    expect(() => {
      checkWholeRun(same, 'm.json', 'a baseline');
    }).not.toThrow();
    expect(() => {
      checkWholeRun(whole, 'w.json', 'a baseline');
    }).not.toThrow();
  });

  it('compare says when it judges one shard alone', () => {
    expect(shardAloneWarning(shardOf(2, 3))[0]).toMatch(
      /^these are the results of shard 2\/3 alone: 2 of the suite's cells were judged/,
    );
    expect(shardAloneWarning(whole)).toEqual([]);
  });

  it('words the machines warning for a base that is not in the same file', () => {
    const groups = [
      { fingerprint: 'a'.repeat(64), hostname: 'one', shards: [1, 3] },
      { fingerprint: 'b'.repeat(64), hostname: 'two', shards: [2] },
    ];
    expect(machinesWarning(groups, 'single')).toBe(
      'the shards ran on 2 machines with different hardware (shards 1, 3 on one (hardware aaaaaaaaaaaa); shard 2 on two (hardware bbbbbbbbbbbb)): their cells are judged against one base, so part of each change may be the machine',
    );
  });

  it('refuses a shard listing a cell the suite lacks, or holding one side of a cell only', () => {
    const second = shardOf(2, 2);
    const foreign: Results = {
      ...second,
      shard: { ...second.shard!, cells: [...second.shard!.cells, 'oltp_insert@1'] },
    };
    expect(refusal(...inputs(shardOf(1, 2), foreign))).toBe(
      'shard-2.json (shard 2/2) lists oltp_insert@1, which suite quick does not have',
    );
    const oneSided: Results = {
      ...second,
      cells: second.cells.filter((cell, i) => !(cell.side === 'base' && i === 0)),
    };
    expect(refusal(...inputs(shardOf(1, 2), oneSided))).toMatch(
      /says it measured .* on base and head but holds /,
    );
  });
});

/** Sort key of "cell side" strings in the fixture's suite order, base first. */
function order(key: string): number {
  const [name, side] = key.split(' ');
  const position = whole.suite.workloads.flatMap((workload) =>
    (workload.threads ?? whole.suite.threads).map((threads) => `${workload.name}@${threads}`),
  );
  return position.indexOf(name ?? '') * 2 + (side === 'head' ? 1 : 0);
}
