// The merge command on disk: shards cut from a real A/B run of the quick suite, written with raw
// directories beside them; the merged file and its raw directory, and what is refused.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { mergeCommand } from '../../src/commands/merge.js';
import { InputError } from '../../src/errors.js';
import { parseResults, readResults } from '../../src/results/results-file.js';
import type { Results } from '../../src/results/results-schema.js';
import { shardCellNames } from '../../src/run/shards.js';
import type { Logger } from '../../src/shell/logger.js';
import { cellName, selectCells, suiteCellsNamed } from '../../src/suite/select-cells.js';
import { thrownBy } from '../helpers/errors.js';
import { ROOT, useTempDir } from '../helpers/real-run.js';

const FIXTURE = join(ROOT, '__fixtures__', 'results', 'quick-aa-5reps.json');
const whole = parseResults(readFileSync(FIXTURE, 'utf8'), FIXTURE);
const temp = useTempDir('gate-merge-');
const warnings: string[] = [];
const logger: Logger = {
  info: () => undefined,
  warning: (message) => warnings.push(message),
  error: () => undefined,
  debug: () => undefined,
  progress: () => undefined,
  group: (_name, fn) => fn(),
};

/** Shard `index` of 2 written as `shard-K.json`, its raw directory beside it with one file. */
function writeShard(index: number, edit: (results: Results) => Results = (r) => r): string {
  const names = shardCellNames(whole.suite, ['base', 'head'], { index, count: 2 });
  const results: Results = edit({
    ...whole,
    suite: selectCells(whole.suite, suiteCellsNamed(whole.suite, names, 'cell')),
    cells: whole.cells.filter((cell) => names.includes(cellName(cell))),
    rawDir: `shard-${index}.raw`,
    shard: {
      index,
      count: 2,
      suite: whole.suite,
      cells: names,
      servers: {
        base: { binarySha256: 'a'.repeat(64), build: null },
        head: { binarySha256: 'a'.repeat(64), build: null },
      },
    },
  });
  const path = join(temp.path, `shard-${index}.json`);
  writeFileSync(path, JSON.stringify(results));
  mkdirSync(join(temp.path, `shard-${index}.raw`, 'base'), { recursive: true });
  writeFileSync(join(temp.path, `shard-${index}.raw`, 'base', 'note.txt'), `shard ${index}\n`);
  return path;
}

beforeEach(() => {
  warnings.length = 0;
});

describe('mergeCommand', () => {
  it('writes the merged file, with each shard raw directory under shard-K/ of its own', () => {
    const out = join(temp.path, 'merged.json');
    const outcome = mergeCommand({ inputs: [writeShard(2), writeShard(1)], outPath: out }, logger);
    const merged = readResults(out);
    expect(merged.cells).toHaveLength(whole.cells.length);
    expect(merged.rawDir).toBe('merged.raw');
    expect(readdirSync(outcome.rawDir).sort()).toEqual(['.mysql-perf-gate-raw', 'shard-1', 'shard-2']);
    expect(readFileSync(join(outcome.rawDir, 'shard-2', 'base', 'note.txt'), 'utf8')).toBe('shard 2\n');
    expect(warnings).toEqual([]);
    // Merged again over its own output: the raw directory is ours, so it is replaced.
    mergeCommand(
      { inputs: [join(temp.path, 'shard-1.json'), join(temp.path, 'shard-2.json')], outPath: out },
      logger,
    );
    expect(readdirSync(outcome.rawDir).sort()).toEqual(['.mysql-perf-gate-raw', 'shard-1', 'shard-2']);
  });

  it('refuses to write over a directory it did not make, or over a shard', () => {
    const shards = [writeShard(1), writeShard(2)];
    mkdirSync(join(temp.path, 'mine.raw'));
    writeFileSync(join(temp.path, 'mine.raw', 'precious.txt'), 'keep me\n');
    expect(
      thrownBy(InputError, () =>
        mergeCommand({ inputs: shards, outPath: join(temp.path, 'mine.json') }, logger),
      ).message,
    ).toMatch(/mine\.raw exists and was not written by mysql-perf-gate/);
    expect(existsSync(join(temp.path, 'mine.raw', 'precious.txt'))).toBe(true);
    expect(
      thrownBy(InputError, () => mergeCommand({ inputs: shards, outPath: shards[0] ?? '' }, logger)).message,
    ).toMatch(/is one of the shards' results: write the merge elsewhere$/);
  });

  it('refuses a shard whose raw directory points outside the directory it is in', () => {
    const escaping = writeShard(2, (results) => ({ ...results, rawDir: '../../etc' }));
    const error = thrownBy(InputError, () =>
      mergeCommand({ inputs: [writeShard(1), escaping], outPath: join(temp.path, 'm.json') }, logger),
    );
    expect(error.message).toBe(`${escaping}: rawDir "../../etc" is not a directory beside the file`);
    const absolute = writeShard(2, (results) => ({ ...results, rawDir: '/etc' }));
    expect(() =>
      mergeCommand({ inputs: [writeShard(1), absolute], outPath: join(temp.path, 'm.json') }, logger),
    ).toThrow(/rawDir "\/etc" is not a directory beside the file/);
  });

  it('merges without a shard raw directory, and says whose output is missing', () => {
    const bare = writeShard(2, (results) => ({ ...results, rawDir: 'gone.raw' }));
    mergeCommand({ inputs: [writeShard(1), bare], outPath: join(temp.path, 'm.json') }, logger);
    expect(warnings).toEqual([expect.stringMatching(/^shard 2's raw output \(.*gone\.raw\) is not there/)]);
  });
});
