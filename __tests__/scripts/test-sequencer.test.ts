// The order CI starts its test files in (scripts/test-sequencer.cjs): without the times of a last
// run, the known slow files first, slowest first, then Jest's own order (by size).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '../..');

interface FakeTest {
  path: string;
  duration?: number | null;
  context: { config: { cache: boolean; rootDir: string }; hasteFS: { getSize(path: string): number } };
}
type Sorter = new () => { sort(tests: FakeTest[]): FakeTest[] };

const require = createRequire(import.meta.url);
const SlowestFirst = require(join(ROOT, 'scripts/test-sequencer.cjs')) as Sorter & {
  SLOWEST_FIRST: string[];
};

/** A test file of `bytes` bytes, without a cache (so without a time). */
function fileOf(name: string, bytes: number): FakeTest {
  return {
    path: join(ROOT, '__tests__', name),
    context: { config: { cache: false, rootDir: ROOT }, hasteFS: { getSize: () => bytes } },
  };
}

describe('the order test files start in', () => {
  it('names files that exist', () => {
    expect(SlowestFirst.SLOWEST_FIRST.filter((name) => !existsSync(join(ROOT, '__tests__', name)))).toEqual(
      [],
    );
  });

  it('without times: the known slow files first, slowest first, then the others largest first', () => {
    const tests = [
      fileOf('a/big.int.test.ts', 9000),
      fileOf('cli/stalls.int.test.ts', 4000),
      fileOf('a/small.int.test.ts', 100),
      fileOf('builder/mariadb-source.int.test.ts', 3000),
    ];
    const names = new SlowestFirst().sort(tests).map((test) => test.path.slice(ROOT.length + 1));
    expect(names).toEqual([
      '__tests__/builder/mariadb-source.int.test.ts',
      '__tests__/cli/stalls.int.test.ts',
      '__tests__/a/big.int.test.ts',
      '__tests__/a/small.int.test.ts',
    ]);
  });
});
